"""Every set of side colours the board offers stays apart for people with any of the three
common colour vision deficiencies, and apart from the error flash and the white of the count.

Simulated with the matrices of Machado, Oliveira and Fernandes (2009) at full severity, in
linear RGB; distances are CIE 1976 colour differences (ΔE*ab) in CIELAB under D65."""

import itertools

import config
from board import colours

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
