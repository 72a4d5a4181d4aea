# The board's web API, address by address: what each route reads from the request, checks
# and hands to the Board (web.py), whose answers it sends back; serve() gives the radio the
# page's server. The checks here are the request's shape; the Board's are the game's.
import asyncio
import json

from microdot import Request, Response

from cards import CardError, parse
from keypad import KEY_NAMES
from net.web import LONG, Board
from net.web_http import (
    MAX_BODY,
    MAX_STREAMS,
    BoardServer,
    LiveStream,
    WebError,
    peer_address,
    read_body,
    text_problem,
)

PAGE = "/www/index.html.gz"  # the page, gzip-compressed, on the flash (tools/maker/build_mpy.py)
# The icon as a PNG for phones that take no SVG icon (an iPhone's home screen), drawn from
# ICON by tools/upkeep/icon_png.py, sent from the flash.
ICON_PNG = "/www/icon.png"
# The simulator's board on the board's interpreter (tools/player/board_on_micropython.py),
# served on 127.0.0.1, answers to localhost too, as the CPython simulator's does.
LOCAL = False
MAX_KEYS = 32  # keys in one request
ALONE = ("hold:D", "hold:9")  # keys that change more than the game: one to a request
SETTINGS_FIELDS = (
    "token", "players", "target", "games", "end_early", "skunks_double", "loser_deals",
    "muggins", "brightness", "colours", "wifi", "network", "password", "club", "broker",
    "club_password", "club_board",
)  # fmt: skip
# The page's icon (the board: a blue and an orange track of holes) and its web app manifest,
# served by the board itself: nothing comes from outside.
ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48"'
    ' rx="8" fill="#3b2a1a"/><g fill="#0072b2"><circle cx="10" cy="30" r="3"/><circle cx="19"'
    ' cy="30" r="3"/><circle cx="28" cy="30" r="3"/></g><g fill="#e69f00"><circle cx="20"'
    ' cy="18" r="3"/><circle cx="29" cy="18" r="3"/><circle cx="38" cy="18" r="3"/></g></svg>'
)
MANIFEST = {
    "name": "Cribbage board",
    "short_name": "Cribbage",
    "start_url": "/",
    "display": "standalone",
    "background_color": "#1d140c",
    "theme_color": "#1d140c",
    "icons": [
        {"src": "/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        {"src": "/icon.png", "sizes": "192x192", "type": "image/png"},
    ],
}


def checked_keys(body):
    keys = body.get("keys")
    if not isinstance(keys, list) or not 0 < len(keys) <= MAX_KEYS:
        raise WebError(400, "keys: a list of 1 to %d keys" % MAX_KEYS)
    for key in keys:
        name = key[len(LONG) :] if isinstance(key, str) and key.startswith(LONG) else key
        if not isinstance(name, str) or len(name) != 1 or name not in KEY_NAMES:
            raise WebError(400, "not a key: %s" % str(key)[:40])
        if key == LONG + "0":
            raise WebError(403, "hold 0 pairs a phone: it is held on the board itself")
        if key in ALONE and len(keys) > 1:
            raise WebError(400, "%s changes more than the game: send it alone" % key)
    return keys


def checked_cards(body, field="cards", least=5, most=6, what="the 6 (or 5) cards dealt"):
    texts = body.get(field)
    if not isinstance(texts, list) or not least <= len(texts) <= most:
        raise WebError(400, "%s: %s" % (field, what))
    if not isinstance(body.get("pone", False), bool):
        raise WebError(400, "pone: true or false")
    cards = []
    for text in texts:
        if not isinstance(text, str):
            raise WebError(400, "not a card: %s" % str(text)[:40])
        try:
            card = parse(text)
        except CardError:
            raise WebError(400, "not a card: %s" % text[:40]) from None
        if card >= 52:
            raise WebError(400, "not a cribbage card: %s" % text[:40])
        if card in cards:
            raise WebError(400, "duplicate card: %s" % text[:40])
        cards.append(card)
    return cards


def make_server(board):
    """The microdot application for a Board."""
    server = BoardServer()
    # No OPTIONS answered for itself: the board takes no other site's requests, so it has
    # no preflight to answer; OPTIONS is a method no route takes (405, or 404 off the API).
    server.options_handler = None  # type: ignore[assignment]
    Request.max_content_length = MAX_BODY  # longer bodies are refused before they are read

    def refusing(handler):
        # A refusal answers its status and words; raised through microdot it would print a
        # traceback on the board's console for every bad request.
        async def guarded(request):
            try:
                return await handler(request)
            except WebError as error:
                return {"error": error.words}, error.status

        return guarded

    @server.before_request
    async def from_where(request):
        refused = board.refusal(request)
        if refused is not None:
            return {"error": refused[1]}, refused[0]
        return None

    @server.errorhandler(413)
    async def too_big(request):
        return {"error": "a request body holds %d bytes at most" % MAX_BODY}, 413

    @server.errorhandler(404)
    async def not_found(request):
        return {"error": "no such page: %s" % request.path[:60]}, 404

    @server.errorhandler(405)
    async def not_allowed(request):
        return {"error": "%s is not taken at %s" % (request.method, request.path[:60])}, 405

    @server.errorhandler(Exception)
    async def broken(request, error):
        # Said on the board's console (not the page's): the request is refused, the game goes
        # on, and the words say what to report.
        # Only the error's kind: its words may quote what was sent (a password, say).
        board.app.say("web: %s answered 500 (%s)" % (request.path[:60], type(error).__name__))
        return {"error": "the board could not answer this (%s)" % type(error).__name__}, 500

    @server.get("/")
    async def page(request):
        return Response.send_file(board.page, content_type="text/html", compressed=True)

    @server.get("/icon.svg")
    async def icon(request):
        return ICON, 200, {"Content-Type": "image/svg+xml", "Cache-Control": "max-age=86400"}

    @server.get("/icon.png")
    async def icon_png(request):
        return Response.send_file(ICON_PNG, content_type="image/png", max_age=86400)

    @server.get("/manifest.webmanifest")
    async def manifest(request):
        # What a phone needs to add the board's page to its home screen.
        return json.dumps(MANIFEST), 200, {"Content-Type": "application/manifest+json"}

    @server.get("/api/state")
    async def state(request):
        return board.state()

    @server.get("/api/layout")
    async def layout(request):
        # Where every LED's hole is on the wood (board.places, as the drilling drawing): the
        # page draws the LEDs it is sent at these places.
        # With the faceplate's words (board.words): the keypad's and the status LEDs'.
        from board import words
        from board.places import places

        found = places(board.app.config)
        # The page numbers each LED by its place on the wire, as the strip's bytes it is sent
        # are: on a panel, the words go to the status LED's place there (wire_order). In the
        # status line's order, left to right: the page's legend reads them so.
        order = board.app.layout.wire_order
        return {
            "places": [[led, x, y, kind] for led, _, x, y, kind in found],
            "keys": [list(key) for key in words.KEY_ROWS],
            "holds": [list(hold) for hold in words.HOLD_ROWS],
            "labels": [
                [
                    led if order is None else order[led] // 3,
                    " ".join(line for line in lines if line),
                ]
                for led, lines in sorted(words.status_words(board.app.layout).items())
            ],
        }

    @server.get("/api/events")
    async def events(request):
        stream = LiveStream.open(server, board.changes, board.state)
        if stream is None:
            return {"error": "%d pages follow the board live already" % MAX_STREAMS}, 503
        return stream, 200, {"Content-Type": "text/event-stream"}

    @server.get("/api/history")
    async def history(request):
        return board.history()

    @server.get("/api/stats")
    async def stats(request):
        return board.stats()

    @server.post("/api/settings")
    @refusing
    async def settings(request):
        board.settle(read_body(request, SETTINGS_FIELDS))
        return board.settings(paired=True)

    @server.get("/api/settings")
    async def read_settings(request):
        return board.settings()  # read by anyone: the home network's name is not told

    @server.post("/api/pair")
    @refusing
    async def pair(request):
        phone = read_body(request, ("name",)).get("name", "phone")
        if text_problem("name", phone, 64) is not None:
            raise WebError(
                400,
                "name: the phone's name, as text of 64 characters at most, no control characters",
            )
        return board.ask_to_pair(phone, peer_address(request.client_addr)), 202

    @server.post("/api/pair/token")
    @refusing
    async def token(request):
        return board.collect_token(read_body(request, ("request",)).get("request"))

    @server.post("/api/phones")
    @refusing
    async def phones(request):
        return board.listed_phones(read_body(request, ("token",)))

    @server.post("/api/phones/forget")
    @refusing
    async def forget(request):
        return board.revoke_phone(read_body(request, ("token", "id")))

    @server.post("/api/keys")
    @refusing
    async def keys(request):
        body = read_body(request, ("token", "keys"))
        pressed = checked_keys(body)
        board.check_token(body)
        board.press(pressed)
        return board.state()

    @server.post("/api/card")
    @refusing
    async def card(request):
        body = read_body(request, ("token", "card"))
        text = body.get("card")
        try:
            card = parse(text) if isinstance(text, str) else -1
        except CardError:
            card = -1
        if not 0 <= card < 52:
            raise WebError(400, "not a cribbage card: %s" % str(text)[:40])
        board.check_token(body)
        board.enter_card(card)
        return board.state()

    @server.post("/api/coach")
    @refusing
    async def coach(request):
        # The discard coach: private to the phone that asks, no pairing, nothing saved or lit.
        # Loaded on the first question only: its show table is 6 KB.
        from cribbage.discard import ranked, throws
        from net.web_advice import throw_figures

        body = read_body(request, ("cards", "pone", "opponent", "play"))
        opponent = body.get("opponent", "uniform")
        if opponent not in ("uniform", "expert"):
            raise WebError(400, "opponent: uniform or expert")
        play = body.get("play", False)
        if not isinstance(play, bool):
            raise WebError(400, "play: true or false")
        if opponent == "expert" or play:
            cards = checked_cards(body, least=6, what="the 6 cards dealt (two players)")
            return await board.thinking_coach(cards, body.get("pone", False), opponent, play)
        found = []
        for throw in throws(checked_cards(body)):
            found.append(throw)
            await asyncio.sleep(0)  # the keys and the LEDs run between two throws
        pone = body.get("pone")
        answer = [
            throw_figures(thrown, hand / hand_cases, crib / crib_cases, pone)
            for thrown, hand, hand_cases, crib, crib_cases in ranked(found, not pone)
        ]
        return {"throws": answer}

    @server.post("/api/peg-advice")
    @refusing
    async def peg_advice(request):
        # Private to the phone that asks, as the coach: the game is read, never changed.
        body = read_body(request, ("cards", "seen"))
        cards = checked_cards(body, least=1, most=4, what="the 1 to 4 cards you hold")
        seen = checked_cards(body, "seen", 0, 2, "your 2 thrown cards") if "seen" in body else []
        return await board.peg_advice(cards, seen)

    @server.post("/api/undo")
    @refusing
    async def undo(request):
        board.check_token(read_body(request, ("token",)))
        board.press(["*"])
        return board.state()

    @server.post("/api/redo")
    @refusing
    async def redo(request):
        board.check_token(read_body(request, ("token",)))
        board.press([LONG + "*"])
        return board.state()

    return server


def serve(app, radio):
    """The page for the board's radio: the paired phones and the microdot application.
    The app hands this to wifi.Radio, which turns the radio on and off and knows no page."""
    board = Board(app, PAGE, radio=radio, local=LOCAL)
    return board.phones, make_server(board)
