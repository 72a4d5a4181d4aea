import os
import subprocess
import sys
from io import StringIO

import crib
from where import ROOT


def run(argv, stdin=""):
    out, err = StringIO(), StringIO()
    status = crib.main(argv, stdin=StringIO(stdin), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_count_prints_each_item_then_the_total_alone():
    status, out, err = run(["count", "5H", "TC", "6D", "6S", "4C"])
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "fifteen 2 (5\u2665 T\u2663)",
        "fifteen 4 (4\u2663 5\u2665 6\u2666)",
        "fifteen 6 (4\u2663 5\u2665 6\u2660)",
        "pair 8 (6\u2666 6\u2660)",
        "run of 3 for 11 (4\u2663 5\u2665 6\u2666)",
        "run of 3 for 14 (4\u2663 5\u2665 6\u2660)",
        "14",
    ]


def test_count_crib_needs_a_five_card_flush():
    assert (
        run(["count", "2H", "4H", "6H", "8H", "KC"])[1]
        == "flush of 4 for 4 (2\u2665 4\u2665 6\u2665 8\u2665)\n4\n"
    )
    assert run(["count", "--crib", "2H", "4H", "6H", "8H", "KC"])[1] == "0\n"


def test_count_accepts_tens_written_as_10_and_suit_symbols():
    assert run(["count", "5c", "5d", "5s", "j\u2665", "5\u2665"])[1].splitlines()[-1] == "29"
    assert run(["count", "10C", "5D", "5S", "5C", "5H"])[1].splitlines()[-1] == "28"


def test_count_refuses_bad_shows_with_the_bad_token_named():
    status, out, err = run(["count", "5H", "5H", "6D", "6S", "4C"])
    assert (status, out) == (2, "") and "duplicate card: 5\u2665" in err
    status, out, err = run(["count", "5H", "6D", "6S", "4C"])
    assert status == 2 and "got 4 cards" in err
    status, out, err = run(["count", "5H", "6D", "6S", "4C", "ZZ"])
    assert status == 2 and "'ZZ'" in err


def test_a_joker_is_refused_in_words_by_every_command_that_takes_cards():
    joker = "error: cribbage has no joker: a card is a rank and a suit, as 5H\n"
    for argv in (
        ["count", "JOKER", "5H", "5D", "JC", "6S"],
        ["discard", "JOKER", "5H", "5D", "JC", "6S", "4C"],
        ["peg-advice", "--pone", "JOKER", "2S", "5H", "3D"],
        ["peg-advice", "--pone", "AS", "2S", "5H", "3D", "--seen", "JOKER"],
    ):
        assert run(argv) == (2, "", joker), argv


def test_batch_prints_one_total_a_line_in_order():
    stdin = "5H TC 6D 6S 4C\n5C 5D 5S JH 5H\n2H 4H 6H 8H KC\n"
    assert run(["count", "--batch"], stdin) == (0, "14\n29\n4\n", "")
    assert run(["count", "--batch", "--crib"], stdin) == (0, "14\n29\n0\n", "")


def test_batch_bad_line_is_named_and_stops_after_the_answers_before_it():
    status, out, err = run(["count", "--batch"], "5H TC 6D 6S 4C\n5C 5D 5S JH 5C\n2H 4H 6H\n")
    assert status == 2 and out == "14\n"  # answers stream: the good line's is out already
    assert err == "line 2: duplicate card: 5\u2663\n"
    for line, error in (
        ("5H TC 6D 6S", "a show is 4 cards and the starter: got 4 cards"),
        ("5H TC 6D 6S ZZ", "bad card: 'ZZ'"),
        ("5h 10c 6d 6s 4c 4c", ""),
    ):
        status, out, err = run(["count", "--batch"], line + "\n")
        assert status == 2 and out == "" and err.startswith("line 1: " + error)


class CountingOut:
    """Records how much was written before the input ran out: a batch must stream."""

    def __init__(self):
        self.writes = []

    def write(self, text):
        self.writes.append(len(text))


def test_a_long_batch_streams_its_answers():
    lines = ("5H TC 6D 6S 4C\n" for _ in range(20000))
    out = CountingOut()
    assert crib.count_batch(lines, False, out, None) == 0
    assert sum(out.writes) == 20000 * 3 and max(out.writes) <= crib.CHUNK * 3
    assert len(out.writes) >= 20000 // crib.CHUNK


def test_the_real_command_line():
    done = subprocess.run(
        [sys.executable, "tools/player/crib.py", "count", "--batch"],
        input="5C 5D 5S JH 5H\nAC 2D 3H 4S 5C\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert (done.returncode, done.stdout) == (0, "29\n7\n")


def test_peg_prints_who_laid_each_card_the_count_and_the_points():
    status, out, err = run(["peg", "5H", "TC", "5D", "5S", "6C", "6S", "5C", "7"])
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "player 1: 5\u2665 count 5",
        "player 2: T\u2663 count 15, fifteen for 2",
        "player 1: 5\u2666 count 20",
        "player 2: 5\u2660 count 25, pair for 2",
        "player 1: 6\u2663 count 31, thirty-one for 2",
        "player 2: 6\u2660 count 6",
        "player 1: 5\u2663 count 11",
        "player 2: 7 count 18, run of 3 for 3, last card for 1",
        "player 1: 2",
        "player 2: 8",
    ]


def test_peg_go_gives_the_point_to_the_last_card_laid():
    status, out, _ = run(["peg", "K", "Q", "9", "go", "go", "A"])
    assert status == 0
    assert out.splitlines()[3:6] == [
        "player 2: go",
        "player 1: go, go for 1",
        "player 2: A count 1",
    ]


def test_peg_three_players_and_partnerships():
    status, out, _ = run(["peg", "--players", "3", "T", "T", "T", "go", "go", "go"])
    assert out.splitlines()[-4:] == [
        "player 3: go, go for 1",
        "player 1: 0",
        "player 2: 2",
        "player 3: 7",
    ]
    status, out, _ = run(
        ["peg", "--players", "4", "5", "5", "5", "5", "K", "go", "go", "go", "go"]
    )
    assert out.splitlines()[4:] == [
        "player 1: K count 30",
        "player 2: go",
        "player 3: go",
        "player 4: go",
        "player 1: go, go for 1",
        "player 1: 1",
        "player 2: 2",
        "player 3: 8",
        "player 4: 12",
        "players 1 and 3: 9",
        "players 2 and 4: 14",
    ]


def test_peg_refuses_a_bad_sequence_naming_the_token():
    assert (
        run(["peg", "K", "Q", "J", "2"])[2]
        == "error: token 4 '2': 32 would take the count past 31\n"
    )
    assert (
        run(["peg", "5H", "5H"])[2] == "error: token 2 '5H': 5\u2665 was already seen this deal\n"
    )
    assert (
        run(["peg", "go"])[2] == "error: token 1 'go': no go on a new count: any card can lead\n"
    )
    assert run(["peg", "5H", "XX"])[2] == "error: bad token 'XX': a card, a rank or 'go'\n"
    assert run(["peg", "5H", "XX"])[0] == 2


def test_a_terminal_that_cannot_show_suits_gets_letters():
    env = dict(os.environ, LC_ALL="C", PYTHONUTF8="0")
    env.pop("PYTHONIOENCODING", None)
    for args, first in (
        (["count", "5H", "TC", "6D", "6S", "4C"], "fifteen 2 (5H TC)"),
        (["peg", "5H", "TC"], "player 1: 5H count 5"),
    ):
        done = subprocess.run(
            [sys.executable, "tools/player/crib.py"] + args,
            cwd=ROOT,
            env=env,
            capture_output=True,
        )
        assert done.returncode == 0 and not done.stderr, done.stderr
        assert done.stdout.decode("ascii").splitlines()[0] == first
    done = subprocess.run(
        [sys.executable, "tools/player/crib.py", "count", "5H", "5H", "6D", "6S", "4C"],
        cwd=ROOT,
        env=env,
        capture_output=True,
    )
    assert done.returncode == 2 and done.stderr == b"error: duplicate card: 5H\n"
