# The board's application: keys in, games updated and saved, LEDs repainted. It is handed
# its hardware and its file store, so the same code runs on the ESP32, in the tests (fakes
# of machine and neopixel) and in the simulator.
import gc

from board import frame
from board import render as rd
from board.layout import Layout
from board.overlay import Overlay
from board.render import Renderer
from clock import ticks_diff
from keypad import KEY_NAMES, Debouncer
from rarely import run, stepping, unload
from storage.journal import Journal

SIDE_NAMES = ("blue", "orange", "yellow")
MODE_COLOURS = (rd.MODE_CRIBBAGE, rd.MODE_MAKAO, rd.MODE_LATVIAN)
LOG_LINES = 40  # console lines kept for the web page (a deal says about 30)
# One record: the mode the board was last in, the next match's choices (players, target,
# games, options; zeros when none were made), the brightness and the side colours
# (board.colours). Records written before end after the mode or after three choices.
SETTINGS = "settings.log"


def _rarely(name, *args):
    """Runs modes.<name>: loaded for the call and dropped after."""
    return run("modes", name, *args)


def _in_stages(steps):
    """Runs App.booting's or App.pressing's steps, collecting where a stage ends (a step
    yields True). A for loop: a key pays for no exception at the generator's end."""
    for stage_ends in steps:
        if stage_ends:
            gc.collect()


class App:
    MODE_NAMES = ("cribbage", "makao", "latvian")  # modes.py reads them off the app

    def __init__(self, config, hardware, store, say=print):
        self.config = config
        self.hardware = hardware
        self.store = store
        self.say = say
        self.layout = Layout(config)
        layout = self.layout
        renderer = Renderer(config, layout.length) if layout.wire_order is None else None
        if renderer is None:  # a panel's (board/panel.py): loaded on a panel only
            from board.panel import PanelRenderer

            renderer = PanelRenderer(config, layout.length, layout.wire_length, layout.wire_order)
        self.renderer = renderer
        self.overlay = Overlay()
        self.settings = Journal(store, SETTINGS)
        self.log = None  # the last console lines, kept once the web page is served
        self.radio = None  # Wi-Fi and the web server (wifi.Radio), once the loop runs
        self.pairing = None  # after hold 0 while phones ask: the code's digits keyed so far
        self.said = 0  # console lines said so far, and frames shown: a live page redraws
        self.frames = 0  # when either changes
        self.mode = 0
        self.choices = b""  # the next match's players, target, games and options, as chosen
        self.palette = 0  # the side colours: board.colours.PALETTES
        self.side_names = list(SIDE_NAMES)  # the controllers say these: changed in place
        self.history = None  # the mode's History: its own journal, undo and power safety
        self.controller = None  # what the keys mean in this mode
        self.view = None  # draws the mode's frame
        self.debouncer = Debouncer(self.on_key, config.DEBOUNCE_MS, config.LONG_PRESS_MS)
        self.dirty = True
        self.collect_due = False  # a key was handled: settle and collect once it is painted
        self.key_painted = True  # the frame after the last key was painted (an animation
        # may still run: its frames wait a few ms for the collection, not for its end)
        self.heartbeat = 0  # ticks of the last completed key poll, for the watchdog
        self.refusal = None  # the last refusal's words ("error: ..." said), for press()'s caller

    def tell(self, line):
        """Says a line on the console, and keeps it for the web page when there is one. An
        "error: " line is a refusal: its words are kept for the caller of press()."""
        if line.startswith("error: "):
            self.refusal = line[7:]
        self.said += 1
        log = self.log
        if log is not None:
            if len(log) >= LOG_LINES:
                log.pop(0)
            log.append(line)
        self.say(line)

    def boot(self, now=0):
        """Opens the mode the board was last in, and checks the other journals."""
        _in_stages(self.booting(now))

    def booting(self, now):
        """The boot in stages, each leaving only garbage the next does not need: the other
        journals checked, the game's code loaded, its journal read, the keys' code loaded.
        It yields True after each stage, where the caller collects, so a stage's garbage
        never sits beside the next stage's code; and None inside a stage (every 32 records
        checked, every event folded), where a driver may step but a collection would only
        cost time (host_tests/test_evening.py measures the heap each step takes)."""
        mode = yield from stepping("modes", "booting", self, now)
        yield True
        yield from self.opening(mode, now)

    def open_mode(self, mode, now):
        _in_stages(self.opening(mode, now))

    def opening(self, mode, now):
        """Loads the mode's game from its journal, in stages (booting); says (and flashes)
        anything mended. The other family's code goes first, in a stage of its own, so that
        the new family's finds its room; the journal is read with modes.py already dropped
        and the keys' and view's code not yet loaded: reading it is the boot's peak."""
        if self.history is not None and (mode == 0) != (self.mode == 0):
            _rarely("close_family", self)  # another family of games: modes.FAMILY_MODULES
            yield True
        _rarely("open_family", self, mode)
        yield True
        problem = yield from self.history.loading()
        self.history.defer_checkpoints = True  # written in poll(), once the key is shown
        yield True
        _rarely("open_keys", self, mode)
        yield True
        if problem:
            self.tell("%s journal: %s" % (self.MODE_NAMES[mode], problem))
            self.overlay.flash_error(now)
        self.renderer.invalidate()
        self.tell("mode: " + self.MODE_NAMES[mode])
        if self.history.entry:  # the half-made entry saved with the game
            run(
                "ui.resume",
                "cribbage" if mode == 0 else "shedding",
                self.controller,
                self.history.entry,
            )
        self.controller.ready(now)  # says what the mode waits for (cribbage: once idle)
        self.dirty = True
        self.collect_due = True  # the idle moment after the boot says it, and collects

    def settle(self):
        """What a key left for the board's next idle moment, once its frame is shown: the
        journal's checkpoint, a show's words on the console."""
        self.history.settle()
        self.controller.settle()

    def switching(self):
        """The next mode, opened in stages (opening)."""
        self.settle()
        mode = (self.mode + 1) % len(self.MODE_NAMES)
        self._save_settings(mode, "the mode")
        yield from self.opening(mode, self.overlay.now)

    def archive_match(self, match):
        """Sums the match a new match ends into the statistics file, before the journal
        forgets its events."""
        _rarely("archive_match", self, match)

    def remember_choices(self, choices):
        """The match choices (bytes: players, target, games, options), kept for a restart
        with the mode, the brightness and the side colours (the flash's refusal returned, and
        said). Here, not in modes.py: keyed a few times before each match, it would load that
        module each time."""
        self.choices = choices
        return self._save_settings(self.mode, "the match choices")

    def _save_settings(self, mode, what):
        choices = self.choices or b"\0\0\0\0"
        if len(choices) == 3:
            choices += bytes([4])  # chosen before the options were: the loser deals
        record = bytes([mode]) + choices + bytes([self.renderer.brightness, self.palette])
        try:
            self.settings.rewrite([record])
        except OSError as error:
            self.tell("saving %s failed (%s)" % (what, error))
            return error
        return None

    # -- input -----------------------------------------------------------------------------

    def poll(self, now):
        self.overlay.now = now
        if self.collect_due and self.key_painted and not self.debouncer.stable:
            self.collect_due = False
            # Idle: the key is painted and the next one not yet pressed.
            self.settle()
            gc.collect()
        self.debouncer.feed(self.hardware.read_keys(), now)
        self.heartbeat = now

    def on_key(self, index, long):
        self.press(KEY_NAMES[index], long)

    def press(self, name, long=False):
        """One key event, as the debouncer reports it; returns the refusal's words, or None
        when the key was taken."""
        _in_stages(self.pressing(name, long))
        return self.refusal

    def pressing(self, name, long):
        """press() in stages: only a mode switch has more than one (opening), and yields
        True after each, where press() collects; a driver may run each as a step of its own
        (host_tests/core/presses.py)."""
        self.refusal = None
        self.collect_due = True
        self.key_painted = False
        if self.pairing is not None:
            from net import wifi

            wifi.pairing_key(self, name, long)  # the code of the phone to pair
            self.dirty = True
        elif name == "D" and long:
            yield from self.switching()  # hold D: cribbage, Makao, the Latvian game, in turn
        elif long and name in "90":
            from net import wifi

            if name == "9":
                wifi.cycle(self)  # hold 9: Wi-Fi off, access point, home network
            else:
                wifi.hold_zero(self)  # hold 0: pairs the phone that asks, or says the address
            self.dirty = True
        elif self.controller.key(name, long, self.overlay.now):
            self.dirty = True
        if self.controller is not None:
            self.history.note_entry(self.controller.entry())

    def enter_card(self, card):
        """A card with its suit, from the web page (cribbage only); returns the refusal's
        words, or None when the card was taken."""
        self.refusal = None
        if self.mode != 0:
            self.tell("error: cards are tapped in cribbage; Makao and Latvian use the keys")
            return self.refusal
        self.collect_due = True
        self.key_painted = False
        if self.controller.card(card, self.overlay.now):
            self.dirty = True
        self.history.note_entry(self.controller.entry())
        return self.refusal

    # -- output ----------------------------------------------------------------------------

    def paint(self, now):
        """Repaints when something changed or an animation runs; True when it repainted."""
        self.overlay.now = now
        if not self.dirty and not self.overlay.animating():
            self.key_painted = True
            return False
        was_animating = self.overlay.animating()
        state = self.history.state
        version = self.history.version
        colour = MODE_COLOURS[self.mode]
        match = state if self.mode == 0 else None  # whose pegs a preview or count-out uses
        drawn = frame.draw(
            self.renderer, self.layout, state, self.overlay, version, self.view, colour, match
        )
        if drawn:
            self.renderer.finish(self.hardware.pixels.buf)
            self.hardware.show()  # 4.5 ms on the wire: only for a frame that changed
            self.frames += 1
        # One more frame after an animation ends, to paint it away.
        self.dirty = was_animating
        self.key_painted = True
        return True

    def healthy(self, now):
        return ticks_diff(now, self.heartbeat) < self.config.WATCHDOG_MS // 2

    # -- the loop on the board ---------------------------------------------------------------

    def watchdog_step(self, now):
        """Feeds the watchdog only while the key loop keeps running; True when fed. A hung
        app is then reset by the watchdog and boots back into the saved game."""
        if self.healthy(now):
            self.hardware.feed_watchdog()
            return True
        return False

    async def keys_task(self, sleep_ms):
        while True:
            self.poll(self.hardware.ticks_ms())
            await sleep_ms(self.config.KEY_POLL_MS)

    async def paint_task(self, sleep_ms):
        while True:
            self.paint(self.hardware.ticks_ms())
            await sleep_ms(20)

    async def watchdog_task(self, sleep_ms):
        self.hardware.start_watchdog(self.config.WATCHDOG_MS)
        while True:
            self.watchdog_step(self.hardware.ticks_ms())
            await sleep_ms(500)

    async def tasks(self, serve=None):
        """Boots, then polls the keys, repaints and feeds the watchdog, for ever; and serves
        the web page beside them while Wi-Fi is on (wifi.py)."""
        import asyncio

        sleep_ms = getattr(asyncio, "sleep_ms", None)
        if sleep_ms is None:  # CPython's asyncio counts in seconds

            def sleep_ms(ms):
                return asyncio.sleep(ms / 1000)

        self.boot(self.hardware.ticks_ms())
        self.heartbeat = self.hardware.ticks_ms()
        work = [self.keys_task(sleep_ms), self.paint_task(sleep_ms), self.watchdog_task(sleep_ms)]
        from net import wifi

        radio = wifi.Radio(self, self.config, self.store, serve)
        radio.apply()
        if radio.mode == "off" and not wifi.could_serve():
            # Never on, on this board (no PSRAM): the heap gets the module's room back.
            unload(("net.wifi",))
        else:
            self.radio = radio
        await asyncio.gather(*work)

    def run(self, serve=None):
        """The board's loop; `serve(app, radio)` makes the page when the radio goes on
        (boardmain hands it web_routes.serve: the app itself imports no page)."""
        import asyncio

        asyncio.run(self.tasks(serve))
