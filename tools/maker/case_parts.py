"""What goes inside the board's case, each part a solid with where its size comes from, and the
fit check: any two solids that overlap, any part outside its bay, and any cable with no
passage from where it starts to where it plugs in, each said in words with the part, the axis
and by how much.

Coordinates in mm: x along the board from the inside of the left wall, y across it from the
inside of the front wall (the front: the board's lower edge, the status line's side), z up
from the floor's top. A solid is a box (x0, y0, z0, x1, y1, z1); a round part is its bounding
box. Sizes are a part's published or common outline, rounded up: measure yours where it says.
"""

from board_picture import keypad_box, ribbon_slot

SHEET_MM = 3.0  # the case's plywood: the same 3 mm as the cut faceplate
BACK_BOARD_MM = 6.0  # the parts list's back board
PANEL_MM = 2.0  # the flexible panel with its LEDs (about 2 mm: measure yours)
FACEPLATE_MM = 3.0  # the cut plywood faceplate (a card one leaves a 2.6 mm lip)
PLAY_MM = 0.5  # each side, so the back board and the faceplate drop in
# Under the back board: the spacers, the perfboard, the DevKit on its headers with the USB
# plug's body level with its ports (the S3 DevKitC-1's reaches 25.0 mm), and room over them.
BAY_MM = 28.0
CLEAT_MM = 8.0  # the cleats' height; the back board rests on their top
# A 70 x 50 mm perfboard (a size sold everywhere), its 70 mm along the board so the DevKit's
# length (63 mm, its header rows 55.9 mm) lies along it, its USB end towards the right wall.
PERFBOARD_MM = (70.0, 50.0)
PERFBOARD_THICK_MM = 1.6
PERFBOARD_GAP_MM = 2.0  # from the right wall, so the USB plug reaches the DevKit's port
SPACER_MM = 6.0  # M3 spacers between the floor and the perfboard
SPACER_ACROSS_MM = 5.5  # an M3 spacer's hexagon, across its flats
SPACER_HOLE_MM = 3.2  # for an M3 screw
SPACER_INSET_MM = 3.0  # the perfboard's corner holes, from its edges
PITCH_MM = 2.54  # pin headers, DIP sockets, perfboard

# The DevKits, from Espressif's user guides (docs.espressif.com, esp-dev-kits: the
# ESP32-S3-DevKitC-1 v1.1's dimension drawing, 63 x 25.4 mm, two rows of 22 pins; the
# ESP32-DevKitC V4's, two rows of 19 pins 25.4 mm apart, as Wokwi's board file for it also
# has them: 27.9 mm wide). Height: the module's shield (3.2 mm in the WROOM datasheets) on a
# 1.6 mm board, whose male headers' 2.5 mm plastic sits on the perfboard's female ones.
DEVKITS = {
    "ESP32S3": {
        "name": "ESP32-S3-DevKitC-1",
        "size": (63.0, 25.4),
        "pins": 22,
        "rows_apart": 22.86,
        # Two USB-C ports at the end; a USB-C receptacle 8.9 x 7.4 x 3.2 mm, a cable's plug
        # body (its moulding) about 12.4 x 6.5 mm.
        "port": (7.4, 8.9, 3.2),
        "plug": (12.4, 6.5),
    },
    "ESP32": {
        "name": "ESP32-DevKitC V4",
        "size": (54.4, 27.9),
        "pins": 19,
        "rows_apart": 25.4,
        # One micro-USB port: a receptacle 5.0 x 7.5 x 2.6 mm, a plug body about 11 x 7 mm.
        "port": (5.0, 7.5, 2.6),
        "plug": (11.0, 7.0),
    },
}
# Each DevKit's header rows as Espressif's user guides list them (pin 1 first), the row
# named first in front: seen from above with the USB end towards the right wall, pin 1 at
# the left (the antenna's) end. GPIO numbers; "G" ground, "5V", "3V3" and the rest by name.
HEADERS = {
    "ESP32S3": (
        ("J1", ("3V3", "3V3", "RST", 4, 5, 6, 7, 15, 16, 17, 18, 8, 3, 46, 9, 10, 11, 12, 13,
                14, "5V", "G")),
        ("J3", ("G", 43, 44, 1, 2, 42, 41, 40, 39, 38, 37, 36, 35, 0, 45, 48, 47, 21, 20, 19,
                "G", "G")),
    ),
    "ESP32": (
        ("J2", ("3V3", "EN", 36, 39, 34, 35, 32, 33, 25, 26, 27, 14, 12, "G", 13, 9, 10, 11,
                "5V")),
        ("J3", ("G", 23, 22, 1, 3, 21, "G", 19, 18, 5, 17, 16, 4, 0, 2, 15, 8, 7, 6)),
    ),
}  # fmt: skip
MODULE_MM = (25.5, 18.0, 3.2)  # ESP32-S3-WROOM-1 / ESP32-WROOM-32: length, width, shield
FEMALE_HEADER_MM = 8.5  # a 2.54 mm female header's height
MALE_HEADER_PLASTIC_MM = 2.5
DEVKIT_BOARD_MM = 1.6
DEVKIT_FROM_BACK_MM = 1.0  # the DevKit's edge from the perfboard's back edge

# What else stands on the perfboard (each the common part's outline, rounded up).
SHIFTER_MM = (20.3, 10.2, 8.0)  # a 74AHCT125 (DIP-14: 19.3 mm long) seated in its socket
CAPACITOR_MM = (10.0, 17.0)  # 1000 uF 10 V radial can, 10 x 16 mm, standing on its leads
CERAMIC_MM = (5.0, 3.0, 6.0)  # the 100 nF across the shifter's supply pins
RESISTOR_MM = (6.5, 2.5, 2.5)  # the 330 ohm, lying
FUSE_MM = (22.0, 8.0, 11.0)  # a 5 x 20 mm fuse in PCB clips
KEYPAD_HEADER_PINS = 8
# A straight male header (2.5 mm plastic, 6 mm of pin) with the jumper wires' 14 mm housings
# on it: the keypad's eight wires plug in here.
KEYPAD_HEADER_MM = (KEYPAD_HEADER_PINS * PITCH_MM, PITCH_MM, 16.5)
# A panel-mount 5.5 x 2.1 mm DC socket (the common DC-022 kind: measure yours): its 8 mm
# thread through the right wall, its body behind the wall.
SOCKET_HOLE_MM = 8.0
SOCKET_BODY_MM = (14.0, 12.0)  # deep, across
SOCKET_FROM_FRONT_MM = 12.0  # its centre, from the front wall's inside
SOCKET_HEIGHT_MM = 12.0  # its centre, above the floor
# The panel's input plug (JST SM, 3 pins: a housing about 11.6 x 5.7 mm) mated with the
# pigtail's, lying on the floor under the back board's hole it came through.
JST_MM = (11.6, 5.7)
JST_MATED_MM = 35.0
LEADS_HOLE_MM = (10.0, 14.0)  # the back board's hole for the panel's leads and their plug
USB_SLOT_MM = (26.0, 9.0)  # the right wall's slot: the DevKit's width, the plug's height
# Cables: (width, thickness) of the bundle. The keypad's ribbon, flat, as wide as its eight
# wires; the panel's leads are its plug where they pass the back board; the supply's pair.
RIBBON_MM = (KEYPAD_HEADER_PINS * PITCH_MM, 1.2)
PAIR_MM = (4.0, 2.0)
KEYPAD_THICK_MM = 1.0  # a membrane keypad

AXES = ("x, along the board", "y, across it", "z, up")


def inner_box(config):
    """(width, depth, wall height) of the box's inside."""
    width, depth = config.BOARD_MM
    return (width + 2 * PLAY_MM, depth + 2 * PLAY_MM,
            BAY_MM + BACK_BOARD_MM + PANEL_MM + FACEPLATE_MM)  # fmt: skip


def perfboard_place(inner_w, inner_d):
    """(x, y) of the perfboard's front left corner: PERFBOARD_GAP_MM from the right wall,
    halfway across."""
    return inner_w - PERFBOARD_GAP_MM - PERFBOARD_MM[0], (inner_d - PERFBOARD_MM[1]) / 2.0


def _box(x, y, z, w, d, h):
    return (x, y, z, x + w, y + d, z + h)


def devkit_of(config):
    return DEVKITS[config.CHIP]


def back_board_holes(config):
    """{name: (x, y, w, h)} of the holes in the back board, mm from its left and front
    edges: the keypad's ribbon slot (under the faceplate's) and the panel's leads hole, at
    the panel's edge by its input corner (PANEL_FIRST_LED)."""
    from board import panel
    from board.places import PANEL_X_MM, PANEL_Y_MM

    half = panel.PITCH_MM / 2.0
    left, low = PANEL_X_MM - half, PANEL_Y_MM - half
    right, top = left + panel.COLUMNS * panel.PITCH_MM, low + panel.ROWS * panel.PITCH_MM
    hole_w, hole_h = LEADS_HOLE_MM
    corner = getattr(config, "PANEL_FIRST_LED", "top left")
    x = left - hole_w + 4.0 if "left" in corner else right - 4.0
    y = top - hole_h - 2.0 if "top" in corner else low + 2.0
    return {"ribbon slot": ribbon_slot(config), "leads hole": (x, y, hole_w, hole_h)}


def model(config, case_config=None):
    """(solids, bays, cables) of the case drawn for case_config (config unless given) holding
    config's board. solids: {name: {"box", "bay" (a bay's name or None for the case's own
    parts), "holes": [box], "source"}}; bays: {name: box}; cables: {name: {"path": [points],
    "size": (width, thick)}}."""
    from board import panel
    from board.places import PANEL_X_MM, PANEL_Y_MM

    inner_w, inner_d, wall_h = inner_box(case_config or config)
    width, depth = config.BOARD_MM
    t = SHEET_MM
    px, py = perfboard_place(inner_w, inner_d)
    perf_w, perf_d = PERFBOARD_MM
    perf_top = SPACER_MM + PERFBOARD_THICK_MM
    back_z, panel_z = BAY_MM, BAY_MM + BACK_BOARD_MM
    face_z = panel_z + PANEL_MM
    solids = {}

    def add(name, box, bay, source, holes=()):
        solids[name] = {"box": box, "bay": bay, "holes": list(holes), "source": source}

    def on_board(x, y):  # the board's face (from its lower left) to the case's x, y
        return x + PLAY_MM, y + PLAY_MM

    # The case itself.
    spacer_holes = []
    spacers = []
    for dx in (SPACER_INSET_MM, perf_w - SPACER_INSET_MM):
        for dy in (SPACER_INSET_MM, perf_d - SPACER_INSET_MM):
            spacers.append((px + dx, py + dy))
            r = SPACER_HOLE_MM / 2.0
            spacer_holes.append((px + dx - r, py + dy - r, -t, px + dx + r, py + dy + r, 0.0))
    add("floor", (-t, -t, -t, inner_w + t, inner_d + t, 0.0), None, "3 mm plywood",
        spacer_holes)  # fmt: skip
    add("front wall", (-t, -t, 0.0, inner_w + t, 0.0, wall_h), None, "3 mm plywood")
    add("back wall", (-t, inner_d, 0.0, inner_w + t, inner_d + t, wall_h), None, "3 mm plywood")
    add("left wall", (-t, 0.0, 0.0, 0.0, inner_d, wall_h), None, "3 mm plywood")
    kit = devkit_of(config)
    kit_len, kit_w = kit["size"]
    kit_y = py + perf_d - DEVKIT_FROM_BACK_MM - kit_w / 2.0  # the DevKit's centre line
    kit_z = perf_top + FEMALE_HEADER_MM + MALE_HEADER_PLASTIC_MM  # its board's underside
    usb_z = kit_z + DEVKIT_BOARD_MM + kit["port"][2] / 2.0
    slot_w, slot_h = USB_SLOT_MM
    usb_slot = (inner_w, kit_y - slot_w / 2.0, usb_z - slot_h / 2.0,
                inner_w + t, kit_y + slot_w / 2.0, usb_z + slot_h / 2.0)  # fmt: skip
    r = SOCKET_HOLE_MM / 2.0
    socket_hole = (inner_w, SOCKET_FROM_FRONT_MM - r, SOCKET_HEIGHT_MM - r,
                   inner_w + t, SOCKET_FROM_FRONT_MM + r, SOCKET_HEIGHT_MM + r)  # fmt: skip
    add("right wall", (inner_w, 0.0, 0.0, inner_w + t, inner_d, wall_h), None, "3 mm plywood",
        [usb_slot, socket_hole])  # fmt: skip
    add("front cleat", (0.0, 0.0, BAY_MM - CLEAT_MM, inner_w, t, BAY_MM), None, "3 mm plywood")
    add("back cleat", (0.0, inner_d - t, BAY_MM - CLEAT_MM, inner_w, inner_d, BAY_MM), None,
        "3 mm plywood")  # fmt: skip

    inside = (0.0, 0.0, 0.0, inner_w, inner_d, wall_h)
    bays = {
        "the case's inside": inside,
        "the bay under the back board": (0.0, 0.0, 0.0, inner_w, inner_d, BAY_MM),
        "the perfboard": (px, py, perf_top, px + perf_w, py + perf_d, BAY_MM),
        "the right wall's outside": (0.0, 0.0, 0.0, inner_w + t + 40.0, inner_d, BAY_MM),
        "the back board's top": (
            PLAY_MM,
            PLAY_MM,
            panel_z,
            PLAY_MM + width,
            PLAY_MM + depth,
            face_z,
        ),  # fmt: skip
        "the faceplate's top": (
            PLAY_MM,
            PLAY_MM,
            wall_h,
            PLAY_MM + width,
            PLAY_MM + depth,
            wall_h + 5.0,
        ),  # fmt: skip
    }

    # The back board, the panel, the faceplate and the keypad on it.
    holes = back_board_holes(config)
    board_holes = []
    for x, y, w, h in holes.values():
        x, y = on_board(x, y)
        board_holes.append((x, y, back_z, x + w, y + h, panel_z))
    add("back board", (PLAY_MM, PLAY_MM, back_z, PLAY_MM + width, PLAY_MM + depth, panel_z),
        "the case's inside", "the parts list's 6 mm plywood, BOARD_MM", board_holes)  # fmt: skip
    if getattr(config, "LEDS", "panel") == "panel":
        half = panel.PITCH_MM / 2.0
        x, y = on_board(PANEL_X_MM - half, PANEL_Y_MM - half)
        add("LED panel", _box(x, y, panel_z, panel.COLUMNS * panel.PITCH_MM,
                              panel.ROWS * panel.PITCH_MM, PANEL_MM),
            "the back board's top", "8 x 32 WS2812B panel, 10 mm pitch")  # fmt: skip
    sx, sy, sw, sh = ribbon_slot(config)
    sx, sy = on_board(sx, sy)
    add("faceplate", (PLAY_MM, PLAY_MM, face_z, PLAY_MM + width, PLAY_MM + depth, wall_h),
        "the case's inside", "3 mm plywood or card, BOARD_MM",
        [(sx, sy, face_z, sx + sw, sy + sh, wall_h)])  # fmt: skip
    kx, ky, kw, kh = keypad_box(config)
    kx, ky = on_board(kx, ky)
    add("keypad", _box(kx, ky, wall_h, kw, kh, KEYPAD_THICK_MM), "the faceplate's top",
        "4x4 membrane keypad, KEYPAD_MM")  # fmt: skip

    # Under the back board: the spacers, the perfboard and what stands on it.
    for n, (cx, cy) in enumerate(spacers, 1):
        a = SPACER_ACROSS_MM / 2.0
        add("spacer %d" % n, (cx - a, cy - a, 0.0, cx + a, cy + a, SPACER_MM),
            "the bay under the back board", "M3 x 6 mm spacer")  # fmt: skip
    add("perfboard", _box(px, py, SPACER_MM, perf_w, perf_d, PERFBOARD_THICK_MM),
        "the bay under the back board", "70 x 50 mm perfboard")  # fmt: skip
    usb_end = px + perf_w  # the DevKit's USB end, over the perfboard's right edge
    rows = kit["pins"] * PITCH_MM
    rows_x = usb_end - (kit_len + rows) / 2.0  # the rows centred along the DevKit
    for side, sign in (("front", -1), ("back", 1)):
        cy = kit_y + sign * kit["rows_apart"] / 2.0
        add("DevKit's %s header" % side,
            _box(rows_x, cy - PITCH_MM / 2.0, perf_top, rows, PITCH_MM, FEMALE_HEADER_MM),
            "the perfboard", "%d-pin female header, 2.54 mm" % kit["pins"])  # fmt: skip
    add("DevKit", _box(usb_end - kit_len, kit_y - kit_w / 2.0, kit_z, kit_len, kit_w,
                       DEVKIT_BOARD_MM),
        "the perfboard", kit["name"] + ", Espressif's drawing")  # fmt: skip
    mod_len, mod_w, mod_h = MODULE_MM
    add("DevKit's module", _box(usb_end - kit_len, kit_y - mod_w / 2.0,
                                kit_z + DEVKIT_BOARD_MM, mod_len, mod_w, mod_h),
        "the perfboard", "WROOM module, its datasheet")  # fmt: skip
    port_len, port_w, port_h = kit["port"]
    add("DevKit's USB port", _box(usb_end - port_len, kit_y - port_w / 2.0,
                                  kit_z + DEVKIT_BOARD_MM, port_len, port_w, port_h),
        "the perfboard", "USB receptacle")  # fmt: skip
    plug_w, plug_h = kit["plug"]
    add("USB plug's body", (usb_end, kit_y - plug_w / 2.0, usb_z - plug_h / 2.0,
                            inner_w + t + 30.0, kit_y + plug_w / 2.0, usb_z + plug_h / 2.0),
        "the right wall's outside", "a USB cable's moulded plug")  # fmt: skip
    # The front band, two rows: the shifter, the capacitor and the fuse; the keypad's header,
    # the 100 nF and the resistor.
    row_a = py + perf_d - DEVKIT_FROM_BACK_MM - max(k["size"][1] for k in DEVKITS.values())
    shift_w, shift_d, shift_h = SHIFTER_MM
    add("level shifter in its socket",
        _box(px + 2.0, row_a - 1.0 - shift_d, perf_top, shift_w, shift_d, shift_h),
        "the perfboard", "74AHCT125, DIP-14, in a 14-pin socket")  # fmt: skip
    cap_d, cap_h = CAPACITOR_MM
    add("1000 uF capacitor", _box(px + 4.0 + shift_w + 2.0, row_a - 1.0 - cap_d, perf_top,
                                  cap_d, cap_d, cap_h),
        "the perfboard", "1000 uF 10 V radial, 10 x 16 mm, standing")  # fmt: skip
    fuse_w, fuse_d, fuse_h = FUSE_MM
    add("fuse in its clips", _box(px + perf_w - 2.0 - fuse_w, row_a - 1.0 - fuse_d, perf_top,
                                  fuse_w, fuse_d, fuse_h),
        "the perfboard", "5 x 20 mm fuse, PCB clips")  # fmt: skip
    head_w, head_d, head_h = KEYPAD_HEADER_MM
    header = _box(px + 4.0, py + 3.0, perf_top, head_w, head_d, head_h)
    add("keypad's header", header, "the perfboard",
        "8-pin male header, the jumper wires' housings on it")  # fmt: skip
    cer_w, cer_d, cer_h = CERAMIC_MM
    add("100 nF capacitor", _box(px + 4.0 + head_w + 3.0, py + 2.0, perf_top, cer_w, cer_d,
                                 cer_h),
        "the perfboard", "ceramic, 5 mm")  # fmt: skip
    res_w, res_d, res_h = RESISTOR_MM
    add("330 ohm resistor", _box(px + 4.0 + head_w + 3.0 + cer_w + 3.0, py + 2.0, perf_top,
                                 res_w, res_d, res_h),
        "the perfboard", "1/4 W resistor, lying")  # fmt: skip
    body_deep, body_across = SOCKET_BODY_MM
    add("barrel socket's body", (inner_w - body_deep, SOCKET_FROM_FRONT_MM - body_across / 2.0,
                                 SOCKET_HEIGHT_MM - body_across / 2.0, inner_w,
                                 SOCKET_FROM_FRONT_MM + body_across / 2.0,
                                 SOCKET_HEIGHT_MM + body_across / 2.0),
        "the bay under the back board", "DC-022 panel socket")  # fmt: skip
    r = SOCKET_HOLE_MM / 2.0
    add("barrel socket's thread", (inner_w, SOCKET_FROM_FRONT_MM - r, SOCKET_HEIGHT_MM - r,
                                   inner_w + t + 2.0, SOCKET_FROM_FRONT_MM + r,
                                   SOCKET_HEIGHT_MM + r),
        "the right wall's outside", "DC-022 panel socket's 8 mm thread")  # fmt: skip
    lx, ly, lw, lh = holes["leads hole"]
    lx, ly = on_board(lx + lw / 2.0, ly + lh / 2.0)
    jst_w, jst_h = JST_MM
    add("panel's plug and pigtail", (lx - jst_h / 2.0, ly - jst_w / 2.0, 0.0,
                                     lx - jst_h / 2.0 + JST_MATED_MM, ly + jst_w / 2.0, jst_h),
        "the bay under the back board", "JST SM 3-pin pair, mated")  # fmt: skip

    # The cables, each from where it starts to where it plugs in.
    ribbon_x, ribbon_y = sx + sw / 2.0, sy + sh / 2.0
    head_x, head_y = (header[0] + header[3]) / 2.0, (header[1] + header[4]) / 2.0
    over = BAY_MM - 1.5
    plug_end = lx - jst_h / 2.0 + JST_MATED_MM + PAIR_MM[0] / 2.0
    edge = py if ly < py else py + perf_d  # the perfboard's edge nearer the plug
    pigtail_x = min(max(plug_end, px + 2.0), px + perf_w - 2.0)
    cables = {
        "keypad's ribbon": {
            "path": [(ribbon_x, ribbon_y, wall_h), (ribbon_x, ribbon_y, over),
                     (ribbon_x, head_y, over), (head_x, head_y, over),
                     (head_x, head_y, header[5])],
            "size": RIBBON_MM,
        },
        "panel's leads": {
            "path": [(lx, ly, panel_z), (lx, ly, jst_h)],
            "size": (jst_h, jst_w),
        },
        # Up from the plug's far end, along the board, and onto the perfboard's nearer edge.
        "panel's pigtail to the perfboard": {
            "path": [(plug_end, ly, jst_h / 2.0), (plug_end, ly, perf_top + 1.0),
                     (pigtail_x, ly, perf_top + 1.0), (pigtail_x, edge, perf_top + 1.0)],
            "size": PAIR_MM,
        },
        "supply's pair to the fuse": {
            "path": [(inner_w - body_deep, SOCKET_FROM_FRONT_MM, SOCKET_HEIGHT_MM),
                     (inner_w - body_deep - 3.0, SOCKET_FROM_FRONT_MM, SOCKET_HEIGHT_MM),
                     (inner_w - body_deep - 3.0, SOCKET_FROM_FRONT_MM, perf_top + 1.5),
                     (inner_w - body_deep - 3.0, py, perf_top + 1.5)],
            "size": PAIR_MM,
        },
    }  # fmt: skip
    return solids, bays, cables


def _overlap(a, b):
    """The box two boxes share, or None when they only touch or are apart."""
    low = [max(a[i], b[i]) for i in range(3)]
    high = [min(a[i + 3], b[i + 3]) for i in range(3)]
    if all(high[i] - low[i] > 1e-6 for i in range(3)):
        return tuple(low) + tuple(high)
    return None


def _within(box, hole):
    return all(hole[i] - 1e-6 <= box[i] and box[i + 3] <= hole[i + 3] + 1e-6 for i in range(3))


def _through_a_hole(shared, solid):
    return any(_within(shared, hole) for hole in solid["holes"])


def _sweep(start, end, size):
    """The box a cable of size (width, thick) fills between two points on one axis: going up
    or down its width along x and its thickness along y; lying, its width across its way
    and its thickness up."""
    width, thick = size
    axis = max(range(3), key=lambda i: abs(end[i] - start[i]))
    half = {2: (width / 2.0, thick / 2.0, 0.0), 0: (0.0, width / 2.0, thick / 2.0),
            1: (width / 2.0, 0.0, thick / 2.0)}[axis]  # fmt: skip
    return tuple(min(start[i], end[i]) - half[i] for i in range(3)) + tuple(
        max(start[i], end[i]) + half[i] for i in range(3)
    )


def fit_problems(config, case_config=None):
    """Each way a part does not fit, in words, the axis named; [] when all do."""
    solids, bays, cables = model(config, case_config)
    found = []
    names = list(solids)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            shared = _overlap(solids[a]["box"], solids[b]["box"])
            if shared is None:
                continue
            if _through_a_hole(shared, solids[a]) or _through_a_hole(shared, solids[b]):
                continue
            if _volume(solids[a]["box"]) > _volume(solids[b]["box"]):  # the smaller first
                a, b = b, a
            found.append(_into(a, b, solids[b], shared))
    for name, solid in solids.items():
        if solid["bay"] is None:
            continue
        box, bay = solid["box"], bays[solid["bay"]]
        for k in range(3):
            past = max(bay[k] - box[k], box[k + 3] - bay[k + 3])
            if past > 1e-6:
                found.append("the %s runs %.1f mm past %s (%s)" % (name, past, solid["bay"],
                                                                    AXES[k]))  # fmt: skip
    for cable, run in cables.items():
        path = run["path"]
        for start, end in zip(path, path[1:]):
            swept = _sweep(start, end, run["size"])
            for name, solid in solids.items():
                shared = _overlap(swept, solid["box"])
                if shared is None or _through_a_hole(shared, solid):
                    continue
                axis = max(range(3), key=lambda k: abs(end[k] - start[k]))
                found.append(_blocked(cable, name, solid, swept, shared, axis))
    return found


def colour(name):
    """A part's colour in the pictures: the board green, the DevKit's parts blue, the case's
    wood, the plugs and cables grey, the rest dark."""
    for word, colour in (("perfboard", "olivedrab"), ("DevKit", "steelblue"), ("plug", "dimgray"),
                         ("spacer", "silver"), ("capacitor", "navy"), ("socket", "black"),
                         ("panel", "dimgray"), ("keypad", "whitesmoke"), ("board", "burlywood"),
                         ("faceplate", "tan")):  # fmt: skip
        if word in name:
            return colour
    return "darkslategray"


def _volume(box):
    return (box[3] - box[0]) * (box[4] - box[1]) * (box[5] - box[2])


def _into(a, b, solid, shared):
    """A part a in a solid b: through one of b's holes too small, or into b itself."""
    box = solid["box"]
    through = min(range(3), key=lambda k: box[k + 3] - box[k])  # b's thickness
    for hole in solid["holes"]:
        if _overlap(shared, hole) is not None:
            short = max((_outside(shared, hole, k), k) for k in range(3) if k != through)
            return "the %s does not pass the %s's hole: %.1f mm short (%s)" % (
                a, b, short[0], AXES[short[1]])  # fmt: skip
    depths = [shared[k + 3] - shared[k] for k in range(3)]
    axis = min(range(3), key=lambda k: depths[k])
    return "the %s runs %.1f mm into the %s (%s)" % (a, depths[axis], b, AXES[axis])


def _outside(box, hole, k):
    """How much of a box lies outside a hole along axis k, both sides together."""
    return max(hole[k] - box[k], 0.0) + max(box[k + 3] - hole[k + 3], 0.0)


def _blocked(cable, name, solid, swept, shared, axis):
    where = swept if axis == 2 else shared  # going down: where the cable is; lying: where it meets
    at = "x %.1f, y %.1f mm" % ((where[0] + where[3]) / 2.0, (where[1] + where[4]) / 2.0)
    for hole in solid["holes"]:
        if _overlap(swept, hole) is not None:
            short = max((_outside(swept, hole, k), k) for k in range(3) if k != axis)
            return "the %s has no passage through the %s at %s: its hole is %.1f mm short (%s)" % (
                cable, name, at, short[0], AXES[short[1]])  # fmt: skip
    return "the %s has no passage through the %s at %s: no hole there (%s)" % (
        cable, name, at, AXES[axis])  # fmt: skip
