# The show, itemised the way players call it ("fifteen 2, fifteen 4, a pair is 6 ..."):
# the console's words and the laptop's counter. This is the readable route; the board scores
# with cribbage.show and the laptop's fast table, cribbage.score, is generated from this one
# (tools/upkeep/gen_show_table.py), so the routes cannot drift apart. On the board this module is
# loaded to say a show and dropped after (ui.crib_keys.settle).
import cards as pack
from cribbage import pegging, show

RUN = "run"
FLUSH = "flush"
NOBS = "nobs"
# An item is one scoring call as a tuple: (kind, points, running total after it, cards).
# A tuple, not an object: the board itemises every show, and a tuple is a tenth the RAM.
TOTAL = 2

_SUBSET_TOTALS = bytearray(32)  # each subset's total by bit mask, for the fifteens
_BIT_VALUES = bytearray(17)  # a card's value by its bit in the mask (1, 2, 4, 8, 16)


def item_words(item, symbols=True, suits=True, lead=""):
    """One call in words, as "fifteen 4 (5♥ T♣)"; with suits False the ranks only,
    "fifteen 4 (5 T)", for cards whose suits nobody keyed (the board picked them). `lead`
    goes before it: one string made per call, not one per piece."""
    kind, _, total, cards = item
    shown = pack.names(cards, symbols) if suits else pack.rank_names(cards)
    if kind == RUN or kind == FLUSH:
        return "%s%s of %d for %d (%s)" % (lead, kind, len(cards), total, shown)
    return "%s%s %d (%s)" % (lead, kind, total, shown)


def _fifteen_masks(cards):
    # Every subset of two or more cards that makes 15, by bit mask (no itertools on the
    # board), smallest first because players call the two-card fifteens before the longer
    # ones; as a list, not a generator, which would cost the heap more than the list does.
    # Each subset's total is its mask less the lowest card's, plus that card: one step a
    # subset.
    totals = _SUBSET_TOTALS
    values = _BIT_VALUES
    for i in range(len(cards)):
        values[1 << i] = pack.VALUES[cards[i] >> 2]
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


def rank_items(cards):
    """(kind, points, cards) for fifteens, pairs and runs: the part suits cannot change."""
    cards = sorted(cards)
    count = len(cards)
    found = []
    for key in _fifteen_masks(cards):
        found.append((pegging.FIFTEEN, 2, _cards_in(cards, key & 63)))
    start = 0
    while start < count:  # sorted: the cards of a rank sit together
        end = start + 1
        while end < count and cards[end] >> 2 == cards[start] >> 2:
            end += 1
        same = end - start
        if same >= 2:
            found.append((pegging.PAIR_NAMES[same], pegging.PAIR_POINTS[same], cards[start:end]))
        start = end
    # The longest run only (a run of 3 inside a run of 4 is not scored again), once per way
    # of taking one card of each of its ranks.
    low, length = show.longest_run(cards)
    if length:
        # One run per way of taking one card of each rank: as many as the ranks' counts
        # multiplied, each picked by its number in that mixed radix, the lowest rank's
        # choice changing slowest (no list of lists made on the way).
        ways = 1
        for rank in range(low, low + length):
            ways *= show.rank_count(cards, rank)
        for way in range(ways):
            run = []
            above = ways  # ways of choosing from this rank and those above it
            for rank in range(low, low + length):
                of_rank = show.rank_count(cards, rank)
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


def count_show(hand, starter, crib=False):
    """Itemised show: a list of items (see item_words); the last one's total is the show's."""
    show.check_show(hand, starter)
    cards = list(hand)
    cards.append(starter)
    found = rank_items(cards)
    flush = show.flush_points(hand, starter, crib)
    if flush:
        found.append((FLUSH, flush, cards if flush == 5 else list(hand)))
    jack = show.nobs_card(hand, starter)
    if jack is not None:
        found.append((NOBS, 1, [jack]))
    total = 0
    for index in range(len(found)):
        kind, points, cards = found[index]
        total += points
        found[index] = (kind, points, total, cards)
    return found


def total_of(items):
    return items[-1][TOTAL] if items else 0


def say_items(hand, starter, crib, suits_known, say):
    """Says each call of the show (item_words, indented); returns their running totals,
    for the LEDs to count out. The suits of cards nobody keyed are not named."""
    items = count_show(hand, starter, crib)
    for item in items:
        say(item_words(item, True, suits_known, "  "))
    return [item[TOTAL] for item in items]
