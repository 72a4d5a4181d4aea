"""The board's case: seven flat parts of 3 mm plywood, cut on a laser cutter (or sawn and
drilled from hardware/case-cuts.md) and glued, drawn from config.py (the back board's size)
as hardware/case.scad for OpenSCAD, which renders the cutting sheet and the assembled case:

  python tools/maker/case.py            write hardware/case.scad and the drawings
                                        (tools/maker/case_drawings.py)
  python tools/maker/case.py --check    exit 1 when one is stale, or when a part does not fit
  openscad -o case.dxf hardware/case.scad                       the cutting sheet, 1:1 (mm)
  openscad -D 'part="assembled"' -o case.stl hardware/case.scad  the case glued, to look at
  openscad -D 'part="inside"' -o inside.stl hardware/case.scad   with every part in place

The case is a box open at the top: a floor, two long walls, two short walls, two cleats
glued inside the long walls. The back board (6 mm, the parts list's) drops in and rests on
the cleats; under it, the perfboard with the DevKit stands on four M3 spacers screwed
through the floor, the DevKit's USB end at a slot in the right wall, the barrel socket in a
hole beside it; on it, the panel and the faceplate, whose top is the walls' top. What goes
inside, each part a solid with its source, and the fit check are tools/maker/case_parts.py;
the test command fails when a part does not fit.
"""

import os
import sys

from case_drawings import drawings
from case_parts import (  # noqa: F401 (the sizes the test and the guide read here)
    BACK_BOARD_MM,
    BAY_MM,
    CLEAT_MM,
    FACEPLATE_MM,
    PANEL_MM,
    PLAY_MM,
    SHEET_MM,
    SPACER_MM,
    colour,
    inner_box,
    model,
)
from case_parts import fit_problems as parts_problems
from generated import checking, write_or_check
from where import ROOT

OUT = os.path.join(ROOT, "hardware", "case.scad")

GAP_MM = 4.0  # between parts on the cutting sheet (a laser's kerf is a fraction of it)


def _wall_hole(box, along):
    """A hole of the model (a box through a wall) as the wall's own rectangle: (u, v, w, h),
    u along the wall from its start (x or y, the inside's), v up from its bottom edge."""
    u0, u1 = (box[0], box[3]) if along == 0 else (box[1], box[4])
    return (u0, box[2], u1 - u0, box[5] - box[2])


def case(config):
    """The parts, in mm: {name: {"size": (w, h), "holes": [("rect", x, y, w, h) |
    ("circle", x, y, d)], "at": (x, y) on the sheet}} and the inner box (width, depth, wall
    height). x along the board, y across it from the front, z up; a wall's own (u, v) are
    along it and up from the floor's top."""
    inner_w, inner_d, wall_h = inner_box(config)
    t = SHEET_MM
    solids, _, _ = model(config)
    # The floor's holes from its left and front edges (its edge is the wall's outside).
    holes = []
    for box in solids["floor"]["holes"]:
        d = box[3] - box[0]
        holes.append(("circle", t + box[0] + d / 2.0, t + box[1] + d / 2.0, d))
    usb, socket = (_wall_hole(box, 1) for box in solids["right wall"]["holes"])
    right = [
        ("rect",) + usb,
        ("circle", socket[0] + socket[2] / 2.0, socket[1] + socket[3] / 2.0, socket[2]),
    ]
    parts = {
        "floor": {"size": (inner_w + 2 * t, inner_d + 2 * t), "holes": holes},
        "front wall": {"size": (inner_w + 2 * t, wall_h), "holes": []},
        "back wall": {"size": (inner_w + 2 * t, wall_h), "holes": []},
        "left wall": {"size": (inner_d, wall_h), "holes": []},
        "right wall": {"size": (inner_d, wall_h), "holes": right},
        "front cleat": {"size": (inner_w, CLEAT_MM), "holes": []},
        "back cleat": {"size": (inner_w, CLEAT_MM), "holes": []},
    }
    y = 0.0
    for row in (("floor",), ("front wall",), ("back wall",), ("left wall", "right wall"),
                ("front cleat",), ("back cleat",)):  # fmt: skip
        x = 0.0
        for name in row:
            parts[name]["at"] = (x, y)
            x += parts[name]["size"][0] + GAP_MM
        y += max(parts[name]["size"][1] for name in row) + GAP_MM
    return parts, (inner_w, inner_d, wall_h)


def sheet_size(parts):
    """(width, height) of the cutting sheet the parts are laid out on, mm."""
    return (
        max(part["at"][0] + part["size"][0] for part in parts.values()),
        max(part["at"][1] + part["size"][1] for part in parts.values()),
    )


def fit_problems(config, case_config=None):
    """Each way a part does not fit, in words; [] when all do: the parts inside
    (case_parts.fit_problems), and every hole of the sheet's parts within its part and apart
    from the others."""
    found = parts_problems(config, case_config)
    parts, _ = case(case_config or config)
    for name, part in parts.items():
        part_w, part_h = part["size"]
        boxes = []
        for hole in part["holes"]:
            if hole[0] == "rect":
                _, x, y, w, h = hole
            else:
                _, cx, cy, d = hole
                x, y, w, h = cx - d / 2.0, cy - d / 2.0, d, d
            if x < 0 or y < 0 or x + w > part_w or y + h > part_h:
                found.append("a hole runs off the %s" % name)
            for ox, oy, ow, oh in boxes:
                if (
                    x < ox + ow + 2.0
                    and ox < x + w + 2.0
                    and y < oy + oh + 2.0
                    and oy < y + h + 2.0
                ):
                    found.append("two holes of the %s are under 2 mm apart" % name)
            boxes.append((x, y, w, h))
    return found


def _shape(hole):
    if hole[0] == "rect":
        _, x, y, w, h = hole
        return "translate([%g, %g]) square([%g, %g]);" % (x, y, w, h)
    _, x, y, d = hole
    return "translate([%g, %g]) circle(d = %g, $fn = 48);" % (x, y, d)


def scad(config):
    """hardware/case.scad: each part a 2D module, laid out on the sheet (the default) or
    extruded and placed as glued ("assembled")."""
    parts, (inner_w, inner_d, wall_h) = case(config)
    t = SHEET_MM
    lines = [
        "// The board's case, 3 mm plywood. Written by tools/maker/case.py from config.py:",
        "// edit config.py (BOARD_MM) and run it again, not this file.",
        "//   openscad -o case.dxf case.scad                        the cutting sheet, 1:1 (mm)",
        "//   openscad -D 'part=\"assembled\"' -o case.stl case.scad  the case glued",
        "//   openscad -D 'part=\"inside\"' -o inside.stl case.scad   with every part in place",
        'part = "sheet";',
        "",
    ]
    modules = {}
    for name, part in parts.items():
        module = name.replace(" ", "_")
        modules[name] = module
        w, h = part["size"]
        body = "square([%g, %g]);" % (w, h)
        if part["holes"]:
            body = "difference() {\n    %s\n%s\n  }" % (
                body,
                "\n".join("    " + _shape(hole) for hole in part["holes"]),
            )
        lines += ["module %s() {\n  %s\n}" % (module, body), ""]
    lines.append('if (part == "sheet") {')
    for name, part in parts.items():
        lines.append("  translate([%g, %g]) %s();" % (part["at"] + (modules[name],)))
    lines.append("}")
    # Glued: the box's inside from (0, 0, t); walls outside it, cleats inside the long walls
    # with their top where the back board's underside goes.
    cleat_z = t + BAY_MM - CLEAT_MM
    placed = [
        ("floor", "translate([%g, %g, 0])" % (-t, -t)),
        ("front wall", "translate([%g, 0, %g]) rotate([90, 0, 0])" % (-t, t)),
        ("back wall", "translate([%g, %g, %g]) rotate([90, 0, 0])" % (-t, inner_d + t, t)),
        ("left wall", "translate([%g, 0, %g]) rotate([90, 0, 90])" % (-t, t)),
        ("right wall", "translate([%g, 0, %g]) rotate([90, 0, 90])" % (inner_w, t)),
        ("front cleat", "translate([0, %g, %g]) rotate([90, 0, 0])" % (t, cleat_z)),
        ("back cleat", "translate([0, %g, %g]) rotate([90, 0, 0])" % (inner_d, cleat_z)),
    ]
    lines.append('if (part == "assembled" || part == "inside") {')
    for name, place in placed:
        lines.append("  %s linear_extrude(%g) %s();" % (place, t, modules[name]))
    lines.append("}")
    # With the parts in place (case_parts.py's solids, each its bounding box), the back board,
    # the panel, the faceplate and the keypad ghosted so the bay shows.
    solids, _, _ = model(config)
    lines.append('if (part == "inside") {')
    for name, solid in solids.items():
        if solid["bay"] is None:
            continue
        x0, y0, z0, x1, y1, z1 = solid["box"]
        ghost = "%" if z0 >= BAY_MM else ""
        lines.append(
            "  %scolor(\"%s\") translate([%g, %g, %g]) cube([%g, %g, %g]);  // %s: %s"
            % (ghost, colour(name), x0, y0, z0 + t, x1 - x0, y1 - y0, z1 - z0, name,
               solid["source"])
        )  # fmt: skip
    # Shown in OpenSCAD's preview only (%), never exported: the back board, the panel's and
    # the faceplate's places.
    width, depth = config.BOARD_MM
    top = t + BAY_MM
    face = top + BACK_BOARD_MM + PANEL_MM
    for label, z, thick in (("back board", top, BACK_BOARD_MM), ("faceplate", face, FACEPLATE_MM)):
        lines.append(
            "  %%translate([%g, %g, %g]) cube([%g, %g, %g]);  // the %s"
            % (PLAY_MM, PLAY_MM, z, width, depth, thick, label)
        )
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv):
    import config

    check = checking(argv, __doc__)
    problems = fit_problems(config)
    for problem in problems:
        print("case: %s" % problem)
    how = "python tools/maker/case.py"
    stale = write_or_check(OUT, scad(config), check, how)
    for path, text in drawings(config, case(config)[0]).items():
        stale = write_or_check(path, text, check, how) or stale
    return 1 if problems else stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
