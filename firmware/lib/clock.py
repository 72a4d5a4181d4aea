# Millisecond ticks that wrap, as MicroPython's time.ticks_ms() does every 2**30 ms (about
# 12 days): a board left on for weeks must compare times with ticks_diff, never with "-".
from micropython import const

PERIOD = const(0x40000000)
_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def ticks_add(ticks, delta):
    return (ticks + delta) & _MASK


def ticks_diff(later, earlier):
    """Signed milliseconds from earlier to later, right across a wrap."""
    return ((later - earlier + _HALF) & _MASK) - _HALF
