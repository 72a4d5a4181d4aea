# The show's points as the rules score them on the board: the count itself, checked, with
# next to nothing allocated. The calls in words ("fifteen 2, fifteen 4 ...") are
# cribbage/show_items.py, loaded only to say them.
from cards import CARDS_IN_PACK, VALUES, CardError, names
from micropython import const

_JACK = const(10)
_SUBSET_SUMS = bytearray(31)  # show_total: how many subsets of three cards make each sum
_NO_SUMS = bytes(31)


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


def rank_count(cards, rank):
    count = 0
    for card in cards:
        if card >> 2 == rank:
            count += 1
    return count


def longest_run(cards):
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
    low, length = longest_run(cards)
    if length:
        runs = 1
        for rank in range(low, low + length):
            runs *= rank_count(cards, rank)
        points += length * runs
    return points
