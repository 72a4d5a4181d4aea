# The fast show total: one table lookup for the suit-free points, two tests for flush and
# nobs, allocating nothing. The discard coach counts its 14,000-odd shows with it (a laptop,
# or the board when the page asks the coach) and so do the benchmarks; the board's own count
# at a show is cribbage.show.show_total, which needs no 6 KB table in RAM.
from cards import CardError
from cribbage.multiset import POSITION_WEIGHTS
from cribbage.show import check_show
from cribbage.show_table import POINTS_OFFSET, TABLE

_W0, _W1, _W2, _W3, _W4 = POSITION_WEIGHTS
_JACK_CARD = 40  # jack rank index 10 times 4


def score(hand, starter, crib=False):
    """Total of a show: hand is 4 card ints, starter one; the crib needs a 5-card flush.

    Raises CardError for a wrong number of cards, a duplicate or a value that is not a card.
    """
    try:
        a, b, c, d = hand
        return points(a, b, c, d, starter, crib)
    except (TypeError, ValueError):
        check_show(hand, starter)  # raises the error that names the fault
        raise


def points(a, b, c, d, e, crib):
    """score() for the five cards as separate ints (e the starter), for callers that have
    them so: no tuple to build and take apart. A bad show raises CardError, unnamed."""
    suit = a & 3
    flush = 0
    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
        if e & 3 == suit:
            flush = 5
        elif not crib:
            flush = 4
    nobs_jack = _JACK_CARD + (e & 3)
    if a == nobs_jack or b == nobs_jack or c == nobs_jack or d == nobs_jack:
        flush += 1
    # A 9-comparator sorting network: sorted cards put equal cards side by side and the
    # ranks in order for the multiset index, with no list to allocate.
    if a > b:
        a, b = b, a
    if d > e:
        d, e = e, d
    if c > e:
        c, e = e, c
    if c > d:
        c, d = d, c
    if a > d:
        a, d = d, a
    if a > c:
        a, c = c, a
    if b > e:
        b, e = e, b
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    if a == b or b == c or c == d or d == e or a < 0 or e > 51:
        raise CardError("not a valid show")
    return TABLE[_W0[a] + _W1[b] + _W2[c] + _W3[d] + _W4[e]] - POINTS_OFFSET + flush
