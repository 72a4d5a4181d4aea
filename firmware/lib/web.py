# The board's own web page and its JSON API, served by microdot (installed on the board by
# tools/deploy.py from the pinned PyPI package) in the same asyncio loop as the keys.
#
# Reading is open on the local network; anything that changes the game carries the board's
# PIN, and wrong PINs are answered more slowly each time. Keys sent from the page go through
# App.press: the same rules, journal and undo as the keypad.
import asyncio
import json
from binascii import hexlify

from microdot import Microdot, Request, Response
from microdot.sse import with_sse

import wifi
from cards import CardError, name, parse
from cribbage.events import END_EARLY, LOSER_DEALS, MUGGINS_ON, SKUNK_COUNTS_DOUBLE

MAX_BODY = 2048  # a request body above this is refused whole
MAX_KEYS = 32  # keys in one request
LONG = "hold:"  # a key held, as "hold:#"
KEY_NAMES = "123A456B789C*0#D"
EVENT_CHECK_MS = 50  # how often a live page's stream looks for a change
# The match options (NEW_MATCH's flags), by the names the API gives them.
OPTIONS = (
    ("end_early", END_EARLY), ("skunks_double", SKUNK_COUNTS_DOUBLE),
    ("loser_deals", LOSER_DEALS), ("muggins", MUGGINS_ON),
)  # fmt: skip
SETTINGS_FIELDS = (
    "pin", "players", "target", "games", "end_early", "skunks_double", "loser_deals", "muggins",
    "brightness", "colours", "new_pin", "wifi", "network", "password",
)  # fmt: skip


class WebError(Exception):
    def __init__(self, status, words):
        Exception.__init__(self, words)
        self.status = status
        self.words = words


class _Unlocked:
    # On the board the server and the keys share one asyncio loop: nothing to lock.
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class Board:
    """What the page sees of the App, and what it may do to it. `lock` is held around every
    use of the App (the simulator serves from a thread); `radio` is the board's wifi.Radio."""

    def __init__(self, app, pin, page, lock=None, radio=None):
        self.app = app
        if app.log is None:
            app.log = []  # from now on the app keeps its last console lines for the page
        self.pin = pin  # 4 digits
        self.page = page  # the page's file, gzip-compressed
        self.wrong = 0  # wrong PINs in a row: each one answered more slowly
        self.lock = lock if lock is not None else _Unlocked()
        self.radio = radio

    def state(self):
        with self.lock:
            return self._state()

    def _state(self):
        app = self.app
        game = app.history.state
        pixels = app.hardware.pixels
        state = {
            "mode": ("cribbage", "makao", "latvian")[app.mode],
            "version": app.history.version,
            "awaiting": app.controller.describe(),
            "console": list(app.log),
            "said": app.said,
            # The strip itself, as its driver holds it: what the LEDs show, LED by LED.
            "leds": hexlify(pixels.buf).decode(),
            "order": list(pixels.ORDER[:3]),
            "brightness": app.renderer.brightness,
            "sides": list(app.side_names),
        }
        if app.mode == 0:
            state.update(cribbage_state(game, app.overlay))
        elif game.rules is not None:
            state.update(
                {
                    "players": game.players,
                    "turn": game.turn,
                    "cards": list(game.counts),
                    "top": name(game.pile[-1]) if game.pile else None,
                    "penalty": game.penalty,
                    "skips": game.fours,
                    "demand": game.demand_text(),
                    "finished": list(game.finished),
                    "over": game.over,
                }
            )
        return state

    def changes(self):
        """A value that changes whenever the page should redraw: the game, the LEDs shown,
        the console."""
        app = self.app
        return (app.history.version, app.frames, app.said)

    def history(self):
        """The match so far and the results of the matches kept (cribbage's journal)."""
        with self.lock:
            return self._history()

    def _history(self):
        match = self.app.history.state if self.app.mode == 0 else None
        if match is None or match.phase is None:
            past = list(match.past_matches) if match is not None else []
            return {"match": None, "past_matches": past}
        return {
            "match": {
                "players": match.players,
                "target": match.target,
                "games": match.games,
                "games_played": match.games_played,
                "games_won": list(match.games_won),
                "winners": list(match.results),
                "played": [
                    {
                        "winner": match.results[i],
                        "skunk": ("", "skunk", "double skunk")[match.game_marks[i] >> 2],
                        "first_dealer": match.side_of(match.game_marks[i] & 3),
                        "runner_up": match.runner_up[i],
                    }
                    for i in range(len(match.results))
                ],
                "skunk": match.skunk,
                "double_skunk": match.double_skunk,
            },
            "past_matches": [list(games) for games in match.past_matches],
        }

    def stats(self):
        """Statistics per side: this match's, and every match's the board has counted (the
        finished ones from the statistics file, which outlives the journal, with this one)."""
        with self.lock:
            return self._stats()

    def _stats(self):
        from cribbage import tally as tl

        match = self.app.history.state if self.app.mode == 0 else None
        problem = None
        try:
            last, totals = tl.read(self.app.store)
        except ValueError as error:
            last, totals, problem = 0, [0] * (tl.SIDES * tl.FIELDS), str(error)
        this = None
        if match is not None and match.phase is not None:
            this = [tl.figures(match.tally, side) for side in range(match.sides())]
            if match.match_number != last:  # summed in already when a cut hit a new match
                for index in range(len(totals)):
                    totals[index] += match.tally[index]
        return {
            "match": this,
            "all": [tl.figures(totals, side) for side in range(tl.SIDES)],
            "problem": problem,
        }

    def settings(self):
        with self.lock:
            return self._settings()

    def _settings(self):
        from board.colours import PALETTES

        app = self.app
        choices = app.choices
        keys = app.controller if app.mode == 0 else None
        mode, network, _ = wifi.choice(app.config, app.store)  # the password stays on the board
        flags = keys.flags if keys else (choices[3] if len(choices) > 3 else LOSER_DEALS)
        settings = {
            "players": keys.players if keys else (choices[0] if choices else 2),
            "target": keys.target if keys else (choices[1] if choices else 121),
            "games": keys.games if keys else (choices[2] if choices else 1),
            "brightness": app.renderer.brightness,
            "colours": app.palette,
            "palettes": [list(names) for names in PALETTES],
            "wifi": mode,
            "network": network,
        }
        for option, flag in OPTIONS:
            settings[option] = bool(flags & flag)
        return settings

    def settle(self, body):
        """The next match's choices (kept as A, B and C keep them), the brightness, the side
        colours, the PIN and the Wi-Fi: all checked before any is changed."""
        with self.lock:
            self._settle(body)

    def _settle(self, body):
        from board.colours import PALETTES

        app = self.app
        wanted = self._settings()
        for field, allowed in (
            ("players", (2, 3, 4)),
            ("target", (121, 61, 62)),
            ("games", (1, 3, 5, 7, 9)),
            ("colours", tuple(range(len(PALETTES)))),
            ("wifi", wifi.MODES),
        ):
            if field in body:
                # Exactly the type of its choices: 61.0 == 61 and True == 1, but neither is a
                # target or a number of players (they would be stored, then break the journal).
                if type(body[field]) is not type(allowed[0]) or body[field] not in allowed:
                    raise WebError(400, "%s: one of %s" % (field, allowed))
                wanted[field] = body[field]
        brightness = body.get("brightness", wanted["brightness"])
        if type(brightness) is not int:
            raise WebError(400, "brightness: a whole number from 8 to 255")
        if not 8 <= brightness <= 255:
            raise WebError(400, "brightness: a whole number from 8 to 255")
        flags = 0
        for option, flag in OPTIONS:
            value = body.get(option, wanted[option])
            if not isinstance(value, bool):
                raise WebError(400, "%s: true or false" % option)
            flags |= flag if value else 0
        new_pin = body.get("new_pin")
        if new_pin is not None and not (
            isinstance(new_pin, str) and len(new_pin) == 4 and wifi.ascii_digits(new_pin)
        ):
            raise WebError(400, "new_pin: 4 digits")
        keys = app.controller if app.mode == 0 else None
        if keys is not None and wanted["players"] == 3 and keys.tracks < 3:
            raise WebError(400, "players: 3 need a board with three tracks")
        wifi_fields = ("wifi", "network", "password")
        if any(field in body for field in wifi_fields):
            try:
                wifi.save(
                    app.config, app.store, wanted["wifi"], body.get("network"),
                    body.get("password"),
                )  # fmt: skip
            except ValueError as error:
                raise WebError(400, str(error)) from None
            if self.radio is not None:
                asyncio.create_task(self._wifi_later())
        if keys is not None:
            keys.players, keys.target, keys.games, keys.flags = (
                wanted["players"],
                wanted["target"],
                wanted["games"],
                flags,
            )
        if (brightness, wanted["colours"]) != (app.renderer.brightness, app.palette):
            from board import colours

            colours.apply(app, brightness, wanted["colours"])
        # One write keeps the choices, the brightness and the colours together.
        app.remember_choices(bytes([wanted["players"], wanted["target"], wanted["games"], flags]))
        if new_pin is not None:
            wifi.set_pin(app.store, new_pin)
            self.pin = new_pin

    async def _wifi_later(self):
        # The answer leaves first: a new Wi-Fi mode ends this page's own connection.
        await asyncio.sleep(1)
        self.radio.apply()

    async def check_pin(self, body):
        if body.get("pin") == self.pin:
            self.wrong = 0
            return
        self.wrong += 1
        await asyncio.sleep(min(0.2 * (1 << min(self.wrong, 6)), 10))
        raise WebError(403, "wrong PIN")

    def enter_card(self, card):
        self._act(None, False, card)

    def press(self, keys):
        """Presses keys as the keypad would; a refused one ends it with 409 and its reason."""
        for key in keys:
            long = key.startswith(LONG)
            self._act(key[len(LONG) :] if long else key, long, -1)

    def _act(self, key, long, card):
        # The app refuses as the keypad does, with an "error: ..." console line: 409 here.
        with self.lock:
            try:
                said = self.app.said
                if key is not None:
                    self.app.press(key, long)
                else:
                    self.app.enter_card(card)
                log = self.app.log
                for index in range(max(0, len(log) - (self.app.said - said)), len(log)):
                    if log[index].startswith("error: "):
                        raise WebError(409, log[index][7:])
            finally:
                self.acted()

    def acted(self):
        """After the page acted on the game (the simulator repaints here; the board's own
        loop repaints within 20 ms)."""


def cribbage_state(match, overlay):
    state = {"phase": match.phase, "prompt": overlay.prompt}
    if match.phase is None:
        return state
    play = match.play
    state.update(
        {
            "target": match.target,
            "players": match.players,
            "front": list(match.front),
            "rear": list(match.rear),
            "dealer": match.side_of(match.dealer),
            "turn": match.side_of(play.turn),
            "count": play.count,
            "games_won": list(match.games_won),
            "games": match.games,
            "results": list(match.results),
        }
    )
    return state


def read_body(request, allowed):
    """The JSON object sent, with only the fields allowed; WebError otherwise."""
    if request.content_length > MAX_BODY:
        raise WebError(413, "a request body holds %d bytes at most" % MAX_BODY)
    try:
        body = json.loads(request.body.decode("utf-8") if request.body else "{}")
    except (ValueError, UnicodeError):
        raise WebError(400, "not JSON") from None
    if not isinstance(body, dict):
        raise WebError(400, "a JSON object is expected")
    for key in body:
        if key not in allowed:
            raise WebError(400, "unknown field: %s" % str(key)[:40])
    return body


def checked_keys(body):
    keys = body.get("keys")
    if not isinstance(keys, list) or not 0 < len(keys) <= MAX_KEYS:
        raise WebError(400, "keys: a list of 1 to %d keys" % MAX_KEYS)
    for key in keys:
        name = key[len(LONG) :] if isinstance(key, str) and key.startswith(LONG) else key
        if not isinstance(name, str) or len(name) != 1 or name not in KEY_NAMES:
            raise WebError(400, "not a key: %s" % str(key)[:40])
    return keys


def checked_cards(body):
    texts = body.get("cards")
    if not isinstance(texts, list) or not 5 <= len(texts) <= 6:
        raise WebError(400, "cards: the 6 (or 5) cards dealt")
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
    server = Microdot()
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

    @server.errorhandler(413)
    async def too_big(request):
        return {"error": "a request body holds %d bytes at most" % MAX_BODY}, 413

    @server.get("/")
    async def page(request):
        return Response.send_file(board.page, content_type="text/html", compressed=True)

    @server.get("/api/state")
    async def state(request):
        return board.state()

    @server.get("/api/layout")
    async def layout(request):
        # Where every LED's hole is on the wood (board.places, as the drilling drawing): the
        # page draws the LEDs it is sent at these places.
        from board.places import places

        found = places(board.app.config)
        return {"places": [[led, x, y, kind] for led, _, x, y, kind in found]}

    @server.get("/api/events")
    @with_sse
    async def events(request, sse):
        # The state each time it changes. A phone that stops reading gets no backlog: the
        # next state is queued only once the last one has gone out.
        sent = None
        while True:
            now = board.changes()
            if now != sent and not sse.queue:
                sent = now
                await sse.send(board.state())
            await asyncio.sleep(EVENT_CHECK_MS / 1000)

    @server.get("/api/history")
    async def history(request):
        return board.history()

    @server.get("/api/stats")
    async def stats(request):
        return board.stats()

    @server.post("/api/settings")
    @refusing
    async def settings(request):
        body = read_body(request, SETTINGS_FIELDS)
        await board.check_pin(body)
        board.settle(body)
        return board.settings()

    @server.get("/api/settings")
    async def read_settings(request):
        return board.settings()

    @server.post("/api/keys")
    @refusing
    async def keys(request):
        body = read_body(request, ("pin", "keys"))
        pressed = checked_keys(body)
        await board.check_pin(body)
        board.press(pressed)
        return board.state()

    @server.post("/api/event")
    @server.post("/api/card")
    @refusing
    async def card(request):
        body = read_body(request, ("pin", "card"))
        text = body.get("card")
        try:
            card = parse(text) if isinstance(text, str) else -1
        except CardError:
            card = -1
        if not 0 <= card < 52:
            raise WebError(400, "not a cribbage card: %s" % str(text)[:40])
        await board.check_pin(body)
        board.enter_card(card)
        return board.state()

    @server.post("/api/coach")
    @refusing
    async def coach(request):
        # The discard coach: private to the phone that asks, no PIN, nothing saved or lit.
        # Loaded on the first question only: its show table is 6 KB.
        from cribbage.discard import ranked, throws

        body = read_body(request, ("cards", "pone"))
        found = []
        for throw in throws(checked_cards(body)):
            found.append(throw)
            await asyncio.sleep(0)  # the keys and the LEDs run between two throws
        answer = []
        for thrown, hand, hand_cases, crib, crib_cases in ranked(found, not body.get("pone")):
            mean_hand = hand / hand_cases
            mean_crib = crib / crib_cases
            net = mean_hand - mean_crib if body.get("pone") else mean_hand + mean_crib
            answer.append(
                {
                    "thrown": [name(card, False) for card in thrown],
                    "hand": round(mean_hand, 3),
                    "crib": round(mean_crib, 3),
                    "net": round(net, 3),
                }
            )
        return {"throws": answer}

    @server.post("/api/undo")
    @refusing
    async def undo(request):
        await board.check_pin(read_body(request, ("pin",)))
        board.press(["*"])
        return board.state()

    @server.post("/api/redo")
    @refusing
    async def redo(request):
        await board.check_pin(read_body(request, ("pin",)))
        board.press([LONG + "*"])
        return board.state()

    return server
