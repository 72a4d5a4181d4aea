# Lets every tool import the firmware's own modules, and the host stand-ins for the board's
# built-in modules, without installing anything.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
FIRMWARE_LIB = os.path.join(FIRMWARE, "lib")
HOST_SHIMS = os.path.join(ROOT, "tools", "host_shims")

for _path in (HOST_SHIMS, FIRMWARE, FIRMWARE_LIB):
    if _path not in sys.path:
        sys.path.insert(0, _path)
