# Keys: raw samples in, one event per press out. Polled (not interrupts), as a bouncing
# contact fires an interrupt on every bounce. A key must read the same for DEBOUNCE_MS
# before its state changes; a press is reported on release (short) or once it has been
# held for LONG_PRESS_MS (long), never both.
from clock import ticks_diff
from micropython import const

KEY_NAMES = "123A456B789C*0#D"  # the 4x4 keypad, row by row
MAX_KEYS = const(16)


class Debouncer:
    def __init__(self, on_key, debounce_ms=30, long_ms=700, keys=MAX_KEYS):
        self.on_key = on_key  # called as on_key(key_index, is_long)
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.keys = keys
        self.stable = 0  # bit per key: debounced pressed state
        self.candidate = 0  # bit per key: the raw state waiting to become stable
        self.since = [0] * keys  # when each key's candidate state was first seen
        self.pressed_at = [0] * keys
        self.long_sent = 0  # bit per key

    def feed(self, raw, now):
        """raw: bit i set while key i reads pressed; now: milliseconds (ticks_ms)."""
        changed = (raw ^ self.stable) | (raw ^ self.candidate)
        if not changed and not self.stable:
            return
        for key in range(self.keys):
            bit = 1 << key
            if (raw ^ self.candidate) & bit:
                self.candidate ^= bit
                self.since[key] = now
            if (self.candidate ^ self.stable) & bit:
                if ticks_diff(now, self.since[key]) >= self.debounce_ms:
                    self.stable ^= bit
                    if self.stable & bit:
                        self.pressed_at[key] = now
                        self.long_sent &= ~bit
                    elif not self.long_sent & bit:
                        self.on_key(key, False)
            elif self.stable & bit and not self.long_sent & bit:
                if ticks_diff(now, self.pressed_at[key]) >= self.long_ms:
                    self.long_sent |= bit
                    self.on_key(key, True)


class KeypadScanner:
    """A matrix keypad: rows pulled low one at a time (open-drain pins, let go otherwise),
    columns read with pull-ups."""

    def __init__(self, row_pins, col_pins):
        self.rows = row_pins
        self.cols = col_pins
        for pin in self.rows:
            pin.value(1)

    def read(self):
        raw = 0
        width = len(self.cols)
        for r in range(len(self.rows)):
            self.rows[r].value(0)
            for c in range(width):
                if not self.cols[c].value():
                    raw |= 1 << (r * width + c)
            self.rows[r].value(1)
        return raw


class ButtonReader:
    """Discrete buttons to ground with pull-ups; button i is key KEY_INDEX[i]."""

    def __init__(self, pins, key_indexes):
        self.pins = pins
        self.key_indexes = key_indexes

    def read(self):
        raw = 0
        for i in range(len(self.pins)):
            if not self.pins[i].value():
                raw |= 1 << self.key_indexes[i]
        return raw
