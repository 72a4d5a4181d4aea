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

if sys.implementation.name == "cpython":
    import gc

    # The firmware collects at the idle moment after a key and at a mode switch, for the
    # board's small heap. Run on a laptop, inside a process that holds a test runner or a
    # browser driver, each full collection walks every object of that process: 30 ms to
    # 200 ms a key, most of a long test's time. There the firmware's collections are the
    # youngest generation's only (the objects its keys made); nothing on the host depends on
    # more, and everyone else's gc.collect() is left whole.
    _full_collect = gc.collect

    def _collect(generation=2):
        if sys._getframe(1).f_code.co_filename.startswith(FIRMWARE):
            generation = 0
        return _full_collect(generation)

    if gc.collect is _full_collect:
        gc.collect = _collect
    # The firmware loads rarely used modules for a call and drops them after (rarely.py): on
    # a laptop each load compiled the source again where bytecode writing is off (it is in
    # CI's environment). Their bytecode is kept in build/pycache, outside the source tree.
    sys.pycache_prefix = os.path.join(ROOT, "build", "pycache")
    sys.dont_write_bytecode = False
