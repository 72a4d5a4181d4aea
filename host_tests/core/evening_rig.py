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
#   python tools/maker/build_mpy.py && python tools/maker/build_mpy.py --harness
#   cd build/board   # the board's file tree and module path, as host_tests/test_evening.py
#   MICROPYPATH=lib:../harness micropython -X heapsize=128K -m evening_rig RECORDED FOLDER
#   ... evening_rig RECORDED FOLDER AT NOW COUNT RESTARTS   # the four numbers NEXT gave
#
# On the 32-bit build, tools/bench/micropython32.mjs runs steps(): each stage of the boot and each
# pass of the board's loop a call of its own, the heap collected between.
import gc
import sys

import fakes

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
import presses  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from storage.store import FileStore  # noqa: E402

RESTART = "restart"
HOLD = "hold:"
NEXT = "next"


def digest(data, total):
    # 25 bits, so that every sum stays a small int on a 32-bit board (below 2**30): a wider
    # one would allocate a long integer per byte and count as the firmware's garbage.
    for byte in data:
        total = (total * 31 + byte) & 0x1FFFFFF
    return total


class Evening:
    def __init__(self, folder, out, now=1000, count=0, restarts=0, boot=True):
        self.folder = folder
        self.out = out
        self.now = now
        self.count = count  # keys pressed
        self.restarts = restarts
        self.app = None
        if boot:
            self.start()

    def start(self):
        presses.finish(self.starting())

    def starting(self):
        """A restart as after a power cut: nothing survives but the files. Yields after each
        stage of the boot (presses.pressing)."""
        self.app = None
        gc.collect()
        fake_machine.release_all()
        hardware = Hardware(config)
        yield
        self.app = App(config, hardware, FileStore(self.folder), say=self.say)
        self.keyed = presses.staging(self.app)
        yield
        yield from self.app.booting(self.now)  # each stage of the boot a step
        self.app.paint(self.now)
        yield

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
        self.now = presses.wait(self.app, self.now, ms, self.keyed)

    def press(self, name, hold_ms=60):
        presses.finish(self.pressing(name, hold_ms))

    def pressing(self, name, hold_ms=60):
        """The press, a pass of the board's loop at a time (presses.pressing)."""
        self.now = yield from presses.pressing(self.app, self.now, name, hold_ms, self.keyed)
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


def replaying(recorded, folder, out, first=0, now=1000, count=0, restarts=0):
    """Presses the keys of a recorded evening, line by line as the file is read, from byte
    `first` (a power cut's: the board boots from the files) to the next power cut; yields
    after each stage of the boot and each pass of the board's loop, so that a driver can
    run each as a step of its own (tools/bench/micropython32.mjs)."""
    evening = None
    with open(recorded) as lines:
        lines.seek(first)  # the lines before are not read again: no garbage of the rig's
        while True:
            at = lines.tell()
            line = lines.readline()
            if not line:
                break
            name = line.split()[1]
            if evening is None:  # the boot, after a power cut when the line says so
                if name == RESTART:
                    evening = Evening(folder, out, now, count, restarts + 1, boot=False)
                    yield from evening.starting()
                    evening.report(RESTART)
                    continue
                evening = Evening(folder, out, now, count, restarts, boot=False)
                yield from evening.starting()
            if name == RESTART:
                figures = (at, evening.now, evening.count, evening.restarts)
                out(NEXT + " %d %d %d %d" % figures)
                return
            if line.startswith("keys "):
                break
            if name.startswith(HOLD):
                yield from evening.pressing(name[len(HOLD) :], config.LONG_PRESS_MS + 60)
            else:
                yield from evening.pressing(name)
    out(evening.summary())


def steps(argv):
    """The replay as steps, for a driver that runs each step as a call of its own (the
    32-bit build's, tools/bench/micropython32.mjs): the arguments as on the command line."""
    if len(argv) > 6:  # after a power cut: the line, clock, keys and restarts so far
        figures = [int(figure) for figure in argv[-4:]]
        return replaying(argv[-6], argv[-5], print, *figures)
    return replaying(argv[-2], argv[-1], print)


if __name__ == "__main__":
    for _ in steps(sys.argv):
        pass
