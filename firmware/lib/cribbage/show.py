# The show, itemised the way players call it ("fifteen 2, fifteen 4, a pair is 6 ...").
# This is the readable route; cribbage.score is the fast route over the same rules and is
# generated from this one (tools/gen_show_table.py), so the two cannot drift apart.
from cards import CARDS_IN_PACK, VALUES, CardError, names, rank_names

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


# An item is one scoring call as a tuple: (kind, points, running total after it, cards).
# A tuple, not an object: the board itemises every show, and a tuple is a tenth the RAM.
KIND = 0
POINTS = 1
TOTAL = 2
CARDS = 3


def item_words(item, symbols=True, suits=True, lead=""):
    """One call in words, as "fifteen 4 (5♥ T♣)"; with suits False the ranks only,
    "fifteen 4 (5 T)", for cards whose suits nobody keyed (the board picked them). `lead`
    goes before it: one string made per call, not one per piece."""
    kind, _, total, cards = item
    shown = names(cards, symbols) if suits else rank_names(cards)
    if kind == RUN or kind == FLUSH:
        return "%s%s of %d for %d (%s)" % (lead, kind, len(cards), total, shown)
    return "%s%s %d (%s)" % (lead, kind, total, shown)


def check_show(hand, starter):
    """The error a show must raise before anything is scored: count, range, duplicates."""
    if len(hand) != 4:
        raise CardError("a show needs 4 cards in hand and a starter, got %d in hand" % len(hand))
    for i in range(5):
        card = starter if i == 4 else hand[i]
        if not isinstance(card, int) or not 0 <= card < CARDS_IN_PACK:
            raise CardError("not a cribbage card: " + repr(card))
        for j in range(i):
            if hand[j] == card:
                raise CardError("duplicate card: " + names([card]))


_SUBSET_TOTALS = bytearray(32)  # each subset's total by bit mask, for the fifteens
_BIT_VALUES = bytearray(17)  # a card's value by its bit in the mask (1, 2, 4, 8, 16)
_SUBSET_SUMS = bytearray(31)  # show_total: how many subsets of three cards make each sum
_NO_SUMS = bytes(31)


def _fifteen_masks(cards):
    # Every subset of two or more cards that makes 15, by bit mask (no itertools on the
    # board), smallest first because players call the two-card fifteens before the longer
    # ones; as a list, not a generator, which would cost the heap more than the list does.
    # Each subset's total is its mask less the lowest card's, plus that card: one step a
    # subset.
    totals = _SUBSET_TOTALS
    values = _BIT_VALUES
    for i in range(len(cards)):
        values[1 << i] = VALUES[cards[i] >> 2]
    found = []
    for mask in range(1, 1 << len(cards)):
        low = mask & -mask
        total = totals[mask ^ low] + values[low]
        totals[mask] = total
        if total == 15:  # never one card alone: none is worth 15
            size = 0
            rest = mask
            while rest:
                rest &= rest - 1
                size += 1
            found.append(size << 6 | mask)
    found.sort()
    return found


def _cards_in(cards, mask):
    chosen = []
    for i in range(len(cards)):
        if mask >> i & 1:
            chosen.append(cards[i])
    return chosen


def _rank_count(cards, rank):
    count = 0
    for card in cards:
        if card >> 2 == rank:
            count += 1
    return count


def _longest_run(cards):
    """(lowest rank, length) of the longest run of three or more ranks, or (0, 0): among
    five cards there is at most one. The ranks as bits: no call per rank."""
    ranks = 0
    for card in cards:
        ranks |= 1 << (card >> 2)
    low = 0
    while low < 11:
        if ranks >> low & 1:
            length = 1
            while ranks >> (low + length) & 1:
                length += 1
            if length >= 3:
                return low, length
            low += length
        else:
            low += 1
    return 0, 0


def rank_items(cards):
    """(kind, points, cards) for fifteens, pairs and runs: the part suits cannot change."""
    cards = sorted(cards)
    count = len(cards)
    found = []
    for key in _fifteen_masks(cards):
        found.append((FIFTEEN, 2, _cards_in(cards, key & 63)))
    start = 0
    while start < count:  # sorted: the cards of a rank sit together
        end = start + 1
        while end < count and cards[end] >> 2 == cards[start] >> 2:
            end += 1
        same = end - start
        if same >= 2:
            found.append((_PAIR_KINDS[same], _PAIR_POINTS[same], cards[start:end]))
        start = end
    # The longest run only (a run of 3 inside a run of 4 is not scored again), once per way
    # of taking one card of each of its ranks.
    low, length = _longest_run(cards)
    if length:
        # One run per way of taking one card of each rank: as many as the ranks' counts
        # multiplied, each picked by its number in that mixed radix, the lowest rank's
        # choice changing slowest (no list of lists made on the way).
        ways = 1
        for rank in range(low, low + length):
            ways *= _rank_count(cards, rank)
        for way in range(ways):
            run = []
            above = ways  # ways of choosing from this rank and those above it
            for rank in range(low, low + length):
                of_rank = _rank_count(cards, rank)
                above //= of_rank
                pick = way // above % of_rank
                for card in cards:
                    if card >> 2 == rank:
                        if not pick:
                            run.append(card)
                            break
                        pick -= 1
            found.append((RUN, length, run))
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
    """Itemised show: a list of items (see item_words); the last one's total is the show's."""
    check_show(hand, starter)
    cards = list(hand)
    cards.append(starter)
    found = rank_items(cards)
    flush = flush_points(hand, starter, crib)
    if flush:
        found.append((FLUSH, flush, cards if flush == 5 else list(hand)))
    jack = nobs_card(hand, starter)
    if jack is not None:
        found.append((NOBS, 1, [jack]))
    total = 0
    for index in range(len(found)):
        kind, points, cards = found[index]
        total += points
        found[index] = (kind, points, total, cards)
    return found


def show_total(hand, starter, crib=False, checked=False):
    """The show's points without the itemised calls: what the board scores. It allocates
    next to nothing (the board leaves the fast table, cribbage.score, to the laptop: its
    6 KB would sit in RAM for one count per show). `checked`: the caller ran check_show."""
    if not checked:
        check_show(hand, starter)
    points = flush_points(hand, starter, crib)
    if nobs_card(hand, starter) is not None:
        points += 1
    cards = (hand[0], hand[1], hand[2], hand[3], starter)
    # Fifteens, met in the middle: how many subsets of the first three cards make each sum
    # (eight subsets, written out), then for each subset of the last two, the first three's
    # subsets that make it up to 15. The show is the costliest event to replay and its key
    # the slowest: a step per subset of all five (31) took half of this count's time.
    a = VALUES[cards[0] >> 2]
    b = VALUES[cards[1] >> 2]
    c = VALUES[cards[2] >> 2]
    d = VALUES[cards[3] >> 2]
    e = VALUES[cards[4] >> 2]
    sums = _SUBSET_SUMS
    sums[:] = _NO_SUMS
    sums[0] = 1  # the empty subset
    sums[a] += 1
    sums[b] += 1
    sums[c] += 1
    sums[a + b] += 1
    sums[a + c] += 1
    sums[b + c] += 1
    sums[a + b + c] += 1
    fifteens = sums[15] + sums[15 - d] + sums[15 - e]  # a card is worth 10 at most
    if d + e <= 15:
        fifteens += sums[15 - d - e]
    points += 2 * fifteens
    for i in range(4):
        for j in range(i + 1, 5):
            if cards[i] >> 2 == cards[j] >> 2:
                points += 2
    low, length = _longest_run(cards)
    if length:
        runs = 1
        for rank in range(low, low + length):
            runs *= _rank_count(cards, rank)
        points += length * runs
    return points


def total_of(items):
    return items[-1][TOTAL] if items else 0
