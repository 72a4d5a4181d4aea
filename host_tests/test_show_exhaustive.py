"""The fast show count against an independent brute force and against published figures.

host_tests/reference_show.py shares no code with firmware/: it works from (rank, suit) pairs
with itertools, the way the rules are written in a book.
"""

import itertools
from collections import Counter

import pytest

import show_stats
from cribbage.score import score
from cribbage.show import show_total
from cribbage.show_items import count_show, total_of
from reference_show import reference_show

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`

# Published distribution of all 12,994,800 hand shows (S. Lumetta, "Amusing Cribbage Facts").
PUBLISHED_HAND_DISTRIBUTION = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 19: 0, 20: 8068, 21: 2496,
    22: 444, 23: 356, 24: 3680, 25: 0, 26: 0, 27: 0, 28: 76, 29: 4,
}  # fmt: skip
PUBLISHED_CRIB_ZEROES = 1022208


def test_every_rank_multiset_in_several_suit_patterns_by_every_route():
    checked = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if ranks[0] == ranks[4]:
            continue
        for shift in range(4):
            # Suits by occurrence, rotated: covers flushes (shift 0 on five distinct ranks),
            # non-flushes, and every position of the starter within the sorted ranks.
            cards = [
                r * 4 + (ranks[:i].count(r) + shift * (i % 2)) % 4 for i, r in enumerate(ranks)
            ]
            if len(set(cards)) < 5:
                continue
            for rotation in range(5):
                order = cards[rotation:] + cards[:rotation]
                for crib in (False, True):
                    expected = reference_show(order[:4], order[4], crib)
                    assert score(order[:4], order[4], crib) == expected, order
                    # The board's own route (no table in RAM) on the same shows.
                    assert show_total(order[:4], order[4], crib) == expected, order
                    # And the itemised calls the console says add up to the same.
                    items = count_show(order[:4], order[4], crib)
                    assert total_of(items) == expected, order
            checked.add(ranks)
    assert len(checked) == 6175  # every rank multiset that can be dealt


def test_every_show_from_two_suits_exhaustively():
    # All hands of clubs and hearts against every starter: every flush and nobs case and
    # every rank pattern that two suits allow.
    half_pack = [c for c in range(52) if c % 4 in (0, 2)]
    checked = 0
    for hand in itertools.combinations(half_pack, 4):
        for starter in range(52):
            if starter in hand:
                continue
            assert score(hand, starter) == reference_show(hand, starter, False)
            if len({card % 4 for card in hand}) == 1:  # only a flush tells hand from crib
                assert score(hand, starter, True) == reference_show(hand, starter, True)
            else:
                assert score(hand, starter, True) == score(hand, starter)
            checked += 1
    assert checked == 14950 * 48


def test_all_12994800_hand_shows_through_the_public_call_match_the_published_distribution():
    counts = Counter()
    for hand in itertools.combinations(range(52), 4):
        a, b, c, d = hand
        for starter in range(52):
            if starter != a and starter != b and starter != c and starter != d:
                counts[score(hand, starter)] += 1
    assert sum(counts.values()) == 12994800
    assert {points: counts[points] for points in range(30)} == PUBLISHED_HAND_DISTRIBUTION


@pytest.mark.parametrize("crib", [False, True])
def test_the_benchmark_counter_agrees(crib):
    counts = show_stats.distribution(crib)
    assert sum(counts) == 12994800
    if crib:
        assert counts[0] == PUBLISHED_CRIB_ZEROES
        # Only the flush rule differs: a crib never scores a four-card flush.
        hand_counts = show_stats.distribution(False)
        assert counts != hand_counts
    else:
        assert dict(enumerate(counts)) == PUBLISHED_HAND_DISTRIBUTION
