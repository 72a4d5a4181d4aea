# Builds a Layout's tables from config.py and checks them: run once at boot (board.layout
# loads it for that and drops it after).
from array import array

_STATUS_NAMES = (
    # slot name, first LED offset in the status area, LED count
    ("mode", 0, 1),
    ("dealer", 1, 3),
    ("turn", 4, 3),
    ("tens", 7, 3),
    ("units", 10, 9),
    ("tally", 19, 5),
    ("save", 24, 1),
    ("error", 25, 1),
)


def build(layout, config, track_holes):
    """Fills a Layout's tables from config.py; returns why they cannot fit, in words (the
    layout raises it), or None."""
    leds = getattr(config, "LEDS", "hand-wired")
    layout.tracks = config.TRACKS
    layout.wire_order = None  # the panel's: [the game's LED] -> its place on the wire
    if leds == "panel":
        from board import panel

        problem = panel.check(config)
        if problem:
            return problem
        # The panel's numbering is the hand-wired chain's for its tracks: one setting.
        row_start, reversed_rows, starts, game, status_start, length = panel.CHAINS[config.TRACKS]
        problem = _tables(layout, config, track_holes, row_start, reversed_rows, starts, game,
                          status_start, length)  # fmt: skip
        if problem:
            return problem
        layout.wire_order = panel.wire_order(config, layout)
        layout.wire_length = panel.LEDS
        return None
    if leds != "hand-wired":
        return 'LEDS is %r: "panel" or "hand-wired"' % (leds,)
    rows = config.ROWS
    if config.HOLES_PER_ROW * 2 != track_holes:
        return "a track is 60 holes: HOLES_PER_ROW must be 30"
    if rows != layout.tracks * 2:
        return "%d tracks need %d rows, ROWS is %d" % (layout.tracks, layout.tracks * 2, rows)
    if len(config.ROW_START) < rows or len(config.ROW_REVERSED) < rows:
        return "ROW_START and ROW_REVERSED need a value for each of %d rows" % rows
    layout.wire_length = config.STRIP_LENGTH
    return _tables(
        layout, config, track_holes, config.ROW_START, config.ROW_REVERSED,
        config.START_HOLES, config.GAME_HOLE, config.STATUS_START, config.STRIP_LENGTH,
    )  # fmt: skip


def _tables(layout, config, track_holes, row_start, reversed_rows, starts, game, status_start,
            length):  # fmt: skip
    per_row = track_holes // 2
    layout.length = length
    # track_leds[side * 60 + hole] -> LED index; hole 0 holds the first point.
    leds = []
    for side in range(layout.tracks):
        outer = (0, 3, 4)[side]
        inner = (1, 2, 5)[side]
        for hole in range(track_holes):
            if hole < per_row:
                leds.append(_hole(row_start, reversed_rows, outer, hole))
            else:
                leds.append(_hole(row_start, reversed_rows, inner, track_holes - 1 - hole))
    layout.track_leds = array("H", leds)
    layout.start_holes = tuple(starts[: layout.tracks])
    # peg_leds[side][points] for points 0..120: the start hole, then round the track twice.
    pegs = []
    for side in range(layout.tracks):
        holes = array("H", range(121))  # filled in place: no list of 121 ints on the way
        holes[0] = layout.start_holes[side]
        for points in range(1, 121):
            holes[points] = leds[side * track_holes + (points - 1) % track_holes]
        pegs.append(holes)
    layout.peg_leds = tuple(pegs)
    layout.game_hole = game
    layout.status = {}
    for name, offset, count in _STATUS_NAMES:
        layout.status[name] = (status_start + offset, count)
    # The first LED of each status part as a plain attribute, for the renderer's hot path.
    layout.mode_led = layout.status["mode"][0]
    layout.dealer_led = layout.status["dealer"][0]
    layout.turn_led = layout.status["turn"][0]
    layout.tens_led = layout.status["tens"][0]
    layout.units_led = layout.status["units"][0]
    layout.tally_led = layout.status["tally"][0]
    layout.save_led = layout.status["save"][0]
    layout.error_led = layout.status["error"][0]
    taken = bytearray(layout.length)  # one byte per LED: far less RAM than a set of ints
    status = range(status_start, status_start + config.STATUS_LEDS)
    for group in (layout.track_leds, layout.start_holes, (layout.game_hole,), status):
        for led in group:
            if not 0 <= led < layout.length:
                return "LED %d is past the end of a %d-LED strip" % (led, layout.length)
            if taken[led]:
                return "two holes share one LED: check ROW_START and the extra LEDs"
            taken[led] = 1
    for led in range(layout.length):
        if not taken[led]:
            # An LED with no place would put every hole after it one place off on the wood.
            return "LED %d has no place on the board: STRIP_LENGTH is %d, the board uses %d" % (
                led,
                layout.length,
                sum(taken),
            )
    if config.STATUS_LEDS < 26:
        return "the status area needs 26 LEDs"
    return None


def _hole(row_start, reversed_rows, row, column):
    start = row_start[row]
    return start - column if reversed_rows[row] else start + column
