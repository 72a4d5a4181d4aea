# Wi-Fi and the web page on the board: off until turned on (hold 9, the page's settings, or
# config.WIFI for a board's first start), and then only on a board whose heap can hold the
# server beside the game (one with PSRAM). The choice and the home network's name and
# password are kept on the flash in one journal record: power-safe, and never sent to a page
# or printed. Which phones may change the game is pairing.py's.
import gc

from micropython import const
from net.wifi_choice import MODES, choice, save

# The heap the page needs beside the game: its worst case measured in one run on the 32-bit
# build (the game, the server and the club link at work, MAX_CONNECTIONS requests at the
# limits read at once and held, their garbage not collected), with 25 % to 50 % to spare:
# docs/figures.md has it, and host_tests/test_figures.py fails when it outgrows this.
NEEDS_HEAP = const(491520)  # 480 KB
JOIN_WAIT_S = 20  # how long a home network may take before the board says it did not join
_OFF = const(0)
_HOME = const(2)


def heap_total():
    """The heap MicroPython has (None on CPython, which has no such limit)."""
    if not hasattr(gc, "mem_free"):
        return None
    return gc.mem_free() + gc.mem_alloc()


def could_serve():
    """Whether this board's heap can hold the web server beside the game (CPython: yes)."""
    total = heap_total()
    return total is None or total >= NEEDS_HEAP


class Radio:
    """The Wi-Fi interface and the web server, turned on and off while the board plays; the
    server is made by the `serve` it is handed (web_routes.serve, by the app)."""

    HOST = "0.0.0.0"  # every interface the radio has: the board's own network or the home one
    PORT = 80

    def __init__(self, app, config, store, serve):
        self.app = app
        self.serve = serve  # (app, radio) -> (phones, server): the page, made by its layer
        self.config = config
        self.store = store
        self.mode = "off"
        self.wlan = None
        self.server = None
        self.phones = None  # the paired phones (pairing.Phones), while the page is served
        self.club = None  # the club night's link (club_link.ClubLink), on the home network

    def apply(self):
        """Turns Wi-Fi on or off as chosen; runs in the asyncio loop beside the keys."""
        self.stop()
        mode, name, password = choice(self.config, self.store)
        if mode == "off":
            return
        if self.serve is None:
            self.app.tell("Wi-Fi stays off: this board was started without its page")
            return
        if not could_serve():
            total = heap_total()
            self.app.tell(
                "Wi-Fi stays off: the web page needs a board with PSRAM (%d KB of heap here;"
                " an ESP32-WROVER or ESP32-S3 module with MicroPython's SPIRAM firmware)"
                % (total // 1024)
            )
            self.app.overlay.flash_error(self.app.overlay.now)
            return
        try:
            self._start(mode, name, password)
        except (ImportError, OSError) as error:
            # No microdot on the board (installed without the deploy tool), or a radio that
            # refuses: the game goes on, Wi-Fi stays off, and the board says why.
            self.stop()
            self.app.tell("Wi-Fi stays off: %s" % error)
            self.app.overlay.flash_error(self.app.overlay.now)

    def _start(self, mode, name, password):
        import asyncio

        import network

        hostname = self.config.HOSTNAME
        network.hostname(hostname)
        if mode == "access point":
            self.wlan = network.WLAN(network.AP_IF)
            self.wlan.active(True)
            self.wlan.config(essid=hostname, authmode=0)  # open: pairing guards the game
        else:
            self.wlan = network.WLAN(network.STA_IF)
            self.wlan.active(True)
            self.wlan.connect(name, password)
        self.phones, self.server = self.serve(self.app, self)
        asyncio.create_task(self.server.start_server(host=self.HOST, port=self.PORT))
        self.mode = mode
        self.app.tell("Wi-Fi: %s; web page: %s" % (mode, self.url()))
        if self.address() is None:
            asyncio.create_task(self._announce(name))
        if mode == "home":
            from net import club_link

            self.club = club_link.start(self.app, self.config, self.store)
            if self.club is not None:
                asyncio.create_task(self._watch_club(self.club))

    async def _watch_club(self, link):
        import asyncio

        from net.club_link import WATCH_MS

        said = None
        while link.running:  # until the radio stops it
            try:
                link.watch(self.app)
            except Exception as error:  # noqa: BLE001
                # Whatever a watch meets, the next one comes: said once, not every beat.
                words = "error: club: %s (%s); the link goes on" % (type(error).__name__, error)
                if words != said:
                    self.app.tell(words)
                    said = words
            await asyncio.sleep(WATCH_MS / 1000)

    async def _announce(self, name):
        # Joining a home network takes a few seconds: its address is said once it has one.
        import asyncio

        wlan = self.wlan
        for _ in range(JOIN_WAIT_S * 2):
            await asyncio.sleep(0.5)
            if self.wlan is not wlan:
                return  # turned off or changed meanwhile
            if self.address() is not None:
                self.app.tell("Wi-Fi: joined %s; web page: %s" % (name, self.url()))
                return
        self.app.tell("Wi-Fi: %s not joined yet: check its name and password on the page" % name)
        self.app.overlay.flash_error(self.app.overlay.now)

    def stop(self):
        if self.club is not None:
            self.club.stop(0)  # the thread says offline and ends by itself
            self.club = None
        if self.server is not None:
            self.server.shutdown()
            self.server = None
            self.phones = None
        if self.wlan is not None:
            self.wlan.active(False)
            self.wlan = None
        self.mode = "off"

    def address(self):
        """The board's address on the network, or None."""
        if self.wlan is None:
            return None
        address = self.wlan.ifconfig()[0]
        return None if address == "0.0.0.0" else address

    def url(self):
        port = "" if self.PORT == 80 else ":%d" % self.PORT  # another port: the simulator's
        address = self.address()
        where = " or http://%s%s/" % (address, port) if address else ""
        return "http://%s.local%s/%s" % (self.config.HOSTNAME, port, where)


def cycle(app):
    """Hold 9: Wi-Fi off, the board's own access point, the home network (once one was
    entered on the page), off again. Kept on the flash and applied at once."""
    config, store = app.config, app.store
    mode, name, _ = choice(config, store)
    index = (MODES.index(mode) + 1) % len(MODES) if mode in MODES else _OFF
    if index == _HOME and not name:
        index = _OFF
    try:
        save(config, store, MODES[index])
    except OSError as error:
        app.tell("error: the Wi-Fi choice could not be saved (%s)" % error)
        return
    app.tell("Wi-Fi: %s" % MODES[index])
    if app.radio is not None:
        app.radio.apply()
    elif index != _OFF:
        app.tell("the page is served when the board starts with Wi-Fi on")


PAIRING_PROMPT = "pairing: key the two digits the phone's page shows, or * to leave"


def hold_zero(app):
    """Hold 0: when phones ask to pair, the next two digits keyed are the code of the one to
    pair (pairing_key); else spells the last number of the board's address and says the
    page's address."""
    radio = app.radio
    phones = getattr(radio, "phones", None)
    if phones is not None and phones.asking(app.overlay.now):
        app.pairing = b""
        app.tell(PAIRING_PROMPT)
        return
    address = radio.address() if radio is not None else None
    if address is not None:
        digits = bytearray(address.rsplit(".", 1)[1].encode())
        for index in range(len(digits)):
            digits[index] -= 48
        app.overlay.spell(bytes(digits), app.overlay.now)
    if radio is None or radio.mode == "off":
        app.tell("Wi-Fi is off (hold 9 to turn it on)")
    else:
        app.tell(
            "web page: %s; to pair a phone, press Pair on the page, then hold 0 here" % radio.url()
        )


def pairing_key(app, name, long):
    """A key while the board takes a pairing code: its two digits pair the page that shows
    them; * leaves; any other key is refused and changes nothing."""
    now = app.overlay.now
    if name == "*" and not long:
        app.pairing = None
        app.tell("pairing left: no phone was paired")
        return
    if long or name not in "0123456789":
        app.tell("error: " + PAIRING_PROMPT)
        app.overlay.flash_error(now)
        return
    keyed = app.pairing + name.encode()
    app.overlay.spell(bytes([digit - 48 for digit in keyed]), now)
    if len(keyed) < 2:
        app.pairing = keyed
        app.tell("pairing: %s; its second digit, or * to leave" % name)
        return
    app.pairing = None
    phones = getattr(app.radio, "phones", None)
    paired = phones.grant(keyed.decode(), now) if phones is not None else None
    if paired is None:
        app.tell("error: no phone asks to pair with the code %s: none was paired" % keyed.decode())
        app.overlay.flash_error(now)
        return
    app.tell("phone paired: %s; its page takes its token now" % paired)
