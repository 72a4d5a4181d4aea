"""The coach's expert opponent (tools/coach/coach_expert.py): its figures against sums written here
over every rank hand with their own scorer, its fixed point, and the published tables."""

import math
import subprocess
import sys
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

import pytest

import coach_expert as ce
from cards import parse_many
from published_discards import CRIBBAGE_PRO_OWN_CRIB, HESSEL_OPPONENTS_CRIB
from where import ROOT

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`

VALUE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@lru_cache(maxsize=None)
def points(ranks):
    """Fifteens, pairs and runs of five sorted ranks, counted from the rules."""
    total = 0
    for size in range(2, 6):
        for group in combinations(ranks, size):
            if sum(VALUE[r] for r in group) == 15:
                total += 2
    for a, b in combinations(ranks, 2):
        if a == b:
            total += 2
    for size in (5, 4, 3):
        runs = 0
        for group in combinations(ranks, size):
            ordered = sorted(group)
            if all(ordered[i + 1] == ordered[i] + 1 for i in range(size - 1)):
                runs += 1
        if runs:
            total += runs * size
            break
    return total


def all_hands():
    for ranks in combinations_with_replacement(range(13), 6):
        counts = [ranks.count(r) for r in range(13)]
        if max(counts) <= 4:
            yield counts


def lowest_two(counts):
    ranks = [r for r in range(13) for _ in range(counts[r])]
    return (ranks[0], ranks[1])


@pytest.fixture(scope="module")
def model():
    return ce.Model()


@pytest.fixture(scope="module")
def settled(model):
    return ce.fixed_point(model)


def test_there_are_18395_rank_hands_each_weighted_by_its_card_sets(model):
    assert len(model.hands) == 18395
    weights = [math.prod(math.comb(4, m) for m in counts) for counts in all_hands()]
    assert sum(weights) == math.comb(52, 6)


def test_a_hand_kept_is_worth_its_mean_show_over_the_46_unseen_starters(model):
    hands = model.hands.tolist()
    for h in (0, 4321, 9999, 18394):
        counts = hands[h]
        for p, (a, b) in enumerate(ce.PAIRS):
            kept = list(counts)
            kept[a] -= 1
            kept[b] -= 1
            if min(kept) < 0:
                assert model.kept[h, p] == -1
                continue
            ranks = [r for r in range(13) for _ in range(kept[r])]
            total = sum(
                (4 - counts[s]) * points(tuple(sorted(ranks + [s])))
                for s in range(13)
                if counts[s] < 4
            )
            assert model.kept[h, p] == total


def test_the_crib_table_is_the_sum_over_every_hand_the_other_player_holds(model):
    # The other player throws their two lowest ranks: the table's sums, against sums here.
    index = {tuple(counts): h for h, counts in enumerate(model.hands.tolist())}
    rule = [0] * len(index)
    for counts in all_hands():
        rule[index[tuple(counts)]] = ce.PAIR_INDEX[lowest_two(counts)]
    table = model.crib_table(rule)
    for thrown in ((4, 4), (0, 10), (6, 7)):
        left = [4 - thrown.count(r) for r in range(13)]
        rank_part = jacks = hands = 0
        for counts in all_hands():
            weight = math.prod(math.comb(left[r], counts[r]) for r in range(13))
            if not weight:
                continue
            hands += weight
            theirs = lowest_two(counts)
            jacks += weight * (thrown.count(10) + theirs.count(10))
            for s in range(13):
                starters = left[s] - counts[s]
                if starters > 0:
                    rank_part += weight * starters * points(tuple(sorted(thrown + theirs + (s,))))
        assert hands == math.comb(50, 6)
        expected = Fraction(rank_part, hands * 44) + Fraction(12 * jacks, 51 * hands)
        assert table[ce.PAIR_INDEX[thrown]] == expected


def test_at_the_fixed_point_no_hand_gains_more_than_a_thousandth_by_another_throw(model, settled):
    own, theirs, rounds, dealer_throws, pone_throws = settled
    assert 2 <= rounds < ce.MAX_ROUNDS
    for throws, table, sign in ((dealer_throws, own, 1), (pone_throws, theirs, -1)):
        values = [float(v) for v in table]
        for h in range(0, len(model.hands), 7):
            options = [
                model.kept[h, p] / 46.0 + sign * values[p]
                for p in range(len(ce.PAIRS))
                if model.kept[h, p] >= 0
            ]
            chosen = model.kept[h, throws[h]] / 46.0 + sign * values[throws[h]]
            assert chosen >= max(options) - ce.SETTLE - 1e-9


def test_the_expert_tables_come_within_a_third_of_a_point_of_the_published_ones(settled):
    own, theirs, _, _, _ = settled
    hessel = [
        abs(float(theirs[p]) - HESSEL_OPPONENTS_CRIB[a][b]) for p, (a, b) in enumerate(ce.PAIRS)
    ]
    pro = [abs(float(own[p]) - CRIBBAGE_PRO_OWN_CRIB[a][b]) for p, (a, b) in enumerate(ce.PAIRS)]
    assert max(hessel) < 0.3 and sum(hessel) / 91 < 0.1
    assert max(pro) < 0.4 and sum(pro) / 91 < 0.15
    # The well-known shapes: 5-5 is the richest throw either way; the crib is worth more
    # when the other player deals (they throw good cards to their own crib).
    five_five = ce.PAIR_INDEX[(4, 4)]
    assert max(own) == own[five_five] and max(theirs) == theirs[five_five]
    assert sum(theirs) > sum(own)


def test_a_hands_expert_crib_is_the_sum_over_the_other_players_hands(model, settled):
    _, _, _, dealer_throws, pone_throws = settled
    cards = parse_many("5H 5S 9D TC 8C KH")  # no jack here: nobs comes from theirs alone
    found = ce.expert_cribs(cards, True, model, (dealer_throws, pone_throws))
    index = {tuple(counts): h for h, counts in enumerate(model.hands.tolist())}
    mine = [sum(1 for c in cards if c >> 2 == r) for r in range(13)]
    for thrown_cards in ((cards[0], cards[1]), (cards[3], cards[5])):
        thrown = tuple(sorted(c >> 2 for c in thrown_cards))
        rank_part = jacks = hands = 0
        for counts in all_hands():
            weight = math.prod(math.comb(4 - mine[r], counts[r]) for r in range(13))
            if not weight:
                continue
            hands += weight
            theirs = ce.PAIRS[pone_throws[index[tuple(counts)]]]
            jacks += weight * theirs.count(10)
            for s in range(13):
                starters = 4 - mine[s] - counts[s]
                if starters > 0:
                    rank_part += weight * starters * points(tuple(sorted(thrown + theirs + (s,))))
        assert hands == math.comb(46, 6)
        # Their jack's suit is any of the four (no jack is in this hand); the starter is one
        # of the 45 cards left unseen besides it, 12 less this hand's cards of that suit.
        suits = [sum(1 for c in cards if c & 3 == suit) for suit in range(4)]
        per_jack = sum(Fraction(12 - suits[suit], 45) for suit in range(4)) / 4
        expected = Fraction(rank_part, hands * 40) + per_jack * Fraction(jacks, hands)
        assert found[tuple(sorted(thrown_cards))] == expected


def test_the_command_line_prints_both_models_and_ranks_by_the_chosen_one():
    def discard(cards):
        return subprocess.run(
            [sys.executable, "tools/player/crib.py", "discard", "--opponent", "expert"]
            + cards.split(),
            cwd=ROOT,
            capture_output=True,
            text=True,
        )

    done = discard("5H 5S JD JC 8C 9C")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 15
    assert lines[0].startswith("8C 9C hand 14.304 crib 4.685 net 18.989 (uniform crib 5.129 ")
    nets = [float(line.split(" net ")[1].split()[0]) for line in lines]
    assert nets == sorted(nets, reverse=True)
    five = discard("5H 5S JD JC 8C")
    assert five.returncode == 2 and five.stdout == ""
    assert five.stderr == "error: --opponent expert is modelled for two players: give six cards\n"


def test_the_boards_expert_coach_gives_the_laptops_fractions_on_micropython(model, settled):
    """The board's coach against the sensible player (firmware/lib/cribbage/expert.py, one
    record of the table tools/coach/coach_expert.py makes) on the board's interpreter, for 80
    dealt hands at each seat, the jack-heavy and four-of-a-kind ones among them: each
    throw's crib the laptop's exact fraction, and a table of the wrong size refused in words."""
    import os
    import random
    import tempfile

    from bench_common import unix_run

    rng = random.Random(42)
    hands = [rng.sample(range(52), 6) for _ in range(76)]
    hands += [[40, 41, 42, 43, 0, 1], [16, 17, 18, 19, 20, 21], [40, 44, 48, 41, 45, 49]]
    hands += [[51, 50, 49, 48, 3, 2]]
    table = ce.board_table_path()
    with tempfile.TemporaryDirectory() as folder:
        short = os.path.join(folder, "short.bin")
        with open(short, "wb") as out:
            out.write(b"\0" * 1000)
        script = (
            "import sys\n"
            "sys.path[:0] = ['firmware/lib', 'tools/host_shims']\n"
            "from cribbage import expert\n"
            "for hand in %r:\n"
            "    for dealer in (True, False):\n"
            "        den, nums = expert.cribs(hand, dealer, %r)\n"
            "        print(den, ' '.join(str(n) for n in nums))\n"
            "try:\n"
            "    expert.cribs(%r, True, %r)\n"
            "except OSError as error:\n"
            "    print('refused:', error)\n" % (hands, table, hands[0], short)
        )
        lines = unix_run(["-c", script]).splitlines()
    assert lines[-1] == "refused: %s is not the expert coach's table of 2933112 bytes" % short
    lines = lines[:-1]
    assert len(lines) == 2 * len(hands)
    for number, line in enumerate(lines):
        cards, dealer = hands[number // 2], number % 2 == 0
        denominator, numerators = line.split(" ", 1)
        laptop = ce.expert_cribs(cards, dealer, model, (settled[3], settled[4]))
        order = [tuple(sorted((cards[i], cards[j]))) for i in range(6) for j in range(i + 1, 6)]
        assert [Fraction(int(n), int(denominator)) for n in numerators.split()] == [
            laptop[pair] for pair in order
        ], (cards, dealer)
