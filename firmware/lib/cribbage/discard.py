# The discard coach: for a hand of six cards (two players) or five (three players, or four
# as partnerships), what each way to throw to the crib is worth, exactly.
#
# The model: the starter is uniform among the cards the player has not seen; the other
# cards of the crib (two for a six-card hand, three for a five-card one: the other players'
# throws and, for three players, the deck's card) are a uniform set of the unseen cards, and
# the starter is uniform among those left. "hand" is the mean show of the four cards kept,
# "crib" the mean crib; "net" adds the crib for the dealer and takes it away for the pone.
#
# Exact, and fast enough for the board: the crib's fifteens, pairs and runs depend only on
# ranks, so the unknown cards are enumerated as rank multisets, each weighted by how many
# sets of cards give it (a few thousand table lookups a hand, not 683,100 shows); the flush
# and nobs, the only parts suits change, are counted in closed form. Figures are integers
# over a denominator, so ties and the order are exact on MicroPython too.
from array import array

from cards import CARDS_IN_PACK, CardError, names
from cribbage.multiset import POSITION_WEIGHTS, binomial
from cribbage.score import score
from cribbage.show_table import POINTS_OFFSET, TABLE

# POSITION_WEIGHTS by rank rather than by card: one subscript less in the hot loop.
_RANK_WEIGHTS = tuple(
    tuple(weights[rank * 4] for rank in range(13)) for weights in POSITION_WEIGHTS
)
_JACK = 10


def check_hand(cards):
    """Raises CardError naming the fault: the number of cards, a bad card, a duplicate."""
    if len(cards) not in (5, 6):
        raise CardError(
            "the coach needs 6 cards (two players) or 5 (three or four): got %d" % len(cards)
        )
    for i in range(len(cards)):
        card = cards[i]
        if not isinstance(card, int) or not 0 <= card < CARDS_IN_PACK:
            raise CardError("not a cribbage card: " + repr(card))
        for j in range(i):
            if cards[j] == card:
                raise CardError("duplicate card: " + names([card], False))


def _rank_points(thrown, weights):
    """Fifteens, pairs and runs of the crib, summed over the rows of unseen_rank_weights.
    The board's hot loop: each row's ranks are already rising, so the thrown ranks are
    merged in by a few comparisons, then one table lookup (no list, no sort)."""
    r0, r1, r2, r3, r4 = _RANK_WEIGHTS
    table = TABLE
    points = 0
    if len(thrown) == 1:
        t = thrown[0] >> 2
        for at in range(0, len(weights), 5):
            b = weights[at]
            c = weights[at + 1]
            d = weights[at + 2]
            e = weights[at + 3]
            if t <= c:
                if t <= b:
                    index = r0[t] + r1[b] + r2[c] + r3[d] + r4[e]
                else:
                    index = r0[b] + r1[t] + r2[c] + r3[d] + r4[e]
            elif t <= d:
                index = r0[b] + r1[c] + r2[t] + r3[d] + r4[e]
            elif t <= e:
                index = r0[b] + r1[c] + r2[d] + r3[t] + r4[e]
            else:
                index = r0[b] + r1[c] + r2[d] + r3[e] + r4[t]
            points += (table[index] - POINTS_OFFSET) * weights[at + 4]
        return points
    p = thrown[0] >> 2
    q = thrown[1] >> 2
    if p > q:
        p, q = q, p
    for at in range(0, len(weights), 4):
        x = weights[at]
        y = weights[at + 1]
        z = weights[at + 2]
        # q goes in among x <= y <= z, then p (no later than q).
        if q <= y:
            if q <= x:
                index = r0[p] + r1[q] + r2[x] + r3[y] + r4[z]
            elif p <= x:
                index = r0[p] + r1[x] + r2[q] + r3[y] + r4[z]
            else:
                index = r0[x] + r1[p] + r2[q] + r3[y] + r4[z]
        elif q <= z:
            if p <= x:
                index = r0[p] + r1[x] + r2[y] + r3[q] + r4[z]
            elif p <= y:
                index = r0[x] + r1[p] + r2[y] + r3[q] + r4[z]
            else:
                index = r0[x] + r1[y] + r2[p] + r3[q] + r4[z]
        elif p <= x:
            index = r0[p] + r1[x] + r2[y] + r3[z] + r4[q]
        elif p <= y:
            index = r0[x] + r1[p] + r2[y] + r3[z] + r4[q]
        elif p <= z:
            index = r0[x] + r1[y] + r2[p] + r3[z] + r4[q]
        else:
            index = r0[x] + r1[y] + r2[z] + r3[p] + r4[q]
        points += (table[index] - POINTS_OFFSET) * weights[at + 3]
    return points


def unseen_rank_weights(unseen, size):
    """Every multiset of ranks the crib's `size` unknown cards (2 or 3) and the starter can
    show, as rows of rank, ..., ways (ranks rising) one after another in a flat 16-bit
    array. Each set of size + 1 unseen cards is size + 1 equally likely (unknown cards,
    starter) cases, one per card as the starter, so a row's ways are size + 1 times the
    sets of cards with those ranks. The same for every throw of a hand: made once a hand."""
    left = [0] * 13
    for card in unseen:
        left[card >> 2] += 1
    # pick[rank * 5 + m]: the ways to take m of the unseen cards of that rank. A multiset's
    # ways are the product over its runs of equal ranks, built up rank by rank: `before_x`
    # is the product without x's run, `run_x` that run's length so far.
    pick = [binomial(left[rank], m) for rank in range(13) for m in range(5)]
    # Filled in place (a store per value, not a method call): at most C(15, 3) rows of 4
    # values for three unknown ranks, C(16, 4) of 5 for four.
    stride = size + 2
    rows = array("H", bytearray(2 * binomial(13 + size, size + 1) * stride))  # 2 bytes each
    at = 0
    for a in range(13):
        ways_a = pick[a * 5 + 1]
        if not ways_a:
            continue
        for b in range(a, 13):
            if b == a:
                before_b, run_b = 1, 2
            else:
                before_b, run_b = ways_a, 1
            ways_b = before_b * pick[b * 5 + run_b]
            if not ways_b:
                continue
            for c in range(b, 13):
                if c == b:
                    before_c, run_c = before_b, run_b + 1
                else:
                    before_c, run_c = ways_b, 1
                ways_c = before_c * pick[c * 5 + run_c]
                if not ways_c:
                    continue
                if size == 2:
                    rows[at] = a
                    rows[at + 1] = b
                    rows[at + 2] = c
                    rows[at + 3] = 3 * ways_c
                    at += 4
                    continue
                for d in range(c, 13):
                    if d == c:
                        ways_d = before_c * pick[d * 5 + run_c + 1]
                    else:
                        ways_d = ways_c * pick[d * 5 + 1]
                    if ways_d:
                        rows[at] = a
                        rows[at + 1] = b
                        rows[at + 2] = c
                        rows[at + 3] = d
                        rows[at + 4] = 4 * ways_d
                        at += 5
    return rows[:at]


def crib_total(thrown, unseen, weights=None):
    """The crib's points summed over every (set of other crib cards, starter): returns
    (sum, count of equally likely cases). `thrown`: the player's 1 or 2 crib cards;
    `unseen`: every card the player has not seen; `weights`: unseen_rank_weights(), when
    the caller has it already."""
    size = 4 - len(thrown)
    total_unseen = len(unseen)
    if weights is None:
        weights = unseen_rank_weights(unseen, size)
    by_suit = [0] * 4
    for card in unseen:
        by_suit[card & 3] += 1
    cases = binomial(total_unseen, size) * (total_unseen - size)
    points = _rank_points(thrown, weights)
    # A crib flush: all five of one suit, the thrown cards' suit.
    suit = thrown[0] & 3
    if all(card & 3 == suit for card in thrown):
        of_suit = by_suit[suit]
        points += 5 * binomial(of_suit, size) * (of_suit - size)
    # Nobs: a jack among the crib's four cards of the starter's suit (one jack a suit).
    for card in thrown:
        if card >> 2 == _JACK:
            points += binomial(total_unseen - 1, size) * by_suit[card & 3]
    for card in unseen:
        if card >> 2 == _JACK:
            points += (by_suit[card & 3] - 1) * binomial(total_unseen - 2, size - 1)
    return points, cases


def hand_total(kept, unseen):
    """The kept four's show summed over every starter: (sum, number of starters)."""
    total = 0
    for starter in unseen:
        total += score(kept, starter, False)
    return total, len(unseen)


def throws(cards):
    """Every throw of a 5- or 6-card hand, one at a time (a caller on the board can let the
    keys run between two): (thrown, hand sum, hand cases, crib sum, crib cases), thrown in
    the order given. Raises CardError for a bad hand."""
    check_hand(cards)
    unseen = [card for card in range(CARDS_IN_PACK) if card not in cards]
    count = len(cards)
    weights = unseen_rank_weights(unseen, 8 - count)  # the crib cards not thrown
    for first in range(count):
        for second in range(first + 1, count) if count == 6 else (-1,):
            thrown = [cards[first]] if second < 0 else [cards[first], cards[second]]
            kept = [card for card in cards if card not in thrown]
            hand, hand_cases = hand_total(kept, unseen)
            crib, crib_cases = crib_total(thrown, unseen, weights)
            yield thrown, hand, hand_cases, crib, crib_cases


def ranked(found, dealer=True):
    """The throws best first: the highest net (hand + crib for the dealer, hand - crib for
    the pone), then the highest hand; exact, as integers over one common denominator."""
    sign = 1 if dealer else -1
    keyed = []
    for index in range(len(found)):
        thrown, hand, hand_cases, crib, crib_cases = found[index]
        net = hand * crib_cases + sign * crib * hand_cases
        keyed.append((-net, -hand * crib_cases, index))
    keyed.sort()
    return [found[entry[2]] for entry in keyed]


def advise(cards, dealer=True):
    """Every throw of a 5- or 6-card hand, best first (see throws and ranked)."""
    check_hand(cards)
    return ranked(list(throws(cards)), dealer)
