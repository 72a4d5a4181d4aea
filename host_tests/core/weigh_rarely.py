# What the code the board loads only when it needs it would keep in RAM if it were imported
# for good (docs/ARCHITECTURE.md, RAM rules): the board booted into cribbage, then each such
# module imported on its own, weighed and dropped, each a step of its own, for
# tools/bench/micropython32.mjs to measure in the chip's bytes (tools/bench/bench_ram.py runs it).
import gc
import sys

from play_on import booting
from rarely import unload

# Loaded through rarely.run (and the like) and dropped after; wifi is dropped for good on a
# board that can never serve the page; the profile's module once config.py has its names.
RARELY = (
    "modes", "storage.recall", "storage.redo_stack", "ui.resume", "board.colours",
    "board.layout_build", "cribbage.show_points",
    "cribbage.show_items", "cribbage.tally", "ui.crib_match", "ui.crib_taps", "ui.crib_words",
    "net.wifi", "profiles.esp32s3",
)  # fmt: skip


def steps(argv):
    app = yield from booting(argv[-1])  # kept: each module is weighed beside the game
    for name in RARELY:
        loaded = set(sys.modules)
        before = gc.mem_alloc()
        __import__(name)
        yield
        added = [module for module in sys.modules if module not in loaded]
        print("weighs", name, gc.mem_alloc() - before, " ".join(added))
        unload(added)
        yield
    print("weighed beside", app.MODE_NAMES[app.mode])
