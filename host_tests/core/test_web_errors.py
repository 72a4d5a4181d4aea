# The page's refusals as the board's interpreter raises them: each carries its status and
# its words (on MicroPython, Exception has no __init__ to call: a refusal built that way was
# an AttributeError, and the page got a 500 with no words). A request whose body ends before
# its Content-Length is refused in words, not left to escape with the socket open.
import asyncio

from web_http import WebError, read_request


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
