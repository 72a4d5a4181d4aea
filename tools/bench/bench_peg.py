"""The play's advice (tools/coach/peg_advice.py): how long a question takes, and which question is
the slowest, found by going through every position of the costliest kinds rather than a
sample. The work of a question is counted in cards laid by the search ("lays"), the same on
every machine; the time beside it is this machine's, the median of 5 runs.

Kinds of question, by the cards left: the pone's lead from four (read from the table of
leads: no search), the dealer's first card (4 held against 3: every hand, every lead), the
pone's second card (3 against 3 after a lead and a reply: every hand, every pair of cards
laid). Every later question has fewer cards left in both hands, so a smaller tree to search.
"""

import statistics
import time

import peg_advice
import peg_search
from cards import RANK_CHARS, VALUES


def _median_ms(question, runs=5):
    took = []
    for _ in range(runs):
        start = time.perf_counter()
        question()
        took.append(time.perf_counter() - start)
    return statistics.median(took) * 1000


def dealers_first_cards():
    """Every dealer's hand of four against every lead: (lays, hand, lead)."""
    hands_of, _ = peg_search.hands_by_index()
    for dealer in hands_of[peg_search.FULL :]:
        mine = [rank for rank in range(13) for _ in range(dealer[rank])]
        for lead in range(13):
            if dealer[lead] == 4:
                continue
            figures = {}
            position = (
                mine,
                peg_advice.unseen_after(mine + [lead]),
                3,
                VALUES[lead],
                (lead,),
                (False, False),
                1,
            )
            peg_advice.advise(*position, figures=figures)
            yield figures["lays"], position


def pones_second_cards():
    """Every pone's three left against every lead and reply that fit: (lays, position)."""
    hands_of, sizes = peg_search.hands_by_index()
    for pone in hands_of[sizes == 3]:
        mine = [rank for rank in range(13) for _ in range(pone[rank])]
        for lead in range(13):
            for reply in range(13):
                unseen = peg_advice.unseen_after(mine + [lead, reply])
                if min(unseen) < 0:
                    continue
                count = VALUES[lead] + VALUES[reply]
                figures = {}
                position = (mine, unseen, 3, count, (lead, reply), (False, False), 1)
                peg_advice.advise(*position, figures=figures)
                yield figures["lays"], position


def worst(kind):
    most = None
    seen = 0
    for lays, position in kind():
        seen += 1
        if most is None or lays > most[0]:
            most = (lays, position)
    return most, seen


def bench_peg():
    start = time.perf_counter()
    peg_advice.leads(say=lambda words: print("(%s)" % words))
    print("the table of the pone's leads: ready in %.1f s" % (time.perf_counter() - start))
    a_to_4 = ([0, 1, 2, 3], peg_advice.unseen_after([0, 1, 2, 3]), 4, 0, (), (False, False), -1)
    print(
        "the pone's lead from A-2-3-4, read from the table: %.1f ms"
        % _median_ms(lambda: peg_advice.advise(*a_to_4))
    )
    figures = {}
    searched = _median_ms(lambda: peg_advice.advise(*a_to_4, figures=figures, table=False))
    print(
        "the same, searched (what the table saves): %d lays, %.1f ms" % (figures["lays"], searched)
    )
    # The search as first written in CPython, which the tests keep as their reference: once.
    import peg_reference

    start = time.perf_counter()
    assert peg_reference.advise(*a_to_4) == peg_advice.advise(*a_to_4)
    first = time.perf_counter() - start
    print(
        "the same by the first CPython search (the tests' reference), once: %.1f s, %.0f times"
        " the table's answer"
        % (first, first * 1000 / _median_ms(lambda: peg_advice.advise(*a_to_4)))
    )
    for name, kind in (
        ("the dealer's first card", dealers_first_cards),
        ("the pone's second card", pones_second_cards),
    ):
        started = time.perf_counter()
        (lays, position), seen = worst(kind)
        took = _median_ms(lambda position=position: peg_advice.advise(*position))
        print(
            "%s, the slowest of %d positions (%.0f s to go through): holding %s after %s,"
            " %d lays, %.1f ms"
            % (
                name,
                seen,
                time.perf_counter() - started,
                " ".join(RANK_CHARS[r] for r in position[0]),
                " ".join(RANK_CHARS[r] for r in position[4]),
                lays,
                took,
            )
        )
