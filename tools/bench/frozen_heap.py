"""The heap a classic ESP32 needs with the firmware frozen into its image (docs/makers-guide.md,
"A custom image"), measured on a native 32-bit MicroPython built the same way.

  python tools/bench/frozen_heap.py MICROPYTHON     print the figures (docs/benchmarks.md has them)

MICROPYTHON is a 32-bit unix port of MicroPython built from its source with the firmware's
own manifest, as a maker builds the ESP32 image (the unix port stands in for the chip: the
same object sizes, the same frozen code in read-only memory):

  git clone https://github.com/micropython/micropython && cd micropython
  make -C mpy-cross
  mkdir -p ports/unix/boards && touch lib/micropython-lib/README.md
  echo 'include("$(MPY_DIR)/extmod/asyncio")' > ports/unix/boards/manifest.py
  make -C ports/unix BUILD=build-32 CFLAGS_EXTRA=-m32 LDFLAGS_EXTRA=-m32 \\
      MICROPY_PY_BTREE=0 MICROPY_PY_SSL=0 MICROPY_PY_FFI=0 MICROPY_USE_READLINE=0 \\
      FROZEN_MANIFEST=/path/to/this/repository/firmware/manifest.py \\
      MICRODOT_DIR=/path/to/this/repository/.venv/lib/python3.X/site-packages \\
      BOARD_LIBS_DIR=/path/to/this/repository/build/board-libs

(`gcc-multilib` for -m32; the manifest's include of the port's own modules is the unix
port's asyncio here, as it is the ESP32 port's on the board). The test command cannot build
it (MicroPython's source is in no registry it installs from), so its figures are dated.
"""

import os
import subprocess
import sys
import tempfile

from where import ROOT

# The same steps as tools/bench/bench_web.py and tools/bench/bench_club.py measure on the .mpy
# build: a game booted in cribbage, the page's server beside it, the club link beside both, and the
# requests the page's server reads at once at their limits.
BODY = """
import gc, sys
sys.path[:0] = ['ROOT/host_tests/core', 'ROOT/tools/host_shims']
sys.path.append('ROOT/firmware')  # config.py stays a file on the board; the rest is frozen
class _Lock:
    def __enter__(self): return self
    def __exit__(self, *a): return False
class _Thread:
    allocate_lock = _Lock
sys.modules['_thread'] = _Thread
import fakes
fakes.install()
import app, config, hardware, memstore
gc.collect()
empty = gc.mem_alloc()
store = memstore.MemoryStore()
board = app.App(config, hardware.Hardware(config), store, say=lambda line: None)
board.boot(0)
board.paint(0)
gc.collect()
game = gc.mem_alloc() - empty
from net import web, web_routes, wifi
server = web_routes.make_server(web.Board(board, 'page'))
gc.collect()
page = gc.mem_alloc() - empty - game
from net import club_link
from umqtt.simple2 import MQTTClient
link = club_link.ClubLink(store, 'oakclub', 'table-07', '192.168.1.10', 1883, print)
client = MQTTClient(b'cribbage-oakclub-table-07', '192.168.1.10', 1883, keepalive=20)
link.pairing = [9, 'Annabelle Fairweather', 'Bartholomew Oakes']
link.watch(board)
gc.collect()
club = gc.mem_alloc() - empty - game - page
print('frozen', game, page, club, gc.mem_alloc() + gc.mem_free())
"""


def main(argv):
    if len(argv) != 1 or not os.path.isfile(argv[0]):
        print(__doc__)
        return 2
    # Run from an empty folder: the repository's hardware/ would pass for a package there.
    with tempfile.TemporaryDirectory() as empty:
        done = subprocess.run(
            [os.path.abspath(argv[0]), "-X", "heapsize=4M", "-c", BODY.replace("ROOT", ROOT)],
            cwd=empty,
            capture_output=True,
            text=True,
        )
    if done.returncode or "frozen" not in done.stdout:
        print(done.stdout[-800:] + done.stderr[-800:])
        return 1
    game, page, club, _ = (int(word) for word in done.stdout.split()[-4:])
    print("the firmware frozen in, 32-bit (a native unix port built from the manifest):")
    print("  the game booted in cribbage: %d bytes" % game)
    print("  the page's server beside it: %d more (%d in all)" % (page, game + page))
    print("  the club link beside both: %d more (%d in all)" % (club, game + page + club))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
