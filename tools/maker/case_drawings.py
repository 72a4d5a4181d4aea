"""The case for a maker with a saw and a drill, and to look at, drawn from the same model as
the cutting sheet (case.py, case_parts.py):

  hardware/case-cuts.md        every part's cut size, and every hole measured from a named edge
  hardware/case-cuts.svg       the same parts 1:1 (mm), each hole's centre and distances written
  hardware/case-inside.svg     the right end of the case, its front wall and top left off, every
                               part in place (the perfboard and what stands on it, the DevKit
                               and its USB plug, the socket, the plugs and the cables)
  hardware/perfboard-layout.svg  the perfboard seen from above, 2:1: where each part stands

Written by `python tools/maker/case.py` with case.scad, checked by its --check.
"""

import os

from case_parts import (
    BACK_BOARD_MM,
    HEADERS,
    PITCH_MM,
    SHEET_MM,
    back_board_holes,
    colour,
    model,
)
from where import ROOT

HARDWARE = os.path.join(ROOT, "hardware")
# Each sheet part's two measuring edges: the hole's centre from the first along the part,
# from the second up (or across) it. The sheet's parts lie as they are glued, seen from
# outside: a wall's bottom edge on the floor.
EDGES = {
    "floor": ("left edge", "front edge"),
    "front wall": ("left end", "bottom edge"),
    "back wall": ("left end", "bottom edge"),
    "left wall": ("front end", "bottom edge"),
    "right wall": ("front end", "bottom edge"),
    "front cleat": ("left end", "bottom edge"),
    "back cleat": ("left end", "bottom edge"),
    "back board": ("left edge", "front edge"),
}


def cut_list(config, parts):
    """[(part, thickness, (w, h), [(hole in words, centre u, centre v)])]: the case's parts
    (parts: case.case's) and the back board, every size a maker saws and hole drilled."""
    rows = []
    for name, part in parts.items():
        holes = []
        for hole in part["holes"]:
            if hole[0] == "rect":
                _, x, y, w, h = hole
                holes.append(("slot %g × %g mm" % (w, h), x + w / 2.0, y + h / 2.0))
            else:
                _, cx, cy, d = hole
                holes.append(("hole Ø %g mm" % d, cx, cy))
        rows.append((name, SHEET_MM, part["size"], holes))
    holes = []
    for what, (x, y, w, h) in back_board_holes(config).items():
        holes.append(("%s %g × %g mm" % (what, w, h), x + w / 2.0, y + h / 2.0))
    rows.append(("back board", BACK_BOARD_MM, tuple(config.BOARD_MM), holes))
    return rows


def cuts_markdown(config, parts):
    width, depth = config.BOARD_MM
    lines = [
        "# The case's cuts",
        "",
        "Written by `python tools/maker/case.py` from `config.py` (`BOARD_MM` = %g × %g mm,"
        " `TRACKS` = %d): edit that and run it again, not this file. Every hole is measured"
        " to its centre from the two edges named, the part lying as it is glued, seen from"
        " outside. The same parts 1:1: [case-cuts.svg](case-cuts.svg)." % (width, depth,
                                                                            config.TRACKS),
        "",
        "| part | plywood | cut to (mm) | holes: centre from the edges named (mm) |",
        "|---|---|---|---|",
    ]  # fmt: skip
    for name, thick, (w, h), holes in cut_list(config, parts):
        first, second = EDGES[name]
        said = "; ".join(
            "%s: %.1f from the %s, %.1f from the %s" % (what, u, first, v, second)
            for what, u, v in holes
        )
        lines.append("| %s | %g mm | %.1f × %.1f | %s |" % (name, thick, w, h, said or "none"))
    return "\n".join(lines) + "\n"


def _text(x, y, size, words, anchor="start"):
    return '<text x="%.2f" y="%.2f" font-size="%g" text-anchor="%s">%s</text>' % (
        x, y, size, anchor, words)  # fmt: skip


def cuts_svg(config, parts):
    """Every part 1:1 in mm, the back board under the sheet's parts, each hole drawn with a
    cross at its centre and its distances from the named edges beside it."""
    rows = cut_list(config, parts)
    at = {name: part["at"] for name, part in parts.items()}
    sheet_h = max(part["at"][1] + part["size"][1] for part in parts.values())
    at["back board"] = (0.0, sheet_h + 20.0)
    width = max(x + size[0] for (x, _), (_, _, size, _) in zip([at[r[0]] for r in rows], rows))
    height = at["back board"][1] + config.BOARD_MM[1] + 10.0
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="-5 -5 %g %g"'
        ' font-family="sans-serif">' % (width + 10, height + 10, width + 10, height + 10),
        '<g fill="none" stroke="black" stroke-width="0.3">',
    ]
    labels = []
    for name, thick, (w, h), holes in rows:
        ox, oy = at[name]
        # The drawing's y grows down; a part's second edge (front or bottom) is its lower one.
        out.append('<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f"/>' % (ox, oy, w, h))
        labels.append(_text(ox + 2, oy + 5, 3.5, "%s, %g mm: %.1f × %.1f" % (name, thick, w, h)))
        first, second = EDGES[name]
        for what, u, v in holes:
            cx, cy = ox + u, oy + h - v
            out.append('<path d="M %.2f %.2f h 6 m -3 -3 v 6"/>' % (cx - 3, cy))
            labels.append(_text(cx + 4, cy - 1, 2.5, "%s: %.1f from the %s, %.1f from the %s"
                                % (what, u, first, v, second)))  # fmt: skip
    out.append("</g>")
    out += labels
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _iso(x, y, z, scale=2.0):
    """A point of the case seen from the front right, above: on the picture, x to the right
    and down, y to the right and up, z up."""
    return (scale * (x * 0.87 + y * 0.87), scale * (x * 0.5 - y * 0.5 - z))


def inside_svg(config):
    """The right end of the case with its front wall and everything above the back board left
    off: each solid a box shaded on its three faces, drawn back to front."""
    solids, _, cables = model(config)
    inner_w = max(s["box"][3] for s in solids.values() if s["bay"] is None) - SHEET_MM
    left = inner_w - 110.0
    boxes = []
    for name, solid in solids.items():
        x0, y0, z0, x1, y1, z1 = solid["box"]
        if name in ("front wall", "front cleat") or z0 >= 28.0 or x1 <= left:
            continue
        boxes.append((name, (max(x0, left), y0, z0, x1, y1, z1)))

    def depth(item):
        x0, y0, z0, x1, y1, z1 = item[1]
        return (x1 + x0) / 2.0 - (y1 + y0) / 2.0 + (z1 + z0) / 2.0

    # Back to front by each box's middle, the right wall last and see-through: every part
    # inside is behind it.
    def order(item):
        return (item[0] == "right wall", depth(item))

    polys = []
    for name, (x0, y0, z0, x1, y1, z1) in sorted(boxes, key=order):
        see_through = 0.3 if name == "right wall" else 1.0
        faces = (
            ([(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)], 1.0),  # top
            ([(x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1)], 0.8),  # front
            ([(x1, y0, z0), (x1, y1, z0), (x1, y1, z1), (x1, y0, z1)], 0.6),  # right
        )
        for corners, shade in faces:
            points = " ".join("%.1f,%.1f" % _iso(*c) for c in corners)
            polys.append('<polygon points="%s" fill="%s" fill-opacity="%g" stroke="black"'
                         ' stroke-width="0.2"><title>%s</title></polygon>'
                         % (points, colour(name), shade * see_through, name))  # fmt: skip
    for name, run in cables.items():
        points = " ".join("%.1f,%.1f" % _iso(*p) for p in run["path"] if p[0] >= left)
        if points:
            polys.append('<polyline points="%s" fill="none" stroke="crimson" stroke-width="1.2">'
                         "<title>%s</title></polyline>" % (points, name))  # fmt: skip
    xs = [
        float(v.split(",")[0]) for p in polys for v in p.split('points="')[1].split('"')[0].split()
    ]
    ys = [
        float(v.split(",")[1]) for p in polys for v in p.split('points="')[1].split('"')[0].split()
    ]
    pad = 10.0
    return "\n".join(
        ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="%.1f %.1f %.1f %.1f"'
         ' font-family="sans-serif">' % (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                                         max(ys) - min(ys) + 2 * pad + 20)]
        + polys
        + [_text(min(xs), max(ys) + pad + 4, 6, "The case's right end, its front wall and its"
                 " top left off, its right wall seen through; the cables in red"
                 " (tools/maker/case.py)"),
           _text(min(xs), max(ys) + pad + 11, 5, "green the perfboard, blue the DevKit on its"
                 " headers, navy the 1000 µF capacitor, black the barrel socket, grey the USB"
                 " plug's body, silver the spacers")]
        + ["</svg>"]
    ) + "\n"  # fmt: skip


def perfboard_svg(config):
    """The perfboard from above at 2:1, its 2.54 mm grid, every part standing on it with its
    name; the DevKit's rows of header pins dotted."""
    solids, bays, _ = model(config)
    px, py, _, px1, py1, _ = bays["the perfboard"]
    used = set((config.LED_PIN,) + tuple(config.KEYPAD_ROW_PINS) + tuple(config.KEYPAD_COL_PINS))
    scale = 2.0
    w, h = (px1 - px) * scale, (py1 - py) * scale

    def at(x, y):  # seen from above: the back edge at the top
        return (x - px) * scale, (py1 - y) * scale

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="-4 -4 %g'
           ' %g" font-family="sans-serif">' % (w + 8, h + 20, w + 8, h + 20),
           '<rect x="0" y="0" width="%g" height="%g" fill="olivedrab" fill-opacity="0.3"'
           ' stroke="black"/>' % (w, h)]  # fmt: skip
    labels = []
    for name, solid in solids.items():
        if solid["bay"] != "the perfboard" or name in ("DevKit", "DevKit's module"):
            continue
        x0, y0, _, x1, y1, _ = solid["box"]
        left, top = at(x0, y1)
        out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"'
                   ' fill-opacity="0.5" stroke="black" stroke-width="0.3"/>'
                   % (left, top, (x1 - x0) * scale, (y1 - y0) * scale, "white"))  # fmt: skip
        if "header" in name and "DevKit" in name:
            row, pins = HEADERS[config.CHIP][0 if "front" in name else 1]
            name = "%s (%s)" % (name, row)
            for i, pin in enumerate(pins):
                cx, cy = at(x0 + (i + 0.5) * PITCH_MM, (y0 + y1) / 2.0)
                wired = pin in used or pin == "G"
                out.append(
                    '<circle cx="%.1f" cy="%.1f" r="%g"/>' % (cx, cy, 1.6 if wired else 0.8)
                )
                labels.append(_text(cx, cy + (5.5 if "front" in name else -3), 1.8, str(pin),
                                    "middle"))  # fmt: skip
        labels.append(_text(left + 1, top - 1, 3, name))
    x0, y0, _, x1, y1, _ = solids["DevKit"]["box"]
    left, top = at(x0, y1)
    out.append(
        '<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="steelblue"'
        ' stroke-dasharray="2 1"/>' % (left, top, (x1 - x0) * scale, (y1 - y0) * scale)
    )
    labels.append(_text(left + 1, top + 6, 3, "the DevKit over its headers (dashed), USB end →"))
    out += labels
    out.append(
        _text(
            0,
            h + 12,
            4,
            "The 70 × 50 mm perfboard from above, 2:1; the right wall to"
            " the right; the large dots are the pins wired (tools/maker/case.py)",
        )
    )
    for n, line in enumerate(wires(config)):
        out.append(_text(0, h + 20 + 5 * n, 3.2, line))
    out[0] = out[0].replace(' %g" font' % (h + 20), ' %g" font' % (h + 24 + 5 * n))
    out[0] = out[0].replace('height="%gmm"' % (h + 20), 'height="%gmm"' % (h + 24 + 5 * n))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def header_pin(config, gpio):
    """Where a GPIO is on the DevKit's headers, in words: "J1 pin 4"."""
    for row, pins in HEADERS[config.CHIP]:
        if gpio in pins:
            return "%s pin %d" % (row, pins.index(gpio) + 1)
    raise ValueError("GPIO %d is on no header of the %s's DevKit" % (gpio, config.CHIP))


def wires(config):
    """Every wire on the perfboard, from where to where, as the wiring in hardware/README.md
    has it, the DevKit's end named by its header pin."""
    rows, cols = config.KEYPAD_ROW_PINS, config.KEYPAD_COL_PINS
    ground = [
        "%s pin %d" % (row, n + 1) for row, pins in HEADERS[config.CHIP] for n, pin in
        enumerate(pins) if pin == "G"
    ][0]  # fmt: skip
    found = [
        "GPIO %d (%s) to the shifter's pin 2 (1A); its pin 3 (1Y) through the 330 Ω to"
        " the pigtail's DIN" % (config.LED_PIN, header_pin(config, config.LED_PIN))
    ]
    for n, pin in enumerate(rows + cols):
        found.append(
            "the keypad header's pin %d (%s %d) to GPIO %d (%s)"
            % (n + 1, "row" if n < 4 else "column", n % 4 + 1, pin, header_pin(config, pin))
        )
    found += [
        "the supply's red through the fuse to the 5 V rail: the 1000 µF's +, the shifter's"
        " pin 14, the pigtail's 5V; the 100 nF from pin 14 to pin 7",
        "GND (%s) to the supply's black, the 1000 µF's −, the shifter's pins 1, 4, 5, 7, 9,"
        " 10, 12 and 13, the pigtail's GND; the DevKit's 5V pin to nothing" % ground,
    ]  # fmt: skip
    return found


def drawings(config, parts):
    """{path: text} of every drawing here; parts: case.case's."""
    return {
        os.path.join(HARDWARE, "case-cuts.md"): cuts_markdown(config, parts),
        os.path.join(HARDWARE, "case-cuts.svg"): cuts_svg(config, parts),
        os.path.join(HARDWARE, "case-inside.svg"): inside_svg(config),
        os.path.join(HARDWARE, "perfboard-layout.svg"): perfboard_svg(config),
    }
