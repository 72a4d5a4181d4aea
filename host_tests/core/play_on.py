# The board after a power cut in the middle of a deal (tools/bench/bench_evening.py copies its
# files): it boots from them and plays on, 26 undos and redos back past the deal's
# checkpoints; each stage of the boot and each key with its repaint a step of its own, for
# tools/bench/micropython32.mjs to measure the heap in the chip's bytes:
#
#   node tools/bench/micropython32.mjs --heap 57344 --tree build/board=/b/board \
#        --tree build/harness=/b/harness --tree COPY=/b/data --cwd /b/board \
#        --path lib:../harness -m play_on /b/data
import fakes

fakes.install()

import config  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from storage.store import FileStore  # noqa: E402

KEYS = 26  # "*": an undo; held, every third: a redo


def _quiet(line):
    pass


def booting(folder):
    """The board after a power cut, booted from the files in `folder` in steps (the app made,
    each stage of its boot, its first repaint); returns the app."""
    app = App(config, Hardware(config), FileStore(folder), say=_quiet)
    yield
    yield from app.booting(0)
    app.paint(0)
    yield
    return app


def steps(argv):
    app = yield from booting(argv[-1])
    for index in range(KEYS):
        yield from app.pressing("*", index % 3 == 2)
        app.paint(30 * (index + 1))
        yield
    print("played on:", app.history.state.phase)
