"""The play's advice (tools/coach/peg_advice.py, `crib.py peg-advice`) against a brute force
written
here: every set of cards the other player may hold, card by card, each play-out searched with
the rules' own Play, both players laying for their own points less the other's; and against
the search as first written in CPython (host_tests/peg_reference.py), over thousands of
positions and the whole table of the pone's leads."""

import copy
import random
import subprocess
import sys
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

import crib
import peg_advice
import peg_reference
import peg_search
from cards import VALUES, parse_many
from cribbage.pegging import Play
from play_positions import random_position
from where import ROOT


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


@pytest.mark.slow
def test_the_pones_lead_from_a_full_hand_matches_the_brute_force():
    mine = parse_many("4H 5S 6D TS")
    # 8 cards unseen: 70 sets of four.
    seen = [c for c in SEEN if c not in mine] + parse_many("5C 5H 6C 7C 7D TD JH JS 4S 8S TC JD")
    expected = brute_force(True, [], mine, seen)
    assert advice(True, [], mine, seen) == expected


def crib_command(*args):
    """tools/player/crib.py run as a player runs it: (status, stdout, stderr) in a
    CompletedProcess."""
    return subprocess.run(
        [sys.executable, "tools/player/crib.py", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_the_command_line_says_each_card_best_first_and_refuses_what_cannot_be():
    def run(*args):
        return crib_command("peg-advice", *args)

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


@pytest.mark.slow
def test_the_fast_advice_equals_the_first_search_in_two_thousand_positions_of_real_deals():
    rng = random.Random(42)
    wanted = {5: 1700, 6: 300}  # by cards left in both hands (5 or fewer, 6); 7 and 8 below
    kinds = set()
    while any(wanted.values()):
        position = random_position(rng)
        if position is None or position[2] > 3:
            continue  # the reference's slowest questions come below, one by one
        left = len(position[0]) + position[2]
        left = 5 if left < 5 else left
        if not wanted.get(left):
            continue
        assert peg_advice.advise(*position) == peg_reference.advise(*position), position
        wanted[left] -= 1
        kinds.add((len(position[0]), position[2], position[3] == 0, any(position[5])))
    assert len(kinds) >= 12  # leads and replies, after goes, late in a count: not one kind only


@pytest.mark.slow
@pytest.mark.parametrize(
    "mine, seen, their_size, laid",
    [
        ("AH 2S 3D 4C", "", 4, ""),  # the pone's lead from A-2-3-4: about 14 s in the first search
        ("2H 3S 4D 5C", "KC KD QH", 4, ""),  # 2-3-4-5 with K K Q seen: 11 s
        ("AH 2S 3D 4C", "", 3, "5S"),  # the dealer's answer to a 5, holding A-2-3-4
        ("5H 5S TD JC", "", 3, "TC"),  # the dealer's answer to a ten, with a pair to give
    ],
)
def test_the_slowest_questions_of_the_first_search_get_its_answers(mine, seen, their_size, laid):
    mine = [card >> 2 for card in parse_many(mine)]
    laid = [card >> 2 for card in parse_many(laid)] if laid else []
    unseen = [4] * 13
    for rank in mine + laid + [card >> 2 for card in parse_many(seen)] if seen else mine + laid:
        unseen[rank] -= 1
    count = sum(VALUES[rank] for rank in laid)
    position = (mine, unseen, their_size, count, tuple(laid), (False, False), 1 if laid else -1)
    assert peg_advice.advise(*position) == peg_reference.advise(*position)


@pytest.mark.slow
def test_the_table_of_the_pones_leads_equals_the_first_search_hand_by_hand():
    leads = peg_advice.leads()
    hands_of, _ = peg_search.hands_by_index()
    fours = hands_of[peg_search.FULL :]
    rng = random.Random(7)
    checked = 0
    while checked < 3000:
        pone, dealer = rng.randrange(1820), rng.randrange(1820)
        if (fours[pone] + fours[dealer]).max() > 4:
            assert (leads[pone, dealer] == 255).all()  # no such deal: nothing kept
            continue
        mine = tuple(int(r) for r in np.repeat(np.arange(13), fours[pone]))
        theirs = tuple(int(r) for r in np.repeat(np.arange(13), fours[dealer]))
        solver = peg_reference.Solver()
        for slot, rank in enumerate(sorted(set(mine))):
            expected = solver.lay((mine, theirs), 0, 0, (), (False, False), rank)
            assert tuple(leads[pone, dealer, slot]) == expected, (mine, theirs, rank)
        assert (leads[pone, dealer, len(set(mine)) :] == 255).all()
        checked += 1


def _reference_kept_play(kept, unseen, pone):
    """The kept hand's play by the first search: every four of the other's, the pone's lead
    chosen by the search itself."""
    solver = peg_reference.Solver()
    mine_total = theirs_total = 0
    hands = peg_reference.their_hands(unseen, 4)
    for theirs, weight in hands:
        if pone:
            mine, other = solver.value((tuple(kept), theirs), 0, 0, (), (False, False), -1)
        else:
            other, mine = solver.value((theirs, tuple(kept)), 0, 0, (), (False, False), -1)
        mine_total += weight * mine
        theirs_total += weight * other
    total = sum(weight for _, weight in hands)
    return Fraction(mine_total, total), Fraction(theirs_total, total)


@pytest.mark.slow
@pytest.mark.parametrize("pone", [True, False])
def test_a_kept_hands_play_is_the_first_searchs_over_every_four_the_other_may_keep(pone):
    dealt = [card >> 2 for card in parse_many("5H 6S 7D 8C JC KS")]
    unseen = [4] * 13
    for rank in dealt:
        unseen[rank] -= 1
    kept = sorted(dealt[:4])
    assert peg_advice.kept_play(kept, unseen, pone) == _reference_kept_play(kept, unseen, pone)


def test_the_coach_counts_each_throws_play_when_asked_and_says_so_in_words():
    def run(*args):
        return crib_command("discard", *args)

    dealt = ["5H", "6S", "7D", "8C", "JC", "KS"]
    plain = run(*dealt)
    assert plain.stdout.splitlines()[0] == "5H JC hand 7.174 crib 7.398 net 14.572"
    dealer = run("--play", *dealt)
    assert dealer.returncode == 0, dealer.stderr
    lines = dealer.stdout.splitlines()
    # The play moves J K up: kept 5 6 7 8 pegs well (+2.250 on the deal, by the model).
    assert lines[0] == "JC KS hand 9.652 crib 4.304 play +2.250 (you 4.100, them 1.850) net 16.206"
    assert lines[1] == "5H JC hand 7.174 crib 7.398 play +1.521 (you 3.217, them 1.696) net 16.093"
    assert len(lines) == 15
    pone = run("--pone", "--play", *dealt).stdout.splitlines()
    assert pone[0].startswith("JC KS hand 9.652 crib 4.304 play -1.177 (you 2.123, them 3.301)")
    five = run("--play", "5H", "6S", "7D", "8C", "JC")
    assert five.returncode == 2 and five.stdout == ""
    assert five.stderr == "error: the play is modelled for two players: give six cards\n"


# The slowest question the search is asked, found by tools/bench/bench.py peg going through every
# dealer's first card (23,647 positions) and every pone's second card: the dealer holding
# A-2-3-4 answering an ace. Its work is counted in cards laid by the search, the same on
# every machine; docs/players-guide.md quotes it, and 50 ms is the budget for any question.
SLOWEST = ([0, 1, 2, 3], None, 3, 1, (0,), (False, False), 1)
SLOWEST_LAYS = 118285


def test_the_slowest_question_does_the_work_the_guide_says_with_room_in_its_budget():
    unseen = [4] * 13
    for rank in SLOWEST[0] + list(SLOWEST[4]):
        unseen[rank] -= 1
    figures = {}
    position = (SLOWEST[0], unseen) + SLOWEST[2:]
    assert peg_advice.advise(*position, figures=figures) == peg_reference.advise(*position)
    assert figures["lays"] == SLOWEST_LAYS
    with open(ROOT + "/docs/players-guide.md", encoding="utf-8") as guide:
        assert "%s cards laid" % format(SLOWEST_LAYS, ",") in " ".join(guide.read().split())
    # The pone's lead from four is read from the table: no search at all.
    figures = {}
    peg_advice.advise([0, 1, 2, 3], [3, 3, 3, 3] + [4] * 9, 4, 0, (), (False, False), -1,
                      figures=figures)  # fmt: skip
    assert figures["lays"] == 0


def test_questions_from_many_threads_at_once_get_the_answers_one_at_a_time_gets():
    # The simulator's page answers each phone in a worker thread: eight questions at once.
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(5)
    positions = []
    while len(positions) < 8:
        position = random_position(rng)
        if position is not None and position[2] == 3:
            positions.append(position)
    alone = [peg_advice.advise(*position) for position in positions]
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda position: peg_advice.advise(*position), positions))
    assert together == alone
