# The real app on fake hardware, driven through the real key path: fake keypad contacts,
# the keypad scanner, the debouncer, the key map. Used by the app tests on both runtimes.
import fakes

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from memstore import MemoryStore  # noqa: E402
from ui.keys import KEY_NAMES  # noqa: E402

POLL_MS = 10


class Rig:
    def __init__(self, store=None, cfg=config, start=1000):
        self.store = store if store is not None else MemoryStore()
        self.lines = []
        self.match_won = None
        self.now = start
        fake_machine.release_all()
        self.hardware = Hardware(cfg)
        self.app = App(cfg, self.hardware, self.store, say=self.say)
        self.app.boot(self.now)
        self.app.paint(self.now)

    def say(self, line):
        # Only the recent console lines are kept: the test must not grow the heap itself.
        if len(self.lines) >= 40:
            self.lines.pop(0)
        self.lines.append(line)
        if "wins the match" in line:
            self.match_won = line

    def wait(self, ms):
        for _ in range(ms // POLL_MS):
            self.now = (self.now + POLL_MS) & 0x3FFFFFFF  # ticks wrap as on the board
            self.app.poll(self.now)
        self.app.paint(self.now)

    def press(self, name, hold_ms=60):
        index = KEY_NAMES.index(name)
        fake_machine.press(config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4])
        self.wait(hold_ms)
        fake_machine.release_all()
        self.wait(60)

    def hold(self, name):
        self.press(name, hold_ms=config.LONG_PRESS_MS + 60)

    def keys(self, text):
        for name in text.split():
            self.press(name)

    def colour(self, led):
        return self.hardware.pixels.colour_at(led)

    @property
    def match(self):
        return self.app.history.state
