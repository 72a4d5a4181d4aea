# What the LEDs show on top of the game: an error flash, a points preview, a show counted
# out item by item, a celebration, the warning that saving failed. Set by the UI, read by
# the views; times in milliseconds.
from clock import ticks_add, ticks_diff
from micropython import const

ERROR_FLASH_MS = const(900)
CELEBRATION_MS = const(3000)
FRAME_MS = const(60)
COUNT_STEP_MS = const(450)  # each item of a show: "fifteen 2, fifteen 4, a pair is 6 ..."
ECHO_MS = const(1200)  # a rank or suit keyed stays on the count LEDs this long
SPELL_MS = const(1200)  # each digit spelled (a pairing code, the address): shown, then a short gap
SPELL_GAP_MS = const(300)

NONE = const(0)
WIN = const(1)
HAND_29 = const(2)


class Overlay:
    def __init__(self):
        self.error_until = 0
        self.effect = NONE
        self.effect_until = 0
        self.effect_side = 0
        self.preview_side = -1
        self.preview_points = 0
        self.save_failed = False
        self.count_side = -1  # a show being counted out on the side's track
        self.count_from = 0  # the side's score before the show
        self.count_totals = ()  # the running total after each item
        self.count_start = 0
        self.question = 0  # which question the UI asks now (ui.questions), 0 for none
        self.prompt = 0  # the sign of what the board waits for (board.signs), 0 for none
        self.echo = 0  # a rank (1-13) or suit (1-4) just keyed, shown on the count LEDs ...
        self.echo_until = 0  # ... until then (0: not shown)
        self.spelled = b""  # digits shown one after another on the count LEDs
        self.spell_start = 0
        self.now = 0

    def flash_error(self, now):
        self.error_until = ticks_add(now, ERROR_FLASH_MS) or 1  # 0 means no flash

    def celebrate(self, effect, side, now):
        self.effect = effect
        self.effect_side = side
        self.effect_until = ticks_add(now, CELEBRATION_MS)

    def show_number(self, value, now):
        """Echoes what a key was understood as: a rank (1 ace ... 13 king) or a suit."""
        self.echo = value
        self.echo_until = ticks_add(now, ECHO_MS) or 1

    def spell(self, digits, now):
        """Shows digits (bytes of 0-9) one at a time on the count LEDs: 1-9 as units, 0 as
        one ten, as the keypad's 0 key means ten."""
        self.spelled = digits
        self.spell_start = now

    def line(self):
        """What the count LEDs show over the game: 16 + the number echoed or the digit
        spelled, the prompt sign, or 0 for nothing."""
        if self.spelled:
            step = ticks_diff(self.now, self.spell_start)
            if 0 <= step < len(self.spelled) * SPELL_MS:
                if step % SPELL_MS >= SPELL_MS - SPELL_GAP_MS:
                    return 0  # dark between two digits, so 4 4 reads as two fours
                return 16 + (self.spelled[step // SPELL_MS] or 10)
        if self.echo_until and ticks_diff(self.echo_until, self.now) > 0:
            return 16 + self.echo
        return self.prompt

    def count_out(self, side, score_before, totals, now):
        """Steps a marker along the side's track through the show's running totals."""
        self.count_side = side
        self.count_from = score_before
        self.count_totals = tuple(totals)
        self.count_start = now

    def counting(self):
        """The item being counted out now, or -1."""
        if self.count_side < 0:
            return -1
        step = ticks_diff(self.now, self.count_start) // COUNT_STEP_MS
        return step if 0 <= step < len(self.count_totals) else -1

    def error_lit(self):
        # On for 150 ms, off for 150 ms, while the flash lasts.
        left = ticks_diff(self.error_until, self.now)
        return left > 0 and left // 150 % 2 == 0

    def frame(self):
        """The celebration's frame number, or -1 when none is running."""
        left = ticks_diff(self.effect_until, self.now)
        if self.effect == NONE or left <= 0:
            return -1
        return left // FRAME_MS

    def expire(self):
        """Ends what has run its time, so that frame.draw can find the overlay quiet again."""
        if self.error_until and ticks_diff(self.error_until, self.now) <= 0:
            self.error_until = 0
        if self.effect != NONE and ticks_diff(self.effect_until, self.now) <= 0:
            self.effect = NONE
        if self.echo_until and ticks_diff(self.echo_until, self.now) <= 0:
            self.echo_until = 0
        if self.spelled:
            step = ticks_diff(self.now, self.spell_start)
            if not 0 <= step < len(self.spelled) * SPELL_MS:
                self.spelled = b""
        if self.count_side >= 0 and self.counting() < 0:
            if ticks_diff(self.now, self.count_start) > 0:
                self.count_side = -1

    def animating(self):
        self.expire()
        if self.preview_side >= 0 and self.preview_points > 0:
            return True  # the preview peg blinks
        if self.counting() >= 0 or self.echo_until or self.spelled:
            return True
        return ticks_diff(self.error_until, self.now) > 0 or self.frame() >= 0
