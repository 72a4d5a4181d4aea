"""Every set of side colours the board offers stays apart for people with any of the three
common colour vision deficiencies, and apart from the error flash and the white of the count:
on the LEDs at every brightness the board offers, and on the page.

Simulated with the matrices of Machado, Oliveira and Fernandes (2009) at full severity, in
linear RGB; distances are CIE 1976 colour differences (ΔE*ab) in CIELAB under D65.

A dim LED is seen by an eye adapted to it (a board in a dark room): what crowds its colours
is not the dimness but the few steps left in each of its three bytes. So the LEDs' bytes at a
level are compared scaled back by that level's own white (its steps), which leaves only what
rounding to whole steps did to the hue."""

import itertools
import os
import re

import pytest

import config
from board import colours, render
from board_picture import EMPTY_HOLE as HOLE_ON_THE_PAGE
from board_picture import display

VISIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
APART = 15  # ΔE: clearly different colours side by side, not a shade of one another


def _linear(channel):
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb, vision):
    matrix = VISIONS[vision]
    linear = [_linear(c) for c in rgb]
    seen = [max(0.0, min(1.0, sum(matrix[i][j] * linear[j] for j in range(3)))) for i in range(3)]
    x = (0.4124 * seen[0] + 0.3576 * seen[1] + 0.1805 * seen[2]) / 0.95047
    y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]
    z = (0.0193 * seen[0] + 0.1192 * seen[1] + 0.9505 * seen[2]) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def apart(first, second, vision):
    return sum((a - b) ** 2 for a, b in zip(lab(first, vision), lab(second, vision))) ** 0.5


def test_every_palette_stays_apart_under_every_colour_vision():
    fixed = {"the error flash": config.ERROR_COLOUR, "white": (255, 255, 255)}
    for palette, names in enumerate(colours.PALETTES):
        sides = colours.sides(config, palette)
        for vision in VISIONS:
            for (a, first), (b, second) in itertools.combinations(enumerate(sides), 2):
                gap = apart(first, second, vision)
                assert gap >= APART, (names[a], names[b], vision, round(gap, 1))
            for side, colour in enumerate(sides):
                for what, other in fixed.items():
                    gap = apart(colour, other, vision)
                    assert gap >= APART, (names[side], what, vision, round(gap, 1))


def test_the_check_tells_a_red_green_pair_apart_from_a_safe_one():
    red, green = (213, 40, 40), (40, 170, 40)
    assert apart(red, green, "normal") > 60
    assert apart(red, green, "deuteranopia") < APART  # what the check is there to refuse


def _renderer(palette, brightness):
    drawn = render.Renderer(config, 10)
    drawn.set_sides(colours.sides(config, palette))
    drawn.set_brightness(brightness)
    return drawn


def _shown(drawn, colour, level):
    """The LED's (R, G, B) bytes of a palette colour at a level, as the strip gets them."""
    at = render.entry(colour, level) * 3
    return tuple(drawn.table[at + drawn.order[c]] for c in range(3))


def _adapted(drawn, colour, level):
    steps = _shown(drawn, render.WHITE, level)[0]  # white's bytes are the level's steps
    return tuple(c * 255 / steps for c in _shown(drawn, colour, level))


def _crowded(brightness):
    """Every pair of side colours (or a side and the error flash or white) within APART of
    each other at a level the board draws them, at this brightness."""
    crowded = []
    for palette, names in enumerate(colours.PALETTES):
        drawn = _renderer(palette, brightness)
        named = dict(enumerate(names))
        named.update({render.ERROR: "the error flash", render.WHITE: "white"})
        pairs = list(itertools.combinations(range(3), 2))
        pairs += [(side, fixed) for side in range(3) for fixed in (render.ERROR, render.WHITE)]
        for level in (render.FULL, render.DIM):
            for first, second in pairs:
                if level == render.DIM and second == render.ERROR:
                    continue  # the error flash is drawn at full level only
                for vision in VISIONS:
                    gap = apart(
                        _adapted(drawn, first, level), _adapted(drawn, second, level), vision
                    )
                    if gap < APART:
                        crowded.append((brightness, level, named[first], named[second], vision))
    return crowded


def test_every_palette_stays_apart_at_every_brightness_the_board_offers():
    crowded = []
    for brightness in range(render.LOWEST_BRIGHTNESS, 256):
        crowded += _crowded(brightness)
    assert crowded == []


def test_the_lowest_brightness_is_the_lowest_that_keeps_every_palette_apart():
    # One below it, rounding to whole steps leaves orange and yellow 14.8 apart for someone
    # with deuteranopia: 20 steps cannot keep both hues.
    below = _crowded(render.LOWEST_BRIGHTNESS - 1)
    assert (render.LOWEST_BRIGHTNESS - 1, render.FULL, "orange", "yellow", "deuteranopia") in below


def test_at_the_lowest_brightness_everything_the_board_draws_is_lit_and_in_order():
    lowest = render.LOWEST_BRIGHTNESS
    for palette in range(len(colours.PALETTES)):
        drawn = _renderer(palette, lowest)
        for colour in range(len(drawn.colours)):
            full, dim, faint = (sum(_shown(drawn, colour, level)) for level in range(3))
            assert full >= dim >= faint, (palette, colour, full, dim, faint)
            # Faint: a side's start hole on the second lap, a card left in the shedding games.
            drawn_faint = colour in (render.SIDE_0, render.SIDE_0 + 1, render.SIDE_0 + 2)
            assert (faint if drawn_faint or colour == render.WHITE else dim) > 0, (palette, colour)
    # Exactly: blue's front and rear peg alike (21 steps), its second-lap start hole faint,
    # a skunk line at one step; the page and the settings offer nothing lower.
    drawn = _renderer(0, lowest)
    assert _shown(drawn, render.SIDE_0, render.FULL) == (0, 9, 14)
    assert _shown(drawn, render.SIDE_0, render.DIM) == (0, 9, 14)
    assert _shown(drawn, render.SIDE_0, render.FAINT) == (0, 0, 1)
    assert _shown(drawn, render.MARK, render.FULL) == (1, 1, 1)
    drawn = _renderer(0, 96)
    assert _shown(drawn, render.SIDE_0, render.DIM) == (0, 16, 25)  # 36 of 255 steps: 96 × 96


def test_a_brightness_once_offered_below_the_lowest_is_drawn_at_the_lowest():
    from board_rig import Rig

    rig = Rig()
    colours.apply(rig.app, 8, 0)
    assert rig.app.renderer.brightness == render.LOWEST_BRIGHTNESS
    colours.apply(rig.app, 0, 0)  # not a brightness: left as it was
    colours.apply(rig.app, 256, 0)
    assert rig.app.renderer.brightness == render.LOWEST_BRIGHTNESS
    with open(PAGE, encoding="utf-8") as page:  # the page's slider offers nothing lower
        assert 'type="range" min="%d" max="255"' % render.LOWEST_BRIGHTNESS in page.read()


# The page: the board's drawing shows each LED's hue at full strength, a disc or a ring
# (board_picture.display, which host_tests/test_web.py holds equal to the page's own drawing),
# on dark wood with empty holes; the scoreboard's side edges stand on black.
PAGE = os.path.join(os.path.dirname(__file__), "..", "firmware", "www", "index.html")


def _rgb(hex_colour):
    digits = hex_colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return tuple(int(digits[i : i + 2], 16) for i in (0, 2, 4))


def _luminance(rgb, vision):
    matrix = VISIONS[vision]
    linear = [_linear(c) for c in rgb]
    seen = [max(0.0, min(1.0, sum(matrix[i][j] * linear[j] for j in range(3)))) for i in range(3)]
    return 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]


def contrast(first, second, vision):
    """WCAG 2's contrast ratio, of the colours as the vision sees them."""
    lighter, darker = sorted((_luminance(first, vision), _luminance(second, vision)))[::-1]
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("brightness", [render.LOWEST_BRIGHTNESS, config.BRIGHTNESS, 255])
def test_the_pages_drawing_of_the_pegs_stays_apart_under_every_colour_vision(brightness):
    empty = _rgb(HOLE_ON_THE_PAGE)
    for palette, names in enumerate(colours.PALETTES):
        drawn = _renderer(palette, brightness)
        for level in (render.FULL, render.DIM):
            pegs = [display(_shown(drawn, side, level), brightness) for side in range(3)]
            # A front peg is a disc and a rear peg a ring, unless the floor made them alike.
            rings = {ring for colour, ring in pegs}
            alike = _shown(drawn, 0, render.DIM) == _shown(drawn, 0, render.FULL)
            assert rings == {level == render.DIM and not alike}, (brightness, level, pegs)
            for vision in VISIONS:
                for (a, first), (b, second) in itertools.combinations(enumerate(pegs), 2):
                    gap = apart(first[0], second[0], vision)
                    assert gap >= APART, (names[a], names[b], level, vision, round(gap, 1))
                for side, (peg, _ring) in enumerate(pegs):
                    gap = apart(peg, empty, vision)
                    assert gap >= APART, (names[side], "an empty hole", level, vision)


def test_a_dimmer_shade_on_the_page_would_crowd_orange_and_yellow():
    # Why the page draws a ring and not a dimmer shade: a rear peg at 61 % (the square root
    # of its 96 / 255, as the page drew it once) leaves orange and yellow 11.6 apart.
    orange, yellow = colours.COLOURS["orange"], colours.COLOURS["yellow"]
    dimmer = [[c * 0.61 for c in colour] for colour in (orange, yellow)]
    assert apart(orange, yellow, "deuteranopia") >= APART
    assert apart(dimmer[0], dimmer[1], "deuteranopia") < 12


def _stylesheet_colours():
    with open(PAGE, encoding="utf-8") as page:
        text = page.read()
    edges = dict(re.findall(r'"?([a-z ]+)"?:"(#[0-9a-f]{6})"', text.split("EDGES=")[1][:200]))
    return text, edges


# Every colour pair the page sets text or a mark in, on its own background.
TEXT_ON = [
    ("#eee", "#1d140c", "the page's text"),
    ("#ccc", "#1d140c", "small text and the console"),
    ("#ff9b6a", "#1d140c", "a refusal"),
    ("#ff9b6a", "#2b1f14", "a refusal, on its line above the bar"),
    ("#eee", "#2b1f14", "a view's name on the bar"),
    ("#111", "#eee", "the view shown, its name on the bar"),
    ("#111", "#eee", "a key"),
    ("#555", "#eee", "a key's small words"),
    ("#fff", "#0072b2", "a chosen card"),
    ("#fff", "#000", "the scoreboard"),
    ("#000", "#fff", "the scoreboard's close key"),
    ("#b00000", "#eee", "a red suit on a card"),
    # The phone's light scheme:
    ("#111", "#f6f1e7", "the page's text, light"),
    ("#333", "#f6f1e7", "small text and the console, light"),
    ("#9a3000", "#e8dfcf", "a refusal on its line above the bar, light"),
    ("#111", "#e8dfcf", "a view's name on the bar, light"),
    ("#fff", "#111", "the view shown, its name on the bar, light"),
    ("#111", "#fff", "a key, light"),
    ("#555", "#fff", "a key's small words, light"),
    ("#b00000", "#fff", "a red suit on a card, light"),
]


def test_the_pages_text_keeps_its_contrast_under_every_colour_vision():
    text, _ = _stylesheet_colours()
    style = text.split("<style>")[1].split("</style>")[0]
    used = set(re.findall(r"#[0-9a-f]{3,6}\b", style))
    # Each colour in the stylesheet is in a pair checked here or is a border (#444, #bbb, a
    # light key's outline #8a7a66) or the board (#3b2a1a).
    borders = {"#3b2a1a", "#444", "#bbb", "#8a7a66"}
    assert used - {c for pair in TEXT_ON for c in pair[:2]} == borders
    for fore, back, what in TEXT_ON:
        least = 7 if "scoreboard" in what else 4.5
        for vision in VISIONS:
            ratio = contrast(_rgb(fore), _rgb(back), vision)
            assert ratio >= least, (what, vision, round(ratio, 2))


def test_the_scoreboards_side_edges_stand_out_and_apart_under_every_colour_vision():
    _, edges = _stylesheet_colours()
    assert {name: _rgb(code) for name, code in edges.items()} == colours.COLOURS
    for names in colours.PALETTES:
        shown = [_rgb(edges[name]) for name in names]
        for vision in VISIONS:
            for name, edge in zip(names, shown):
                # WCAG 2's 3:1 for what is not text (the side's name is written beside it)
                assert contrast(edge, (0, 0, 0), vision) >= 3, (name, vision)
            for (a, first), (b, second) in itertools.combinations(enumerate(shown), 2):
                assert apart(first, second, vision) >= APART, (names[a], names[b], vision)
