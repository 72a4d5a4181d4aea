# MicroPython's errno under its u-name, on CPython.
from errno import *  # noqa: F403
