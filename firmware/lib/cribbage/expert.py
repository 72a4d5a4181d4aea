# The discard coach against a sensible opponent, on a board with PSRAM: the model of
# tools/coach/coach_expert.py (the other player's six cards any six of the 46 unseen, thrown as the
# model's fixed point has that seat throw them; the crib's fifteens, pairs and runs from both
# throws and the starter; his nobs from the jacks' suits), read from the table that tool makes
# (TABLE_FILE, copied to the board by tools/maker/deploy.py). Walking the other player's
# 18,395 rank hands took the board's engine about 2 s a question, so the walk is done once on
# the laptop, for every hand a player can hold: the board reads one record of 79 bytes and adds the
# suits' part. Exact: integers over one denominator, the laptop's fractions.
from cribbage.discard import ranked, throws
from cribbage.tables import rank_index
from micropython import const

TABLE_FILE = "tables/expert.bin"
_HANDS = const(18564)  # every six of 13 ranks with repeats (those with five of a rank unused)
_RECORD = const(79)  # their jacks (4 bytes), then 15 crib sums (5 bytes each)
TABLE_SIZE = _HANDS * 2 * _RECORD
_JACK = const(10)
_THEIR_HANDS = const(9366819)  # C(46, 6): every six of the unseen
_STARTERS = const(40)  # left once both hands are dealt


def _record(cards, dealer, path):
    ranks = sorted(card >> 2 for card in cards)
    with open(path, "rb") as table:
        if table.seek(0, 2) != TABLE_SIZE:
            raise OSError("%s is not the expert coach's table of %d bytes" % (path, TABLE_SIZE))
        table.seek((rank_index(ranks) * 2 + (0 if dealer else 1)) * _RECORD)
        record = table.read(_RECORD)
    if len(record) != _RECORD:
        raise OSError("%s ends early" % path)
    # The hand's rank pairs in the table's order: low rank, then high.
    pairs = []
    for first in range(6):
        for second in range(first + 1, 6):
            pair = (ranks[first], ranks[second])
            if pair not in pairs:
                pairs.append(pair)
    pairs.sort()
    return record, pairs


def cribs(cards, dealer, path):
    """For six cards dealt to two players: (denominator, each throw's crib numerator in
    discard.throws' order) when the other player throws as the model's sensible player does
    (as pone when `dealer`, else as dealer). OSError, in words, without the table."""
    record, pairs = _record(cards, dealer, path)
    their_jacks = int.from_bytes(record[:4], "little")
    suits = [0, 0, 0, 0]
    for card in cards:
        suits[card & 3] += 1
    # A jack they throw: its suit is any of the unseen jacks', the starter any of 45 others.
    unseen_jacks = [suit for suit in range(4) if _JACK * 4 + suit not in cards]
    jacks_suits = 0
    for suit in unseen_jacks:
        jacks_suits += 12 - suits[suit]
    share = len(unseen_jacks) or 1
    denominator = _THEIR_HANDS * _STARTERS * 45 * 46 * share
    numerators = []
    for first in range(6):
        for second in range(first + 1, 6):
            a, b = cards[first], cards[second]
            slot = pairs.index(tuple(sorted((a >> 2, b >> 2))))
            at = 4 + slot * 5
            rank_part = int.from_bytes(record[at : at + 5], "little")
            own = 0  # a jack thrown here: the starter matches its suit, of 46
            for card in (a, b):
                if card >> 2 == _JACK:
                    own += 13 - suits[card & 3]
            numerators.append(
                rank_part * 45 * 46 * share
                + their_jacks * jacks_suits * _STARTERS * 46
                + own * _THEIR_HANDS * _STARTERS * 45 * share
            )
    return denominator, numerators


def advising(cards, dealer, path):
    """The coach's throws of six cards against the sensible player, best first, in steps (a
    caller on the board lets the keys run between two): returns [(thrown, hand sum, hand
    cases, crib numerator, crib denominator, the uniform model's crib sum, its cases)], the
    highest net first (hand + crib as dealer, hand - crib as pone), a tie in the uniform
    model's order. CardError for a bad hand, OSError without the table."""
    found = []
    for throw in throws(cards):  # checks the cards first
        found.append(throw)
        yield
    denominator, numerators = cribs(cards, dealer, path)
    crib_of = {}
    for index in range(len(found)):
        crib_of[tuple(found[index][0])] = numerators[index]
    rows = []  # type: list
    sign = 1 if dealer else -1
    for thrown, hand, hand_cases, crib, crib_cases in ranked(found, dealer):
        numerator = crib_of[tuple(thrown)]
        net = hand * denominator + sign * numerator * hand_cases
        row = (thrown, hand, hand_cases, numerator, denominator, crib, crib_cases)
        rows.append((-net, len(rows), row))
    rows.sort()
    return [entry[2] for entry in rows]
