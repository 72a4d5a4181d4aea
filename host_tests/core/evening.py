# A whole evening at the board, key by key through the fake keypad, on a real file store:
# a 9-game cribbage match with restarts from the journal at every game's end and in the
# middle of deals, a burst of 200 undo/redo pairs, a trip through Makao and the Latvian game
# in the middle of the match, then long sessions of both shedding games with restarts.
#
# After every key it reports one line: the key's number, the key, and a digest of the mode,
# the game's whole state and every LED. Run on MicroPython with a strict heap and on
# CPython, the two reports must be equal line for line (host_tests/test_evening.py).
#
#   python tools/build_mpy.py && python tools/build_mpy.py --harness
#   micropython -X heapsize=128K host_tests/core/evening.py --mpy FOLDER
import gc
import sys

if __name__ == "__main__":
    firmware = "build/board" if "--mpy" in sys.argv else "firmware"
    for path in ("host_tests/core", "tools/host_shims", firmware + "/lib", firmware):
        sys.path.insert(0, path)
    if "--mpy" in sys.argv:
        sys.path.insert(0, "build/harness")  # tools/build_mpy.py --harness

import fakes  # noqa: E402

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from shuffle import Shuffler  # noqa: E402
from store import FileStore  # noqa: E402
from ui.keys import KEY_NAMES  # noqa: E402

POLL_MS = 10
RANK_KEYS = "1234567890ABC"


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
        self.lays = 0  # cards laid: every 7th is followed by a restart
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
        self.report("restart")

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
        self.report(name if hold_ms < config.LONG_PRESS_MS else "hold:" + name)

    def hold(self, name):
        self.press(name, config.LONG_PRESS_MS + 60)

    def keys(self, text):
        for name in text.split():
            self.press(name)

    def report(self, name):
        total = digest(self.app.history.state.snapshot(), self.app.mode + 1)
        total = digest(self.app.hardware.pixels.buf, total)
        self.out("%d %s %08x" % (self.count, name, total))


class LayWatcher:
    """Stands in for the rig in key_player: restarts after every 7th card laid (the middle
    of a deal) and, once, presses 200 undo/redo pairs in the middle of the play."""

    def __init__(self, evening, burst_at):
        self.evening = evening
        self.burst_at = burst_at

    @property
    def match(self):
        return self.evening.match

    @property
    def app(self):
        return self.evening.app

    def press(self, name):
        evening = self.evening
        laying = evening.match.phase == "play" and name != "#"
        evening.press(name)
        if not laying:
            return
        evening.lays += 1
        if evening.lays == self.burst_at:
            for _ in range(200):
                evening.press("*")
                evening.hold("*")
        if evening.lays % 7 == 0:
            evening.restart()


class ShowTally:
    """key_player's record of shows that pegged the true count, kept as two numbers: a list
    would grow with the match, and the strict heap is the board's, not the harness's."""

    def __init__(self):
        self.shows = 0
        self.wrong = 0

    def append(self, right):
        self.shows += 1
        if not right:
            self.wrong += 1


def cribbage_match(evening, seed=7, detour_at=100):
    evening.keys("C C C C #")  # 9 games of 121, two players
    assert evening.match.games == 9
    watcher = LayWatcher(evening, burst_at=260)
    shuffler = Shuffler(seed)
    checks = ShowTally()
    while evening.match.phase != "match over":
        if evening.match.phase == "game over":
            evening.restart()  # at every game's end
            evening.press("#")
            continue
        if detour_at and evening.lays >= detour_at:
            detour_at = 0
            detour(evening)
        # The player is imported per deal and let go of before the detour, so that nothing
        # here keeps the cribbage modules alive while the board has unloaded them.
        __import__("key_player").play_deal(watcher, shuffler, checks)
    assert checks.wrong == 0 and checks.shows > 100 and evening.match.games_played >= 5


def detour(evening):
    """Between two deals of the match: Makao, the Latvian game, and back to the match."""
    for name in ("key_player", "scripted"):
        sys.modules.pop(name, None)
    evening.hold("D")
    shedding(evening, 40, 21)
    evening.hold("D")
    shedding(evening, 40, 22)
    evening.hold("D")


def shedding(evening, actions, seed):
    """Plays a shedding game in the current mode: each player lays a card from a shuffled
    pack that fits, or draws and passes; a new game starts when one ends."""
    shuffler = Shuffler(seed)
    pack = shuffler.pack()
    for _ in range(actions):
        referee = evening.match
        if referee.rules is None or referee.over:
            evening.keys("9 1")  # a new game, the 9 of clubs to start
            continue
        if referee.penalty or referee.fours:
            evening.press("#")  # take it
            continue
        card = pack[shuffler.below(52)]
        if card >> 2 in (10, 11, 0):  # court cards that ask: keep it simple
            card = 8 * 4 + (card & 3)
        before = evening.app.history.version
        evening.keys("%s %s #" % (RANK_KEYS[card >> 2], "1234"[card & 3]))
        if evening.app.history.version == before:  # refused: draw one and pass
            evening.hold("#")
            if evening.match.drew:
                evening.press("#")


def shedding_session(evening, to_mode, actions, seed):
    while evening.app.mode != to_mode:
        evening.hold("D")
    for part in range(actions // 60):
        shedding(evening, 60, seed + part)
        evening.restart()


def run(folder, out):
    evening = Evening(folder, out)
    cribbage_match(evening)
    shedding_session(evening, 1, 600, 31)  # Makao
    shedding_session(evening, 2, 600, 41)  # the Latvian game
    out("keys %d restarts %d" % (evening.count, evening.restarts))


if __name__ == "__main__":
    run(sys.argv[-1], print)
