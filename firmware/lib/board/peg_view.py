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
from cribbage.game import GAME_OVER, MATCH_OVER, PLAY, SHOW
from micropython import const

MAX_TALLY = 5
# The renderer's levels and colours as local constants: MicroPython folds a const() only
# inside the module that defines it, and this module runs on every repaint.
_FULL = const(0)  # rd.FULL
_DIM = const(1)  # rd.DIM
_FAINT = const(2)  # rd.FAINT
_PALE_0 = const(9)  # rd.PALE_0
_COUNT = rd.WHITE * 3 + rd.DIM
_MARK_FULL = rd.MARK * 3 + rd.FULL


def draw(renderer, layout, match, overlay, version, mode_colour=rd.MODE_CRIBBAGE):
    """The cribbage frame (see frame.draw)."""
    return frame.draw(renderer, layout, match, overlay, version, draw_base, mode_colour, match)


def draw_background(renderer, layout, match, mode_colour):
    # Drawn at a deal's start, on the key that ends the last one: the arrays written
    # directly, as in draw_base, not a light() call per LED.
    renderer.begin_background()
    leds = renderer.leds
    entries = renderer.entries
    leds[0] = layout.mode_led
    entries[0] = mode_colour * 3 + _DIM
    n = 1
    if match.phase is not None:
        target = match.target
        partners = match.players == 4
        for side in range(min(2 if partners else match.players, layout.tracks)):
            for line in (match.skunk, match.double_skunk):
                if 0 < line < target:
                    leds[n] = layout.peg_leds[side][line]
                    entries[n] = _MARK_FULL
                    n += 1
        dealer_side = match.dealer % 2 if partners else match.dealer
        leds[n] = layout.dealer_led + dealer_side
        entries[n] = dealer_side * 3 + _DIM
        n += 1
        results = match.results
        start = len(results) - MAX_TALLY if len(results) > MAX_TALLY else 0
        first = layout.tally_led - start
        for i in range(start, len(results)):
            leds[n] = first + i
            entries[n] = results[i] * 3 + _DIM
            n += 1
    renderer.count = n
    renderer.end_background()


def draw_base(renderer, layout, match, mode_colour=rd.MODE_CRIBBAGE):
    """Everything the match itself shows; returns how many LEDs it lit."""
    renderer.span_count = 0
    leds = renderer.leds
    entries = renderer.entries
    phase = match.phase
    # What stays for a whole match (the mode LED, the skunk lines) or a deal (the dealer, the
    # games won) is the background: drawn into the renderer's blank frame when it changes,
    # then copied with it on every repaint.
    key = match.settings_id * 16 + mode_colour
    # A match's results list only grows, and a restored match has new lists: the list and
    # its length tell the tally without reading it.
    results = None
    status = -1
    if phase is not None:
        results = match.results
        status = len(results) * 4 + match.dealer
    if (
        key != renderer.background_key
        or status != renderer.background_status
        or results is not renderer.background_source
    ):
        draw_background(renderer, layout, match, mode_colour)
        renderer.background_key = key
        renderer.background_status = status
        renderer.background_source = results
    n = 0
    if phase is None:
        return n
    target = match.target
    front_pegs = match.front
    rear_pegs = match.rear
    sides = match.players
    if sides == 4:  # seats 0 and 2 are side 0, seats 1 and 3 side 1
        sides = 2
    if sides > layout.tracks:  # min() would be a call on every repaint
        sides = layout.tracks
    for side in range(sides):
        holes = layout.peg_leds[side]
        front = front_pegs[side]
        rear = rear_pegs[side]
        colour = side
        if 60 < front < target:
            colour = _PALE_0 + side  # pale on the second lap ...
            leds[n] = holes[0]  # ... and the start hole glows
            entries[n] = side * 3 + _FAINT
            n += 1
        if rear != front or front == 0:
            leds[n] = holes[rear]
            entries[n] = (_PALE_0 + side if 60 < rear < target else side) * 3 + _DIM
            n += 1
        leds[n] = holes[front] if front < target else layout.game_hole
        entries[n] = colour * 3 + _FULL
        n += 1
    if phase == GAME_OVER or phase == MATCH_OVER:
        leds[n] = layout.game_hole
        entries[n] = match.results[-1] * 3 + _FULL
        n += 1
    if phase == SHOW:
        # Whose hand (or crib: the dealer's side) the show waits for.
        seat = match.show_seat()
        shown = match.side_of(match.dealer if seat < 0 else seat)
        leds[n] = layout.turn_led + shown
        entries[n] = shown * 3 + _FULL
        n += 1
    play = match.play
    if phase == PLAY and not play.finished:
        turn_side = play.turn % 2 if match.players == 4 else play.turn
        leds[n] = layout.turn_led + turn_side
        entries[n] = turn_side * 3 + _FULL
        n += 1
        # The running count, one LED per ten then one per unit, as one span of bytes.
        renderer.show_number(0, layout.tens_led, _COUNT, play.count)
    return n
