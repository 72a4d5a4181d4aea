"""The night in one SQLite file: players, rounds, results (each kept once, a correction
beside the original), the boards' accounts, and the standings as the American Cribbage
Congress scores a tournament."""

import csv
import io
import sqlite3

from club_night.pairing import pair_round

WIN, SKUNK_WIN, BYE = 2, 3, 2  # game points
SKUNK_LINE = 91  # the loser under this, in a 121-point game: a skunk


TARGET = 121  # a club's games, as the American Cribbage Congress plays them


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
