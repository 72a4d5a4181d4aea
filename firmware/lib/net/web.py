# The board's own web page and its JSON API, served by microdot (installed on the board by
# tools/maker/deploy.py from the pinned PyPI package) in the same asyncio loop as the keys.
#
# Reading is open on the local network, to pages of the board's own name or address only;
# anything that changes the game carries the token of a phone paired at the board (pairing.py),
# is sent as JSON from the board's own page, and happens whole or not at all. Keys sent from
# the page go through App.press: the same rules, journal and undo as the keypad. The threat
# model and what each defence measures: docs/security.md.
from binascii import hexlify

from cards import name
from net.pairing import PAIR_WINDOW_MS, PairError, Phones
from net.web_http import WebError, ascii_digits
from net.web_whole import Snapshot, kept_aside
from net.wifi import PAIRING_PROMPT

LONG = "hold:"  # a key held, as "hold:#"


class _Unlocked:
    # On the board the server and the keys share one asyncio loop: nothing to lock.
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class Board:
    """What the page sees of the App, and what it may do to it. `lock` is held around every
    use of the App (the simulator serves from a thread); `radio` is the board's wifi.Radio;
    `local`: the simulator's page, served on 127.0.0.1, answers to localhost too."""

    def __init__(self, app, page, lock=None, radio=None, local=False):
        self.app = app
        if app.log is None:
            app.log = []  # from now on the app keeps its last console lines for the page
        self.page = page  # the page's file, gzip-compressed
        self.lock = lock if lock is not None else _Unlocked()
        self.radio = radio
        self.local = local
        self.phones = Phones(app.store)
        self._aside = (-1, [])  # type: tuple  # the files kept aside, as of the lines said
        self.expert_table = None  # the expert coach's table, where not beside lib/
        self.count_starts_table = None  # the play's table, where not beside lib/
        self.leads_table = None  # the table of the pone's leads, where not beside lib/
        self.best_leads_table = None  # the table of the pone's chosen leads, the same
        self.play_tables = None  # that table in RAM, once the play's advice is asked
        self._version = 0  # the state's version: see _version_now
        self._version_mark = None

    def kept_aside(self):
        """The damaged files the board kept aside ("wifi.log.bad1"): each was said on the
        console and the LEDs when found, and the page lists them until they are removed."""
        said, names = self._aside
        if said != self.app.said:  # a file is only ever kept aside with a line said
            names = kept_aside(self.app.store)
            self._aside = (self.app.said, names)
        return list(names)

    def refusal(self, request):
        """(status, words) for a request the board does not take from where it came, or
        None. Reads and changes name the board (never another site's name, as a page using
        DNS rebinding sends); changes are JSON (which another site's page cannot send without
        asking first) from the board's own page, or from no page at all."""
        host = request.headers.get("Host")
        if not isinstance(host, str) or not self.own_name(host):
            return 421, "this board answers to its own name or address only (Host: %s)" % (
                str(host)[:60]
            )
        if request.method in ("GET", "HEAD"):
            return None
        kind = request.headers.get("Content-Type", "")
        if kind.split(";")[0].strip().lower() != "application/json":
            return 415, "changes are sent as Content-Type: application/json"
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() != "http://" + host.lower():
            return 403, "a page from another site may not change the game (Origin: %s)" % (
                origin[:60]
            )
        return None

    def own_name(self, host):
        name = host.lower()
        if name.startswith("["):
            return False  # an IPv6 address: the board has none
        if ":" in name:
            name, port = name.rsplit(":", 1)
            if not port or not ascii_digits(port):
                return False
        own = self.app.config.HOSTNAME.lower()
        if name == own or name == own + ".local":
            return True
        if self.local and name in ("127.0.0.1", "localhost"):
            return True
        address = self.radio.address() if self.radio is not None else None
        return address is not None and name == address

    def state(self):
        with self.lock:
            return self._state()

    def _state(self):
        app = self.app
        game = app.history.state
        pixels = app.hardware.pixels
        state = {
            "mode": ("cribbage", "makao", "latvian")[app.mode],
            "version": self._version_now(),
            "awaiting": PAIRING_PROMPT if app.pairing is not None else app.controller.describe(),
            "console": list(app.log),
            "said": app.said,
            # The strip itself, as its driver holds it: what the LEDs show, LED by LED.
            "leds": hexlify(pixels.buf).decode(),
            "order": list(pixels.ORDER[:3]),
            "brightness": app.renderer.brightness,
            "sides": list(app.side_names),
            "problems": self.kept_aside(),
        }
        link = getattr(self.radio, "club", None)
        if link is not None and link.pairing is not None:
            # The club night's next game at this board (club_link), as its round was said.
            paired = link.pairing  # [round, blue, orange, target, games]
            state["club"] = "club %s, round %d: %s plays blue, %s plays orange" % (
                link.club, paired[0], paired[1], paired[2])  # fmt: skip
        if app.mode == 0:
            state.update(cribbage_state(game, app.overlay))
            state["entry"] = "key" if app.pairing is not None else entry(app.controller)
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

    def _version_now(self):
        # Counted up whenever the game or the console changed since the last read: every
        # entry, a key that changes only the words (the next match's choices), a switch of
        # game (whose own journal counts from its own start).
        app = self.app
        mark = (app.mode, app.history.version, app.said)
        if mark != self._version_mark:
            self._version_mark = mark
            self._version += 1
        return self._version

    def changes(self):
        """A value that changes whenever the page should redraw: the game, the LEDs shown,
        the console."""
        app = self.app
        return (app.history.version, app.frames, app.said)

    def history(self):
        """The match so far and the results of the matches kept (cribbage's journal)."""
        from net import web_record

        with self.lock:
            return web_record.history(self.app)

    def stats(self):
        """Statistics per side: this match's, and every match's the board has counted (the
        finished ones from the statistics file, which outlives the journal, with this one)."""
        from net import web_record

        with self.lock:
            return web_record.stats(self.app)

    def settings(self, paired=False):
        """The settings as the page shows them; the home network's name only to a phone
        `paired` (the answer to its change), never to a page that just reads."""
        from net import web_settings

        with self.lock:
            return web_settings.read(self, paired)

    def settle(self, body):
        """The next match's choices (kept as A, B and C keep them), the brightness, the side
        colours and the Wi-Fi: all checked before any is changed (net.web_settings)."""
        from net import web_settings

        with self.lock:
            self.check_token(body)
            web_settings.settle(self, body)

    def check_token(self, body):
        if not self.phones.paired(body.get("token")):
            raise WebError(403, NOT_PAIRED)

    # -- pairing ---------------------------------------------------------------------------

    def ask_to_pair(self, phone, address):
        """A page asks to pair: its code goes to that page alone; the board says that a phone
        asks (never the code: a page reading the board's state must not learn it)."""
        with self.lock:
            app = self.app
            try:
                request, code = self.phones.ask(phone, app.overlay.now, address)
            except PairError as error:
                raise WebError(409, str(error)) from None
            app.tell(
                "a phone asks to pair: hold 0 on the board, then key the code its page shows,"
                " within %d s" % (PAIR_WINDOW_MS // 1000)
            )
            self.acted()
            return {"request": request, "code": code, "seconds": PAIR_WINDOW_MS // 1000}

    def collect_token(self, request):
        with self.lock:
            now = self.app.overlay.now  # the keys' clock: the code keyed is timed by it
            try:
                token = self.phones.collect(request, now)
            except PairError as error:
                raise WebError(410, str(error)) from None
            except OSError as error:
                raise WebError(507, "not paired yet: the flash refused it (%s)" % error) from None
            if token is None:
                return {"waiting": self.phones.seconds_left(request, now)}, 202
            self.app.tell("paired phones: %d" % len(self.phones.hashes))
            return {"token": token}, 200

    def listed_phones(self, body):
        with self.lock:
            self.check_token(body)
            return {"phones": self.phones.listed(body["token"])}

    def revoke_phone(self, body):
        with self.lock:
            self.check_token(body)
            phone = body.get("id")
            if not isinstance(phone, str):
                raise WebError(400, "id: the paired phone's id, as listed")
            try:
                self.phones.revoke(phone)
            except PairError as error:
                raise WebError(404, str(error)) from None
            except OSError as error:
                raise WebError(507, "not forgotten: the flash refused it (%s)" % error) from None
            self.app.tell(
                "a paired phone was forgotten; paired phones: %d" % len(self.phones.hashes)
            )
            return {"phones": self.phones.listed(body["token"])}

    # -- keys ------------------------------------------------------------------------------

    def enter_card(self, card):
        with self.lock:
            try:
                self.app.settle()
                before = Snapshot(self.app, False)
                refused = self.app.enter_card(card)
                if refused is not None:
                    self._refuse(before, refused)
                self._saved(before)
            finally:
                self.acted()

    def press(self, keys):
        """Presses keys as the keypad would, all of them or none: a refused one puts back
        what those before it changed (the game, the half-made entry; its files were never
        written) and answers 409; a kept request is written whole (web_whole.Snapshot.keep)."""
        with self.lock:
            app = self.app
            before = None
            try:
                app.settle()  # what an earlier key left for the idle moment is written first
                before = Snapshot(app, len(keys) > 1)
                for index in range(len(keys)):
                    key = keys[index]
                    long = key.startswith(LONG)
                    refused = app.press(key[len(LONG) :] if long else key, long)
                    if refused is not None and index:
                        refused = "key %d of %d (%s): %s; none of the request's keys was kept" % (
                            index + 1, len(keys), key, refused,
                        )  # fmt: skip
                    if refused is not None:
                        self._refuse(before, refused)
                self._saved(before)
            finally:
                if before is not None:
                    before.release()
                self.acted()

    def _refuse(self, before, words):
        # The app refused as the keypad does (the words said, the error flash); what the
        # request changed is put back, then the refusal is said and flashed again over it.
        app = self.app
        before.restore()
        app.tell("error: " + words)
        app.overlay.flash_error(app.overlay.now)
        raise WebError(409, words)

    def _saved(self, before):
        # Answered 200 only once on flash: what the last key left for the idle moment (a
        # checkpoint, a new match's journal) is written now, inside the request, and a
        # request of several keys is then written whole (web_whole.Snapshot.keep).
        app = self.app
        app.settle()
        refused = before.keep()
        if refused is not None:
            app.tell("error: " + refused)
            raise WebError(507, refused)
        if app.history.save_error is not None:
            raise WebError(
                507, "kept in memory only: the flash refused it (%s)" % app.history.save_error
            )

    def acted(self):
        """After the page acted on the game (the simulator repaints here; the board's own
        loop repaints within 20 ms)."""

    async def thinking_coach(self, cards, pone, opponent, play):
        """The coach against a sensible player's throw or any two cards, each throw's play
        counted when `play`: net.web_advice, loaded on the first question."""
        from net import web_advice

        return await web_advice.coach(self, cards, pone, opponent, play)

    async def peg_advice(self, cards, seen):
        """Which card to lay now, in the game's play: net.web_advice."""
        from net import web_advice

        return await web_advice.peg(self, cards, seen)


# The prompts the page answers with a card or a suit (ui.crib_prompts' states, by number:
# host_tests/test_web.py pins them; the board never loads that table).
_STARTER, _SUIT, _LAY, _CRIB_RANKS = 2, 3, 4, 6


def entry(keys):
    """What the page offers for the prompt: "card" when a card tapped answers it, suit and
    all (the starter, a card laid, the crib's cards unless the board's keys began them:
    ui.crib_taps), "suit" for the starter's suit, else "key" (the keypad)."""
    asks = keys.awaiting()
    if asks == _STARTER or asks == _LAY:
        return "card"
    if asks == _CRIB_RANKS and len(keys.crib_suits) == len(keys.ranks):
        return "card"
    return "suit" if asks == _SUIT else "key"


_MATCH_FIELDS = (
    "target", "players", "front", "rear", "dealer", "turn", "count", "games_won", "games",
    "results",
)  # fmt: skip


def cribbage_state(match, overlay):
    state = {"phase": match.phase, "prompt": overlay.prompt}
    if match.phase is None:
        for field in _MATCH_FIELDS:  # no match yet: each field there, none known
            state[field] = None
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


# The coach's and the play's tables are made on a laptop and copied to the board.
NOT_PAIRED = (
    "this phone is not paired: press Pair on the page, then hold 0 on the board and key the"
    " code the page shows"
)
