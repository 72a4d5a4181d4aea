"""Counts every show there is: all 270,725 four-card hands against each of their 48 starters.

Used by tools/bench/bench.py for the timing and by the tests, which hold the resulting score
distribution against the published one. Each show is counted one by one; what is shared
between shows is only the table row of the hand's four ranks, looked up once per hand.
"""

from cribbage.multiset import multiset_index  # noqa: E402
from cribbage.show_table import TABLE  # noqa: E402

HANDS = 270725
SHOWS = 12994800
MAX_SHOW = 29


def _rows_by_four_ranks():
    """For each sorted 4-rank tuple, the suit-free points with each of the 13 starter ranks."""
    rows = {}
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    row = []
                    for starter in range(13):
                        ranks = sorted((r0, r1, r2, r3, starter))
                        row.append(TABLE[multiset_index(ranks)] - 48)
                    rows[(r0, r1, r2, r3)] = row
    return rows


def distribution(crib=False):
    """counts[points] over every (hand, starter) pair; sum(counts) == SHOWS."""
    rows = _rows_by_four_ranks()
    counts = [0] * (MAX_SHOW + 1)
    starters = [(card, card >> 2, card & 3) for card in range(52)]
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    row = rows[(a >> 2, b >> 2, c >> 2, d >> 2)]
                    bonus = [0, 0, 0, 0]
                    suit = a & 3
                    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
                        bonus = [0 if crib else 4] * 4
                        bonus[suit] = 5
                    for jack in (a, b, c, d):
                        if jack >> 2 == 10:
                            bonus[jack & 3] += 1
                    for card, rank, starter_suit in starters:
                        if card != a and card != b and card != c and card != d:
                            counts[row[rank] + bonus[starter_suit]] += 1
    return counts
