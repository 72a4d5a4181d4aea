"""The discard coach against an independent route: a brute force over every card written
here (itertools, the book counter of test_show_exhaustive for the hand), exact fractions."""

import itertools
import random
import subprocess
import sys
from fractions import Fraction
from io import StringIO

import crib
from cards import name, parse_many
from cribbage.discard import advise
from cribbage.score import score
from reference_show import reference_show
from where import ROOT


def brute_force(cards, thrown):
    """(hand, crib) as exact fractions, card by card over the whole model."""
    unseen = [card for card in range(52) if card not in cards]
    kept = [card for card in cards if card not in thrown]
    hand = Fraction(sum(reference_show(kept, s, False) for s in unseen), len(unseen))
    size = 4 - len(thrown)
    total = cases = 0
    for others in itertools.combinations(unseen, size):
        box = list(thrown) + list(others)
        for starter in unseen:
            if starter not in others:
                total += score(box, starter, True)
                cases += 1
    return hand, Fraction(total, cases)


def test_six_card_hands_match_the_brute_force_exactly():
    shuffler = random.Random(16)
    for _ in range(3):
        cards = shuffler.sample(range(52), 6)
        advice = advise(cards, True)
        for thrown, hand, hand_cases, crib_sum, crib_cases in advice[::4]:
            assert hand_cases == 46  # the hand figure is a fraction over 46
            expected_hand, expected_crib = brute_force(cards, thrown)
            assert Fraction(hand, hand_cases) == expected_hand
            assert Fraction(crib_sum, crib_cases) == expected_crib


def test_a_flush_and_nobs_hand_matches_the_brute_force():
    cards = parse_many("JH 5H 9H KH 5C 6D")
    for thrown, hand, hand_cases, crib_sum, crib_cases in advise(cards, False):
        if thrown in ([cards[0], cards[1]], [cards[2], cards[3]], [cards[4], cards[5]]):
            expected_hand, expected_crib = brute_force(cards, thrown)
            assert Fraction(hand, hand_cases) == expected_hand
            assert Fraction(crib_sum, crib_cases) == expected_crib


def test_a_five_card_hand_throws_one_against_three_unknown_crib_cards():
    cards = parse_many("JS 5S 5D 4S 6S")
    advice = advise(cards, True)
    thrown, hand, hand_cases, crib_sum, crib_cases = advice[-1]
    expected_hand, expected_crib = brute_force(cards, thrown)
    assert Fraction(hand, hand_cases) == expected_hand and hand_cases == 47
    assert Fraction(crib_sum, crib_cases) == expected_crib


def run(args, stdin=""):
    out, err = StringIO(), StringIO()
    status = crib.main(args, StringIO(stdin), out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_prints_the_exact_form_best_first():
    status, out, err = run(["discard", "5H", "5D", "JC", "6S", "4C", "KH"])
    lines = out.splitlines()
    assert status == 0 and not err and len(lines) == 15
    hand, box = brute_force(parse_many("5H 5D JC 6S 4C KH"), parse_many("JC KH"))
    assert lines[0] == "JC KH hand %.3f crib %.3f net %.3f" % (hand, box, hand + box)
    assert lines[0] == "JC KH hand 15.957 crib 3.949 net 19.905"
    nets = [float(line.split()[-1]) for line in lines]
    assert nets == sorted(nets, reverse=True)
    # Thrown cards in the order given, whatever the best order.
    for line in lines:
        first, second = line.split()[:2]
        assert "5H 5D JC 6S 4C KH".index(first) < "5H 5D JC 6S 4C KH".index(second)
    status, out, _ = run(["discard", "--pone", "5H", "5D", "JC", "6S", "4C", "KH"])
    first = out.splitlines()[0].split()
    assert status == 0 and float(first[-1]) == round(float(first[3]) - float(first[5]), 3)


def test_ties_go_to_the_higher_hand():
    _, out, _ = run(["discard", "--pone", "AC", "AD", "AH", "AS", "2C", "3D"])
    rows = [line.split() for line in out.splitlines()]
    for above, below in zip(rows, rows[1:]):
        if above[-1] == below[-1]:
            assert float(above[3]) >= float(below[3])


def test_bad_hands_give_one_line_and_status_2():
    for args, message in (
        (["5H", "5D", "JC", "6S"], "error: the coach needs 6 cards (two players) or 5"),
        (["5H", "5D", "JC", "6S", "4C", "5H"], "error: duplicate card: 5H"),
        (["5H", "5D", "JC", "6S", "4C", "ZZ"], "error: "),
    ):
        status, out, err = run(["discard"] + args)
        assert status == 2 and not out and err.startswith(message) and err.count("\n") == 1


def test_batch_prints_each_hand_then_a_blank_line():
    status, out, err = run(["discard", "--batch"], "5H 5D JC 6S 4C KH\n\n7C 9H 8D 8S 2C\n")
    blocks = out.split("\n\n")
    assert status == 0 and not err and out.endswith("\n\n")
    assert len(blocks[0].splitlines()) == 15 and len(blocks[1].splitlines()) == 5
    status, out, err = run(["discard", "--batch"], "5H 5D JC 6S 4C KH\n5H 5D\n")
    assert status == 2 and err.startswith("line 2: ") and len(out.strip().splitlines()) == 15


def test_the_program_itself():
    done = subprocess.run(
        [sys.executable, "tools/player/crib.py", "discard", "7C", "9H", "8D", "8S", "2C", "KD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 15
    assert done.stdout.splitlines()[0].startswith("2C KD hand 14.217")
    assert name(parse_many("7C")[0], False) == "7C"
