"""The night in one SQLite file: players, rounds, results (each kept once, a correction
beside the original), the boards' accounts, and the standings as the American Cribbage
Congress scores a tournament."""

import csv
import io
import re
import sqlite3
import unicodedata

from club_night.pairing import pair_round
from net.club_messages import LONGEST_NAME, name_problem

WIN, SKUNK_WIN, BYE = 2, 3, 2  # game points
SKUNK_LINE = 91  # the loser under this, in a 121-point game: a skunk


TARGET = 121  # a club's games, as the American Cribbage Congress plays them
MATCH_GAMES = 1  # a table's match: one game, sent with each pairing (the board starts it)
BOARD_NAME = re.compile(r"[A-Za-z0-9_-]{1,24}")  # part of every topic (net.club_choice)


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
CREATE TABLE IF NOT EXISTS refusals (
    id TEXT NOT NULL,           -- a result the club refused, told its board once
    round INTEGER NOT NULL, board TEXT NOT NULL, words TEXT NOT NULL,
    made TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (id, round, board)
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
        import secrets

        from broker import CLUB_USER, VIEWER

        if not _board_name(name) or name in (CLUB_USER, VIEWER):
            raise ClubError(
                "a board's name is 1 to 24 letters, digits, - or _ (not %s or %s): %s"
                % (CLUB_USER, VIEWER, str(name)[:30])
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
        """A player arrives (or comes back after leaving): plays from the next round."""
        name = player_name(name)
        with self.db:
            back = self.db.execute(
                "UPDATE players SET left_after = NULL WHERE name = ? AND left_after IS NOT NULL",
                (name,),
            ).rowcount
            if back:
                return
            try:
                self.db.execute(
                    "INSERT INTO players (name, arrived) VALUES (?, ?)",
                    (name, self.rounds_paired() + 1),
                )
            except sqlite3.IntegrityError:
                raise ClubError("%s is already in tonight's list" % name) from None

    def check_new(self, name):
        """The name as add() keeps it, or ClubError when add() would refuse it."""
        name = player_name(name)
        row = self.db.execute("SELECT left_after FROM players WHERE name = ?", (name,)).fetchone()
        if row is not None and row[0] is None:
            raise ClubError("%s is already in tonight's list" % name)
        return name

    def remove(self, name):
        """A player added by mistake, who has never been seated, is taken off the list."""
        name = player_name(name)
        seated = self.db.execute(
            "SELECT 1 FROM tables WHERE player_a = ? OR player_b = ?", (name, name)
        ).fetchone()
        if seated is not None:
            raise ClubError("%s has played tonight: leave keeps their games" % name)
        with self.db:
            gone = self.db.execute("DELETE FROM players WHERE name = ?", (name,)).rowcount
        if not gone:
            raise ClubError("%s is not on tonight's list" % name)

    def leave(self, name):
        name = player_name(name)
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

    def refuse(self, game_id, number, board, words):
        """Keeps a board's result the club refused (its table then waits for the director:
        `result` by hand); False when that result was refused already (said once)."""
        with self.db:
            return bool(
                self.db.execute(
                    "INSERT OR IGNORE INTO refusals (id, round, board, words) VALUES (?, ?, ?, ?)",
                    (game_id, number, board, words),
                ).rowcount
            )

    def refusals(self):
        """[(id, round, board, words)] of every result refused, in order."""
        return self.db.execute(
            "SELECT id, round, board, words FROM refusals ORDER BY made, round, board"
        ).fetchall()

    def next_games(self):
        """{board: (round, a, b)}: each board's next game, the earliest table seated there
        with no result recorded or refused; a board whose every table is done has none
        (None). A later round's pairing waits on its board until the earlier game is done,
        so a game is always sent under the round its players were seated for."""
        found = {}
        rows = self.db.execute(
            "SELECT t.board, t.round, t.player_a, t.player_b FROM tables t"
            " WHERE t.player_b IS NOT NULL AND NOT EXISTS (SELECT 1 FROM results r"
            " WHERE r.round = t.round AND r.board = t.board) AND NOT EXISTS (SELECT 1"
            " FROM refusals f WHERE f.round = t.round AND f.board = t.board)"
            " ORDER BY t.board, t.round"
        ).fetchall()
        for board, number, a, b in rows:
            found.setdefault(board, (number, a, b))
        for (board,) in self.db.execute(
            "SELECT DISTINCT board FROM tables WHERE player_b IS NOT NULL"
        ).fetchall():
            found.setdefault(board, None)
        return found

    def correct(self, game_id, score_a, score_b, reason):
        for score in (score_a, score_b):
            if type(score) is not int:
                raise ClubError("scores: whole numbers, not %s" % str(score)[:20])
        if type(game_id) is not str or type(reason) is not str:
            raise ClubError("a correction names a result's id and says why, in words")
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

    def check_boards(self, boards, accounts=True):
        """ClubError, in words, unless `boards` are board names, each once, and (`accounts`)
        each with an account when the night keeps the boards' accounts (its own broker)."""
        if type(boards) not in (list, tuple) or not boards:
            raise ClubError("boards: the boards' names, one a table")
        named = set()
        for board in boards:
            if not _board_name(board) or board == "bye":
                raise ClubError(
                    "a board's name is 1 to 24 letters, digits, - or _, not bye: %r"
                    % (str(board)[:30],)
                )
            if board in named:
                raise ClubError("board %s is named twice: one table a board" % board)
            named.add(board)
        if not accounts:
            return
        kept = {name[len("board ") :] for (name,) in self.db.execute(
            "SELECT name FROM kept WHERE name LIKE 'board %'").fetchall()}  # fmt: skip
        if kept:
            missing = sorted(named - kept)
            if missing:
                raise ClubError(
                    "%s has no account tonight (the boards command makes one)" % missing[0]
                )

    def met(self):
        pairs = self.db.execute(
            "SELECT player_a, player_b FROM tables WHERE player_b IS NOT NULL"
        ).fetchall()
        return {frozenset(pair) for pair in pairs}

    def pair(self, boards):
        """Pairs the next round on these boards: [(board, a, b or None for a bye)]."""
        self.check_boards(boards)
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


def player_name(name):
    """A player's name as the night keeps it (NFC: a letter and its accent one character,
    as a board counts it), or ClubError in words when a board could not carry it."""
    if type(name) is not str:
        raise ClubError("a player's name is text")
    name = unicodedata.normalize("NFC", name.strip())
    problem = name_problem(name)
    if problem:
        raise ClubError("%s: %s" % (problem, name[:60]))
    return name


def _board_name(name):
    return type(name) is str and BOARD_NAME.fullmatch(name) is not None


def _result_fields(result):
    """(id, round, board, players, scores, target) of a result, each of its exact type and
    bounds; ClubError naming the first that is not."""

    def whole(value, low, high, what):
        if type(value) is not int or not low <= value <= high:
            raise ClubError("%s: a whole number from %d to %d" % (what, low, high))
        return value

    def text(value, longest, what):
        if type(value) is not str:
            raise ClubError("%s: text of 1 to %d bytes" % (what, longest))
        if [c for c in value if ord(c) < 32 or 0xD800 <= ord(c) < 0xE000]:
            raise ClubError("%s: no control characters" % what)
        if not 0 < len(value.encode()) <= longest:
            raise ClubError("%s: text of 1 to %d bytes" % (what, longest))
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
    board = result["board"]
    if not _board_name(board):
        raise ClubError("board: 1 to 24 letters, digits, - or _")

    def name(value):
        if type(value) is not str or name_problem(value):
            raise ClubError("players: two names of 1 to %d characters" % LONGEST_NAME)
        return value

    players = [name(value) for value in two(result["players"], "players")]
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
