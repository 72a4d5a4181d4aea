# The page's refusals as the board's interpreter raises them: each carries its status and
# its words (on MicroPython, Exception has no __init__ to call: a refusal built that way was
# an AttributeError, and the page got a 500 with no words). A request whose body ends before
# its Content-Length is refused in words, not left to escape with the socket open.
import asyncio

from net.web_http import WebError, read_request


def test_a_refusal_carries_its_status_and_words_on_either_interpreter():
    try:
        raise WebError(403, "pair this page first")
    except WebError as error:
        assert (error.status, error.words, str(error)) == (
            403,
            "pair this page first",
            "pair this page first",
        )


class ShortReader:
    """A client that sends a head promising 10 bytes of body, then 3, then hangs up."""

    def __init__(self):
        self.chunks = [b"POST /api/keys HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc"]

    async def read(self, n):
        return self.chunks.pop(0) if self.chunks else b""

    async def readexactly(self, n):
        raise EOFError("the peer hung up")


def test_a_body_shorter_than_its_content_length_is_refused_in_words():
    answer = asyncio.run(read_request(None, ShortReader(), None))
    assert isinstance(answer, WebError)
    assert (answer.status, answer.words) == (400, "the request ended before its Content-Length")


# -- connections that end badly give back what they held ------------------------------------


class Reader:
    def __init__(self, data):
        self.chunks = [data]

    async def read(self, n):
        return self.chunks.pop(0) if self.chunks else b""

    async def readexactly(self, n):
        raise EOFError("the peer hung up")


class Writer:
    """A client's end: `fails` makes every write fail as a socket to a gone client does;
    `stalls` makes a write wait for ever, as to a client that reads nothing."""

    def __init__(self, fails=False, stalls=False):
        self.fails = fails
        self.stalls = stalls
        self.written = b""
        self.closed = False

    async def awrite(self, data):
        if self.fails:
            raise OSError(104, "connection reset")
        if self.stalls:
            await asyncio.sleep(3600)
        self.written += data

    async def aclose(self):
        self.closed = True

    def get_extra_info(self, name):
        return ("192.168.4.2", 50000)


def served():
    from board_rig import Rig
    from net import web, web_routes

    rig = Rig()
    return web_routes.make_server(web.Board(rig.app, b""))


def handle(server, head, writer):
    asyncio.run(server.handle_request(Reader(head), writer))
    return writer


def test_a_head_or_a_dropped_stream_gives_its_slot_back():
    server = served()
    head = handle(server, b"HEAD /api/events HTTP/1.1\r\nHost: cribbage\r\n\r\n", Writer())
    assert head.written.startswith(b"HTTP/1.0 200 OK\r\n") and head.closed
    assert b"data:" not in head.written
    for _ in range(10):  # clients gone before the headers went out
        gone = handle(server, b"GET /api/events HTTP/1.1\r\nHost: cribbage\r\n\r\n", Writer(True))
        assert gone.closed
    assert (server.streams, server.connections) == (0, 0)


def test_the_live_streams_cap_is_taken_when_a_stream_is_made():
    from net.web_http import MAX_STREAMS, LiveStream

    server = served()
    streams = [LiveStream.open(server, lambda: 1, dict) for _ in range(MAX_STREAMS)]
    assert None not in streams and LiveStream.open(server, lambda: 1, dict) is None
    streams[0].close()
    streams[0].close()  # closed twice: one slot back, not two
    assert server.streams == MAX_STREAMS - 1


def test_a_client_that_reads_nothing_is_dropped_within_the_write_time():
    from net import web_http

    server = served()
    kept = web_http.WRITE_TIMEOUT_S
    web_http.WRITE_TIMEOUT_S = 0.2
    try:
        stalled = handle(
            server, b"GET /api/events HTTP/1.1\r\nHost: cribbage\r\n\r\n", Writer(False, True)
        )
    finally:
        web_http.WRITE_TIMEOUT_S = kept
    assert stalled.closed and (server.streams, server.connections) == (0, 0)
