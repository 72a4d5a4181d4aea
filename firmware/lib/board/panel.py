# A board built on an LED matrix panel (config.LEDS = "panel"): the common flexible WS2812B
# panel of 8 rows by 32 columns, 256 LEDs 10 mm apart, wired in a serpentine. Nothing is
# soldered but its three wires. The game keeps its own numbering of the LEDs (the hand-wired
# chain: the holes, the start holes, the game hole, the status line), so every view, test
# and figure is the same on either board; a frame is scattered onto the panel's wire order
# as it is sent (App.paint). Loaded at the boot and by the drawings only.
from micropython import const

COLUMNS = const(32)
ROWS = const(8)
PITCH_MM = const(10)
LEDS = const(256)
# The game's numbering of its LEDs, by tracks, as the hand-wired board is chained: each
# row's first LED and whether it runs from the upper end, the start holes, the game hole,
# the status line's first LED, and how many LEDs in all (config.py's numbers for it).
CHAINS = {
    2: ((0, 59, 60, 119), (False, True, False, True), (120, 121), 122, 123, 149),
    3: (
        (0, 59, 60, 119, 149, 208), (False, True, False, True, False, True),
        (120, 121, 209), 122, 123, 210,
    ),
}  # fmt: skip
# Where each row of holes lies on the panel (its y, counted from the bottom), by tracks:
# two tracks face each other across an empty row, as on a wooden board; three fill the
# panel. The status line's 26 LEDs lie on the bottom row from column 3; the start holes in
# column 0 beside each track's first hole, the holes in columns 1 to 30, the game hole in
# column 31.
ROW_Y = {2: (2, 3, 5, 6), 3: (1, 2, 3, 4, 6, 5)}
GAME_CELL = {2: (31, 4), 3: (31, 7)}
STATUS_Y = const(0)
STATUS_X = const(3)
CORNERS = ("top left", "top right", "bottom left", "bottom right")
WIRINGS = ("columns", "rows")


def check(config):
    """Why config.py's panel settings cannot be, in words, or None."""
    if config.PANEL_WIRING not in WIRINGS:
        return "PANEL_WIRING is %r: one of %s" % (config.PANEL_WIRING, ", ".join(WIRINGS))
    if config.PANEL_FIRST_LED not in CORNERS:
        return "PANEL_FIRST_LED is %r: one of %s" % (config.PANEL_FIRST_LED, ", ".join(CORNERS))
    if config.PANEL_LEDS != LEDS:
        return "PANEL_LEDS is %r: the panel is 8 rows of 32, %d LEDs" % (config.PANEL_LEDS, LEDS)
    if config.TRACKS not in ROW_Y:
        return "a panel holds 2 or 3 tracks, TRACKS is %r" % config.TRACKS
    return None


def wire_index(config, x, y):
    """The place on the panel's wire of the LED in column x, row y (from the bottom left, seen
    from the front), for its wiring and the corner its data input is at."""
    top = config.PANEL_FIRST_LED.startswith("top")
    left = config.PANEL_FIRST_LED.endswith("left")
    if config.PANEL_WIRING == "columns":
        line = x if left else COLUMNS - 1 - x
        along = ROWS - 1 - y if top else y
        if line % 2:
            along = ROWS - 1 - along
        return line * ROWS + along
    line = ROWS - 1 - y if top else y
    along = x if left else COLUMNS - 1 - x
    if line % 2:
        along = COLUMNS - 1 - along
    return line * COLUMNS + along


def cells(layout):
    """[(the game's LED, column x, row y, kind)] of every LED the game uses, on the panel."""
    rows_y = ROW_Y[layout.tracks]
    found = []
    for side in range(layout.tracks):
        outer, inner = ((0, 1), (3, 2), (4, 5))[side]
        for hole in range(60):
            row, column = (outer, hole) if hole < 30 else (inner, 59 - hole)
            found.append((layout.track_leds[side * 60 + hole], 1 + column, rows_y[row], "hole"))
        found.append((layout.start_holes[side], 0, rows_y[outer], "start"))
    x, y = GAME_CELL[layout.tracks]
    found.append((layout.game_hole, x, y, "game"))
    x = STATUS_X
    for first, count in sorted(layout.status.values()):
        for led in range(first, first + count):
            found.append((led, x, STATUS_Y, "status"))
            x += 1
    return found


def wire_order(config, layout):
    """[the game's LED] -> the first of its 3 bytes on the panel's wire, as 16-bit numbers."""
    from array import array

    order = array("H", range(layout.length))
    for led, x, y, _ in cells(layout):
        order[led] = 3 * wire_index(config, x, y)
    return order


def scatter(frame, buf, order):
    """Copies the game's frame (3 bytes an LED, in its numbering) onto the panel's buffer,
    each LED to its place on the wire. Byte by byte: a slice would allocate at each LED."""
    at = 0
    for to in order:
        buf[to] = frame[at]
        buf[to + 1] = frame[at + 1]
        buf[to + 2] = frame[at + 2]
        at += 3
