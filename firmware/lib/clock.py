# Millisecond ticks that wrap, as MicroPython's time.ticks_ms() does every 2**30 ms (about
# 12 days): a board left on for weeks must compare times with ticks_diff, never with "-".
from micropython import const

PERIOD = const(0x40000000)
_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def _ticks_add(ticks, delta):
    return (ticks + delta) & _MASK


def _ticks_diff(later, earlier):
    """Signed milliseconds from earlier to later, right across a wrap."""
    return ((later - earlier + _HALF) & _MASK) - _HALF


ticks_add = _ticks_add
ticks_diff = _ticks_diff
try:
    import time

    # MicroPython's own, in C: a few times cheaper than the lines above, and called several
    # times on every repaint. Taken only where they wrap as the board's do (a 32-bit build:
    # a 64-bit one wraps at 2**62, and the tests' clocks at 2**30).
    if time.ticks_diff(0, _MASK) == 1:
        ticks_add = time.ticks_add
        ticks_diff = time.ticks_diff
except (ImportError, AttributeError):  # CPython's time has neither
    pass
