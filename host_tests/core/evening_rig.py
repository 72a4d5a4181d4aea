# The board's side of a whole evening (host_tests/core/evening.py plays it): the app on a
# real file store, keys pressed through the fake keypad, restarts as after a power cut, and
# after every key one line: the key's number, the key, and a digest of the mode, the game's
# whole state and every LED.
#
# Run as a module it replays a recorded evening (the lines evening.py printed on CPython) on
# the board's own compiled modules, and prints its own lines for the test to compare; so the
# strict heap holds the firmware and this rig only, as the board's holds the firmware and its
# main loop, while the player that chooses the keys stays on CPython:
#
#   python tools/build_mpy.py && python tools/build_mpy.py --harness
#   cd build/board   # the board's file tree and module path, as host_tests/test_evening.py
#   MICROPYPATH=lib:../harness micropython -X heapsize=134K -m evening_rig RECORDED FOLDER
import gc
import sys

import fakes

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from store import FileStore  # noqa: E402
from ui.keys import KEY_NAMES  # noqa: E402

POLL_MS = 10
RESTART = "restart"
HOLD = "hold:"


def digest(data, total):
    for byte in data:
        total = (total * 31 + byte) & 0xFFFFFFFF
    return total


class Evening:
    def __init__(self, folder, out):
        self.folder = folder
        self.out = out
        self.now = 1000
        self.count = 0  # keys pressed
        self.restarts = 0
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
        for _ in range(ms // POLL_MS):
            self.now = (self.now + POLL_MS) & 0x3FFFFFFF
            self.app.poll(self.now)
        self.app.paint(self.now)

    def press(self, name, hold_ms=60):
        index = KEY_NAMES.index(name)
        fake_machine.press(config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4])
        self.wait(hold_ms)
        fake_machine.release_all()
        self.wait(60)
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


def replay(recorded, folder, out):
    """Presses the keys of a recorded evening, line by line as the file is read."""
    evening = Evening(folder, out)
    with open(recorded) as lines:
        for line in lines:
            name = line.split()[1]
            if name == RESTART:
                evening.restart()
            elif name.startswith(HOLD):
                evening.hold(name[len(HOLD) :])
            elif line.startswith("keys "):
                break
            else:
                evening.press(name)
    out(evening.summary())


if __name__ == "__main__":
    replay(sys.argv[-2], sys.argv[-1], print)
