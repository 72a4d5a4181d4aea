# Puts the fake `machine` and `neopixel` in place of the board's, on CPython and on the
# MicroPython unix port alike (there a built-in `machine` exists, so sys.modules is used).
import sys

import fake_machine
import fake_neopixel


def install():
    sys.modules["machine"] = fake_machine
    sys.modules["neopixel"] = fake_neopixel
