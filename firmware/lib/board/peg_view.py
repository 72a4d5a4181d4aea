# The cribbage board on the LEDs: two pegs per side, the skunk lines, the game hole, and the
# status area (mode, dealer, turn, running count, match tally, saving, errors).
#
# This runs on every repaint, so it writes the renderer's arrays itself (leds[n] = LED,
# entries[n] = colour * 3 + level) instead of calling a method per LED, reads the pegs'
# LEDs from the layout's tables, and builds nothing on the heap. The part drawn from the
# match stays in the arrays until the match changes; animation frames redraw only the
# overlay after it, and a frame identical to the last is not drawn at all.
from board import frame
from board import render as rd
from cribbage.game import GAME_OVER, MATCH_OVER, PLAY
from micropython import const

MAX_TALLY = 5
# The renderer's levels and colours as local constants: MicroPython folds a const() only
# inside the module that defines it, and this module runs on every repaint.
_FULL = const(0)  # rd.FULL
_DIM = const(1)  # rd.DIM
_FAINT = const(2)  # rd.FAINT
_PALE_0 = const(9)  # rd.PALE_0
_MARK = rd.MARK * 3 + rd.FULL
_COUNT = rd.WHITE * 3 + rd.DIM


def draw_count(renderer, layout, count, n):
    """A number up to 39: one LED per ten, then one per unit; returns the new count."""
    leds = renderer.leds
    entries = renderer.entries
    first = layout.tens_led
    for i in range(count // 10):
        leds[n] = first + i
        entries[n] = _COUNT
        n += 1
    first = layout.units_led
    for i in range(count % 10):
        leds[n] = first + i
        entries[n] = _COUNT
        n += 1
    return n


def draw(renderer, layout, match, overlay, version, mode_colour=rd.MODE_CRIBBAGE):
    """The cribbage frame (see frame.draw)."""
    return frame.draw(renderer, layout, match, overlay, version, draw_base, mode_colour, match)


def draw_base(renderer, layout, match, mode_colour=rd.MODE_CRIBBAGE):
    """Everything the match itself shows; returns how many LEDs it lit."""
    leds = renderer.leds
    entries = renderer.entries
    leds[0] = layout.mode_led
    entries[0] = mode_colour * 3 + _DIM
    n = 1
    phase = match.phase
    if phase is None:
        return n
    target = match.target
    skunk = match.skunk if 0 < match.skunk < target else 0
    double = match.double_skunk if 0 < match.double_skunk < target else 0
    front_pegs = match.front
    rear_pegs = match.rear
    for side in range(min(match.sides(), layout.tracks)):
        holes = layout.peg_leds[side]
        if skunk:
            leds[n] = holes[skunk]
            entries[n] = _MARK
            n += 1
        if double:
            leds[n] = holes[double]
            entries[n] = _MARK
            n += 1
        front = front_pegs[side]
        rear = rear_pegs[side]
        if 60 < front < target:
            leds[n] = holes[0]  # the start hole glows while the side is on its second lap
            entries[n] = side * 3 + _FAINT
            n += 1
        if rear != front or front == 0:
            colour = _PALE_0 + side if 60 < rear < target else side
            leds[n] = holes[rear]
            entries[n] = colour * 3 + _DIM
            n += 1
        colour = _PALE_0 + side if 60 < front < target else side
        leds[n] = holes[front] if front < target else layout.game_hole
        entries[n] = colour * 3 + _FULL
        n += 1
    if phase == GAME_OVER or phase == MATCH_OVER:
        leds[n] = layout.game_hole
        entries[n] = match.results[-1] * 3 + _FULL
        n += 1
    dealer_side = match.side_of(match.dealer)
    leds[n] = layout.dealer_led + dealer_side
    entries[n] = dealer_side * 3 + _DIM
    n += 1
    play = match.play
    if phase == PLAY and not play.finished:
        turn_side = match.side_of(play.turn)
        leds[n] = layout.turn_led + turn_side
        entries[n] = turn_side * 3 + _FULL
        n += 1
        n = draw_count(renderer, layout, play.count, n)
    results = match.results
    start = len(results) - MAX_TALLY if len(results) > MAX_TALLY else 0
    first = layout.tally_led - start
    for i in range(start, len(results)):
        leds[n] = first + i
        entries[n] = results[i] * 3 + _DIM
        n += 1
    return n
