"""The board's web page on a laptop: firmware/lib/net/web.py (the same module the board runs)
served by microdot on CPython for a Simulator, in a thread beside the keyboard, one lock
between them so the page and the keys act on the same game in turn."""

import gzip
import os
import tempfile
import threading

from where import FIRMWARE


def page_file():
    """The page compressed as the board keeps it (tools/maker/build_mpy.py does the same)."""
    with open(os.path.join(FIRMWARE, "www", "index.html"), "rb") as source:
        data = gzip.compress(source.read(), mtime=0)
    handle, path = tempfile.mkstemp(suffix=".html.gz")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    return path


def serve_icon_from_firmware():
    """The PNG icon from firmware/www, where the board has it in its own /www."""
    from net import web_routes

    web_routes.ICON_PNG = os.path.join(FIRMWARE, "www", "icon.png")


def free_port(wanted):
    """wanted, or the next port up that nothing listens on. A port still closing from the
    last run's connections counts as free, as it does for the page's server (both set
    SO_REUSEADDR): a board stopped and started again keeps the address a phone has open."""
    import socket

    for port in range(wanted, wanted + 20):
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise SystemExit("error: ports %d to %d are all taken" % (wanted, wanted + 19))


def _3(fraction):
    return round(float(fraction), 3)


async def _in_thread(work, *args):
    import asyncio

    return await asyncio.get_running_loop().run_in_executor(None, work, *args)


NO_COACH_EXTRA = (
    "the laptop's expert coach and play advice need the coach's extra: .venv/bin/pip install"
    " -e '.[coach]' (Python 3.11 or newer)"
)


def _coach_extra(refusal):
    from build_mpy import coach_extra_installed

    if not coach_extra_installed():
        raise refusal(501, NO_COACH_EXTRA)


def serve(sim, port, lock):
    """Starts the server in a thread; returns the microdot app (shutdown() stops it)."""
    from cards import name
    from net.web import Board
    from net.web_http import WebError
    from net.web_routes import make_server

    class SimulatedBoard(Board):
        def acted(self):
            sim.wait(20)  # the LEDs follow at once, as after a key on the board

        async def thinking_coach(self, cards, pone, opponent, play):
            # The laptop's coach (tools/coach/discard_coach.py), in a worker thread: the
            # simulator's keys and page go on meanwhile. `play` adds each throw's play, counted in
            # its net.
            _coach_extra(WebError)
            from discard_coach import discard_rows

            rows = await _in_thread(discard_rows, cards, not pone, opponent, play)
            throws = []
            for thrown, hand, crib_mean, net, uniform, played in rows:
                throw = {"thrown": [name(card, False) for card in thrown], "hand": _3(hand),
                         "crib": _3(crib_mean), "net": _3(net)}  # fmt: skip
                if uniform:
                    throw.update(uniform_crib=_3(uniform[0]), uniform_net=_3(uniform[1]))
                if played:
                    throw.update(play=_3(played[0] - played[1]), play_you=_3(played[0]),
                                 play_them=_3(played[1]))  # fmt: skip
                throws.append(throw)
            return {"opponent": opponent, "play": play, "throws": throws}

        async def peg_advice(self, cards, seen):
            import copy

            _coach_extra(WebError)

            from peg_advice import advise_in_game

            with lock:
                match = copy.deepcopy(sim.app.history.state)
            try:
                rows = await _in_thread(advise_in_game, match, cards, seen)
            except ValueError as error:
                raise WebError(409, str(error)) from None
            if not rows:
                return {"cards": [], "go": "no card you hold fits at %d" % match.play.count}
            return {"cards": [
                {"card": name(card, False), "net": _3(net), "you": _3(mine), "them": _3(theirs)}
                for card, mine, theirs, net in rows
            ]}  # fmt: skip

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

    serve_icon_from_firmware()
    board = SimulatedBoard(sim.app, page_file(), lock=lock, local=True)
    sim.app.radio = PageRadio()
    sim.app.radio.phones = board.phones
    server = make_server(board)
    thread = threading.Thread(
        target=server.run, kwargs={"host": "127.0.0.1", "port": port}, daemon=True
    )
    thread.start()
    server.thread = thread
    return server


def stop(server):
    """Stops a server serve() started, from any thread. microdot's shutdown() closes an
    asyncio server, which only its own loop may touch: called from another thread it raced
    the loop (a TypeError in asyncio now and then), so it is handed to that loop."""
    listening = server.server
    if listening is not None:
        listening.get_loop().call_soon_threadsafe(server.shutdown)
    server.thread.join(10)
