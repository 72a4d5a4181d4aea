# The real app on fake hardware, driven through the real key path: fake keypad contacts,
# the keypad scanner, the debouncer, the key map. Used by the app tests on both runtimes.
import fakes

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
import keypad  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from memstore import MemoryStore  # noqa: E402


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
        self.app.poll(self.now)  # the idle moment after the boot: its prompt said

    def say(self, line):
        # Only the recent console lines are kept: the test must not grow the heap itself.
        if len(self.lines) >= 40:
            self.lines.pop(0)
        self.lines.append(line)
        if "wins the match" in line:
            self.match_won = line

    def wait(self, ms):
        self.now = keypad.wait(self.app, self.now, ms)

    def press(self, name, hold_ms=60):
        self.now = keypad.press(self.app, self.now, name, hold_ms)

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
