"""The board's case: seven flat parts of 3 mm plywood, cut on a laser cutter (or by hand from
the drawing) and glued, drawn from config.py (the back board's size) as hardware/case.scad
for OpenSCAD, which renders the cutting sheet and the assembled case:

  python tools/maker/case.py            write hardware/case.scad
  python tools/maker/case.py --check    exit 1 when it is stale, or when a part does not fit
  openscad -o case.dxf hardware/case.scad                       the cutting sheet, 1:1 (mm)
  openscad -D 'part="assembled"' -o case.stl hardware/case.scad  the case glued, to look at

The case is a box open at the top: a floor, two long walls, two short walls, two cleats
glued inside the long walls. The back board (6 mm, the parts list's) drops in and rests on
the cleats; under it, the perfboard with the DevKit stands on four M3 spacers screwed
through the floor, its USB ports at a slot in the right wall, the barrel socket in a hole
beside them; on it, the panel and the faceplate, whose top is the walls' top. Every size
the fit depends on is a name below, with where it comes from; `fit_problems` checks each
part against the others and the walls, and the test command fails when one does not fit.
"""

import os
import sys

from generated import checking, write_or_check
from where import ROOT

OUT = os.path.join(ROOT, "hardware", "case.scad")

SHEET_MM = 3.0  # the case's plywood: the same 3 mm as the cut faceplate
BACK_BOARD_MM = 6.0  # the parts list's back board
PANEL_MM = 2.0  # the flexible panel with its LEDs (about 2 mm: measure yours)
FACEPLATE_MM = 3.0  # the cut plywood faceplate (a card one leaves a 2.6 mm lip)
PLAY_MM = 0.5  # each side, so the back board and the faceplate drop in
BAY_MM = 25.0  # under the back board, for the perfboard and what stands on it
CLEAT_MM = 8.0  # the cleats' height; the back board rests on their 3 mm
PERFBOARD_MM = (50.0, 70.0)  # across, along the right wall (the parts list's "about 50 x 70")
PERFBOARD_THICK_MM = 1.6
SPACER_MM = 6.0  # M3 spacers between the floor and the perfboard
SPACER_HOLE_MM = 3.2  # for an M3 screw
# The tallest thing on the perfboard: the DevKit on female headers (8.5 mm headers, its
# 1.6 mm board and the module's 3.3 mm shield: 13.4), the 1000 uF capacitor standing (12 mm
# and its leads): 14 mm, with 2 mm more for the wires over it.
ON_PERFBOARD_MM = 14.0
WIRES_MM = 2.0
# The DevKit's USB ports face the right wall, from the headers' top: its board, then the
# ports' middle (a USB-C receptacle is 3.2 mm tall). The S3 DevKitC-1 has two side by side.
USB_CENTRE_MM = 8.5 + 1.6 + 1.6
USB_SLOT_MM = (26.0, 8.0)
PERFBOARD_GAP_MM = 2.0  # from the right wall, so the USB plugs reach the ports
# A panel-mount 5.5 x 2.1 mm DC socket with an 8 mm thread (the common DC-022 kind:
# measure yours) and its body behind the wall, 14 mm deep and 12 mm across.
SOCKET_HOLE_MM = 8.0
SOCKET_BODY_MM = (14.0, 12.0)
SOCKET_FROM_FRONT_MM = 12.0
GAP_MM = 4.0  # between parts on the cutting sheet (a laser's kerf is a fraction of it)


def case(config):
    """The parts, in mm: {name: {"size": (w, h), "holes": [("rect", x, y, w, h) |
    ("circle", x, y, d)], "at": (x, y) on the sheet}} and the inner box (width, depth, wall
    height). x along the board, y across it from the front, z up; a wall's own (u, v) are
    along it and up from the floor's top."""
    width, depth = config.BOARD_MM
    inner_w, inner_d = width + 2 * PLAY_MM, depth + 2 * PLAY_MM
    t = SHEET_MM
    wall_h = BAY_MM + BACK_BOARD_MM + PANEL_MM + FACEPLATE_MM
    board_x, board_y = perfboard_place(inner_w, inner_d)
    holes = []
    for dx in (3.0, PERFBOARD_MM[0] - 3.0):
        for dy in (3.0, PERFBOARD_MM[1] - 3.0):
            holes.append(("circle", t + board_x + dx, t + board_y + dy, SPACER_HOLE_MM))
    usb_w, usb_h = USB_SLOT_MM
    usb_v = SPACER_MM + PERFBOARD_THICK_MM + USB_CENTRE_MM
    usb_u = board_y + PERFBOARD_MM[1] / 2.0
    right = [
        ("rect", usb_u - usb_w / 2.0, usb_v - usb_h / 2.0, usb_w, usb_h),
        ("circle", SOCKET_FROM_FRONT_MM, BAY_MM / 2.0, SOCKET_HOLE_MM),
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


def perfboard_place(inner_w, inner_d):
    """(x, y) of the perfboard's front left corner inside the box: against the right wall,
    less PERFBOARD_GAP_MM, halfway across."""
    return inner_w - PERFBOARD_GAP_MM - PERFBOARD_MM[0], (inner_d - PERFBOARD_MM[1]) / 2.0


def fit_problems(config):
    """Each way a part does not fit, in words; [] when all do."""
    from board import panel
    from board.places import PANEL_X_MM, PANEL_Y_MM

    parts, (inner_w, inner_d, wall_h) = case(config)
    width, depth = config.BOARD_MM
    found = []
    # The back board and the faceplate (both BOARD_MM) drop into the box.
    if inner_w < width or inner_d < depth:
        found.append("the back board does not drop in")
    # The panel lies on the back board, within it.
    half = panel.PITCH_MM / 2.0
    left, low = PANEL_X_MM - half, PANEL_Y_MM - half
    right, high = left + panel.COLUMNS * panel.PITCH_MM, low + panel.ROWS * panel.PITCH_MM
    if getattr(config, "LEDS", "") == "panel" and (
        left < 0 or low < 0 or right > width or high > depth
    ):
        found.append("the panel runs off the back board")
    # The perfboard, what stands on it and the wires under the back board.
    tallest = SPACER_MM + PERFBOARD_THICK_MM + ON_PERFBOARD_MM + WIRES_MM
    if tallest > BAY_MM:
        found.append("the perfboard's parts stand %.1f mm under a %.1f mm bay" % (tallest, BAY_MM))
    board_x, board_y = perfboard_place(inner_w, inner_d)
    if board_x < 0 or board_y < 0:
        found.append("the perfboard does not fit beside the walls")
    # The socket's body behind the right wall, clear of the perfboard and of the floor.
    body_deep, body_across = SOCKET_BODY_MM
    socket_low, socket_high = (SOCKET_FROM_FRONT_MM - body_across / 2.0,
                               SOCKET_FROM_FRONT_MM + body_across / 2.0)  # fmt: skip
    if socket_low < 0:
        found.append("the socket's body meets the front wall")
    if socket_high > board_y and inner_w - body_deep < board_x + PERFBOARD_MM[0]:
        found.append("the socket's body meets the perfboard")
    if BAY_MM / 2.0 - body_across / 2.0 < 0:
        found.append("the socket's body meets the floor")
    # Every hole within its part, and the right wall's two apart and under the cleats' line.
    for name, part in parts.items():
        part_w, part_h = part["size"]
        for hole in part["holes"]:
            if hole[0] == "rect":
                _, x, y, w, h = hole
            else:
                _, cx, cy, d = hole
                x, y, w, h = cx - d / 2.0, cy - d / 2.0, d, d
            if x < 0 or y < 0 or x + w > part_w or y + h > part_h:
                found.append("a hole runs off the %s" % name)
            if name == "right wall" and y + h > BAY_MM:
                found.append("a hole of the right wall is above the back board's underside")
    usb, socket = parts["right wall"]["holes"]
    if usb[1] < socket[1] + socket[3] / 2.0 + 2.0:
        found.append("the USB slot and the socket's hole run into each other")
    if wall_h != BAY_MM + BACK_BOARD_MM + PANEL_MM + FACEPLATE_MM:
        found.append("the faceplate's top is not the walls' top")
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
    lines.append('if (part == "assembled") {')
    for name, place in placed:
        lines.append("  %s linear_extrude(%g) %s();" % (place, t, modules[name]))
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
    stale = write_or_check(OUT, scad(config), check, "python tools/maker/case.py")
    return 1 if problems else stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
