# Lets every tool import the firmware's own modules, and the host stand-ins for the board's
# built-in modules, without installing anything.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
FIRMWARE_LIB = os.path.join(FIRMWARE, "lib")
HOST_SHIMS = os.path.join(ROOT, "tools", "host_shims")
# The board's u-named modules umqtt imports (usocket, uselect, ...): MicroPython has them
# built in, CPython gets them from here.
CPYTHON_SHIMS = os.path.join(HOST_SHIMS, "cpython_only")
# The board's libraries downloaded from PyPI (tools/board_libs.py): umqtt.
BOARD_LIBS = os.path.join(ROOT, "build", "board-libs")

_folders = [BOARD_LIBS, HOST_SHIMS, FIRMWARE, FIRMWARE_LIB]
if sys.implementation.name == "cpython":
    _folders.insert(1, CPYTHON_SHIMS)
for _path in _folders:
    if _path not in sys.path:
        sys.path.insert(0, _path)
