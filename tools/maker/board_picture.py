"""Pictures of the board drawn from config.py: where each LED's hole is, in millimetres.

  python tools/maker/board_picture.py --drill hardware/panel-drill.svg --leds panel
        the cutting drawing of the faceplate over the LED panel (1:1)
  python tools/maker/board_picture.py --drill hardware/panel-3-tracks-drill.svg --leds panel \
      --tracks 3
        the same for three tracks
  python tools/maker/board_picture.py --drill hardware/drill.svg --leds hand-wired
        the drilling drawing of the hand-wired board (1:1)

Used by the simulator for --snapshot and by tools/upkeep/docs_pictures.py for the README's
pictures.
"""

import argparse
import sys

from board.places import places
from board.render import DIM, LEVEL_VALUES

STATUS_LABELS = (
    ["mode"] + ["dealer"] * 3 + ["turn"] * 3 + ["tens"] * 3 + ["units"] * 9 + ["games"] * 5
) + ["saving", "error"]


def geometry(config):
    """[(led, x_mm, y_mm, kind)] for every LED; y grows up the board, hole 0 at the left."""
    return [(led, x, y, kind) for led, _, x, y, kind in places(config)]


def as_built(config, leds):
    """config.py as it is, but for the board built with leds: "panel" (an LED matrix panel)
    or "hand-wired" (single LEDs under drilled holes)."""

    class Board:
        pass

    made = Board()
    for name in dir(config):
        if name.isupper():
            setattr(made, name, getattr(config, name))
    made.LEDS = leds
    return made


def on_a_panel(config):
    return getattr(config, "LEDS", "hand-wired") == "panel"


def hole_mm(config, kind="hole"):
    """A hole's diameter: drilled for a 5 mm LED, or the faceplate's window over a panel's
    LED; the game hole larger."""
    size = config.PANEL_HOLE_MM if on_a_panel(config) else config.HOLE_DIAMETER_MM
    return size * (1.4 if kind == "game" else 1.0)


def text_cells(config):
    """{led: (y_mm, column)}: where each LED goes on a terminal, one character a hole."""
    return {led: (y, column) for led, column, _, y, _ in places(config)}


EMPTY_HOLE = "#19120c"  # as the page draws one


def display(rgb, brightness):
    """A strip colour as a screen shows it: (colour, ring). The strip's bytes are low (the
    brightness), so they are scaled back to the colour the board was told to show. What the
    board shows dimmer than half its brightness (a rear peg, the count, a mark) is a ring,
    brightened as a rear peg's level would be: a dimmer shade would say it too, but dimmed
    orange and yellow crowd together for a deuteranope (host_tests/test_colours.py)."""
    top = max(rgb)
    if not top:
        return (0, 0, 0), False
    ring = top * 2 < brightness
    gain = 255 / brightness
    if ring:
        gain = min(gain * 255 / LEVEL_VALUES[DIM], 255 / top)  # one gain for all three: same hue
    return tuple(int(c * gain) for c in rgb), ring


def _hex(colour):
    return "#%02x%02x%02x" % colour


def keypad_box(config):
    """(x, y, width, height) of the keypad's place, mm from the board's lower left corner: at
    the right end, a pitch from the edge, halfway up."""
    width, height = config.BOARD_MM
    key_width, key_height = config.KEYPAD_MM
    return (width - config.HOLE_PITCH_MM - key_width, (height - key_height) / 2.0) + (
        key_width,
        key_height,
    )


def ribbon_slot(config):
    """(x, y, width, height) of the slot the keypad's ribbon goes through, just below the
    keypad (a membrane keypad's tail leaves it in the middle of its lower edge)."""
    x, y, width, _ = keypad_box(config)
    return (x + width / 2.0 - 11, y - 5, 22, 3)


def scale_bar(config):
    """(x, y): the left end of the 100 mm scale bar, along the top edge, left of the keypad."""
    x, _, _, _ = keypad_box(config)
    return (x - config.HOLE_PITCH_MM - 100, config.BOARD_MM[1] - 7)


def svg(config, colours=None, title="", drill=False):
    """An SVG of the board's face, 1:1 in mm; colours maps LED -> (R, G, B) (unlit holes are
    drawn dark). The drilling drawing adds the LED numbers, the keypad's place, its ribbon's
    slot and a 100 mm scale bar to check a print by."""
    places = geometry(config)
    width, height = config.BOARD_MM
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g">'
        % (width, height, width, height)
    ]
    background = "#ffffff" if drill else "#3b2a1a"  # paper, or a wooden board
    out.append('<rect width="%g" height="%g" fill="%s"/>' % (width, height, background))
    if drill:
        line = 'fill="none" stroke="#000" stroke-width="%g"'
        out.append(
            '<rect x="0.2" y="0.2" width="%g" height="%g" %s/>'
            % (width - 0.4, height - 0.4, line % 0.4)
        )
        x, y, w, h = keypad_box(config)
        out.append(
            '<rect x="%g" y="%g" width="%g" height="%g" %s stroke-dasharray="2 1"/>'
            % (x, height - y - h, w, h, line % 0.3)
        )
        x, y, w, h = ribbon_slot(config)
        out.append(
            '<rect x="%g" y="%g" width="%g" height="%g" %s/>'
            % (x, height - y - h, w, h, line % 0.3)
        )
        text = (
            '<text x="%g" y="%g" font-size="2.5" font-family="sans-serif"'
            ' text-anchor="%s">%s</text>'
        )
        kx, ky, kw, kh = keypad_box(config)
        out.append(text % (kx + kw / 2.0, height - ky - kh / 2.0, "middle", "keypad"))
        out.append(text % (x + w / 2.0, height - y + 3.5, "middle", "slot: the ribbon"))
        bx, by = scale_bar(config)
        out.append(
            '<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000" stroke-width="0.4"/>'
            % (bx, height - by, bx + 100, height - by)
        )
        for tick in range(0, 101, 10):
            out.append(
                '<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000" stroke-width="0.3"/>'
                % (bx + tick, height - by, bx + tick, height - by + (2 if tick % 50 else 3))
            )
        out.append(text % (bx + 50, height - by - 1.2, "middle", "100 mm: check the print"))
    for line, words in enumerate(title.split("\n") if title else ()):
        out.append(
            '<text x="%g" y="%g" font-size="4" font-family="sans-serif" fill="%s">%s</text>'
            % (config.HOLE_PITCH_MM, 7 + 5 * line, "#000" if drill else "#eee", words)
        )
    if drill and on_a_panel(config):
        out.append(panel_edge(config, height))
    for led, x, y, kind in places:
        cy = height - y
        radius = hole_mm(config, kind) / 2.0
        if drill:
            out.append(
                '<circle cx="%g" cy="%g" r="%g" fill="none" stroke="#000" stroke-width="0.2"/>'
                % (x, cy, radius)
            )
            label = (
                '<text x="%g" y="%g" font-size="2.5" font-family="sans-serif"'
                ' text-anchor="middle">%d</text>'
            )
            # Under the hole; on a panel inside its window, clear of the panel's edge.
            below = 0.9 if on_a_panel(config) else radius + 2.8
            out.append(label % (x, cy + below, led))
            continue
        colour = (colours or {}).get(led, (0, 0, 0))
        shown, ring = display(colour, config.BRIGHTNESS)
        if ring:
            out.append(
                '<circle cx="%g" cy="%g" r="%g" fill="%s" stroke="%s" stroke-width="%g"/>'
                % (x, cy, radius * 0.8, EMPTY_HOLE, _hex(shown), radius * 0.4)
            )
        else:
            fill = _hex(shown) if colour != (0, 0, 0) else EMPTY_HOLE
            out.append('<circle cx="%g" cy="%g" r="%g" fill="%s"/>' % (x, cy, radius, fill))
    out.append("</svg>")
    return "\n".join(out) + "\n"


DRILL_TITLE = "Drill 1:1 - numbers are LED positions on the strip"
CUT_TITLE = (
    "Cut 1:1 over the LED panel: %g mm windows (the game's %g mm) on its 10 mm grid\n"
    "numbers: each LED's place on the panel's wire; dashed: the panel's edge"
)


def panel_edge(config, height):
    """The panel's outline, dashed: its edge half a pitch beyond its outer LEDs' centres."""
    from board import panel
    from board.places import PANEL_X_MM, PANEL_Y_MM

    half = panel.PITCH_MM / 2.0
    width_mm, height_mm = panel.COLUMNS * panel.PITCH_MM, panel.ROWS * panel.PITCH_MM
    return (
        '<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#000"'
        ' stroke-width="0.3" stroke-dasharray="4 2"/>'
        % (PANEL_X_MM - half, height - (PANEL_Y_MM - half) - height_mm, width_mm, height_mm)
    )


def drill_title(config):
    if on_a_panel(config):
        return CUT_TITLE % (hole_mm(config), hole_mm(config, "game"))
    return DRILL_TITLE


def main(argv):
    import config
    from generated import write_or_check

    parser = argparse.ArgumentParser(description="Draw the board from config.py")
    parser.add_argument("--drill", metavar="FILE.svg", help="write the 1:1 drilling drawing")
    parser.add_argument("--check", action="store_true", help="exit 1 when FILE.svg is stale")
    parser.add_argument(
        "--leds", choices=("panel", "hand-wired"), help="the board built so (default: config.py's)"
    )
    parser.add_argument("--tracks", type=int, choices=(2, 3), help="default: config.py's")
    args = parser.parse_args(argv)
    if not args.drill:
        parser.error("nothing to do: give --drill FILE.svg")
    board = as_built(config, args.leds or config.LEDS)
    board.TRACKS = args.tracks or config.TRACKS
    text = svg(board, title=drill_title(board), drill=True)
    command = "python tools/maker/board_picture.py --drill %s --leds %s --tracks %d" % (
        args.drill,
        board.LEDS,
        board.TRACKS,
    )
    return write_or_check(args.drill, text, args.check, command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
