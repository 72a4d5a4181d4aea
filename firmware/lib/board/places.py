# Where every LED's hole sits on the wood, in millimetres from the board's lower left corner,
# from config.py: one source for the drilling drawing, the faceplate (tools/maker/board_picture.py,
# tools/maker/faceplate.py) and the board's web page.
from board.layout import Layout

# Rows from the bottom edge of the board up; None is the gap between two tracks.
_ROWS_BOTTOM_UP = {2: (0, 1, None, 2, 3), 3: (0, 1, None, 2, 3, None, 5, 4)}


def places(config):
    """[(led, column, x_mm, y_mm, kind)] for every LED; y grows up the board, hole 0 at the
    left. column counts text cells: one per hole, one more between groups of five holes and
    between the parts of the status line, as the wood shows them with a wider gap
    (GROUP_GAP_MM). kind: "hole", "start", "game" or "status".
    Room is left for the words the faceplate prints: the status LEDs' two lines below them,
    the lap numbers outside each track, the skunk lines' words beside the tracks' ends."""
    layout = Layout(config)
    if layout.wire_order is not None:
        return _on_the_panel(config, layout)
    return _hand_wired(config, layout)


def _hand_wired(config, layout):
    pitch = config.HOLE_PITCH_MM
    gap = config.GROUP_GAP_MM
    left = 6 * pitch
    row_y = {}
    y = 5 * pitch  # the status line and its words sit below the tracks
    for row in _ROWS_BOTTOM_UP[layout.tracks]:
        if row is None:
            y += config.TRACK_GAP_MM
        else:
            row_y[row] = y
            y += pitch
    found = []
    for side in range(layout.tracks):
        outer, inner = ((0, 1), (3, 2), (4, 5))[side]
        for hole in range(60):
            row, column = (outer, hole) if hole < 30 else (inner, 59 - hole)
            led = layout.track_leds[side * 60 + hole]
            x = left + column * pitch + column // 5 * gap
            found.append((led, 3 + column + column // 5, x, row_y[row], "hole"))
        found.append((layout.start_holes[side], 1, 1.25 * pitch, row_y[outer], "start"))
    middle = (min(row_y.values()) + max(row_y.values())) / 2.0
    found.append((layout.game_hole, 3 + 36, left + 31 * pitch + 6 * gap, middle, "game"))
    x = left
    column = 3
    for first, count in sorted(layout.status.values()):
        for i in range(count):
            found.append((first + i, column, x, 2 * pitch, "status"))
            x += pitch
            column += 1
        x += gap
        column += 1
    return found


# The panel's lower left LED's centre on the board's face, in mm: the panel's edge 10 mm in
# from the board's left and 15 mm up from its bottom, the keypad beside its right end.
PANEL_X_MM = 15
PANEL_Y_MM = 20


def _on_the_panel(config, layout):
    # Each LED at its place on the panel's wire (what the driver's buffer holds), its hole
    # over the LED's centre: nothing to drill but the faceplate's holes over a 10 mm grid.
    # Its text cell is the hand-wired board's: the holes in fives, the status line in parts.
    from board import panel

    order = layout.wire_order
    column = {led: at for led, at, _, _, _ in _hand_wired(config, layout)}
    return [
        (order[led] // 3, column[led], PANEL_X_MM + x * panel.PITCH_MM,
         PANEL_Y_MM + y * panel.PITCH_MM, kind)
        for led, x, y, kind in panel.cells(layout)
    ]  # fmt: skip
