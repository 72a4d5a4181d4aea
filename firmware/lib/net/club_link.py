# The board in a club night (docs/club-night.md has the topics): its finished games sent to the
# club's MQTT broker and kept on the flash until the club says it recorded them, its live
# state and availability published, its next game (the club's pairing) said on the console
# and the page and spelled on the LEDs, and Home Assistant told what the board is.
#
# Two halves. The network thread talks to the broker with umqtt.simple2 (installed from PyPI
# by the deploy tool): connecting, or a broker that is slow or gone, waits there and never in
# the loop that reads the keys. The loop's half, watch(), runs beside the keys every
# WATCH_MS: it sees a game end, writes the flash (the journals share one window, so only this
# thread writes any) and says what the thread heard. They share a few fields under one lock.
import _thread
import json
import os

from utime import sleep_ms, ticks_ms  # umqtt's clock (on CPython, the host's stand-in)

from clock import ticks_diff
from cribbage.game import GAME_OVER, MATCH_OVER
from micropython import const
from net import club_choice, club_messages
from net.club_messages import HA_STATUS, LONGEST_MESSAGE, why
from storage.journal import Journal

OUTBOX = "club.log"  # R: a finished game; D: one the club recorded or refused; P: the latest
# pairing
WATCH_MS = const(500)
POLL_MS = const(100)  # the network thread's longest wait for the broker between its chores
RESEND_MS = const(5000)  # a result not recorded yet is sent again after this
KEEPALIVE_S = const(20)
RETRY_MS = (1000, 2000, 4000, 8000)  # waits between attempts to reach the broker
_RECORDS_BEFORE_COMPACTING = const(12)
_NOTES_HELD = const(8)  # notes heard between two watches, at most


class ClubLink:
    def __init__(self, store, club, board, host, port, say, password=""):
        self.club = club
        self.password = password  # the board's own on the broker (its account: its name)
        self.board = board
        self.where = "cribbage/%s/%s/" % (club, board)  # the board's topics: where + leaf
        self.host = host
        self.port = port
        self.say = say
        self.journal = Journal(store, OUTBOX)
        self.lock = _thread.allocate_lock()
        # Shared with the thread, under the lock:
        self.outbox = {}  # token -> [stored fields, ms of the last send or None]
        self.heard = []  # (kind, value) the thread heard, for watch() to write and say
        self.state = None  # the live state's payload, once it changes
        self.connected = False
        self.discover = False  # Home Assistant asked for the discovery again
        self.running = False
        self.stopped = True
        self.say_offline = True
        # The loop's own:
        self.pairing = None  # [round, player a, player b, target, games], the latest
        # The last game sent, as stored: its round (fields[1]) is the pairing used, its
        # [match number, games played] (fields[9:11]) the game.
        self.last_sent = None
        self.seen_game = None  # the finished game watch() saw last
        self.playing = None  # the game in play watch() saw begin, and the pairing then known
        self.bound = None
        self.refused = None  # the words of the last pairing refused, until one is taken
        self.shown = None  # the state watch() handed the thread last
        self.records = 0
        self._load()

    # -- the flash: the loop's thread only ---------------------------------------------------

    def _load(self):
        problem = None
        try:
            self.journal.check()  # a torn last record is cut away, the rest kept
            problem = self.journal.problem
        except OSError as error:
            problem = "%s; it could not be mended (%s)" % (self.journal.problem, error)
        window = self.journal.window
        for _, start, end in self.journal.records():
            kind = window[start]
            value = bytes(window[start + 1 : end])
            self.records += 1
            if kind == 82:  # R
                fields = json.loads(value)
                self.outbox[fields[0]] = [fields, None]
                self.last_sent = fields
            elif kind == 68:  # D
                self.outbox.pop(value.decode(), None)
            elif kind == 80:  # P
                self.pairing = json.loads(value)
        if problem is not None:
            self.say("club: the results kept on the flash: %s" % problem)

    def _write(self, record):
        try:
            self.journal.append(record)
        except OSError as error:
            self.say("error: club: the flash refused a record (%s)" % error)
            return False
        except ValueError as error:  # longer than a record may be: not kept, and said
            self.say("error: club: a record was not kept (%s)" % error)
            return False
        self.records += 1
        return True

    def _compact(self):
        # Once every result is recorded, the journal keeps the last one and that it was
        # recorded (after a restart: which game was sent last, and that its pairing is used)
        # and the latest pairing.
        if self.outbox or self.records < _RECORDS_BEFORE_COMPACTING or self.last_sent is None:
            return
        last = self.last_sent
        kept = [b"R" + club_messages.dump(last), b"D" + last[0].encode()]
        if self.pairing is not None:
            kept.append(b"P" + club_messages.dump(self.pairing))
        try:
            self.journal.rewrite(kept)
        except OSError:
            return  # kept as it is: it reads back the same
        self.records = len(kept)

    # -- watch(): beside the keys ---------------------------------------------------------

    def watch(self, app):
        """Writes what the thread heard, says it, and sends a game that has just ended."""
        with self.lock:
            heard = self.heard
            self.heard = []
        for kind, value in heard:
            if kind == "recorded":
                if self._write(b"D" + value[0].encode()):
                    app.tell("club: the result of round %d is recorded" % value[1])
                self._compact()
            elif kind == "refused":  # said once: it is not sent again, nor after a restart
                self._write(b"D" + value[0].encode())
                app.tell("error: club: the club refused round %d's result: %s" % value[1:])
                app.overlay.flash_error(app.overlay.now)
                self._compact()
            elif kind == "pairing":
                self._take_pairing(app, value)
            elif kind == "no pairing":  # also in the live state: the director's page says it
                self.refused = value
                app.tell("club: " + value)
            else:
                app.tell("club: " + value)
        if app.mode != 0:
            self._show({"mode": app.MODE_NAMES[app.mode]})
            return
        match = app.history.state
        phase = match.phase
        game = None if phase is None else [match.match_number, match.games_played]
        if phase is not None and phase != GAME_OVER and phase != MATCH_OVER:
            if game != self.playing:
                # A game began: it is the game of the pairing known now (should the club
                # pair the next round before it ends, that pairing waits for the next game).
                self.playing = game
                self.bound = self.pairing
        elif phase is not None:
            if game != self.seen_game and match.players == 2:
                self.seen_game = game
                if self.last_sent is None or game != self.last_sent[9:11]:
                    self._finished(app, match, game)
        state = {"mode": "cribbage", "phase": phase or "new match"}
        if phase is not None:
            state["scores"] = list(match.front)
            state["games"] = list(match.games_won)
        if self.pairing is not None:
            state["round"] = self.pairing[0]
            state["players"] = self.pairing[1:3]
        if self.refused is not None:
            state["refused"] = self.refused
        self._show(state)

    def _show(self, state):
        if state != self.shown:
            self.shown = state
            payload = json.dumps(state)
            with self.lock:
                self.state = payload

    def _take_pairing(self, app, pairing):
        if pairing == self.pairing:
            return  # the retained pairing, again at a reconnection
        if not self._write(b"P" + club_messages.dump(pairing)):
            return
        self.pairing = pairing
        self.refused = None
        self._choose_match(app, pairing)
        # What starts that game from here: # only where # begins a game (no game under way).
        if app.mode != 0:
            start = "hold D until cribbage, then # starts the game"
        elif app.history.state.phase in (None, GAME_OVER, MATCH_OVER):
            start = "# starts the game"
        elif self._game_bound(app.history.state):
            start = "it is this board's next game, once this one is over"
        else:  # the game under way began with no pairing unused: this one takes it
            start = "the game under way is this round's"
        app.tell(
            "club: round %d: %s plays blue, %s plays orange, %s to %d; %s"
            % (pairing[0], pairing[1], pairing[2],
               "1 game" if pairing[4] == 1 else "best of %d games" % pairing[4], pairing[3], start)
        )  # fmt: skip
        digits = bytearray(str(pairing[0]).encode())
        for index in range(len(digits)):
            digits[index] -= 48
        app.overlay.spell(bytes(digits), app.overlay.now)

    def _game_bound(self, match):
        """True when the game under way began with a pairing whose game is not sent yet."""
        if self.playing != [match.match_number, match.games_played] or self.bound is None:
            return False
        return self.last_sent is None or self.bound[0] != self.last_sent[1]

    def _choose_match(self, app, pairing):
        # The club's match is the next one # starts, as if A, B and C had chosen it; the
        # match options (who deals, muggins) stay the board's.
        keys = app.controller if app.mode == 0 else None
        if keys is not None:
            keys.players, keys.target, keys.games = 2, pairing[3], pairing[4]
            keys.remember_choices()
        else:
            choices = app.choices
            flags = choices[3] if len(choices) > 3 else 4  # crib_keys's default: loser deals
            app.remember_choices(bytes([2, pairing[3], pairing[4], flags]))

    def _finished(self, app, match, game):
        pairing = self._pairing_for(game)
        if pairing is None:
            app.tell("club: this game was not paired by the club, so it is not sent")
            return
        grade = match.game_marks[-1]
        token = "%s-%s-%d" % (self.board, "%02x%02x%02x" % tuple(os.urandom(3)), pairing[0])
        fields = [token, pairing[0], pairing[1], pairing[2]]
        fields += [match.front[0], match.front[1], match.target, grade >> 2, grade & 3]
        fields += game
        if not self._write(b"R" + club_messages.dump(fields)):
            app.overlay.flash_error(app.overlay.now)
            return
        self.last_sent = fields
        with self.lock:
            self.outbox[token] = [fields, None]
        app.tell(
            "club: round %d: %s %d, %s %d: sent to the club"
            % (pairing[0], pairing[1], match.front[0], pairing[2], match.front[1])
        )

    def _pairing_for(self, game):
        """The pairing a game that has just ended is sent for, or None: the one known when it
        began (in play it had one game fewer played), else (the club paired late) the one
        known now; never one whose game was sent already."""
        began = self.bound if self.playing == [game[0], game[1] - 1] else None
        for pairing in (began, self.pairing):
            if pairing is not None and (self.last_sent is None or pairing[0] != self.last_sent[1]):
                return pairing
        return None

    # -- the network thread -----------------------------------------------------------------

    def start(self):
        self.running = True
        self.stopped = False
        try:
            _thread.stack_size(8192)  # the board's default is too small for a JSON message
        except ValueError:
            pass  # CPython's smallest is larger, and its default is enough
        _thread.start_new_thread(self._run, ())

    def stop(self, wait_ms=10000, say_offline=True):
        """Ends the thread (saying offline to the broker first, unless the power is going:
        then the broker's will says it); True once it has."""
        self.say_offline = say_offline
        self.running = False
        waited = 0
        while not self.stopped and waited < wait_ms:
            sleep_ms(20)
            waited += 20
        return self.stopped

    def _run(self):
        client = None
        failures = 0
        try:
            while self.running:
                if client is None:
                    client = self._connect(failures)
                    if client is None:
                        failures += 1
                        self._wait(RETRY_MS[min(failures, len(RETRY_MS)) - 1])
                        continue
                    failures = 0
                try:
                    self._exchange(client)
                except Exception as error:  # noqa: BLE001  (OSError or umqtt's MQTTException)
                    self._hear("note", "the broker is gone (%s); results are kept" % why(error))
                    self._drop(client)
                    client = None
            if client is not None:
                if self.say_offline:
                    self._sign_off(client)
                else:
                    self._drop(client)
        finally:
            self.stopped = True

    def _wait(self, ms):
        while ms > 0 and self.running:
            sleep_ms(50)
            ms -= 50

    def _hear(self, kind, value):
        with self.lock:
            heard = self.heard
            if kind[0] == "n" and len(heard) >= _NOTES_HELD:  # a note, or "no pairing"
                return  # a broker flooding the board with bad messages: the first are said
            if kind == "pairing":  # only the latest is taken: an earlier one waiting goes
                heard[:] = [entry for entry in heard if entry[0] != "pairing"]
            heard.append((kind, value))

    def _connect(self, failures):
        from umqtt.simple2 import MQTTClient

        where = self.where
        client = MQTTClient(
            ("cribbage-%s-%s" % (self.club, self.board)).encode(),
            self.host,
            self.port,
            user=self.board.encode() if self.password else None,
            password=self.password.encode() if self.password else None,
            keepalive=KEEPALIVE_S,
            socket_timeout=5,
            message_timeout=10,
        )
        client.set_callback(self._message)
        client.set_last_will((where + "availability").encode(), b"offline", retain=True, qos=1)
        try:
            client.connect(clean_session=True)
            client.subscribe((where + "pairing").encode(), qos=1)
            client.subscribe((where + "recorded").encode(), qos=1)
            client.subscribe((where + "refused").encode(), qos=1)
            client.subscribe(HA_STATUS.encode(), qos=1)
            client.publish((where + "availability").encode(), b"online", retain=True, qos=1)
            self._discovery(client)
        except Exception as error:  # noqa: BLE001  (OSError or umqtt's MQTTException)
            if failures == 0:
                self._hear(
                    "note",
                    "broker %s:%d not reached (%s); results are kept and sent once it answers"
                    % (self.host, self.port, why(error)),
                )
            self._drop(client)
            return None
        with self.lock:
            self.connected = True
            for entry in self.outbox.values():
                entry[1] = None  # all sent again on a new connection
            if self.state is None and self.shown is not None:
                self.state = json.dumps(self.shown)  # a broker restarted may have lost it
        self._hear("note", "connected to the club's broker %s:%d" % (self.host, self.port))
        return client

    def _drop(self, client):
        with self.lock:
            self.connected = False
        if client.sock is not None:
            try:
                client.sock.close()
            except OSError:
                pass
            client.sock = None

    def _sign_off(self, client):
        try:
            client.publish((self.where + "availability").encode(), b"offline", True, 1)
            client.disconnect()
        except Exception:  # noqa: BLE001  (leaving anyway: the will says offline)
            self._drop(client)

    def _exchange(self, client):
        # Waits for the broker's next message at most POLL_MS: the thread sleeps there (the
        # board's other thread runs), and a result the loop queued waits no longer than that.
        if client.poller_r.poll(POLL_MS):
            for _ in range(8):
                if client.check_msg() is None:
                    break
        now = ticks_ms()
        with self.lock:
            due = [
                entry[0]
                for entry in self.outbox.values()
                if entry[1] is None or ticks_diff(now, entry[1]) >= RESEND_MS
            ]
            for fields in due:
                self.outbox[fields[0]][1] = now
            state = self.state
            self.state = None
            discover = self.discover
            self.discover = False
        if discover:
            self._discovery(client)
        for fields in due:
            client.publish(
                (self.where + "result").encode(), club_messages.result(self.board, fields), qos=1
            )
        if state is not None:
            client.publish((self.where + "state").encode(), state.encode(), retain=True, qos=1)
        if ticks_diff(now, client.last_ping) >= KEEPALIVE_S * 500:
            client.ping()
        if ticks_diff(now, client.last_cpacket) >= KEEPALIVE_S * 1500:
            raise OSError("no answer for %d s" % (KEEPALIVE_S * 3 // 2))

    def _message(self, where, message, retained, duplicate):
        # Whatever a message holds, the thread goes on: a message it cannot take is said.
        leaf = where[where.rfind(b"/") + 1 :].decode()  # the board's own: pairing, recorded
        try:
            self._take(leaf, message)
        except Exception as error:  # noqa: BLE001
            self._hear("note", "the club's %s was not taken (%s)" % (leaf, why(error)))

    def _take(self, leaf, message):
        if leaf == "status":  # Home Assistant's: it (re)started, and asks for discoveries
            if message == b"online":
                with self.lock:
                    self.discover = True
            return
        if len(message) > LONGEST_MESSAGE:
            self._hear("note", "the club's %s is longer than %d bytes" % (leaf, LONGEST_MESSAGE))
            return
        text = message.decode()
        if leaf == "recorded":
            with self.lock:
                entry = self.outbox.pop(text, None)
            if entry is not None:
                self._hear("recorded", (text, entry[0][1]))
        elif leaf == "refused":
            refused = club_messages.refusal(text)
            with self.lock:
                entry = self.outbox.pop(refused[0], None) if refused else None
            if entry is not None:
                self._hear("refused", (refused[0], entry[0][1], refused[1]))
        elif leaf == "pairing":
            pairing = club_messages.pairing(text)
            if isinstance(pairing, str):
                self._hear("no pairing", pairing)
            else:
                self._hear("pairing", pairing)

    def _discovery(self, client):
        # Sent at each connection, and again when Home Assistant says it is online (its
        # birth message): a broker restarted without its retained messages.
        topic, config = club_messages.discovery(self.club, self.board, self.where)
        client.publish(topic, config, retain=True, qos=1)


def settings(config, store):
    """(club, board, host, port, password) as set on the page or in config.py; None when no
    club is set; the words why when one is set but cannot be joined."""
    club, broker, password, board = club_choice.choice(config, store)
    if not club and not broker:
        return None
    try:
        club_choice.check(club, broker, password, board)
    except ValueError as error:
        return str(error)
    host, port = club_choice.parse_broker(broker)
    return club, board, host, port, password


def start(app, config, store):
    """The club link, started, when config.py names a club; None otherwise (said why when a
    club is named but cannot be joined)."""
    found = settings(config, store)
    if found is None:
        return None
    if isinstance(found, str):
        app.tell("error: club: " + found)
        return None
    club, board, host, port, password = found
    try:
        import umqtt.simple2  # noqa: F401
    except ImportError:
        app.tell("error: club: umqtt is not on this board: install it with crib-deploy")
        return None
    link = ClubLink(store, club, board, host, port, app.tell, password)
    link.start()
    app.tell("club %s: this board is %s; broker %s:%d" % (club, board, host, port))
    return link
