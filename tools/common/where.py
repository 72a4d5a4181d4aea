"""Where the project's folders are, for the laptop's programs that read or build them. The
imports themselves need no path edited: the editable install (pyproject.toml) puts every
folder of tools/ and the firmware's own on the interpreter's path."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
FIRMWARE_LIB = os.path.join(FIRMWARE, "lib")
HOST_SHIMS = os.path.join(ROOT, "tools", "host_shims")
# The board's u-named modules umqtt imports (usocket, uselect, ...): MicroPython has them
# built in, CPython gets them from here.
CPYTHON_SHIMS = os.path.join(HOST_SHIMS, "cpython_only")
# The board's libraries downloaded from PyPI (tools/maker/board_libs.py): umqtt.
BOARD_LIBS = os.path.join(ROOT, "build", "board-libs")
