# Where every hole's LED sits on the strip, from the numbers in config.py. Built once at
# boot into a flat table, so the renderer does one lookup per peg. The tables are arrays of
# 16-bit numbers: a third of the RAM tuples of ints would take on the board.
from array import array

from micropython import const

TRACK_HOLES = const(60)  # up one row and back down the next
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


class LayoutError(ValueError):
    pass


class Layout:
    def __init__(self, config):
        rows = config.ROWS
        per_row = config.HOLES_PER_ROW
        self.tracks = config.TRACKS
        self.length = config.STRIP_LENGTH
        if per_row * 2 != TRACK_HOLES:
            raise LayoutError("a track is 60 holes: HOLES_PER_ROW must be 30")
        if rows != self.tracks * 2:
            raise LayoutError(
                "%d tracks need %d rows, ROWS is %d" % (self.tracks, self.tracks * 2, rows)
            )
        if len(config.ROW_START) < rows or len(config.ROW_REVERSED) < rows:
            raise LayoutError("ROW_START and ROW_REVERSED need a value for each of %d rows" % rows)
        # track_leds[side * 60 + hole] -> LED index; hole 0 holds the first point.
        leds = []
        for side in range(self.tracks):
            outer = (0, 3, 4)[side]
            inner = (1, 2, 5)[side]
            for hole in range(TRACK_HOLES):
                if hole < per_row:
                    leds.append(self._hole(config, outer, hole))
                else:
                    leds.append(self._hole(config, inner, TRACK_HOLES - 1 - hole))
        self.track_leds = array("H", leds)
        self.start_holes = tuple(config.START_HOLES[: self.tracks])
        # peg_leds[side][points] for points 0..120: the start hole, then round the track twice.
        pegs = []
        for side in range(self.tracks):
            holes = array("H", range(121))  # filled in place: no list of 121 ints on the way
            holes[0] = self.start_holes[side]
            for points in range(1, 121):
                holes[points] = leds[side * TRACK_HOLES + (points - 1) % TRACK_HOLES]
            pegs.append(holes)
        self.peg_leds = tuple(pegs)
        self.game_hole = config.GAME_HOLE
        self.status = {}
        for name, offset, count in _STATUS_NAMES:
            self.status[name] = (config.STATUS_START + offset, count)
        # The first LED of each status part as a plain attribute, for the renderer's hot path.
        self.mode_led = self.status["mode"][0]
        self.dealer_led = self.status["dealer"][0]
        self.turn_led = self.status["turn"][0]
        self.tens_led = self.status["tens"][0]
        self.units_led = self.status["units"][0]
        self.tally_led = self.status["tally"][0]
        self.save_led = self.status["save"][0]
        self.error_led = self.status["error"][0]
        taken = bytearray(self.length)  # one byte per LED: far less RAM than a set of ints
        status = range(config.STATUS_START, config.STATUS_START + config.STATUS_LEDS)
        for group in (self.track_leds, self.start_holes, (self.game_hole,), status):
            for led in group:
                if not 0 <= led < self.length:
                    raise LayoutError(
                        "LED %d is past the end of a %d-LED strip" % (led, self.length)
                    )
                if taken[led]:
                    raise LayoutError(
                        "two holes share one LED: check ROW_START and the extra LEDs"
                    )
                taken[led] = 1
        if config.STATUS_LEDS < 26:
            raise LayoutError("the status area needs 26 LEDs")

    def _hole(self, config, row, column):
        start = config.ROW_START[row]
        return start - column if config.ROW_REVERSED[row] else start + column

    def peg_led(self, side, points, target):
        """The LED of a peg at `points` for `side`: start hole at 0, game hole at the target."""
        if points >= target:
            return self.game_hole
        return self.peg_leds[side][max(points, 0)]

    def status_leds(self, name):
        """(first LED, count) of a named part of the status area."""
        return self.status[name]
