# The board's side of a whole evening (host_tests/core/evening.py plays it): the app on a
# real file store, keys pressed through the fake keypad, restarts as after a power cut, and
# after every key one line: the key's number, the key, and a digest of the mode, the game's
# whole state and every LED.
#
# Run as a module it replays a recorded evening (the lines evening.py printed on CPython) on
# the board's own compiled modules, and prints its own lines for the test to compare; so the
# strict heap holds the firmware and this rig only, as the board's holds the firmware and its
# main loop, while the player that chooses the keys stays on CPython. A power cut ends the
# run: it prints where the recording goes on (NEXT) and exits, and the next run, a fresh
# interpreter as on the board, boots from the files and replays from there:
#
#   python tools/build_mpy.py && python tools/build_mpy.py --harness
#   cd build/board   # the board's file tree and module path, as host_tests/test_evening.py
#   MICROPYPATH=lib:../harness micropython -X heapsize=128K -m evening_rig RECORDED FOLDER
#   ... evening_rig RECORDED FOLDER LINE NOW COUNT RESTARTS   # the four numbers NEXT gave
import gc
import sys

import fakes

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
import presses  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from store import FileStore  # noqa: E402

RESTART = "restart"
HOLD = "hold:"
NEXT = "next"


def digest(data, total):
    for byte in data:
        total = (total * 31 + byte) & 0xFFFFFFFF
    return total


class Evening:
    def __init__(self, folder, out, now=1000, count=0, restarts=0):
        self.folder = folder
        self.out = out
        self.now = now
        self.count = count  # keys pressed
        self.restarts = restarts
        self.app = None
        self.start()

    def start(self):
        # A restart as after a power cut: nothing survives but the files.
        self.app = None
        gc.collect()
        fake_machine.release_all()
        self.app = App(config, Hardware(config), FileStore(self.folder), say=self.say)
        self.app.boot(self.now)
        self.app.paint(self.now)

    def restart(self):
        self.restarts += 1
        self.start()
        self.report(RESTART)

    def say(self, line):
        pass  # the words are tested elsewhere; here only what the board keeps

    @property
    def match(self):
        return self.app.history.state

    def wait(self, ms):
        self.now = presses.wait(self.app, self.now, ms)

    def press(self, name, hold_ms=60):
        self.now = presses.press(self.app, self.now, name, hold_ms)
        self.count += 1
        self.report(name if hold_ms < config.LONG_PRESS_MS else HOLD + name)

    def hold(self, name):
        self.press(name, config.LONG_PRESS_MS + 60)

    def keys(self, text):
        for name in text.split():
            self.press(name)

    def report(self, name):
        total = digest(self.app.history.state.snapshot(), self.app.mode + 1)
        total = digest(self.app.hardware.pixels.buf, total)
        self.out("%d %s %08x" % (self.count, name, total))

    def summary(self):
        return "keys %d restarts %d" % (self.count, self.restarts)


def replay(recorded, folder, out, first=0, now=1000, count=0, restarts=0):
    """Presses the keys of a recorded evening, line by line as the file is read, from line
    `first` (a power cut's: the board boots from the files) to the next power cut."""
    evening = None
    with open(recorded) as lines:
        number = -1
        for line in lines:
            number += 1
            if number < first:
                continue
            name = line.split()[1]
            if evening is None:  # the boot, after a power cut when the line says so
                if name == RESTART:
                    evening = Evening(folder, out, now, count, restarts + 1)
                    evening.report(RESTART)
                    continue
                evening = Evening(folder, out, now, count, restarts)
            if name == RESTART:
                out(
                    "%s %d %d %d %d" % (NEXT, number, evening.now, evening.count, evening.restarts)
                )
                return
            if name.startswith(HOLD):
                evening.hold(name[len(HOLD) :])
            elif line.startswith("keys "):
                break
            else:
                evening.press(name)
    out(evening.summary())


if __name__ == "__main__":
    if len(sys.argv) > 6:  # after a power cut: the line, clock, keys and restarts so far
        figures = [int(figure) for figure in sys.argv[-4:]]
        replay(sys.argv[-6], sys.argv[-5], print, *figures)
    else:
        replay(sys.argv[-2], sys.argv[-1], print)
