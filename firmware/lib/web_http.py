# The board's HTTP transport: microdot with the limits a board's heap needs (the request
# line and headers bounded in bytes and count, a body bounded, a whole request within a
# time, a bounded number of connections and live streams), and the refusals in words.
# web.py holds what the board answers; this, how a request is read and refused.
import asyncio
import json

from microdot import Microdot, Request, Response
from microdot.microdot import NoCaseDict

MAX_BODY = 2048  # a request body above this is refused whole
# The request line and headers together, bytes: a phone's browser sends under 1 KB. Reading a
# request at these limits allocates about 20 KB on the 32-bit build (tools/bench.py web).
MAX_HEAD = 2048
MAX_HEADERS = 32  # header lines in one request
READ_TIMEOUT_S = 10  # a request not wholly sent by then is dropped
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
    try:
        body = json.loads(request.body.decode("utf-8") if request.body else "{}")
    except (ValueError, UnicodeError, RuntimeError):  # RuntimeError: nested too deep
        raise WebError(400, "not JSON") from None
    if not isinstance(body, dict):
        raise WebError(400, "a JSON object is expected")
    for key in body:
        if key not in allowed:
            raise WebError(400, "unknown field: %s" % str(key)[:40])
    return body


def ascii_digits(text):
    """True for 0-9 only: str.isdigit takes other scripts' digits too ("١٢٣٤")."""
    for char in text:
        if char not in "0123456789":
            return False
    return True


class BoardServer(Microdot):
    """microdot with the limits a board's heap needs: the request line and headers bounded
    in bytes and count, a whole request within READ_TIMEOUT_S, at most MAX_CONNECTIONS open;
    a request it cannot read is answered 4xx in words, never with a traceback."""

    def __init__(self):
        Microdot.__init__(self)
        self.connections = 0
        self.streams = 0

    async def handle_request(self, reader, writer):
        if self.connections >= MAX_CONNECTIONS:
            await _answer(writer, WebError(503, "the board is busy: try again in a moment"))
            return
        self.connections += 1
        try:
            try:
                request = await asyncio.wait_for(
                    read_request(self, reader, writer), READ_TIMEOUT_S
                )
            except asyncio.TimeoutError:
                request = WebError(408, "a request is sent whole within %d s" % READ_TIMEOUT_S)
            if request is None:
                await writer.aclose()
            elif isinstance(request, WebError):
                await _answer(writer, request)
            else:
                response = await self.dispatch_request(request)
                if response != Response.already_handled:
                    await response.write(writer)
                await writer.aclose()
        except OSError:
            pass  # the phone went away
        finally:
            self.connections -= 1


async def _answer(writer, error):
    try:
        answer = json.dumps({"error": error.words})
        await Response(answer, error.status, {"Content-Type": "application/json"}).write(writer)
        await writer.aclose()
    except OSError:
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
