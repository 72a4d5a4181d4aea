"""The board's web page on a laptop: firmware/lib/web.py (the same module the board runs)
served by microdot on CPython for a Simulator, in a thread beside the keyboard, one lock
between them so the page and the keys act on the same game in turn."""

import gzip
import os
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


def serve(sim, port, lock):
    """Starts the server in a thread; returns the microdot app (shutdown() stops it)."""
    from web import Board, make_server

    class SimulatedBoard(Board):
        def acted(self):
            sim.wait(20)  # the LEDs follow at once, as after a key on the board

    class PageRadio:
        """wifi.Radio's part the keys use (hold 0, hold 9), for a page served here."""

        mode = "simulated"
        phones = None

        def address(self):
            return "127.0.0.1"

        def url(self):
            return "http://127.0.0.1:%d/" % port

        def apply(self):
            sim.app.tell("the simulator serves its page until it stops")

    board = SimulatedBoard(sim.app, page_file(), lock=lock, local=True)
    sim.app.radio = PageRadio()
    sim.app.radio.phones = board.phones
    server = make_server(board)
    thread = threading.Thread(
        target=server.run, kwargs={"host": "127.0.0.1", "port": port}, daemon=True
    )
    thread.start()
    return server
