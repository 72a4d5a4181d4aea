# The cribbage board on the LEDs: two pegs per side, the skunk lines, the game hole, and the
# status area (mode, dealer, turn, running count, match tally, saving, errors).
from board import render as rd
from board.overlay import WIN
from cribbage.game import GAME_OVER, MATCH_OVER, PLAY

MAX_TALLY = 5


def draw_status_common(renderer, layout, overlay, mode_colour):
    first, _ = layout.status_leds("mode")
    renderer.light(first, mode_colour, rd.DIM)
    if overlay.save_failed:
        first, _ = layout.status_leds("save")
        renderer.light(first, rd.ERROR, rd.FULL)
    if overlay.error_lit():
        first, count = layout.status_leds("error")
        renderer.light(first, rd.ERROR, rd.FULL)
        # The whole status line flashes too, so the error is seen from across the table.
        for name in ("tens", "units"):
            first, count = layout.status_leds(name)
            for i in range(count):
                renderer.light(first + i, rd.ERROR, rd.DIM)


def draw_count(renderer, layout, count):
    """The running count: one LED per ten, then one per unit."""
    first, _ = layout.status_leds("tens")
    for i in range(count // 10):
        renderer.light(first + i, rd.WHITE, rd.DIM)
    first, _ = layout.status_leds("units")
    for i in range(count % 10):
        renderer.light(first + i, rd.WHITE, rd.DIM)


def _peg_colour(side, points, target):
    return rd.PALE_0 + side if 60 < points < target else rd.SIDE_0 + side


def draw(renderer, layout, match, overlay):
    renderer.begin()
    if match.phase is None:
        draw_status_common(renderer, layout, overlay, rd.MODE_CRIBBAGE)
        return
    target = match.target
    sides = match.sides()
    frame = overlay.frame()
    for side in range(sides):
        for line in (match.skunk, match.double_skunk):
            if 0 < line < target:
                renderer.light(layout.peg_led(side, line, target), rd.MARK, rd.FULL)
    for side in range(sides):
        front = match.front[side]
        rear = match.rear[side]
        if 60 < front < target:
            renderer.light(layout.start_holes[side], side, rd.FAINT)  # second lap
        if rear != front or front == 0:
            renderer.light(
                layout.peg_led(side, rear, target), _peg_colour(side, rear, target), rd.DIM
            )
        renderer.light(
            layout.peg_led(side, front, target), _peg_colour(side, front, target), rd.FULL
        )
    if overlay.preview_side >= 0 and overlay.preview_points > 0:
        side = overlay.preview_side
        ahead = min(match.front[side] + overlay.preview_points, target)
        if overlay.now // 250 % 2 == 0:  # blinks until confirmed
            renderer.light(layout.peg_led(side, ahead, target), rd.WHITE, rd.FULL)
    if match.phase in (GAME_OVER, MATCH_OVER):
        winner = match.results[-1]
        renderer.light(layout.game_hole, winner, rd.FULL)
    if frame >= 0:
        _draw_celebration(renderer, layout, overlay, frame, target)
    # Status area.
    draw_status_common(renderer, layout, overlay, rd.MODE_CRIBBAGE)
    first, _ = layout.status_leds("dealer")
    dealer_side = match.side_of(match.dealer)
    renderer.light(first + dealer_side, dealer_side, rd.DIM)
    if match.phase == PLAY and not match.play.finished:
        first, _ = layout.status_leds("turn")
        turn_side = match.side_of(match.play.turn)
        renderer.light(first + turn_side, turn_side, rd.FULL)
        draw_count(renderer, layout, match.play.count)
    first, _ = layout.status_leds("tally")
    results = match.results
    start = len(results) - MAX_TALLY if len(results) > MAX_TALLY else 0
    for i in range(start, len(results)):
        renderer.light(first + i - start, results[i], rd.DIM)


def _draw_celebration(renderer, layout, overlay, frame, target):
    side = overlay.effect_side
    if overlay.effect == WIN:  # a win: light chases round the winner's track
        for k in range(6):
            hole = (frame * 3 + k * 10) % 60
            renderer.light(layout.track_leds[side * 60 + hole], rd.WHITE, rd.FULL)
    else:  # a 29 hand: the status line sparkles in the side's colour
        first, count = layout.status_leds("units")
        for i in range(count):
            if (i + frame) % 3 == 0:
                renderer.light(first + i, side, rd.FULL)
