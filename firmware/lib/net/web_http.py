# The board's HTTP transport: microdot with the limits a board's heap needs (the request
# line and headers bounded in bytes and count, a body bounded, a whole request within a
# time, a bounded number of connections and live streams), and the refusals in words.
# web.py holds what the board answers; this, how a request is read and refused.
import asyncio
import json
import sys
from errno import ETIMEDOUT

from microdot import Microdot, Request, Response
from microdot.microdot import NoCaseDict

MAX_BODY = 2048  # a request body above this is refused whole
MAX_BRACKETS = 16  # [ and { in a body: the API's deepest is two
# The request line and headers together, bytes: a phone's browser sends under 1 KB. Reading a
# request at these limits allocates about 20 KB on the 32-bit build (tools/bench/bench.py web).
MAX_HEAD = 2048
MAX_HEADERS = 32  # header lines in one request
READ_TIMEOUT_S = 10  # a request not wholly sent by then is dropped
WRITE_TIMEOUT_S = 10  # a client that takes no part of an answer for this long is dropped
LINGER_S = 2  # what is left of a request refused unread is read and dropped for this long
EVENT_CHECK_MS = 50  # how often a live page's stream looks for a change
HEARTBEAT_MS = 20000  # a live stream with no change sends a comment this often
MAX_CONNECTIONS = 8  # open at once, live pages' streams among them; more are answered 503
MAX_STREAMS = 4  # live pages' streams open at once


class WebError(Exception):
    def __init__(self, status, words):
        super().__init__(words)
        self.status = status
        self.words = words


def read_body(request, allowed):
    """The JSON object sent, with only the fields allowed; WebError otherwise."""
    if request.content_length > MAX_BODY:
        raise WebError(413, "a request body holds %d bytes at most" % MAX_BODY)
    data = request.body
    if not data:
        raise WebError(400, "a JSON object is expected (the body is empty)")
    if data.count(b"[") + data.count(b"{") > MAX_BRACKETS:
        # Nested deep, CPython's parser runs out of recursion where MicroPython's goes on:
        # refused before either parses, the same words on both.
        raise WebError(400, "a request's JSON holds %d brackets ([ or {) at most" % MAX_BRACKETS)
    try:
        body = _loads(joined_pairs(data.decode("utf-8")))
    except (ValueError, UnicodeError, RuntimeError):  # RuntimeError: nested too deep
        raise WebError(400, "not JSON") from None
    if not isinstance(body, dict):
        raise WebError(400, "a JSON object is expected")
    for key in body:
        if key not in allowed:
            raise WebError(400, "unknown field: %s" % str(key)[:40])
    return body


def _refuse_constant(word):
    raise ValueError("not JSON: " + word)


# CPython's parser takes NaN and Infinity, which JSON has not: refused there as the board's
# parser refuses them (it takes no parse_constant, nor the words).
_CONSTANTS = {}  # type: dict
if sys.implementation.name != "micropython":
    _CONSTANTS["parse_constant"] = _refuse_constant


def _loads(text):
    return json.loads(text, **_CONSTANTS)


def joined_pairs(text):
    """JSON text with each escaped surrogate pair ("\\ud83c\\udf54", as json.dumps writes a
    character beyond U+FFFF) written as its one character: MicroPython's parser takes the
    two halves as two lone surrogates, CPython's as the character. A lone half is left for
    the field's check to refuse, on both alike; an escape without its four hex digits is
    not JSON (ValueError), as CPython's parser says and MicroPython's does not."""
    at = text.find("\\u")
    if at < 0:
        return text  # most bodies: no escape, no copy
    pieces = []
    start = 0
    end = len(text) - 11  # a pair is 12 characters
    while at >= 0:
        # An escape counts only after an even number of backslashes ("\\\\u" is a backslash
        # and a "u").
        back = at
        while back > 0 and text[back - 1] == "\\":
            back -= 1
        escape = (at - back) % 2 == 0
        high = _hex(text, at + 2)
        if escape and high < 0:
            raise ValueError("not JSON: \\u without four hex digits")
        if escape and at < end and text[at + 6 : at + 8] == "\\u":
            low = _hex(text, at + 8)
            if 0xD800 <= high < 0xDC00 and 0xDC00 <= low < 0xE000:
                pieces.append(text[start:at])
                pieces.append(chr(0x10000 + ((high - 0xD800) << 10) + low - 0xDC00))
                start = at + 12
        at = text.find("\\u", max(at + 2, start))
    pieces.append(text[start:])
    return "".join(pieces)


def _hex(text, at):
    """The four hex digits at `at` as a number, or -1 (int() alone takes signs, spaces and
    underscores)."""
    digits = text[at : at + 4]
    if len(digits) != 4:
        return -1
    for char in digits:
        if char not in "0123456789abcdefABCDEF":
            return -1
    return int(digits, 16)


def peer_address(peer):
    """The client's IP address as text: the board's sockets give (address, port), the unix
    port's a raw sockaddr (its address in bytes 4 to 7)."""
    if isinstance(peer, (tuple, list)) and peer:
        return str(peer[0])
    if isinstance(peer, (bytes, bytearray)) and len(peer) >= 8:
        return "%d.%d.%d.%d" % (peer[4], peer[5], peer[6], peer[7])
    return ""


def text_problem(field, text, longest):
    """The words refusing a field a person types (a name, a password), or None: text of at
    most `longest` characters, with no control character (a newline would split the record
    it is kept in) and no lone surrogate (it cannot be written as UTF-8)."""
    if not isinstance(text, str) or len(text) > longest:
        return "%s: text of %d characters at most" % (field, longest)
    for char in text:
        code = ord(char)
        if code < 32 or 127 <= code < 160 or 0xD800 <= code < 0xE000:
            return "%s: no control characters or lone surrogates (character %d)" % (
                field, text.index(char) + 1,
            )  # fmt: skip
    return None


def ascii_digits(text):
    """True for 0-9 only: str.isdigit takes other scripts' digits too ("١٢٣٤")."""
    for char in text:
        if char not in "0123456789":
            return False
    return True


class BoardServer(Microdot):
    """microdot with the limits a board's heap needs: the request line and headers bounded
    in bytes and count, a whole request within READ_TIMEOUT_S, each write within
    WRITE_TIMEOUT_S, at most MAX_CONNECTIONS open and MAX_STREAMS live streams; a request it
    cannot read is answered 4xx in words, never with a traceback. However a connection ends,
    its socket is closed and its slots are given back."""

    def __init__(self):
        Microdot.__init__(self)
        self.connections = 0
        self.streams = 0

    async def handle_request(self, reader, writer):
        writer = _TimedWriter(writer)
        if self.connections >= MAX_CONNECTIONS:
            busy = WebError(503, "the board is busy: try again in a moment")
            await _answer(writer, busy, reader)  # its request read and dropped: words, not RST
            return
        self.connections += 1
        body = None
        try:
            try:
                request = await asyncio.wait_for(
                    read_request(self, reader, writer), READ_TIMEOUT_S
                )
            except asyncio.TimeoutError:
                request = WebError(408, "a request is sent whole within %d s" % READ_TIMEOUT_S)
            if isinstance(request, WebError):
                await _answer(writer, request, reader if request.status in (413, 431) else None)
            elif request is not None:
                response = await self.dispatch_request(request)
                if response != Response.already_handled:
                    body = response.body
                    if isinstance(body, LiveStream):
                        body.watch(reader)
                    await response.write(writer)
        except (OSError, asyncio.TimeoutError):
            pass  # the phone went away, or took nothing of the answer for WRITE_TIMEOUT_S
        except asyncio.CancelledError:
            pass  # the server stops: the connection ends here, not as an error said at exit
        finally:
            if isinstance(body, LiveStream):
                body.close()  # a HEAD, or a client gone before the first event, too
            self.connections -= 1
            await _close(writer)


class LiveStream:
    """A live page's stream, as server-sent events: the state each time it changes. It holds
    one of MAX_STREAMS slots from when it is made (so the cap cannot be raced) until its
    connection ends; the next state is made only once the last one went out, so a phone that
    stops reading gets no backlog. open() returns None when every slot is taken."""

    @classmethod
    def open(cls, server, changes, state):
        if server.streams >= MAX_STREAMS:
            return None
        return cls(server, changes, state)

    def __init__(self, server, changes, state):
        server.streams += 1
        self.server = server
        self.changes = changes
        self.state = state
        self.sent = None
        self.running = True
        self.quiet_ms = 0
        self.watcher = None

    def watch(self, reader):
        """Ends the stream as soon as its client closes the connection: a page sends nothing
        after its request, so anything read (end of stream included) means it went."""
        self.watcher = asyncio.create_task(self._watch(reader))

    async def _watch(self, reader):
        try:
            await reader.read(1)
        except Exception:  # a reset is an end too
            pass
        self.watcher = None
        self.close()

    def __aiter__(self):
        return self

    async def __anext__(self):
        while self.running:
            now = self.changes()
            if now != self.sent:
                self.sent = now
                self.quiet_ms = 0
                return b"data: " + json.dumps(self.state()).encode() + b"\n\n"
            if self.quiet_ms >= HEARTBEAT_MS:
                # A comment the page ignores: a phone gone without a word (out of range) is
                # found when the network gives up on it, and its slot freed.
                self.quiet_ms = 0
                return b": still here\n\n"
            await asyncio.sleep(EVENT_CHECK_MS / 1000)
            self.quiet_ms += EVENT_CHECK_MS
        raise StopAsyncIteration

    async def aclose(self):
        self.close()

    def close(self):
        if self.running:
            self.running = False
            self.server.streams -= 1
        if self.watcher is not None:
            self.watcher.cancel()
            self.watcher = None


class _TimedWriter:
    """A connection's writer whose every write ends within WRITE_TIMEOUT_S: a client that
    reads nothing cannot hold its connection. A write that times out is an OSError, as a
    client gone is (on CPython 3.11 TimeoutError is one too, without the errno microdot reads)."""

    def __init__(self, writer):
        self.writer = writer

    async def awrite(self, data):
        try:
            await asyncio.wait_for(self.writer.awrite(data), WRITE_TIMEOUT_S)
        except asyncio.TimeoutError:
            raise OSError(
                ETIMEDOUT, "the client took nothing for %d s" % WRITE_TIMEOUT_S
            ) from None

    async def aclose(self):
        try:
            await asyncio.wait_for(self.writer.aclose(), WRITE_TIMEOUT_S)
        except asyncio.TimeoutError:
            raise OSError(
                ETIMEDOUT, "the client took nothing for %d s" % WRITE_TIMEOUT_S
            ) from None

    def get_extra_info(self, name):
        return self.writer.get_extra_info(name)


async def _answer(writer, error, unread=None):
    """Answers a refusal in words and closes. `unread`: the reader of a request refused before
    it was read whole, whose rest is read and dropped first (a socket closed with bytes
    unread is reset, and the client would lose the answer), within LINGER_S at most."""
    answer = json.dumps({"error": error.words})
    try:
        await Response(answer, error.status, {"Content-Type": "application/json"}).write(writer)
        if unread is not None:
            for _ in range(4):
                if not await asyncio.wait_for(unread.read(MAX_HEAD), LINGER_S / 4):
                    break
    except (OSError, asyncio.TimeoutError):
        pass
    await _close(writer)


async def _close(writer):
    try:
        await writer.aclose()
    except (OSError, asyncio.TimeoutError):
        pass


async def read_request(server, reader, writer):
    """The Request sent, a WebError for one the board does not take, or None when the
    connection closed before a request."""
    head = b""
    end = -1
    while end < 0:
        if len(head) >= MAX_HEAD:
            return WebError(431, "the request line and headers hold %d bytes at most" % MAX_HEAD)
        chunk = await reader.read(MAX_HEAD - len(head))
        if not chunk:
            return None if not head.strip() else WebError(400, "the request ended early")
        head = head + chunk if head else chunk  # most requests come in one piece: no copy
        end = head.find(b"\r\n\r\n")
    rest = head[end + 4 :]
    try:
        lines = head[:end].decode().split("\r\n")
    except UnicodeError:
        return WebError(400, "a request's line and headers are text (UTF-8)")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[1].startswith("/") or not parts[2].startswith("HTTP/1."):
        return WebError(400, "not an HTTP request line: %s" % lines[0][:60])
    if len(lines) - 1 > MAX_HEADERS:
        return WebError(431, "a request has %d headers at most" % MAX_HEADERS)
    headers = NoCaseDict()
    for line in lines[1:]:
        field, colon, value = line.partition(":")
        if not colon or not field or field != field.strip():
            return WebError(400, "not a header: %s" % line[:60])
        headers[field] = value.strip()
    if "Transfer-Encoding" in headers:
        return WebError(411, "a body is sent with its Content-Length (not chunked)")
    length = headers.get("Content-Length", "0")
    if not length or not ascii_digits(length) or len(length) > 9:
        return WebError(400, "Content-Length: a whole number of bytes")
    length = int(length)
    if length > MAX_BODY:
        return WebError(413, "a request body holds %d bytes at most" % MAX_BODY)
    if length > len(rest):
        try:
            rest += await reader.readexactly(length - len(rest))
        except EOFError:  # MicroPython's; CPython's IncompleteReadError is one too
            return WebError(400, "the request ended before its Content-Length")
    try:
        return Request(
            server, writer.get_extra_info("peername"), parts[0], parts[1], parts[2][5:],
            headers, body=rest[:length], sock=(reader, writer),
        )  # fmt: skip
    except (ValueError, IndexError, UnicodeError):
        return WebError(400, "not a request the board understands: %s" % parts[1][:60])
