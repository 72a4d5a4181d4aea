"""The board's web page on a laptop: firmware/lib/web.py (the same module the board runs)
served by microdot on CPython for a Simulator, in a thread beside the keyboard, one lock
between them so the page and the keys act on the same game in turn."""

import gzip
import os
import random
import tempfile
import threading

from _paths import FIRMWARE


def page_file():
    """The page compressed as the board keeps it (tools/build_mpy.py does the same)."""
    with open(os.path.join(FIRMWARE, "www", "index.html"), "rb") as source:
        data = gzip.compress(source.read(), mtime=0)
    handle, path = tempfile.mkstemp(suffix=".html.gz")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    return path


def new_pin():
    return "%04d" % random.SystemRandom().randrange(10000)


def free_port(wanted):
    """wanted, or the next port up that nothing listens on."""
    import socket

    for port in range(wanted, wanted + 20):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise SystemExit("error: ports %d to %d are all taken" % (wanted, wanted + 19))


def serve(sim, port, pin, lock):
    """Starts the server in a thread; returns the microdot app (shutdown() stops it)."""
    from web import Board, make_server

    class SharedBoard(Board):
        def state(self):
            with lock:
                return Board.state(self)

        def press(self, keys):
            self._acting(Board.press, keys)

        def enter_card(self, card):
            self._acting(Board.enter_card, card)

        def _acting(self, action, what):
            with lock:
                try:
                    action(self, what)
                finally:
                    sim.wait(20)  # the LEDs follow at once, as after a key on the board

    server = make_server(SharedBoard(sim.app, pin, page_file()))
    thread = threading.Thread(
        target=server.run, kwargs={"host": "127.0.0.1", "port": port}, daemon=True
    )
    thread.start()
    return server
