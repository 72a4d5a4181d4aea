"""The discard coach's thinking opponent: what the crib is worth when the other player throws
the way a sensible player does, not two cards at random. Laptop only (CPython and numpy):
`tools/player/crib.py discard --opponent expert`, and its tables beside the published ones
(tools/bench/discard_tables.py).

The model, by ranks (a six-card hand is one of the 18,395 rank multisets):
- A player judges a throw by the mean of the four cards kept with each starter the deck may
  hold (its fifteens, pairs and runs: the player's own flush and nobs do not move the choice)
  plus, as dealer, the crib's value for that throw, or less it as pone, read from the crib
  table of that seat; and throws the best (the first in rank order on a tie).
- A seat's crib table: for each of the 91 rank pairs, the mean crib when that pair is thrown
  and the other player's six cards are any six of the 50 others, thrown by that player's
  judgement, and the starter is any of the 44 left. Its fifteens, pairs and runs are counted
  exactly; his nobs adds 12/51 for each jack in the crib (the starter's suit is the jack's
  with that chance when suits are dealt independently of the ranks kept); a flush in the crib
  is left out (it is one crib in several hundred).
- The fixed point: both seats begin by judging the crib worth nothing; each round every hand
  throws by the tables of the round before, and the tables are counted again from those
  throws, until no hand's throw changes (`fixed_point`, which says how many rounds it took).
  A hand changes its throw only for one better by more than SETTLE (a thousandth of a
  point): a few hands whose best two throws are that close would otherwise swap them every
  other round. So each hand throws within a thousandth of a point of its best.

Every figure is an exact fraction within the model: integer sums over the hands, weighted by
how many card sets have those ranks, over one denominator.
"""

import os
from fractions import Fraction
from itertools import combinations_with_replacement

import numpy as np

import where
from cribbage.multiset import multiset_index
from cribbage.show_table import POINTS_OFFSET, TABLE
from generated import keep_in_build

RANKS = 13
JACK = 10
PAIRS = tuple(combinations_with_replacement(range(RANKS), 2))  # the 91 throws by rank
PAIR_INDEX = {pair: index for index, pair in enumerate(PAIRS)}
MAX_ROUNDS = 60
SETTLE = 0.001  # a hand changes its throw for one better by more than this (points)
# C(n, k) for the n <= 4 cards of a rank left and k up to a hand's six.
_C = np.array([[1 if k == 0 else 0 for k in range(7)]] + [
    [1, n, n * (n - 1) // 2, n * (n - 1) * (n - 2) // 6, 1 if n == 4 else 0, 0, 0]
    for n in range(1, 5)
], dtype=np.int64)  # fmt: skip


def rank_points(ranks):
    """Fifteens, pairs and runs of five ranks (the show table's suit-free part)."""
    return TABLE[multiset_index(sorted(ranks))] - POINTS_OFFSET


def _hands():
    """Every six-card rank multiset as counts, (18395, 13)."""
    found = []
    for ranks in combinations_with_replacement(range(RANKS), 6):
        counts = [0] * RANKS
        for rank in ranks:
            counts[rank] += 1
        if max(counts) <= 4:
            found.append(counts)
    return np.array(found, dtype=np.int64)


def _dealt(held, others):
    """For card sets given by rank counts (`others`, one a row) dealt from what `held` leaves:
    how many card sets have each row's ranks, and each row's starters left by rank."""
    weights = np.prod(_C[(4 - held)[None, :], others], axis=1)
    starters = np.clip(4 - held[None, :] - others, 0, None)
    return weights, starters


class Model:
    """The tables every figure reads: hands, their throws' hand values, the crib's points."""

    def __init__(self):
        self.hands = _hands()
        count = len(self.hands)
        # Each hand's mean kept show (times 46) for each throw it can make; -1 where it cannot.
        self.kept = np.full((count, len(PAIRS)), -1, dtype=np.int64)
        four = {}
        for h, counts in enumerate(self.hands.tolist()):
            for p, (a, b) in enumerate(PAIRS):
                kept = list(counts)
                kept[a] -= 1
                kept[b] -= 1
                if kept[a] < 0 or kept[b] < 0:
                    continue
                key = tuple(kept)
                if key not in four:
                    ranks = [r for r in range(RANKS) for _ in range(kept[r])]
                    four[key] = [rank_points(ranks + [s]) if kept[s] < 4 else 0 for s in range(13)]
                self.kept[h, p] = sum((4 - counts[s]) * four[key][s] for s in range(RANKS))
        # The crib's fifteens, pairs and runs for two throws and a starter, (91, 91, 13).
        self.crib = np.zeros((len(PAIRS), len(PAIRS), RANKS), dtype=np.int64)
        for t, (a, b) in enumerate(PAIRS):
            for u, (c, d) in enumerate(PAIRS):
                for s in range(RANKS):
                    ranks = (a, b, c, d, s)
                    if max(ranks.count(r) for r in ranks) <= 4:
                        self.crib[t, u, s] = rank_points(ranks)
        self.jacks = np.array([(a == JACK) + (b == JACK) for a, b in PAIRS], dtype=np.int64)
        self.counts_of = np.zeros((len(PAIRS), RANKS), dtype=np.int64)
        for t, (a, b) in enumerate(PAIRS):
            self.counts_of[t, a] += 1
            self.counts_of[t, b] += 1

    def throws(self, table, dealer, before=None):
        """Each hand's throw (a PAIRS index) judged with `table`, the crib's value of each
        throw for this seat (floats), as dealer (adds it) or pone (takes it away). With the
        throws `before`, a hand keeps its throw unless another is better by more than
        SETTLE points: without it, a dozen hands whose two best throws differ by a few
        thousandths swap them every other round and the tables never settle."""
        sign = 1.0 if dealer else -1.0
        value = np.where(self.kept >= 0, self.kept / 46.0 + sign * table[None, :], -np.inf)
        best = np.argmax(value, axis=1)
        if before is None:
            return best
        rows = np.arange(len(best))
        keep = value[rows, before] >= value[rows, best] - SETTLE
        return np.where(keep, before, best)

    def crib_table(self, other_throws):
        """For each throw, the crib's mean as an exact Fraction, when the other player's six
        cards are any six of the other 50 and `other_throws` says what they throw."""
        values = []
        for t in range(len(PAIRS)):
            weights, starters = _dealt(self.counts_of[t], self.hands)
            points = self.crib[t][other_throws]  # (hands, 13)
            rank_part = int(np.dot(weights, np.sum(starters * points, axis=1)))
            jacks = int(np.dot(weights, self.jacks[other_throws])) + int(self.jacks[t]) * int(
                weights.sum()
            )
            hands = int(weights.sum())  # C(50, 6)
            values.append(Fraction(rank_part, hands * 44) + Fraction(12 * jacks, 51 * hands))
        return values

    def uniform_table(self):
        """The crib's mean for each throw when the other two cards are any two of the other
        50 (the coach's uniform model, averaged over the rest of the hand), as Fractions."""
        values = []
        for t in range(len(PAIRS)):
            weights, starters = _dealt(self.counts_of[t], self.counts_of)
            rank_part = int(np.dot(weights, np.sum(starters * self.crib[t], axis=1)))
            pairs = int(weights.sum())  # C(50, 2)
            jacks = int(np.dot(weights, self.jacks)) + int(self.jacks[t]) * pairs
            values.append(Fraction(rank_part, pairs * 48) + Fraction(12 * jacks, 51 * pairs))
        return values


def fixed_point(model=None):
    """(own table, opponent's table, rounds, dealer's throws, pone's throws): the crib's
    value of each throw to one's own crib (the other player throws as pone) and to the
    opponent's (they throw as dealer), as Fractions in PAIRS order, once no hand's throw
    changes; and each hand's throw (a PAIRS index, in Model.hands order) at each seat."""
    model = model or Model()
    own = np.zeros(len(PAIRS))
    theirs = np.zeros(len(PAIRS))
    dealer_throws = pone_throws = None
    own_exact = theirs_exact = []
    for rounds in range(1, MAX_ROUNDS + 1):
        new_dealer = model.throws(own, True, dealer_throws)
        new_pone = model.throws(theirs, False, pone_throws)
        if (
            dealer_throws is not None
            and np.array_equal(new_dealer, dealer_throws)
            and np.array_equal(new_pone, pone_throws)
        ):
            return own_exact, theirs_exact, rounds - 1, dealer_throws, pone_throws
        dealer_throws, pone_throws = new_dealer, new_pone
        own_exact = model.crib_table(pone_throws)  # I deal: the pone throws the rest
        theirs_exact = model.crib_table(dealer_throws)
        own = np.array([float(value) for value in own_exact])
        theirs = np.array([float(value) for value in theirs_exact])
    raise RuntimeError("the throws did not settle in %d rounds" % MAX_ROUNDS)


CACHE = os.path.join(where.ROOT, "build", "coach-expert.npz")


def _source_key():
    """What the settled throws depend on: this model's code and the show table."""
    import hashlib

    digest = hashlib.sha256()
    for path in (__file__, os.path.join(where.FIRMWARE_LIB, "cribbage", "show_table.py")):
        with open(path, "rb") as source:
            digest.update(source.read())
    return digest.hexdigest()


def settled(model):
    """(dealer's throws, pone's throws) at the fixed point, kept in build/ between runs
    (the fixed point takes seconds; a hand's figures then take a fraction of one)."""
    key = _source_key()
    try:
        kept = np.load(CACHE)
        if str(kept["key"]) == key:
            return kept["dealer"], kept["pone"]
    except (OSError, KeyError, ValueError):
        pass
    _, _, _, dealer_throws, pone_throws = fixed_point(model)
    os.makedirs(os.path.dirname(CACHE), exist_ok=True)
    np.savez(CACHE, key=key, dealer=dealer_throws, pone=pone_throws)
    return dealer_throws, pone_throws


# The board's table (board_table_path): a record per six-card rank hand of the player asking, by
# its place among every six of 13 ranks with repeats (cribbage/tables.py's rank_index, the
# 169 hands with five of a rank left empty), and per seat (dealer first): the other player's
# jacks thrown, summed over their hands (4 bytes), then for each rank pair the hand can throw,
# in pair order, the crib's fifteens, pairs and runs summed over their hands and the 40
# starters left (5 bytes each; 15 slots, the unused zero). Little-endian.
BOARD_HANDS = 18564
BOARD_RECORD = 4 + 15 * 5


def _board_rows(model, dealer_throws, pone_throws):
    """{(hand index, seat): (their jacks, [crib sums by the hand's rank pairs in order])}."""
    from math import comb

    from numba import njit, prange

    @njit(parallel=True, cache=False)
    def sums(mine_all, hands, by_seat, crib, jacks, pair_of, choose):
        count = mine_all.shape[0]
        out_jacks = np.zeros((count, 2), dtype=np.int64)
        out_parts = np.zeros((count, 2, 15), dtype=np.int64)
        for m in prange(count):
            unseen = 4 - mine_all[m]
            weights = np.zeros((2, 91), dtype=np.int64)
            held = np.zeros((2, 91, 13), dtype=np.int64)
            for h in range(hands.shape[0]):
                w = 1
                for r in range(13):
                    w *= choose[unseen[r], hands[h, r]]
                    if w == 0:
                        break
                if w == 0:
                    continue
                for seat in range(2):
                    t = by_seat[seat, h]
                    weights[seat, t] += w
                    for r in range(13):
                        held[seat, t, r] += w * hands[h, r]
            slot = 0
            for p in range(91):
                a, b = pair_of[p, 0], pair_of[p, 1]
                if mine_all[m, a] - (1 if a == b else 0) < 1 or mine_all[m, b] < 1:
                    continue
                for seat in range(2):
                    total = 0
                    for t in range(91):
                        for r in range(13):
                            spread = unseen[r] * weights[seat, t] - held[seat, t, r]
                            total += spread * crib[p, t, r]
                    out_parts[m, seat, slot] = total
                slot += 1
            for seat in range(2):
                for t in range(91):
                    out_jacks[m, seat] += weights[seat, t] * jacks[t]
        return out_jacks, out_parts

    mine_all = []
    index_of = []
    for ranks in combinations_with_replacement(range(RANKS), 6):
        counts = [0] * RANKS
        for rank in ranks:
            counts[rank] += 1
        index = sum(comb(rank + i, i + 1) for i, rank in enumerate(ranks))
        if max(counts) <= 4:
            mine_all.append(counts)
            index_of.append(index)
    choose = np.array([[comb(n, k) for k in range(7)] for n in range(5)], dtype=np.int64)
    # Seat 0: the player asking deals, the other throws as pone; seat 1 the other way.
    by_seat = np.array([pone_throws, dealer_throws], dtype=np.int64)
    pair_of = np.array(PAIRS, dtype=np.int64)
    jacks, parts = sums(
        np.array(mine_all, dtype=np.int64), model.hands, by_seat, model.crib, model.jacks,
        pair_of, choose,
    )  # fmt: skip
    return index_of, jacks, parts


def board_table_path():
    """Where the board's table (above) is kept in build/, made there first (about 15 s) when
    missing or made from other code: the model's or the show table's."""
    path = os.path.join(where.ROOT, "build", "expert-table-%s.bin" % _source_key()[:16])
    if not os.path.exists(path):
        model = Model()
        dealer_throws, pone_throws = settled(model)
        index_of, jacks, parts = _board_rows(model, dealer_throws, pone_throws)
        data = bytearray(BOARD_HANDS * 2 * BOARD_RECORD)
        for row, index in enumerate(index_of):
            for seat in range(2):
                at = (index * 2 + seat) * BOARD_RECORD
                data[at : at + 4] = int(jacks[row, seat]).to_bytes(4, "little")
                for slot in range(15):
                    start = at + 4 + slot * 5
                    data[start : start + 5] = int(parts[row, seat, slot]).to_bytes(5, "little")
        keep_in_build(path, lambda out: out.write(data))
    return path


def expert_cribs(cards, dealer, model=None, throws=None):
    """For six cards (two players), {the two cards thrown, sorted: the crib's mean as a
    Fraction} when the other player's six are any six of the 46 unseen and they throw as
    the fixed point has them (as pone when `dealer`, else as dealer); the starter is any of
    the 40 left. Nobs: a jack thrown here matches the starter's suit with the chance of
    its suit among the unseen cards; one they throw, with its suit any of the unseen jacks'.
    A flush in the crib is left out, as in the tables."""
    from cards import CardError

    if len(cards) != 6:
        raise CardError("the expert opponent is modelled for two players: give six cards")
    model = model or Model()
    dealer_throws, pone_throws = throws if throws is not None else settled(model)
    theirs = pone_throws if dealer else dealer_throws
    mine = np.zeros(RANKS, dtype=np.int64)
    suits = [0, 0, 0, 0]
    for card in cards:
        mine[card >> 2] += 1
        suits[card & 3] += 1
    weights, starters = _dealt(mine, model.hands)
    spread = np.zeros((len(PAIRS), RANKS), dtype=np.int64)
    np.add.at(spread, theirs, weights[:, None] * starters)
    total = int(weights.sum())  # C(46, 6)
    their_jacks = int(np.dot(weights, model.jacks[theirs]))
    unseen_jacks = [suit for suit in range(4) if JACK * 4 + suit not in cards]
    # A jack they throw: its suit is one of the unseen jacks', the starter one of 45 others.
    their_nobs = Fraction(0)
    if unseen_jacks:
        their_nobs = sum(Fraction(12 - suits[suit], 45) for suit in unseen_jacks) / len(
            unseen_jacks
        )
    found = {}
    for i in range(6):
        for j in range(i + 1, 6):
            a, b = sorted((cards[i], cards[j]))
            t = PAIR_INDEX[tuple(sorted((a >> 2, b >> 2)))]
            rank_part = int(np.sum(spread * model.crib[t]))
            nobs = their_nobs * Fraction(their_jacks, total)
            for card in (a, b):
                if card >> 2 == JACK:
                    nobs += Fraction(13 - suits[card & 3], 46)
            found[(a, b)] = Fraction(rank_part, total * 40) + nobs
    return found
