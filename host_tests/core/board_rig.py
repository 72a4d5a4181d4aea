# The real app on fake hardware, driven through the real key path: fake keypad contacts,
# the keypad scanner, the debouncer, the key map. Used by the app tests on both runtimes.
import fakes

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
import presses  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from memstore import MemoryStore  # noqa: E402


class Rig:
    """The app on fake hardware. Keys arrive `through_contacts` (the keypad's contacts
    closed, scanned and debounced, the board's loop polling and painting on a clock), or,
    for the long scripted games, as the debouncer's events (App.press, then the idle
    moment's App.settle); `on_key(rig)` is called after each."""

    def __init__(self, store=None, cfg=config, start=1000, through_contacts=True, on_key=None):
        self.store = store if store is not None else MemoryStore()
        self.cfg = cfg
        self.through_contacts = through_contacts
        self.on_key = on_key
        self.lines = []
        self.match_won = None
        self.now = start
        fake_machine.release_all()
        self.hardware = Hardware(cfg)
        self.app = App(cfg, self.hardware, self.store, say=self.say)
        self.app.boot(self.now)
        if through_contacts:
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
        self.now = presses.wait(self.app, self.now, ms)

    def press(self, name, hold_ms=60):
        if self.through_contacts:
            self.now = presses.press(self.app, self.now, name, hold_ms)
        else:
            self.app.press(name, hold_ms >= self.cfg.LONG_PRESS_MS)
            self.app.settle()  # the board is idle between keys
        if self.on_key:
            self.on_key(self)

    def hold(self, name):
        self.press(name, hold_ms=self.cfg.LONG_PRESS_MS + 60)

    def keys(self, text):
        """Keys by name, a space between; hold:NAME holds one."""
        for token in text.split():
            if token.startswith("hold:"):
                self.hold(token[5:])
            else:
                self.press(token)

    def colour(self, led):
        """What the game's LED shows, wherever the wire has it (on a panel: board/panel.py)."""
        order = self.app.layout.wire_order
        return self.hardware.pixels.colour_at(led if order is None else order[led] // 3)

    @property
    def match(self):
        return self.app.history.state
