# Wi-Fi and the web page on the board: off unless config.WIFI turns them on, and then only on
# a board whose heap can hold the server beside the game (one with PSRAM).
import gc

from micropython import const

NEEDS_HEAP = const(1000000)  # the game takes about 100 KB, microdot and the page about 40 KB
PIN_FILE = "web.pin"


def heap_total():
    """The heap MicroPython has (None on CPython, which has no such limit)."""
    if not hasattr(gc, "mem_free"):
        return None
    return gc.mem_free() + gc.mem_alloc()


def board_pin(store):
    """The board's 4-digit PIN: made once at random and kept on the flash."""
    handle = store.open(PIN_FILE)
    if handle is not None:
        pin = bytearray(4)
        got = handle.readinto(pin)
        handle.close()
        if got == 4 and bytes(pin).isdigit():
            return bytes(pin).decode()
    import os

    made = "%04d" % (int.from_bytes(os.urandom(2), "big") % 10000)
    store.replace(PIN_FILE, made.encode())
    return made


def start(app, config, store):
    """Turns Wi-Fi on as config.WIFI says; returns the web server's coroutine to run beside
    the keys, or None (Wi-Fi off, or a board that cannot hold the server)."""
    mode = getattr(config, "WIFI", "off")
    if mode == "off":
        return None
    total = heap_total()
    if total is not None and total < NEEDS_HEAP:
        app.tell(
            "Wi-Fi stays off: the web page needs a board with PSRAM (%d KB of heap here;"
            " an ESP32-WROVER or ESP32-S3 module with MicroPython's SPIRAM firmware)"
            % (total // 1024)
        )
        app.overlay.flash_error(app.overlay.now)
        return None
    import network

    network.hostname(config.HOSTNAME)
    if mode == "access point":
        wlan = network.WLAN(network.AP_IF)
        wlan.active(True)
        wlan.config(essid=config.HOSTNAME, authmode=0)  # open: the PIN guards the game
    else:
        wlan = network.WLAN(network.STA_IF)
        wlan.active(True)
        wlan.connect(config.WIFI_NAME, config.WIFI_PASSWORD)
    from web import Board, make_server

    pin = board_pin(store)
    server = make_server(Board(app, pin, "/www/index.html.gz"))
    app.tell("web page: http://%s.local/ (PIN %s)" % (config.HOSTNAME, pin))
    return server.start_server(port=80)
