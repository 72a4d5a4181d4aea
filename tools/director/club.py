"""A club night: many boards, one standings table. The night is one SQLite file (copy it to
keep it); results arrive from the boards over MQTT and are recorded once however often they
come; the director pairs each round, corrects a result (the original is kept) and exports
the standings.

  crib-club NIGHT.sqlite add NAME...         players (arrive before the next round, or back)
  crib-club NIGHT.sqlite leave NAME          leaves after the current round
  crib-club NIGHT.sqlite remove NAME         off the list (a name added by mistake, never seated)
  crib-club NIGHT.sqlite boards BOARD...     each board's password on the broker
  crib-club NIGHT.sqlite revoke BOARD...     a board's account ends
  crib-club NIGHT.sqlite pair BOARD...       the next round, one table per board
  crib-club NIGHT.sqlite result ID ROUND BOARD A B SCORE_A SCORE_B
  crib-club NIGHT.sqlite correct ID SCORE_A SCORE_B REASON...
  crib-club NIGHT.sqlite results             every result with its ID, and those refused
  crib-club NIGHT.sqlite standings | csv
  crib-club NIGHT.sqlite COMMAND --help      what a command's words are
  crib-club NIGHT.sqlite serve --club NAME --own-broker [HOST:PORT] [--pin PIN]
  crib-club NIGHT.sqlite serve --club NAME --broker HOST:PORT [--broker-password P]

(bash tools/club sets up the director's .venv and runs crib-club with the same words.)

Scoring, as the American Cribbage Congress scores a tournament: a game won is 2 game points,
3 when the loser was skunked (under 91 of 121; a double skunk is a skunk too), a loss 0. The
spread of a game is the target less the loser's score: plus for the winner, minus for the
loser. Standings: game points, then games won, then spread. A bye counts as a game won for
2 points and no spread. Pairing: no player meets the same opponent twice in a night while
another pairing of the round avoids it (an exhaustive search, cheapest repeats first when
none does); the bye goes to the lowest-placed player who has not had one.

MQTT topics (docs/club-night.md): boards publish `cribbage/CLUB/BOARD/result` (QoS 1) and the
club publishes each board's next game to `cribbage/CLUB/BOARD/pairing` (retained). With
--own-broker, serve runs Mosquitto for the night (tools/director/broker.py) with an account
for each board (`boards NAME...` prints their passwords) and rules that keep each to its own
topics.
"""

import argparse
import sys

from club_night.night import ClubError, Night
from club_night.serving import option_problem, serve, serve_parser


def add(night, words):
    """NAME...: players who arrive (or come back), each a word (quote a name with a space);
    all or none: a name refused adds none."""
    if not words:
        raise ClubError("add takes the names of the players who arrive")
    checked = [night.check_new(name) for name in words]
    if len(set(checked)) != len(checked):
        raise ClubError("add: a name given twice")
    for name in checked:
        night.add(name)


def leave(night, words):
    """NAME: a player who leaves after the current round (their games stay)."""
    night.leave(" ".join(words))


def remove(night, words):
    """NAME: a player added by mistake, never seated, taken off the list."""
    night.remove(" ".join(words))


def pair(night, words):
    """BOARD...: pairs the next round, one table a board; a running serve sends it to the
    boards within two seconds."""
    for board, a, b in night.pair(words):
        print("%s: %s" % (board, "%s v %s" % (a, b) if b else "%s has the bye" % a))


def boards(night, words):
    """BOARD...: each board's password on the night's broker (made once, printed again)."""
    if not words:
        raise ClubError("boards takes the boards' names")
    night.check_boards(words, accounts=False)  # all or none
    for name in words:
        print("%s: password %s" % (name, night.board_password(name)))


def revoke(night, words):
    """BOARD...: a board's account ends (serve starts its broker again without it)."""
    if not words:
        raise ClubError("revoke takes the boards' names")
    words = list(dict.fromkeys(words))  # a board named twice is revoked once
    for name in words:
        if (
            night.db.execute("SELECT 1 FROM kept WHERE name = ?", ("board " + name,)).fetchone()
            is None
        ):
            raise ClubError("no board %s has an account tonight" % name[:30])
    for name in words:
        night.revoke(name)


def result(night, words):
    """ID ROUND BOARD PLAYER_A PLAYER_B SCORE_A SCORE_B: a game keyed by hand, as a board
    would send it (ID: any word not used yet, e.g. hand-3-t2)."""
    if len(words) != 7:
        raise ClubError(
            "result takes 7 words: ID ROUND BOARD PLAYER_A PLAYER_B SCORE_A SCORE_B"
            " (%d given)" % len(words)
        )
    game_id, number, board, a, b, score_a, score_b = words
    night.record(
        {"id": game_id, "round": _typed(number, "round"), "board": board, "players": [a, b],
         "scores": [_typed(score_a, "scores"), _typed(score_b, "scores")]}
    )  # fmt: skip


def correct(night, words):
    """ID SCORE_A SCORE_B REASON...: a result's scores corrected (`results` shows the IDs;
    the original is kept)."""
    if len(words) < 3:
        raise ClubError(
            "correct takes ID SCORE_A SCORE_B, then why in words (%d words given)" % len(words)
        )
    game_id, score_a, score_b = words[:3]
    scores = (_typed(score_a, "scores"), _typed(score_b, "scores"))
    night.correct(game_id, scores[0], scores[1], " ".join(words[3:]))


def results(night, words):
    """Every result with its ID (as corrected last), then every result refused and why."""
    for game_id, number, board, a, b, score_a, score_b, _ in night.games():
        print("round %d  %-6s %s %d, %s %d  (ID %s)" % (number, board, a, score_a, b, score_b,
                                                       game_id))  # fmt: skip
    for game_id, number, board, words in night.refusals():
        print("round %d  %-6s refused: %s  (ID %s)" % (number, board, words, game_id))


def standings(night, words):
    """The standings: place, name, game points, games won, spread, games played."""
    for row in night.standings():
        print("%2d  %-20s %3d points  %d won  spread %+d  (%d played)" % row)


def csv(night, words):
    """The standings as CSV, on the standard output."""
    sys.stdout.write(night.csv())


# The commands, each with what it does to the night; serve takes options of its own.
COMMANDS = {
    "add": add, "leave": leave, "remove": remove, "pair": pair, "boards": boards,
    "revoke": revoke, "result": result, "correct": correct, "results": results,
    "standings": standings, "csv": csv, "serve": serve,
}  # fmt: skip


def main(argv=None):
    parser = argparse.ArgumentParser(description="A club night's standings")
    parser.add_argument("night", help="the night's SQLite file (made if new)")
    parser.add_argument("command", help=", ".join(COMMANDS))
    parser.add_argument("words", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = COMMANDS.get(args.command)
    if command is None:  # said before the night's file is made
        parser.error("unknown command %r: %s" % (args.command, ", ".join(COMMANDS)))
    if "--help" in args.words or "-h" in args.words:  # before the night's file is made
        if command is serve:
            serve_parser().print_help()
        else:
            print("usage: crib-club NIGHT %s %s" % (args.command, command.__doc__.strip()))
        return 0
    options = [word for word in args.words if word.startswith("--")]
    if options and command is not serve:
        parser.error("unknown options: %s" % " ".join(options))
    if command is serve:
        try:
            problem = option_problem(serve_parser().parse_args(args.words))
        except SystemExit as leaving:  # refused in words before any file is made
            return leaving.code
        if problem:
            sys.stderr.write(problem + "\n")
            return 2
    try:
        night = Night(args.night)
    except Exception as error:  # noqa: BLE001  (sqlite3's: not a night's file, no folder)
        sys.stderr.write("the night's file %s cannot be used: %s\n" % (args.night, error))
        return 1
    try:
        return command(night, args.words) or 0
    except ClubError as error:
        sys.stderr.write("%s\n" % error)
        return 1


def _typed(word, what):
    if not word.isascii() or not word.isdigit():
        raise ClubError("%s: a whole number, not %s" % (what, word[:20]))
    return int(word)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
