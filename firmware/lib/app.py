# The board's application: keys in, games updated and saved, LEDs repainted. It is handed
# its hardware and its file store, so the same code runs on the ESP32, in the tests (fakes
# of machine and neopixel) and in the simulator.
from board import peg_view
from board.layout import Layout
from board.overlay import Overlay
from board.render import Renderer
from clock import ticks_diff
from cribbage.game import Match
from history import History
from journal import Journal
from ui.crib_keys import CribbageKeys
from ui.keys import KEY_NAMES, Debouncer

SIDE_NAMES = ("blue", "orange", "yellow")


class App:
    def __init__(self, config, hardware, store, say=print):
        self.config = config
        self.hardware = hardware
        self.say = say
        self.layout = Layout(config)
        self.renderer = Renderer(config, self.layout.length)
        self.overlay = Overlay()
        self.history = History(Match, Journal(store, "cribbage.log"))
        self.controller = CribbageKeys(self.history, self.overlay, say, SIDE_NAMES)
        self.debouncer = Debouncer(self.on_key, config.DEBOUNCE_MS, config.LONG_PRESS_MS)
        self.dirty = True
        self.heartbeat = 0  # ticks of the last completed key poll, for the watchdog

    def boot(self, now=0):
        """Replays the saved games; says (and flashes) anything it had to mend."""
        self.overlay.now = now
        problem = self.history.load()
        if problem:
            self.say("journal: " + problem)
            self.overlay.flash_error(now)
        self.controller._after(now)
        self.say(self.controller.describe())
        self.dirty = True

    # -- input -----------------------------------------------------------------------------

    def poll(self, now):
        self.overlay.now = now
        self.debouncer.feed(self.hardware.read_keys(), now)
        self.heartbeat = now

    def on_key(self, index, long):
        self.press(KEY_NAMES[index], long)

    def press(self, name, long=False):
        """One key event, as the debouncer reports it (the simulator's scripts use it too)."""
        if self.controller.key(name, long, self.overlay.now):
            self.dirty = True

    # -- output ----------------------------------------------------------------------------

    def paint(self, now):
        """Repaints when something changed or an animation runs; True when it repainted."""
        self.overlay.now = now
        if not self.dirty and not self.overlay.animating():
            return False
        was_animating = self.overlay.animating()
        state = self.history.state
        if peg_view.draw(self.renderer, self.layout, state, self.overlay, self.history.version):
            if self.renderer.finish(self.hardware.pixels.buf):
                self.hardware.show()  # 4.5 ms on the wire: only for a frame that changed
        # One more frame after an animation ends, to paint it away.
        self.dirty = was_animating
        return True

    def healthy(self, now):
        return ticks_diff(now, self.heartbeat) < self.config.WATCHDOG_MS // 2

    # -- the loop on the board ---------------------------------------------------------------

    async def keys_task(self, asyncio):
        while True:
            self.poll(self.hardware.ticks_ms())
            await asyncio.sleep_ms(self.config.KEY_POLL_MS)

    async def paint_task(self, asyncio):
        while True:
            self.paint(self.hardware.ticks_ms())
            await asyncio.sleep_ms(20)

    async def watchdog_task(self, asyncio):
        # Fed only while the key loop keeps running: a hung app is reset and boots back
        # into the saved game.
        self.hardware.start_watchdog(self.config.WATCHDOG_MS)
        while True:
            if self.healthy(self.hardware.ticks_ms()):
                self.hardware.feed_watchdog()
            await asyncio.sleep_ms(500)

    def run(self):
        import asyncio

        self.boot(self.hardware.ticks_ms())
        self.heartbeat = self.hardware.ticks_ms()
        loop = asyncio.get_event_loop()
        loop.create_task(self.keys_task(asyncio))
        loop.create_task(self.paint_task(asyncio))
        loop.create_task(self.watchdog_task(asyncio))
        loop.run_forever()
