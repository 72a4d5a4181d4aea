# Where every hole's LED sits on the strip, from the numbers in config.py. Built once at
# boot into a flat table, so the renderer does one lookup per peg. The tables are arrays of
# 16-bit numbers: a third of the RAM tuples of ints would take on the board.
from array import array

import rarely
from micropython import const

TRACK_HOLES = const(60)  # up one row and back down the next


class LayoutError(ValueError):
    pass


class Layout:
    # What board.layout_build sets (annotations only: MicroPython keeps nothing of them).
    tracks: int
    length: int  # LEDs the game numbers (the hand-wired chain)
    wire_length: int  # LEDs on the wire: the strip's, or the panel's 256
    wire_order: array  # on a panel, [the game's LED] -> its first byte on the wire; else None
    track_leds: array  # [side * 60 + hole] -> LED; hole 0 holds the first point
    start_holes: tuple
    peg_leds: tuple  # [side][points 0..120] -> LED
    game_hole: int
    status: dict  # status part name -> (first LED, count)
    mode_led: int
    dealer_led: int
    turn_led: int
    tens_led: int
    units_led: int
    tally_led: int
    save_led: int
    error_led: int

    def __init__(self, config):
        # The tables are built (and config.py checked) once, at boot: that code is loaded
        # for it and dropped after, as it would otherwise sit in RAM beside every key.
        problem = rarely.run("board.layout_build", "build", self, config, TRACK_HOLES)
        if problem:
            raise LayoutError(problem)

    def peg_led(self, side, points, target):
        """The LED of a peg at `points` for `side`: start hole at 0, game hole at the target."""
        if points >= target:
            return self.game_hole
        return self.peg_leds[side][max(points, 0)]

    def status_leds(self, name):
        """(first LED, count) of a named part of the status area."""
        return self.status[name]
