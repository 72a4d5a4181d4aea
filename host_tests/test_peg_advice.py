"""The play's advice (tools/peg_advice.py, `crib.py peg-advice`) against a brute force written
here: every set of cards the other player may hold, card by card, each play-out searched with
the rules' own Play, both players laying for their own points less the other's."""

import copy
import subprocess
import sys
from fractions import Fraction
from itertools import combinations

import crib
from _paths import ROOT
from cards import parse_many
from cribbage.pegging import Play


def play_out(play, hands):
    """(points of seat 0, of seat 1) to the end of the play, each seat laying for the most
    of its own less the other's, then the most of its own, then the lowest rank."""
    if play.finished:
        return (0, 0)
    seat = play.turn
    fits = sorted(set(r for r in hands[seat] if play.count + min(r + 1, 10) <= 31))
    if not fits:
        after = copy.deepcopy(play)
        awards = after.go()
        rest = play_out(after, hands)
        return _add(rest, awards)
    best = None
    for rank in fits:
        after = copy.deepcopy(play)
        awards = after.lay(rank)
        left = [list(hand) for hand in hands]
        left[seat].remove(rank)
        scored = _add(play_out(after, left), awards)
        if best is None or _beats(scored, best, seat):
            best = scored
    return best


def _add(rest, awards):
    points = list(rest)
    for seat, amount, _ in awards:
        points[seat] += amount
    return tuple(points)


def _beats(scored, best, seat):
    net = scored[seat] - scored[1 - seat]
    best_net = best[seat] - best[1 - seat]
    return net > best_net or (net == best_net and scored[seat] > best[seat])


def brute_force(pone_leads, played, mine, seen):
    """[(rank, my mean points, theirs, net)] for each rank I may lay, from every set of the
    other's cards (card by card) among those I have not seen."""
    me = 0 if pone_leads else 1
    play = Play(2, 0)
    known = set(mine) | set(seen)
    for card in played:
        if card == "go":
            play.go()
        else:
            play.lay(card >> 2)
            known.add(card)
    unseen = [card for card in range(52) if card not in known]
    size = 4 - play.laid[1 - me]
    results = {}
    sets = list(combinations(unseen, size))
    for rank in sorted(set(card >> 2 for card in mine)):
        if play.count + min(rank + 1, 10) > 31:
            continue
        mine_total = theirs_total = 0
        for theirs in sets:
            after = copy.deepcopy(play)
            awards = after.lay(rank)
            hands = [None, None]
            held = [card >> 2 for card in mine]
            held.remove(rank)
            hands[me] = held
            hands[1 - me] = [card >> 2 for card in theirs]
            scored = _add(play_out(after, hands), awards)
            mine_total += scored[me]
            theirs_total += scored[1 - me]
        mean_mine = Fraction(mine_total, len(sets))
        mean_theirs = Fraction(theirs_total, len(sets))
        results[rank] = (mean_mine, mean_theirs, mean_mine - mean_theirs)
    return results


def advice(pone_leads, played, hand, seen):
    """crib.py's own path: the tokens parsed, the play replayed, the model asked."""
    import peg_advice
    from cribbage.pegging import Play as Rules

    rules = Rules(2, 0)
    me = 0 if pone_leads else 1
    known = [4] * 13
    for card in hand + seen:
        known[card >> 2] -= 1
    for card in played:
        if card == "go":
            rules.go()
        else:
            rules.lay(card >> 2)
            known[card >> 2] -= 1
    last = -1 if not rules.ranks else (0 if rules.last_seat == me else 1)
    found = peg_advice.advise(
        [card >> 2 for card in hand], known, 4 - rules.laid[1 - me], rules.count,
        rules.ranks, (rules.said_go[me], rules.said_go[1 - me]), last,
    )  # fmt: skip
    return {rank: (mine, theirs, net) for rank, mine, theirs, net in found}


# Most of the pack named as seen, so that the brute force's card sets stay few.
SEEN = parse_many(
    "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 4C 4D 6S 7S 8C 8D 9C 9D 9H QC QD QH QS KC KD KH KS"
)


def test_late_in_a_count_the_advice_matches_the_brute_force():
    played = parse_many("TC JD 5C")  # pone TC, dealer JD, pone 5C: 25
    mine = parse_many("6D 7H 8H")  # the dealer's three left
    seen = [c for c in SEEN if c not in played + mine] + parse_many("5H 6C 7C 7D TD JH")
    expected = brute_force(False, played, mine, seen)
    assert advice(False, played, mine, seen) == expected
    assert set(expected) == {5}  # at 25 only the 6 fits (the 7 would make 32)


def test_the_dealers_answer_to_a_lead_matches_the_brute_force():
    played = parse_many("9S")  # the pone led a 9: four cards against three, goes and 31s
    mine = parse_many("5D 6H TH JC")
    more = parse_many("5C 5H 6C 7C 7D TD JH 4H 8S TS JS")  # 8 cards unseen: 56 sets of three
    seen = [c for c in SEEN if c not in played + mine] + more
    assert advice(False, played, mine, seen) == brute_force(False, played, mine, seen)


def test_the_pones_lead_from_a_full_hand_matches_the_brute_force():
    mine = parse_many("4H 5S 6D TS")
    # 8 cards unseen: 70 sets of four.
    seen = [c for c in SEEN if c not in mine] + parse_many("5C 5H 6C 7C 7D TD JH JS 4S 8S TC JD")
    expected = brute_force(True, [], mine, seen)
    assert advice(True, [], mine, seen) == expected


def test_the_command_line_says_each_card_best_first_and_refuses_what_cannot_be():
    def run(*args):
        return subprocess.run(
            [sys.executable, "tools/crib.py", "peg-advice", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )

    done = run("5H", "6D", "TC", "KS", "--played", "8S", "--seen", "JC", "AH", "KD")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["KS", "5H", "6D", "TC"]
    nets = [float(line.split()[2]) for line in lines]
    assert nets == sorted(nets, reverse=True)
    assert lines[0] == "KS net +0.277 (you 2.180, them 1.903)"
    turn = run("--pone", "5H", "6D", "9C", "--played", "TC")
    assert turn.returncode == 2 and turn.stdout == ""
    assert turn.stderr == (
        "error: it is the other player's turn: the advice is for the card you lay\n"
    )
    wrong = run("5H", "6D", "--played", "8S", "--seen", "JC")
    assert wrong.returncode == 2
    assert wrong.stderr == "error: you have laid 0 cards, so you hold 4: got 2\n"
    go = run("9H", "8H", "--played", "TC", "JD", "5C", "4S", "AD", "--seen", "KD")
    assert go.returncode == 0 and go.stdout == "go: no card you hold fits at 30\n"


def test_the_line_for_a_hand_is_the_library_answer():
    lines = crib.peg_advice_lines(["5H", "6D", "TC", "KS"], ["8S"], ["JC", "AH", "KD"], True)
    assert lines[0].startswith("KS net ")
