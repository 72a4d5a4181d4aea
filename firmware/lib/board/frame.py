# What every view shares: the overlay (a blinking preview peg, celebrations, the error
# flash, the saving warning) drawn after the view's own LEDs, and the rule that a frame is
# drawn again only when the state or the overlay changed.
from board import render as rd
from board import signs
from board.overlay import WIN

UNITS = 9
_WHITE_FULL = rd.WHITE * 3 + rd.FULL
_ERROR_FULL = rd.ERROR * 3 + rd.FULL
_ERROR_DIM = rd.ERROR * 3 + rd.DIM


def draw(renderer, layout, state, overlay, version, draw_base, mode_colour, match=None):
    """Draws a frame: draw_base(renderer, layout, state, mode_colour) for the state, again
    only when `version` (History.version) changed, then the overlay. False when the frame
    would be the one already drawn. `match` is the cribbage match, for the preview peg."""
    # Nothing on top of the game? Attribute tests, not a method call: every repaint runs this.
    quiet = (
        not overlay.error_until
        and overlay.effect == 0
        and overlay.count_side < 0
        and overlay.preview_side < 0
        and not overlay.save_failed
        and overlay.prompt == 0
        and not overlay.echo_until
        and not overlay.spelled
    )
    signature = 0
    if not quiet:  # what the overlay shows now, worked out once for the two calls below
        # Each call only when its part of the overlay is on: what it returns otherwise is
        # known (a call is a good part of a repaint's time on the board).
        frame = overlay.frame() if overlay.effect else -1
        lit = overlay.error_lit() if overlay.error_until else False
        step = overlay.counting() if overlay.count_side >= 0 else -1
        line = overlay.line() if overlay.spelled or overlay.echo_until else overlay.prompt
        # A number that changes whenever what the overlay lights changes, kept under 2**30
        # (a larger int would allocate on the board): 6 bits of celebration frame, error,
        # saving, 2 bits of points-entry side, 7 of points keyed, 6 of count-out step, 5 of
        # what the count LEDs show (board.signs or a number echoed), preview blink. Here,
        # not a function: every frame with an overlay works it out.
        signature = (frame + 1) & 63 | (step + 1) << 17 | line << 23
        if lit:
            signature |= 1 << 6
        if overlay.save_failed:
            signature |= 1 << 7
        side = overlay.preview_side
        if side >= 0:
            points = overlay.preview_points
            signature |= (side + 1) << 8 | (points & 127) << 10
            if points > 0 and overlay.now // 250 % 2 == 0:
                signature |= 1 << 28
    if version == renderer.base_version:
        if signature == renderer.signature:
            return False
        n = renderer.base_count
    else:
        n = draw_base(renderer, layout, state, mode_colour)
        renderer.base_count = n
        renderer.base_spans = renderer.span_count
        renderer.base_version = version
    renderer.span_count = renderer.base_spans  # the overlay may hide the count for a frame
    renderer.signature = signature
    if not quiet:
        n = draw_overlay(renderer, layout, match, overlay, n, frame, lit, step, line)
    renderer.count = n
    return True


def draw_overlay(renderer, layout, match, overlay, n, frame, flashing, step, line):
    """The preview peg, a celebration, the error flash and the saving warning (the rest
    as the signature in draw)."""
    leds = renderer.leds
    entries = renderer.entries
    side = overlay.preview_side
    if match is not None and match.phase is not None and side >= 0 and overlay.preview_points > 0:
        if overlay.now // 250 % 2 == 0:  # blinks until confirmed
            ahead = match.front[side] + overlay.preview_points
            target = match.target
            leds[n] = layout.peg_leds[side][ahead] if ahead < target else layout.game_hole
            entries[n] = _WHITE_FULL
            n += 1
    # A number the overlay shows goes in the span after the view's own, which it covers: the
    # view's spans stay as they were for the frames after it. The count LEDs flash with an
    # error, so it is seen from across the table: nothing else is drawn on them meanwhile.
    if flashing:
        renderer.show_number(renderer.span_count, layout.tens_led, _ERROR_DIM, 39)
    elif match is not None and side >= 0:
        # Points being keyed: their digits on the count LEDs in the side's colour.
        if overlay.preview_points > 0:
            points = overlay.preview_points
            renderer.show_number(renderer.span_count, layout.tens_led, side * 3 + rd.FULL, points)
        else:
            renderer.span_count = 0
            leds[n] = layout.units_led + signs.POINTS - 1
            entries[n] = side * 3 + rd.FULL
            n += 1
    elif line >= 16:  # a rank or suit just keyed, as a number
        renderer.show_number(renderer.span_count, layout.tens_led, _WHITE_FULL, line - 16)
    elif line > 0:  # what the board waits for
        leds[n] = layout.units_led + line - 1
        entries[n] = _WHITE_FULL
        n += 1
    if match is not None and match.phase is not None and step >= 0:
        # The show counted out: a white marker steps through each item's running total.
        side = overlay.count_side
        reached = overlay.count_from + overlay.count_totals[step]
        target = match.target
        leds[n] = layout.peg_leds[side][reached] if reached < target else layout.game_hole
        entries[n] = _WHITE_FULL
        n += 1
    if frame >= 0:
        n = _draw_celebration(renderer, layout, overlay, frame, n, flashing)
    if overlay.save_failed:
        leds[n] = layout.save_led
        entries[n] = _ERROR_FULL
        n += 1
    if flashing:
        leds[n] = layout.error_led
        entries[n] = _ERROR_FULL
        n += 1
    return n


def _draw_celebration(renderer, layout, overlay, frame, n, flashing):
    leds = renderer.leds
    entries = renderer.entries
    side = overlay.effect_side
    if overlay.effect == WIN:  # light chases round the winner's track
        holes = layout.peg_leds[side]
        for k in range(6):
            leds[n] = holes[1 + (frame * 3 + k * 10) % 60]
            entries[n] = _WHITE_FULL
            n += 1
    elif not flashing:  # a 29 hand: the units LEDs sparkle in the side's colour
        first = layout.units_led
        for i in range(UNITS):
            if (i + frame) % 3 == 0:
                leds[n] = first + i
                entries[n] = side * 3 + rd.FULL
                n += 1
    return n
