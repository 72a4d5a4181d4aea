"""A club night: many boards, one standings table. The night is one SQLite file (copy it to
keep it); results arrive from the boards over MQTT and are recorded once however often they
come; the director pairs each round, corrects a result (the original is kept) and exports
the standings.

  python tools/club.py NIGHT.sqlite add NAME...          players (arrive before the next round)
  python tools/club.py NIGHT.sqlite leave NAME           leaves after the current round
  python tools/club.py NIGHT.sqlite boards BOARD...      each board's password on the broker
  python tools/club.py NIGHT.sqlite revoke BOARD...      a board's account ends
  python tools/club.py NIGHT.sqlite pair BOARD...        the next round, one table per board
  python tools/club.py NIGHT.sqlite result ID ROUND BOARD A B SCORE_A SCORE_B
  python tools/club.py NIGHT.sqlite correct ID SCORE_A SCORE_B REASON...
  python tools/club.py NIGHT.sqlite standings | csv
  python tools/club.py NIGHT.sqlite serve --club NAME --own-broker [HOST:PORT] [--pin PIN]
  python tools/club.py NIGHT.sqlite serve --club NAME --broker HOST:PORT [--broker-password P]

Scoring, as the American Cribbage Congress scores a tournament: a game won is 2 game points,
3 when the loser was skunked (under 91 of 121; a double skunk is a skunk too), a loss 0. The
spread of a game is the target less the loser's score: plus for the winner, minus for the
loser. Standings: game points, then games won, then spread. A bye counts as a game won for
2 points and no spread. Pairing: no player meets the same opponent twice in a night while
another pairing of the round avoids it (an exhaustive search, cheapest repeats first when
none does); the bye goes to the lowest-placed player who has not had one.

MQTT topics (docs/club-night.md): boards publish `cribbage/CLUB/BOARD/result` (QoS 1) and the
club publishes each board's next game to `cribbage/CLUB/BOARD/pairing` (retained). With
--own-broker, serve runs Mosquitto for the night (tools/broker.py) with an account for each
board (`boards NAME...` prints their passwords) and rules that keep each to its own topics.
"""

import argparse
import csv
import io
import json
import queue
import sqlite3
import sys
import threading

SKUNK_LINE = 91  # the loser under this, in a 121-point game: a skunk
TARGET = 121  # a club's games, as the American Cribbage Congress plays them
WIN, SKUNK_WIN, BYE = 2, 3, 2  # game points

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    name TEXT PRIMARY KEY,
    arrived INTEGER NOT NULL,  -- the first round they play
    left_after INTEGER         -- the last round they play, once they leave
);
CREATE TABLE IF NOT EXISTS tables (
    round INTEGER NOT NULL, board TEXT NOT NULL, player_a TEXT NOT NULL, player_b TEXT,
    PRIMARY KEY (round, board)
);
CREATE TABLE IF NOT EXISTS results (
    id TEXT PRIMARY KEY,        -- made on the board: the same result sent twice is one
    round INTEGER NOT NULL, board TEXT NOT NULL,
    player_a TEXT NOT NULL, player_b TEXT NOT NULL,
    score_a INTEGER NOT NULL, score_b INTEGER NOT NULL, target INTEGER NOT NULL,
    received TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS kept (
    name TEXT PRIMARY KEY,      -- what the night's program keeps across a restart: the
    value TEXT NOT NULL         -- director's PIN, each broker account's password ("board t1")
);
CREATE TABLE IF NOT EXISTS corrections (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    result TEXT NOT NULL REFERENCES results(id),
    score_a INTEGER NOT NULL, score_b INTEGER NOT NULL, reason TEXT NOT NULL,
    made TEXT NOT NULL DEFAULT (datetime('now'))
);
"""


class ClubError(ValueError):
    """A director's or a board's input the night does not take, in one sentence."""


class Night:
    def __init__(self, path):
        # One connection for the night; the broker's thread and the page's use it in turn
        # (Bridge.lock), so it is not tied to the thread that made it.
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.executescript(SCHEMA)

    def kept(self, name, made):
        """The night's `name` as kept in its file; the first time, made() and kept."""
        row = self.db.execute("SELECT value FROM kept WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return row[0]
        value = made()
        with self.db:
            self.db.execute("INSERT INTO kept VALUES (?, ?)", (name, value))
        return value

    def keep(self, name, value):
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO kept VALUES (?, ?)", (name, value))

    def board_password(self, name):
        """The board's own password on the night's broker, made the first time it is asked."""
        import re
        import secrets

        from broker import CLUB_USER, VIEWER

        if not re.fullmatch(r"[A-Za-z0-9_-]{1,24}", name) or name in (CLUB_USER, VIEWER):
            raise ClubError(
                "a board's name is 1 to 24 letters, digits, - or _ (not %s or %s): %s"
                % (CLUB_USER, VIEWER, name[:30])
            )
        return self.kept("board " + name, lambda: secrets.token_urlsafe(9))

    def revoke(self, name):
        with self.db:
            gone = self.db.execute("DELETE FROM kept WHERE name = ?", ("board " + name,)).rowcount
        if not gone:
            raise ClubError("no board %s has an account tonight" % name)

    def accounts(self):
        """{name: password} of every board's account, and the club's and Home Assistant's."""
        import secrets

        from broker import CLUB_USER, VIEWER

        rows = self.db.execute("SELECT name, value FROM kept WHERE name LIKE 'board %'")
        found = {name[len("board ") :]: password for name, password in rows.fetchall()}
        for user in (CLUB_USER, VIEWER):
            found[user] = self.kept(user + " password", lambda: secrets.token_urlsafe(9))
        return found

    def seated(self, number):
        """[(board, a, b or None)] of round `number`, by board."""
        return self.db.execute(
            "SELECT board, player_a, player_b FROM tables WHERE round = ? ORDER BY board",
            (number,),
        ).fetchall()

    # -- players ----------------------------------------------------------------------------

    def rounds_paired(self):
        return self.db.execute("SELECT COALESCE(MAX(round), 0) FROM tables").fetchone()[0]

    def add(self, name):
        name = name.strip()
        if not name:
            raise ClubError("a player needs a name")
        with self.db:
            try:
                self.db.execute(
                    "INSERT INTO players (name, arrived) VALUES (?, ?)",
                    (name, self.rounds_paired() + 1),
                )
            except sqlite3.IntegrityError:
                raise ClubError("%s is already in tonight's list" % name) from None

    def leave(self, name):
        with self.db:
            changed = self.db.execute(
                "UPDATE players SET left_after = ? WHERE name = ? AND left_after IS NULL",
                (self.rounds_paired(), name),
            ).rowcount
        if not changed:
            raise ClubError("%s is not playing tonight" % name)

    def playing(self, round_number):
        rows = self.db.execute(
            "SELECT name FROM players WHERE arrived <= ? AND (left_after IS NULL OR"
            " left_after >= ?) ORDER BY name",
            (round_number, round_number),
        )
        return [row[0] for row in rows]

    # -- results ----------------------------------------------------------------------------

    def record(self, result, sent_on=None, commit=True):
        """Records a board's result (a dict as the board publishes it; `sent_on`: the board
        whose topic it came on); False when that very result was recorded already. ClubError,
        in words, for anything else: a result is taken only as the club paired its table
        (that board, that round, those players in that order, to TARGET), once a table.
        `commit` False: the caller commits (a batch of results, one synced commit)."""
        game_id, number, board, players, scores, target = _result_fields(result)
        if sent_on is not None and board != sent_on:
            raise ClubError("a result for board %s came on board %s's topic" % (board, sent_on))
        seated = self.db.execute(
            "SELECT player_a, player_b FROM tables WHERE round = ? AND board = ?",
            (number, board),
        ).fetchone()
        if seated is None or seated[1] is None:
            raise ClubError("round %d has no table at board %s tonight" % (number, board))
        if list(players) != list(seated):
            raise ClubError(
                "round %d at board %s is %s v %s, not %s v %s"
                % (number, board, seated[0], seated[1], players[0], players[1])
            )
        if target != TARGET:
            raise ClubError("tonight's games are to %d, not %d" % (TARGET, target))
        _check_scores(scores[0], scores[1], target)
        earlier = self.db.execute(
            "SELECT id FROM results WHERE round = ? AND board = ?", (number, board)
        ).fetchone()
        if earlier is not None:
            if earlier[0] == game_id:
                return False  # sent again: the board has not heard it was recorded
            raise ClubError(
                "round %d at board %s is recorded already (%s)" % (number, board, earlier[0])
            )
        try:
            self.db.execute(
                "INSERT INTO results (id, round, board, player_a, player_b, score_a,"
                " score_b, target) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, number, board, players[0], players[1], scores[0], scores[1],
                 target),
            )  # fmt: skip
        except sqlite3.IntegrityError:
            raise ClubError("the result id %s was another table's" % game_id) from None
        if commit:
            self.db.commit()
        return True

    def correct(self, game_id, score_a, score_b, reason):
        row = self.db.execute("SELECT target FROM results WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise ClubError("no result %s tonight" % game_id)
        if not reason.strip():
            raise ClubError("a correction says why")
        _check_scores(score_a, score_b, row[0])
        with self.db:
            self.db.execute(
                "INSERT INTO corrections (result, score_a, score_b, reason) VALUES (?, ?, ?, ?)",
                (game_id, score_a, score_b, reason.strip()),
            )

    def games(self):
        """[(id, round, board, a, b, score_a, score_b, target)]: every result, as corrected
        last (the original stays in results, each correction in corrections)."""
        return self.db.execute(
            "SELECT r.id, r.round, r.board, r.player_a, r.player_b,"
            " COALESCE(c.score_a, r.score_a), COALESCE(c.score_b, r.score_b), r.target"
            " FROM results r LEFT JOIN corrections c ON c.number ="
            " (SELECT MAX(number) FROM corrections WHERE result = r.id)"
            " ORDER BY r.round, r.board"
        ).fetchall()

    def byes(self):
        return self.db.execute(
            "SELECT round, player_a FROM tables WHERE player_b IS NULL ORDER BY round"
        ).fetchall()

    # -- standings ----------------------------------------------------------------------------

    def standings(self):
        """[(place, name, game points, games won, spread, games played)] in order."""
        table = {}
        rows = self.db.execute("SELECT name FROM players").fetchall()
        for (name,) in rows:
            table[name] = [0, 0, 0, 0]
        for _, _, _, a, b, score_a, score_b, target in self.games():
            for name in (a, b):
                table.setdefault(name, [0, 0, 0, 0])
            winner, loser, low = (a, b, score_b) if score_a > score_b else (b, a, score_a)
            spread = target - low
            table[winner][0] += SKUNK_WIN if low < _skunk_line(target) else WIN
            table[winner][1] += 1
            table[winner][2] += spread
            table[loser][2] -= spread
            table[winner][3] += 1
            table[loser][3] += 1
        for _, name in self.byes():
            table[name][0] += BYE
            table[name][1] += 1
        order = sorted(table, key=lambda n: (-table[n][0], -table[n][1], -table[n][2], n))
        return [(i + 1, n) + tuple(table[n]) for i, n in enumerate(order)]

    def csv(self):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["place", "player", "game points", "games won", "spread", "played"])
        for row in self.standings():
            writer.writerow([_cell(value) for value in row])
        return out.getvalue()

    # -- pairing ------------------------------------------------------------------------------

    def seat(self, number, board, a, b):
        """Seats a table by hand (a round the director paired away from the club's pairing,
        or a bench's own): a result is recorded only for a table seated here or by pair()."""
        with self.db:
            try:
                self.db.execute("INSERT INTO tables VALUES (?, ?, ?, ?)", (number, board, a, b))
            except sqlite3.IntegrityError:
                raise ClubError(
                    "round %d has a table at board %s already" % (number, board)
                ) from None

    def met(self):
        pairs = self.db.execute(
            "SELECT player_a, player_b FROM tables WHERE player_b IS NOT NULL"
        ).fetchall()
        return {frozenset(pair) for pair in pairs}

    def pair(self, boards):
        """Pairs the next round on these boards: [(board, a, b or None for a bye)]."""
        number = self.rounds_paired() + 1
        players = self.playing(number)
        if len(players) < 2:
            raise ClubError("a round needs two players at least")
        place = {row[1]: row[0] for row in self.standings()}
        ranked = sorted(players, key=lambda n: (place.get(n, 0), n))
        had_bye = {name for _, name in self.byes()}
        tables, bye = pair_round(ranked, self.met(), had_bye)
        if len(tables) > len(boards):
            raise ClubError(
                "this round has %d table%s: name a board for each (%d named)"
                % (len(tables), "" if len(tables) == 1 else "s", len(boards))
            )
        with self.db:
            for board, (a, b) in zip(boards, tables):
                self.db.execute("INSERT INTO tables VALUES (?, ?, ?, ?)", (number, board, a, b))
            if bye is not None:
                self.db.execute("INSERT INTO tables VALUES (?, ?, ?, NULL)", (number, "bye", bye))
        found = [(board, a, b) for board, (a, b) in zip(boards, tables)]
        return found + ([("bye", bye, None)] if bye is not None else [])


RESULT_FIELDS = ("id", "round", "board", "players", "scores", "target", "skunk", "dealt_first")
LONGEST_ID = 64
LONGEST_NAME = 40  # bytes, as a board takes a player's name (club_messages.LONGEST_NAME)


def _result_fields(result):
    """(id, round, board, players, scores, target) of a result, each of its exact type and
    bounds; ClubError naming the first that is not."""

    def whole(value, low, high, what):
        if type(value) is not int or not low <= value <= high:
            raise ClubError("%s: a whole number from %d to %d" % (what, low, high))
        return value

    def text(value, longest, what):
        if type(value) is not str or not 0 < len(value.encode()) <= longest:
            raise ClubError("%s: text of 1 to %d bytes" % (what, longest))
        if [c for c in value if ord(c) < 32 or 0xD800 <= ord(c) < 0xE000]:
            raise ClubError("%s: no control characters" % what)
        return value

    if type(result) is not dict:
        raise ClubError("a result is a JSON object")
    unknown = [key for key in result if key not in RESULT_FIELDS]
    if unknown:
        raise ClubError("not a result's field: %s" % str(unknown[0])[:40])
    for key in RESULT_FIELDS[:5]:
        if key not in result:
            raise ClubError("a result has its %s" % key)

    def two(value, what):
        if type(value) is not list or len(value) != 2:
            raise ClubError("%s: a list of two" % what)
        return value

    game_id = text(result["id"], LONGEST_ID, "id")
    number = whole(result["round"], 1, 999, "round")
    board = text(result["board"], LONGEST_NAME, "board")
    players = [text(name, LONGEST_NAME, "players") for name in two(result["players"], "players")]
    scores = [whole(score, 0, 999, "scores") for score in two(result["scores"], "scores")]
    target = whole(result.get("target", TARGET), 1, 999, "target")
    return game_id, number, board, players, scores, target


def _cell(value):
    """A CSV cell a spreadsheet shows as it is: text it would run as a formula (=, +, -, @,
    a tab or a return first, OWASP's list) is written after a quote, as its users type it."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _skunk_line(target):
    return SKUNK_LINE * target // 121


def _check_scores(score_a, score_b, target):
    if not (0 <= score_a <= target and 0 <= score_b <= target) or (score_a == target) == (
        score_b == target
    ):
        raise ClubError(
            "a finished game has one side at %d and the other under it: %d-%d"
            % (target, score_a, score_b)
        )


def pair_round(ranked, met, had_bye):
    """(tables [(a, b)], the bye or None) for players in standing order: the fewest repeated
    opponents there can be (none while a pairing avoids them), each player with the nearest
    in the standings it may meet; the bye to the lowest placed without one."""
    candidates = [None]
    if len(ranked) % 2:
        without = [p for p in reversed(ranked) if p not in had_bye]
        candidates = without + [p for p in reversed(ranked) if p in had_bye]
    for repeats in range(len(ranked) // 2 + 1):
        for bye in candidates:
            players = tuple(p for p in ranked if p != bye)
            tables = _match(players, met, repeats, set())
            if tables is not None:
                return tables, bye
    raise AssertionError("unreachable: every pairing is allowed once repeats are")


def _match(players, met, repeats, failed):
    """Tables for players (in order) with at most `repeats` pairs that met already, or None;
    failed: the (players, repeats) already found to have none."""
    if not players:
        return []
    if (players, repeats) in failed:
        return None
    first, rest = players[0], players[1:]
    for index in range(len(rest)):
        partner = rest[index]
        cost = frozenset((first, partner)) in met
        if cost > repeats:
            continue
        found = _match(rest[:index] + rest[index + 1 :], met, repeats - cost, failed)
        if found is not None:
            return [(first, partner)] + found
    failed.add((players, repeats))
    return None


# -- Over MQTT -------------------------------------------------------------------------------


LONGEST_MESSAGE = 1024  # bytes of a result message: a board's are under 300
BATCH = 500  # results recorded in one commit at most
INBOX = 20000  # messages waiting for the recorder at most (a flood past it is dropped, said)
REFUSALS_KEPT = 50  # the latest refused messages, for the director's page


def parse_message(payload):
    """A message's JSON, read strictly: UTF-8 of at most LONGEST_MESSAGE bytes, no NaN or
    Infinity, no number of more than 9 digits, nesting of 4 at most; ClubError otherwise."""
    if len(payload) > LONGEST_MESSAGE:
        raise ClubError("a message of %d bytes: %d at most" % (len(payload), LONGEST_MESSAGE))
    if payload.count(b"[") + payload.count(b"{") > 4:
        raise ClubError("a result holds 4 brackets ([ or {) at most")

    def constant(name):
        raise ClubError("%s is not a number a result holds" % name)

    def number(digits):
        if len(digits.lstrip("-")) > 9:
            raise ClubError("a number of %d digits: 9 at most" % len(digits))
        return int(digits)

    def no_fraction(digits):
        raise ClubError("%s: a result's numbers are whole" % digits[:20])

    try:
        return json.loads(
            payload.decode("utf-8"), parse_constant=constant, parse_int=number,
            parse_float=no_fraction,
        )  # fmt: skip
    except UnicodeError:
        raise ClubError("a message is text (UTF-8)") from None
    except ValueError as error:
        if isinstance(error, ClubError):
            raise
        raise ClubError("not JSON: %s" % error) from None


def topic(club, board, leaf):
    return "cribbage/%s/%s/%s" % (club, board, leaf)


class Bridge:
    """The night on a broker: every board's results recorded and each acknowledged to its
    board (`recorded`, the result's id: the board sends it again until then), the next
    round's tables published to each board (retained: a board that starts later still finds
    its game), the standings published (retained) after each new result. paho-mqtt
    reconnects by itself after an outage."""

    def __init__(self, night, club, host, port, password=None):
        import paho.mqtt.client as mqtt

        self.night = night
        self.club = club
        self.lock = threading.Lock()  # the night's SQLite connection, shared with the page
        self.refused = []  # (topic, words) of messages that were not results
        self.inbox = queue.Queue(INBOX)  # (topic, payload) for the recorder
        self.recorder = None
        self.client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2, client_id="club-" + club, clean_session=False
        )
        # A callback that fails anyway (not a message: those are caught and listed) is
        # logged by paho and its network thread goes on, rather than every later result
        # going unrecorded.
        self.client.suppress_exceptions = True
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected
        self.client.on_message = self._message
        self.down_since = "the start"  # None while the broker answers
        if password:
            from broker import CLUB_USER

            self.client.username_pw_set(CLUB_USER, password)
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.connect_async(host, port, keepalive=10)

    def start(self):
        self.recorder = threading.Thread(target=self._record_all, daemon=True)
        self.recorder.start()
        self.client.loop_start()

    def stop(self):
        self.client.disconnect()
        self.client.loop_stop()
        if self.recorder is not None:
            self.inbox.put(None)
            self.recorder.join(10)

    def _connected(self, client, userdata, flags, reason, properties):
        self.down_since = None
        client.subscribe(topic(self.club, "+", "result"), qos=1)
        # The round's pairings again, retained: a broker restarted (its retained messages
        # lost with it) still gives a board that starts later its game.
        with self.lock:
            number = self.night.rounds_paired()
            tables = self.night.seated(number) if number else []
        self._publish_pairings(number, tables)

    def _disconnected(self, client, userdata, flags, reason, properties):
        import time

        if self.down_since is None:
            self.down_since = time.strftime("%H:%M:%S")

    def _message(self, client, userdata, message):
        # paho's network thread only queues: the recording (a synced SQLite commit, the
        # standings) is the recorder's, a batch at a time, so a burst costs one commit.
        try:
            self.inbox.put_nowait((message.topic, bytes(message.payload)))
        except queue.Full:
            self._refused(message.topic, "the club is behind: sent again by its board, it counts")

    def _record_all(self):
        while True:
            batch = [self.inbox.get()]
            while batch[-1] is not None and len(batch) < BATCH:
                try:
                    batch.append(self.inbox.get_nowait())
                except queue.Empty:
                    break
            try:
                self._record([item for item in batch if item is not None])
            except Exception as error:  # noqa: BLE001
                # Said on the page; the boards send again until acked, so nothing is lost.
                self._refused("the club's recorder", "%s: %s" % (type(error).__name__, error))
            if batch[-1] is None:
                return

    def _record(self, batch):
        acks, refused, new = [], [], False
        with self.lock:
            try:
                for where, payload in batch:
                    board = where.split("/")[2]
                    try:
                        result = parse_message(payload)
                        new = self.night.record(result, board, commit=False) or new
                    except ClubError as error:
                        refused.append((where, str(error)))
                        continue
                    acks.append((board, result["id"]))
                self.night.db.commit()  # one synced commit, before any ack of the batch
            except BaseException:
                self.night.db.rollback()
                raise
            standings = self.night.standings() if new else None
        for where, words in refused:
            self._refused(where, words)
        # The board keeps a result (and sends it again) until this says it is recorded: a
        # result the broker took while no club listened is not lost, one sent twice counts once.
        for board, game_id in acks:
            self.client.publish(topic(self.club, board, "recorded"), game_id, qos=1)
        if standings is not None:
            payload = json.dumps([list(row) for row in standings])
            self.client.publish("cribbage/%s/standings" % self.club, payload, qos=1, retain=True)

    def _refused(self, where, words):
        with self.lock:
            self.refused.append((where[:120], words[:200]))
            del self.refused[:-REFUSALS_KEPT]

    def pair(self, boards):
        """Pairs the next round and tells each board its game (retained)."""
        with self.lock:
            tables = self.night.pair(boards)
            number = self.night.rounds_paired()
        self._publish_pairings(number, tables)
        return tables

    def _publish_pairings(self, number, tables):
        for board, a, b in tables:
            if b is not None:
                game = {"round": number, "players": [a, b]}
                self.client.publish(
                    topic(self.club, board, "pairing"), json.dumps(game), qos=1, retain=True
                )


# -- The standings page ------------------------------------------------------------------------

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%(club)s: standings</title>
<style>
body{margin:0;padding:1rem;background:#1d140c;color:#f3ead8;font:1.1rem/1.4 system-ui,sans-serif}
h1{font-size:1.6rem;margin:.2rem 0 1rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
table{border-collapse:collapse;width:100%%;max-width:60rem;font-size:clamp(1rem,2.4vw,1.8rem)}
th,td{padding:.3rem .6rem;text-align:right;border-bottom:1px solid #5a4330}
th:nth-child(2),td:nth-child(2){text-align:left}caption{text-align:left;color:#d8c8a8}
a{color:#ffd28a}
</style></head><body><main>
<h1>%(club)s: standings after %(games)d games</h1>%(broker)s
<table><caption>Game points (2 a win, 3 a skunk), then games won, then spread.
Updated every 5 seconds.</caption>
<thead><tr><th scope="col">place</th><th scope="col">player</th><th scope="col">points</th>
<th scope="col">won</th><th scope="col">spread</th><th scope="col">played</th></tr></thead>
<tbody>%(rows)s</tbody></table>
<h2>Round %(round)d</h2><ul>%(tables)s</ul>
%(refused)s<p><a href="/standings.csv">Download the standings (CSV)</a></p>
</main>
<script>
// The standings follow the night: every 5 s the page's content is fetched again and put in
// place, without reloading (no jump, focus and scrolling kept).
setInterval(function(){fetch("/").then(function(r){return r.text()}).then(function(t){
var fresh=new DOMParser().parseFromString(t,"text/html").querySelector("main");
if(fresh)document.querySelector("main").innerHTML=fresh.innerHTML}).catch(function(){})},5000);
</script>
</body></html>
"""


def escape(text):
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def page(night, club, refused=(), down_since=None):
    rows = "".join(
        "<tr><td>%d</td><td>%s</td><td>%d</td><td>%d</td><td>%+d</td><td>%d</td></tr>"
        % (place, escape(name), points, won, spread, played)
        for place, name, points, won, spread, played in night.standings()
    )
    number = night.rounds_paired()
    seated = night.seated(number)
    tables = "".join(
        "<li>%s: %s</li>"
        % (escape(board), escape("%s v %s" % (a, b) if b else "%s has the bye" % a))
        for board, a, b in seated
    )
    values = {"club": escape(club), "games": len(night.games()), "rows": rows}
    values["broker"] = (
        '<p role="alert">The broker is not answering (since %s): the boards keep their'
        " results and send them once it is back.</p>" % escape(down_since)
        if down_since
        else ""
    )
    values["refused"] = (
        "<h2>Messages refused</h2><ul>%s</ul>"
        % "".join(
            "<li>%s: %s</li>" % (escape(where), escape(words)) for where, words in refused[::-1]
        )
        if refused
        else ""
    )
    values.update({"round": number, "tables": tables or "<li>not paired yet</li>"})
    return PAGE % values


class PinGuard:
    """Wrong PINs, counted across every connection: at most WRONG_PER_ADDRESS a minute from
    one address and WRONG_IN_ALL a minute in all. Past either, a PIN from an address that
    sent a wrong one this minute is refused unread (429); an address that sent no wrong PIN
    is never refused, so a director who types it right is never slowed by another's guesses.
    An 8-digit PIN guessed all night (12 hours) is found with a chance under
    (WRONG_IN_ALL x 720 + one guess a fresh address) / 10^8: about 0.04 %."""

    WRONG_PER_ADDRESS = 10
    WRONG_IN_ALL = 60

    def __init__(self, pin, clock=None):
        import time

        self.pin = pin.encode()
        self.clock = clock or time.monotonic
        self.lock = threading.Lock()
        self.minute = None
        self.wrong = {}  # address -> wrong PINs this minute

    def check(self, address, given):
        """None when `given` is the PIN; otherwise (status, words)."""
        import hmac

        with self.lock:
            minute = int(self.clock() // 60)
            if minute != self.minute:
                self.minute, self.wrong = minute, {}
            mine = self.wrong.get(address, 0)
            if mine and (
                mine >= self.WRONG_PER_ADDRESS or sum(self.wrong.values()) >= self.WRONG_IN_ALL
            ):
                wait = 60 - int(self.clock()) % 60
                return 429, "too many wrong PINs: try again in %d s" % wait
            if hmac.compare_digest(given.encode(), self.pin):
                return None
            self.wrong[address] = mine + 1
            return 403, "the director's PIN is wrong"


def page_host_is_ours(host_header):
    """The page answers to an address, localhost or this computer's own name: a web page of
    another name (DNS rebinding) reads nothing and changes nothing."""
    import ipaddress
    import socket

    name = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
    name = name.strip("[]").lower()
    if name in (
        "localhost",
        socket.gethostname().lower(),
        socket.gethostname().lower() + ".local",
    ):
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


def make_page_server(bridge, host, port, pin):
    """An HTTP server of the standings (GET /, /standings.csv, /api/standings) and the
    director's changes (POST /api/correct, /api/pair, /api/players: JSON with the PIN)."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    night, club = bridge.night, bridge.club
    guard = PinGuard(pin)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def answer(self, status, body, kind="application/json"):
            data = body.encode("utf-8") if isinstance(body, str) else body
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def refused_here(self):
            """The words a request from another site or name gets, or None."""
            if not page_host_is_ours(self.headers.get("Host", "")):
                return 421, "this page answers to its own address, not %s" % (
                    self.headers.get("Host", "")[:60]
                )
            origin = self.headers.get("Origin")
            if origin is not None and origin.split("://", 1)[-1] != self.headers.get("Host"):
                return 403, "a change comes from this page's own address, not %s" % origin[:60]
            return None

        def do_GET(self):
            refused = self.refused_here()
            if refused is not None:
                return self.answer(refused[0], json.dumps({"error": refused[1]}))
            with bridge.lock:
                if self.path == "/":
                    shown = page(night, club, list(bridge.refused), bridge.down_since)
                    return self.answer(200, shown, "text/html; charset=utf-8")
                if self.path == "/standings.csv":
                    return self.answer(200, night.csv(), "text/csv; charset=utf-8")
                if self.path == "/api/standings":
                    return self.answer(200, json.dumps([list(r) for r in night.standings()]))
            self.answer(404, json.dumps({"error": "no page %s" % self.path[:60]}))

        def do_POST(self):
            refused = self.refused_here()
            if refused is None and self.headers.get_content_type() != "application/json":
                refused = 415, "the director's changes are sent as application/json"
            if refused is not None:
                return self.answer(refused[0], json.dumps({"error": refused[1]}))
            try:
                length = int(self.headers.get("Content-Length", "0"))
                if not 0 <= length <= 4096:
                    raise ClubError("a request body holds 4096 bytes at most")
                body = json.loads(self.rfile.read(length) or b"{}")
                if not isinstance(body, dict):
                    raise ClubError("a JSON object is expected")
            except (ValueError, ClubError) as error:
                return self.answer(400, json.dumps({"error": str(error)}))
            wrong = guard.check(self.client_address[0], str(body.get("pin", "")))
            if wrong is not None:
                return self.answer(wrong[0], json.dumps({"error": wrong[1]}))
            try:
                if self.path == "/api/correct":
                    scores = body.get("scores")
                    if not isinstance(scores, list) or len(scores) != 2:
                        raise ClubError("scores: the two sides' scores")
                    with bridge.lock:
                        night.correct(
                            str(body.get("id")), int(scores[0]), int(scores[1]),
                            str(body.get("reason", "")),
                        )  # fmt: skip
                elif self.path == "/api/pair":
                    boards = body.get("boards")
                    if not isinstance(boards, list) or not boards:
                        raise ClubError("boards: the boards' names, one a table")
                    tables = bridge.pair([str(b) for b in boards])
                    return self.answer(200, json.dumps({"tables": tables}))
                elif self.path == "/api/players":
                    with bridge.lock:
                        for name in body.get("add", []):
                            night.add(str(name))
                        if body.get("leave"):
                            night.leave(str(body["leave"]))
                else:
                    return self.answer(404, json.dumps({"error": "no page %s" % self.path[:60]}))
            except (ClubError, ValueError, TypeError) as error:
                return self.answer(400, json.dumps({"error": str(error)}))
            with bridge.lock:
                standings = [list(r) for r in night.standings()]
            self.answer(200, json.dumps({"standings": standings}))

    return ThreadingHTTPServer((host, port), Handler)


def main(argv):
    parser = argparse.ArgumentParser(description="A club night's standings")
    parser.add_argument("night", help="the night's SQLite file (made if new)")
    parser.add_argument("command")
    parser.add_argument("words", nargs="*")
    args, options = parser.parse_known_args(argv)
    if options and args.command != "serve":
        parser.error("unknown options: %s" % " ".join(options))
    night = Night(args.night)
    try:
        if args.command == "add":
            for name in args.words:
                night.add(name)
        elif args.command == "leave":
            night.leave(" ".join(args.words))
        elif args.command == "pair":
            for board, a, b in night.pair(args.words):
                print("%s: %s" % (board, "%s v %s" % (a, b) if b else "%s has the bye" % a))
        elif args.command == "boards":
            for name in args.words:
                print("%s: password %s" % (name, night.board_password(name)))
        elif args.command == "revoke":
            for name in args.words:
                night.revoke(name)
        elif args.command == "result":
            if len(args.words) != 7:
                raise ClubError(
                    "result takes 7 words: ID ROUND BOARD PLAYER_A PLAYER_B SCORE_A SCORE_B"
                    " (%d given)" % len(args.words)
                )
            game_id, number, board, a, b, score_a, score_b = args.words
            night.record(
                {"id": game_id, "round": _typed(number, "round"), "board": board,
                 "players": [a, b], "scores": [_typed(score_a, "scores"),
                 _typed(score_b, "scores")]}
            )  # fmt: skip
        elif args.command == "correct":
            if len(args.words) < 3:
                raise ClubError(
                    "correct takes ID SCORE_A SCORE_B, then why in words (%d words given)"
                    % len(args.words)
                )
            game_id, score_a, score_b = args.words[:3]
            scores = (_typed(score_a, "scores"), _typed(score_b, "scores"))
            night.correct(game_id, scores[0], scores[1], " ".join(args.words[3:]))
        elif args.command == "standings":
            for row in night.standings():
                print("%2d  %-20s %3d points  %d won  spread %+d  (%d played)" % row)
        elif args.command == "csv":
            sys.stdout.write(night.csv())
        elif args.command == "serve":
            return serve(night, args.words + options)
        else:
            parser.error("unknown command %r" % args.command)
    except (ClubError, ValueError) as error:
        sys.stderr.write("%s\n" % error)
        return 1
    return 0


def stop_left_behind(kept):
    """Stops the Mosquitto an earlier serve of this night started, should it still run
    (kept: "PID CONFIG" as that serve wrote it): its pid, once stopped, else 0. A process
    that now has that pid but not that broker's config is not touched."""
    import os
    import signal
    import time

    pid, _, config = kept.partition(" ")
    if not pid.isdigit() or not config:
        return 0
    try:
        with open("/proc/%s/cmdline" % pid, "rb") as line:
            command = line.read().split(b"\0")
    except OSError:
        return 0  # gone, as it should be
    if config.encode() not in command or not command[0].endswith(b"mosquitto"):
        return 0
    os.kill(int(pid), signal.SIGTERM)
    for _ in range(50):
        try:
            with open("/proc/%s/stat" % pid) as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    break  # ended; its parent has yet to read its status
        except OSError:
            break
        time.sleep(0.1)
    else:
        os.kill(int(pid), signal.SIGKILL)
    return int(pid)


def keep_up(broker, ending, accounts_now, every=1.0):
    """The night's own broker, started again within a second should it stop by itself (the
    boards and the club reconnect by themselves; the page says it was down meanwhile), and
    with the night's accounts as the director adds or revokes a board's, until `ending`."""
    accounts = accounts_now()
    while not ending.wait(every):
        now = accounts_now()
        if now != accounts and not ending.is_set():
            accounts = now
            broker.renew(now)
            print("the boards' accounts changed: the broker started again with them", flush=True)
            continue
        process = broker.process
        if process is not None and process.poll() is not None and not ending.is_set():
            print("the broker stopped (exit %d): started again" % process.returncode, flush=True)
            try:
                broker.start()
            except RuntimeError as error:
                print("the broker could not start again: %s" % error, flush=True)


def _typed(word, what):
    if not word.isascii() or not word.isdigit():
        raise ClubError("%s: a whole number, not %s" % (what, word[:20]))
    return int(word)


def serve(night, words):
    import secrets

    parser = argparse.ArgumentParser(prog="club.py NIGHT serve")
    parser.add_argument("--broker", default="127.0.0.1:1883", help="HOST:PORT of the broker")
    parser.add_argument(
        "--own-broker",
        nargs="?",
        const="0.0.0.0:1883",
        metavar="HOST:PORT",
        help="start Mosquitto for the night, listening here (default 0.0.0.0:1883: the club's"
        " network), and stop it after; the boards and the club sign in with --broker-password",
    )
    parser.add_argument(
        "--broker-password",
        help="the password the boards and the club sign in to the broker with (user"
        " 'cribbage'; default with --own-broker: the night's, made once, printed and kept in"
        " the night's file)",
    )
    parser.add_argument("--club", default="club", help="the club's name in the topics")
    parser.add_argument("--host", default="0.0.0.0", help="where the page listens")
    parser.add_argument("--port", type=int, default=8088, help="0: any free port (printed)")
    parser.add_argument(
        "--pin", help="the director's PIN (default: the night's, 8 digits made once, kept)"
    )
    args = parser.parse_args(words)
    if args.pin:
        night.keep("pin", args.pin)
    pin = night.kept("pin", lambda: "%08d" % secrets.randbelow(10**8))
    import signal

    def interrupted(number, frame):
        raise KeyboardInterrupt  # a service manager's stop: the broker is stopped too

    signal.signal(signal.SIGTERM, interrupted)  # from the start: every way out stops all
    running = {}  # what is started, stopped in the end whatever stops serve
    try:
        return _serve(night, args, pin, running)
    except KeyboardInterrupt:
        return 0
    finally:
        if "ending" in running:
            running["ending"].set()
        if "bridge" in running:
            running["bridge"].stop()
        if "broker" in running:
            running["broker"].stop()


def _serve(night, args, pin, running):
    password = args.broker_password
    own = None
    if args.own_broker:
        import tempfile

        from broker import CLUB_USER, VIEWER, Broker

        if password:
            night.keep(CLUB_USER + " password", password)
        # Every account kept in the night's file: a restart of serve keeps every board's
        # password right.
        accounts = night.accounts()
        password = accounts[CLUB_USER]
        listen_host, _, listen_port = args.own_broker.rpartition(":")
        folder = tempfile.mkdtemp(prefix="club-broker-")
        own = Broker(
            folder, listen_host or "0.0.0.0", int(listen_port), accounts=accounts, club=args.club
        )
        running["broker"] = own  # stopped in the end, even if a stop comes as it starts
        left = stop_left_behind(night.kept("broker", lambda: ""))
        if left:
            print("a broker this night left running (pid %d) was stopped" % left, flush=True)
        try:
            own.start()
            night.keep("broker", "%d %s" % (own.process.pid, own.config))
        except RuntimeError as error:
            if "in use" not in str(error):
                raise
            sys.stderr.write(
                "port %s is taken, most likely by the mosquitto service Debian starts on"
                " installing it: stop it (sudo systemctl disable --now mosquitto) or give"
                " another port (--own-broker 0.0.0.0:1884)\n" % listen_port
            )
            return 1
        host, port = "127.0.0.1" if own.host in ("0.0.0.0", "::") else own.host, own.port
        print(
            "the boards' broker: port %d of this computer; each board's page: the club's"
            " broker is this computer's address:%d, and the board's own password (club.py"
            " NIGHT boards NAME prints it); Home Assistant signs in as %s, password %s"
            % (port, port, VIEWER, accounts[VIEWER])
        )
    else:
        host, _, port = args.broker.rpartition(":")
    bridge = Bridge(night, args.club, host or "127.0.0.1", int(port), password)
    running["bridge"] = bridge
    bridge.start()
    server = make_page_server(bridge, args.host, args.port, pin)
    port = server.server_address[1]  # the one bound: --port 0 takes any free one
    print("standings on http://%s:%d/ ; the director's PIN: %s" % (args.host, port, pin))
    sys.stdout.flush()
    running["ending"] = ending = threading.Event()
    if own is not None:

        def accounts_now():
            with bridge.lock:
                return night.accounts()

        threading.Thread(target=keep_up, args=(own, ending, accounts_now), daemon=True).start()
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
