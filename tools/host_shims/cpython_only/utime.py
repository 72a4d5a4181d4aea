# MicroPython's time under its u-name, on CPython: the millisecond ticks umqtt counts with.
import time as _time

from clock import ticks_add, ticks_diff  # noqa: F401  (the board's wrapping arithmetic)

_START = _time.monotonic()


def ticks_ms():
    return int((_time.monotonic() - _START) * 1000) & 0x3FFFFFFF


def sleep_ms(ms):
    _time.sleep(ms / 1000)
