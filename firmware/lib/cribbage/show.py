# The show, itemised the way players call it ("fifteen 2, fifteen 4, a pair is 6 ...").
# This is the readable route; cribbage.score is the fast route over the same rules and is
# generated from this one (tools/gen_show_table.py), so the two cannot drift apart.
from cards import CARDS_IN_PACK, VALUES, CardError, names

FIFTEEN = "fifteen"
PAIR = "pair"
PAIR_ROYAL = "pair royal"
DOUBLE_PAIR_ROYAL = "double pair royal"
RUN = "run"
FLUSH = "flush"
NOBS = "nobs"

_PAIR_KINDS = ("", "", PAIR, PAIR_ROYAL, DOUBLE_PAIR_ROYAL)
_PAIR_POINTS = (0, 0, 2, 6, 12)
_JACK = 10


class Item:
    """One scoring call: its kind, its points, the running total after it, its cards."""

    def __init__(self, kind, points, total, cards):
        self.kind = kind
        self.points = points
        self.total = total
        self.cards = cards

    def words(self, symbols=True):
        if self.kind == RUN:
            head = "run of %d for %d" % (len(self.cards), self.total)
        elif self.kind == FLUSH:
            head = "flush of %d for %d" % (len(self.cards), self.total)
        else:
            head = "%s %d" % (self.kind, self.total)
        return head + " (" + names(self.cards, symbols) + ")"


def check_show(hand, starter):
    """The error a show must raise before anything is scored: count, range, duplicates."""
    if len(hand) != 4:
        raise CardError("a show needs 4 cards in hand and a starter, got %d in hand" % len(hand))
    seen = []
    for card in list(hand) + [starter]:
        if not isinstance(card, int) or not 0 <= card < CARDS_IN_PACK:
            raise CardError("not a cribbage card: " + repr(card))
        if card in seen:
            raise CardError("duplicate card: " + names([card]))
        seen.append(card)


def _subsets(cards):
    # Every subset of two or more cards by bit mask (no itertools on the board), smallest first
    # because players call the two-card fifteens before the longer ones. Grouped by size by
    # hand: MicroPython's sort is not stable.
    count = len(cards)
    by_mask = [[cards[i] for i in range(count) if mask >> i & 1] for mask in range(1 << count)]
    result = []
    for size in range(2, count + 1):
        for members in by_mask:
            if len(members) == size:
                result.append(members)
    return result


def _is_run(ranks):
    ordered = sorted(ranks)
    for i in range(1, len(ordered)):
        if ordered[i] != ordered[i - 1] + 1:
            return False
    return True


def rank_items(cards):
    """(kind, points, cards) for fifteens, pairs and runs: the part suits cannot change."""
    cards = sorted(cards)
    subsets = _subsets(cards)
    found = []
    for subset in subsets:
        if sum([VALUES[card >> 2] for card in subset]) == 15:
            found.append((FIFTEEN, 2, subset))
    for rank in range(13):
        same = [card for card in cards if card >> 2 == rank]
        if len(same) >= 2:
            found.append((_PAIR_KINDS[len(same)], _PAIR_POINTS[len(same)], same))
    # The longest runs only: a run of 3 inside a run of 4 is not scored again.
    for size in (5, 4, 3):
        runs = [s for s in subsets if len(s) == size and _is_run([c >> 2 for c in s])]
        if runs:
            for run in runs:
                found.append((RUN, size, run))
            break
    return found


def flush_points(hand, starter, crib):
    suit = hand[0] & 3
    for card in hand:
        if card & 3 != suit:
            return 0
    if starter & 3 == suit:
        return 5
    return 0 if crib else 4


def nobs_card(hand, starter):
    """The jack in hand of the starter's suit, or None."""
    for card in hand:
        if card >> 2 == _JACK and card & 3 == starter & 3:
            return card
    return None


def his_heels(starter):
    """Points to the dealer for the cut: 2 when the starter is a jack."""
    if not isinstance(starter, int) or not 0 <= starter < CARDS_IN_PACK:
        raise CardError("not a cribbage card: " + repr(starter))
    return 2 if starter >> 2 == _JACK else 0


def count_show(hand, starter, crib=False):
    """Itemised show: a list of Items; the last item's total is the show's total."""
    check_show(hand, starter)
    hand = list(hand)
    found = rank_items(hand + [starter])
    flush = flush_points(hand, starter, crib)
    if flush:
        flushed = hand + [starter] if flush == 5 else hand
        found.append((FLUSH, flush, flushed))
    jack = nobs_card(hand, starter)
    if jack is not None:
        found.append((NOBS, 1, [jack]))
    items = []
    total = 0
    for kind, points, cards in found:
        total += points
        items.append(Item(kind, points, total, cards))
    return items


def show_total(hand, starter, crib=False):
    """The show's points by this route, without the itemised calls: what the board scores.
    The board leaves the fast table (cribbage.score) to the laptop: its 6 KB would sit in
    RAM for one count per show."""
    check_show(hand, starter)
    points = flush_points(hand, starter, crib)
    if nobs_card(hand, starter) is not None:
        points += 1
    for item in rank_items(list(hand) + [starter]):
        points += item[1]
    return points


def total_of(items):
    return items[-1].total if items else 0
