# A MicroPython image with the firmware frozen in: its code then runs from flash and takes
# no heap (the game booted in cribbage 17 KB, not 80: tools/bench/frozen_heap.py measures it;
# docs/makers-guide.md, "A custom image"). Built by MicroPython's own tools, from a
# checkout of its source:
#
#   make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=/path/to/firmware/manifest.py
#
# With MICRODOT_DIR set to the folder holding the microdot package that tools/run installed
# (.venv/lib/python3.X/site-packages), the pinned microdot is frozen too; without it the
# image has no web page. With BOARD_LIBS_DIR set to build/board-libs (tools/maker/board_libs.py
# downloads it), umqtt is frozen too, for a club night. config.py and main.py stay files on
# the board: a builder edits them.
# host_tests/test_manifest.py checks that every module under lib/ is frozen exactly once.
import os

include("$(PORT_DIR)/boards/manifest.py")  # the port's own frozen modules (asyncio among them)

for name in ("board", "cribbage", "net", "profiles", "shedding", "storage", "ui"):
    package(name, base_path="lib")
for name in (
    "app.py", "board_report.py", "boardmain.py", "cards.py", "clock.py", "hardware.py",
    "keypad.py", "modes.py", "packing.py", "rarely.py",
):  # fmt: skip
    module(name, base_path="lib")

if os.environ.get("MICRODOT_DIR"):
    # The modules the page's server uses (tools/maker/build_mpy.py's MICRODOT_MODULES).
    package(
        "microdot",
        files=("__init__.py", "microdot.py", "helpers.py"),
        base_path=os.environ["MICRODOT_DIR"],
    )

if os.environ.get("BOARD_LIBS_DIR"):
    # The club night's MQTT client (tools/maker/board_libs.py's BOARD_MODULES).
    package("umqtt", files=("__init__.py", "simple2.py"), base_path=os.environ["BOARD_LIBS_DIR"])
