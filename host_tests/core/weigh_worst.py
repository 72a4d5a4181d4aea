# The worst case the page's heap need (net/wifi.py's NEEDS_HEAP) stands for, measured in one
# run, not summed: the board booted into cribbage, the page's server (every view opened once)
# and the club link at work beside it, then as many requests at the limits as the server
# holds connections, read at once (their reads interleaved, as the server reads its
# connections) and all held. Each a step of its own, for tools/bench/micropython32.mjs to
# weigh in the chip's bytes (tools/bench/bench_web.py runs it): the last step's end is the
# worst, its garbage not collected.
import sys


class _Lock:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False


class _StandIn:
    # Modules the ESP32 has in C (no heap there) and this build lacks: the lock the club link
    # shares with its thread, the socket module umqtt imports, and asyncio's one name that
    # microdot's import needs (the server here is never started).
    allocate_lock = _Lock

    class Event:
        pass


for _name in ("_thread", "usocket", "asyncio"):
    try:
        __import__(_name)
    except ImportError:
        sys.modules[_name] = _StandIn

from play_on import booting  # noqa: E402


class _Pause:
    # Hands the turn back to the loop in steps() below, as a socket with nothing yet would.
    def __iter__(self):
        yield

    __await__ = __iter__


class _Phone:
    """A phone's connection, as web_http.read_request reads it: what is asked, a turn at a
    time."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    async def read(self, size):
        await _Pause()
        chunk = self.data[self.at : self.at + size]
        self.at += len(chunk)
        return chunk

    async def readexactly(self, size):
        return await self.read(size)

    def get_extra_info(self, name):
        return ("192.168.4.2", 50000)


def steps(argv):
    folder, request = argv[-2:]
    app = yield from booting(folder)
    from net import web, web_http, web_routes

    server = web_routes.make_server(web.Board(app, "page"))
    # Every view opened once: what the page loads on first use (the advice, the settings, the
    # match's record) stays loaded after it.
    from net import web_advice, web_record, web_settings  # noqa: F401

    yield
    from umqtt.simple2 import MQTTClient

    from net import club_link

    link = club_link.ClubLink(app.store, "oakclub", "table-07", "192.168.1.10", 1883, print)
    client = MQTTClient(b"cribbage-oakclub-table-07", "192.168.1.10", 1883, keepalive=20)
    client.set_last_will(b"cribbage/oakclub/table-07/availability", b"offline", True, 1)
    link.pairing = [9, "Annabelle Fairweather", "Bartholomew Oakes"]
    fields = ["table-07-a1b2c3-9", 9, "Annabelle Fairweather", "Bartholomew Oakes"]
    link.outbox[fields[0]] = [fields + [121, 87, 121, 1, 0, 12, 1], None]
    link.watch(app)
    yield
    with open(request, "rb") as source:
        raw = source.read()
    yield
    reads = []
    for _ in range(web_http.MAX_CONNECTIONS):
        phone = _Phone(raw)
        reads.append(web_http.read_request(server, phone, phone))
    held = []
    while reads:
        for reading in list(reads):
            try:
                reading.send(None)
            except StopIteration as done:
                held.append(done.value)
                reads.remove(reading)
    yield
    kinds = sorted(set(type(request).__name__ for request in held))
    print("held", len(held), " ".join(kinds), client is not None, link is not None)
