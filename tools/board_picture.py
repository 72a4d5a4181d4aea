"""Pictures of the board drawn from config.py: where each LED's hole is, in millimetres.

  python tools/board_picture.py --drill hardware/drill.svg    the drilling drawing (1:1)

Used by the simulator for --snapshot and by tools/docs_pictures.py for the README's pictures.
"""

import argparse
import sys

import _paths  # noqa: F401
from board.places import places

STATUS_LABELS = (
    ["mode"] + ["dealer"] * 3 + ["turn"] * 3 + ["tens"] * 3 + ["units"] * 9 + ["games"] * 5
) + ["saving", "error"]


def geometry(config):
    """[(led, x_mm, y_mm, kind)] for every LED; y grows up the board, hole 0 at the left."""
    return [(led, x, y, kind) for led, _, x, y, kind in places(config)]


def text_cells(config):
    """{led: (y_mm, column)}: where each LED goes on a terminal, one character a hole."""
    return {led: (y, column) for led, column, _, y, _ in places(config)}


def display_rgb(rgb, brightness):
    """A strip colour as a screen shows it: the strip's bytes are deliberately low (the
    brightness setting), so they are scaled up to it, with a gamma so dim stays visible."""
    top = max(rgb)
    if not top:
        return (0, 0, 0)
    gain = 255 * (top / float(brightness)) ** 0.5 / top  # one gain for all three: same hue
    return tuple(min(255, int(c * gain)) for c in rgb)


def _hex(colour):
    return "#%02x%02x%02x" % colour


def svg(config, colours=None, title="", drill=False):
    """An SVG of the board; colours maps LED -> (R, G, B) (unlit holes are drawn dark)."""
    places = geometry(config)
    pitch = config.HOLE_PITCH_MM
    width = max(p[1] for p in places) + 3 * pitch
    height = max(p[2] for p in places) + 2 * pitch + (1.5 * pitch if title else 0)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g">'
        % (width, height, width, height)
    ]
    background = "#ffffff" if drill else "#3b2a1a"  # paper, or a wooden board
    out.append('<rect width="%g" height="%g" fill="%s"/>' % (width, height, background))
    if title:
        out.append(
            '<text x="%g" y="%g" font-size="%g" font-family="sans-serif" fill="%s">%s</text>'
            % (pitch, pitch * 1.2, pitch * 0.8, "#000" if drill else "#eee", title)
        )
    for led, x, y, kind in places:
        cy = height - y
        radius = config.HOLE_DIAMETER_MM / 2.0 * (1.4 if kind == "game" else 1.0)
        if drill:
            out.append(
                '<circle cx="%g" cy="%g" r="%g" fill="none" stroke="#000" stroke-width="0.2"/>'
                % (x, cy, radius)
            )
            label = '<text x="%g" y="%g" font-size="1.8" text-anchor="middle">%d</text>'
            out.append(label % (x, cy + radius + 2.2, led))
            continue
        colour = (colours or {}).get(led, (0, 0, 0))
        lit = colour != (0, 0, 0)
        shown = display_rgb(colour, config.BRIGHTNESS) if lit else (25, 18, 12)
        out.append('<circle cx="%g" cy="%g" r="%g" fill="%s"/>' % (x, cy, radius, _hex(shown)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


DRILL_TITLE = "Drill 1:1 - numbers are LED positions on the strip"


def main(argv):
    import config
    from generated import write_or_check

    parser = argparse.ArgumentParser(description="Draw the board from config.py")
    parser.add_argument("--drill", metavar="FILE.svg", help="write the 1:1 drilling drawing")
    parser.add_argument("--check", action="store_true", help="exit 1 when FILE.svg is stale")
    args = parser.parse_args(argv)
    if not args.drill:
        parser.error("nothing to do: give --drill FILE.svg")
    text = svg(config, title=DRILL_TITLE, drill=True)
    command = "python tools/board_picture.py --drill " + args.drill
    return write_or_check(args.drill, text, ["--check"] if args.check else [], command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
