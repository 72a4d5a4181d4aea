"""The play with both hands open, searched in machine code: the exact points each player
takes to the end of the play when each lays for the most of their own less the other's
(then the most of their own; a tie keeps the lower rank). tools/coach/peg_advice.py asks it for
every set of cards the other player may hold.

Why numba: the same search in CPython took about 14 s for a pone's lead from A-2-3-4 (1.6 million
positions at 8 µs each: the interpreter's own cost); compiled, only the problem's size is
left. host_tests/peg_reference.py keeps the CPython search, and the tests hold the two equal.
The search walks its tree with a stack of its own rather than by recursion: numba keeps
compiled code on disk between runs (`cache=True`) only for functions that do not recurse,
and compiling takes seconds a run.

A hand is its counts by rank (13 numbers); `laid[start:length]` are the ranks laid since the
count began (a new count starts where the last one ended).
"""

from itertools import combinations
from math import comb

import numpy as np
from numba import njit, prange

_VALUES = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=np.int64)
_PAIR_POINTS = np.array([0, 0, 2, 6, 12], dtype=np.int64)
LIMIT = 31
_DEPTH = 10  # decision points on one line of play: 8 cards at most, one stack entry each


# CHOOSE[n, k]: k of n, for the hands' indexes (n up to 16) and the weights (n, k up to 4).
CHOOSE = np.array([[comb(n, k) for k in range(6)] for n in range(17)], dtype=np.int64)
# Hands of 0, 1, 2, 3, 4 cards: 1, 13, 91, 455 and 1,820 of them (by ranks).
_OFFSETS = np.array([0, 1, 14, 105, 560, 2380], dtype=np.int64)
_HANDS = 560  # a count after the first starts with 5 cards left at most: 3 in a hand


@njit(cache=True)
def _scored(laid, start, length, count):
    """What the last of `laid[start:length]` scores with the count at `count`: read back
    from the last card once, the ranks met so far as bits, a run whenever they are
    distinct and consecutive (the longest such stretch counts)."""
    total = 2 if count == 15 or count == LIMIT else 0
    last = laid[length - 1]
    same = 1
    while same < length - start and laid[length - 1 - same] == last:
        same += 1
    total += _PAIR_POINTS[same]
    if same > 1:
        return total  # a pair ends the stretch: no run through it
    bits = 1 << last
    low = last
    high = last
    run = 0
    for size in range(2, length - start + 1):
        rank = laid[length - size]
        if (bits >> rank) & 1:
            break
        bits |= 1 << rank
        low = min(low, rank)
        high = max(high, rank)
        if size >= 3 and high - low == size - 1:
            run = size
    return total + run


@njit(cache=True)
def _can_lay(hands, turn, count):
    for rank in range(13):  # the lowest rank held has the lowest value
        if hands[turn, rank] > 0:
            return count + _VALUES[rank] <= LIMIT
    return False


@njit(cache=True)
def _hand_index(hands, seat):
    """Where a hand of up to 4 cards sits among all such hands: those of fewer cards first,
    then by the colex order of its ranks as a combination (a multiset of k ranks r1 <= ... <=
    rk is the set {r1, r2 + 1, ..., rk + k - 1})."""
    size = 0
    index = 0
    for rank in range(13):
        for _ in range(hands[seat, rank]):
            index += CHOOSE[rank + size, size + 1]
            size += 1
    return _OFFSETS[size] + index


@njit(cache=True)
def _new_count(hands, held, leader, bonus, table):
    """A count starts again with `leader` to lay: the rest of the play read from `table`
    (what every such start is worth, both hands open) into `bonus`. False: nothing is left
    to search."""
    if held[leader] == 0:
        return False
    index = _hand_index(hands, 0) * _HANDS + _hand_index(hands, 1)
    bonus[0] += table[index, leader, 0]
    bonus[1] += table[index, leader, 1]
    return False


@njit(cache=True)
def _settle(hands, held, state, bonus, table):
    """From a position where `state` = [turn, count, start, length, go0, go1, last], say the
    goes until someone has a choice of card: the state is moved there and the go points
    added to `bonus`; a count that starts again is read from `table`. False when nothing is
    left to search."""
    while True:
        turn = state[0]
        if _can_lay(hands, turn, state[1]):
            return True
        if held[0] == 0 and held[1] == 0:
            return False
        other = 1 - turn
        if state[5 - turn] or held[other] == 0:  # the other said go, or holds nothing
            last = state[6]
            bonus[last] += 1  # the go, or the last card
            leader = 1 - last
            if held[leader] == 0:
                leader = last
            return _new_count(hands, held, leader, bonus, table)
        else:
            state[4 + turn] = 1  # turn says go
            state[0] = other


@njit(cache=True)
def _after_lay(hands, held, laid, state, rank, bonus, table):
    """Lays `rank` for state[0]: the hands, `laid` and the state moved on to the next choice
    of card; the points it and what follows without a choice scored added to `bonus`.
    False when the play is over."""
    turn = state[0]
    hands[turn, rank] -= 1
    held[turn] -= 1
    count = state[1] + _VALUES[rank]
    length = state[3]
    laid[length] = rank
    length += 1
    bonus[turn] += _scored(laid, state[2], length, count)
    state[1] = count
    state[3] = length
    state[6] = turn
    other = 1 - turn
    if count == LIMIT:
        return _new_count(hands, held, other if held[other] > 0 else turn, bonus, table)
    elif state[4 + other] == 0 and held[other] > 0:
        state[0] = other
    elif held[turn] > 0:
        state[0] = turn
    else:
        # Nobody can lay on: the last card (or a go) to this player, and a new count.
        bonus[turn] += 1
        return _new_count(hands, held, other, bonus, table)
    return _settle(hands, held, state, bonus, table)


@njit(cache=True)
def _better(p0, p1, best0, best1, turn):
    mine, theirs = (p0, p1) if turn == 0 else (p1, p0)
    best_mine, best_theirs = (best0, best1) if turn == 0 else (best1, best0)
    if mine - theirs != best_mine - best_theirs:
        return mine - theirs > best_mine - best_theirs
    return mine > best_mine


@njit(cache=True)
def _lay_value(hands, held, laid, start_state, rank, table, work):
    """(points of seat 0, of seat 1) to the end of the play when start_state[0] lays `rank`
    now, each then laying for the most of their own less the other's. `hands` and `held`
    are as they were on return.

    Pruned as alpha-beta prunes, on seat 0's net (its points less seat 1's), for which the
    play is zero-sum: a line is left unsearched only once it is sure to be strictly worse
    for the player choosing it than a line already found. A line that may tie on the net is
    searched to the end, because the tie is settled by the points themselves: at an equal
    net both players want the larger total (more of one's own is then more of the other's)."""
    # One entry per decision point on the line being searched: its position, the next rank
    # to try there, the rank its current line laid, the points that line took before the
    # next decision point, its best line so far and the window of seat 0's net that can
    # still matter above it.
    states = np.empty((_DEPTH, 7), dtype=np.int64)
    next_rank = np.zeros(_DEPTH, dtype=np.int64)
    laid_now = np.zeros(_DEPTH, dtype=np.int64)
    on_the_way = np.zeros((_DEPTH, 2), dtype=np.int64)
    best = np.zeros((_DEPTH, 2), dtype=np.int64)
    found = np.zeros(_DEPTH, dtype=np.bool_)
    low = np.empty(_DEPTH, dtype=np.int64)
    high = np.empty(_DEPTH, dtype=np.int64)
    state = np.empty(7, dtype=np.int64)
    step = np.zeros(2, dtype=np.int64)
    states[0, :] = start_state
    low[0] = -1000
    high[0] = 1000
    depth = 0
    while True:
        turn = states[depth, 0]
        count = states[depth, 1]
        option = -1
        slot = next_rank[depth]
        # Cards that score at once first (a pair, fifteen, thirty-one), then the rest: the
        # best line tends to come first, and the lines after it are cut sooner.
        previous = laid[states[depth, 3] - 1] if states[depth, 3] > states[depth, 2] else -1
        while slot < 26:
            candidate = slot if slot < 13 else slot - 13
            if hands[turn, candidate] > 0 and count + _VALUES[candidate] <= LIMIT:
                if depth > 0 or rank < 0 or candidate == rank:  # the card asked about first
                    after = count + _VALUES[candidate]
                    scores = candidate == previous or after == 15 or after == LIMIT
                    if scores == (slot < 13):
                        option = candidate
                        break
            slot += 1
        if option >= 0:
            next_rank[depth] = slot + 1
            laid_now[depth] = option
            state[:] = states[depth]
            step[0] = 0
            step[1] = 0
            work[0] += 1
            if _after_lay(hands, held, laid, state, option, step, table):
                on_the_way[depth, 0] = step[0]
                on_the_way[depth, 1] = step[1]
                net_on_the_way = step[0] - step[1]
                depth += 1
                states[depth, :] = state
                next_rank[depth] = 0
                found[depth] = False
                low[depth] = low[depth - 1] - net_on_the_way
                high[depth] = high[depth - 1] - net_on_the_way
                continue
            hands[turn, option] += 1  # the line ended: the card back, its points weighed
            held[turn] += 1
            p0 = step[0]
            p1 = step[1]
        else:
            # Every card here is tried (or the rest cannot matter): the best line is this
            # decision point's value.
            p0 = best[depth, 0]
            p1 = best[depth, 1]
            if depth == 0:
                return p0, p1
            depth -= 1
            turn = states[depth, 0]
            hands[turn, laid_now[depth]] += 1
            held[turn] += 1
            p0 += on_the_way[depth, 0]
            p1 += on_the_way[depth, 1]
        if not found[depth] or _better(p0, p1, best[depth, 0], best[depth, 1], turn):
            best[depth, 0] = p0
            best[depth, 1] = p1
            found[depth] = True
            net = p0 - p1
            if turn == 0:
                if net > high[depth]:
                    next_rank[depth] = 26  # seat 1 above will not let the play come here
                elif net > low[depth]:
                    low[depth] = net
            else:
                if net < low[depth]:
                    next_rank[depth] = 26  # nor seat 0 above
                elif net < high[depth]:
                    high[depth] = net


@njit(cache=True, parallel=True)
def lay_totals(mine, theirs, weights, count, laid, go_mine, go_theirs, last, options, table):
    """For each rank in `options` that the player (seat 0, holding counts `mine`) may lay:
    the sums over the other's possible hands (`theirs`, one row of counts each, weighted by
    `weights`) of weight × the player's points and weight × the other's. Returns the two
    sums, indexed as `options`, and the cards the search laid (its work)."""
    points = np.zeros((len(theirs), len(options), 2), dtype=np.int64)
    lays = np.zeros(len(theirs), dtype=np.int64)  # the cards laid in the search: its work
    start = np.zeros(7, dtype=np.int64)
    start[0] = 0
    start[1] = count
    start[2] = 0
    start[3] = len(laid)
    start[4] = 1 if go_mine else 0
    start[5] = 1 if go_theirs else 0
    start[6] = last
    for hand in prange(len(theirs)):
        hands = np.zeros((2, 13), dtype=np.int64)
        held = np.zeros(2, dtype=np.int64)
        sequence = np.empty(16, dtype=np.int64)  # this count's cards, then 8 more at most
        work = np.zeros(1, dtype=np.int64)
        for i in range(len(laid)):
            sequence[i] = laid[i]
        hands[0, :] = mine
        hands[1, :] = theirs[hand]
        held[0] = mine.sum()
        held[1] = theirs[hand].sum()
        for option in range(len(options)):
            p0, p1 = _lay_value(hands, held, sequence, start, options[option], table, work)
            points[hand, option, 0] = p0
            points[hand, option, 1] = p1
        lays[hand] = work[0]
    mine_total = np.zeros(len(options), dtype=np.int64)
    theirs_total = np.zeros(len(options), dtype=np.int64)
    for hand in range(len(theirs)):
        for option in range(len(options)):
            mine_total[option] += weights[hand] * points[hand, option, 0]
            theirs_total[option] += weights[hand] * points[hand, option, 1]
    return mine_total, theirs_total, lays.sum()


def hands_by_index():
    """Every hand of up to 4 cards, as counts by rank, in _hand_index's order, and sizes."""
    found = np.zeros((_OFFSETS[5], 13), dtype=np.int64)
    sizes = np.zeros(_OFFSETS[5], dtype=np.int64)
    probe = np.zeros((2, 13), dtype=np.int64)
    for size in range(5):
        for combination in combinations(range(12 + size), size):
            probe[0, :] = 0
            for i, value in enumerate(combination):
                probe[0, value - i] += 1
            index = _hand_index(probe, 0)
            found[index] = probe[0]
            sizes[index] = size
    return found, sizes


@njit(cache=True)
def _one_pack(first, second):
    """Whether two hands (counts by rank) can be dealt from one pack: 4 of a rank at most."""
    for rank in range(13):
        if first[rank] + second[rank] > 4:
            return False
    return True


@njit(cache=True, parallel=True)
def _fill(table, hands_of, sizes, total):
    """What every count start with `total` cards left (5 at most) is worth, for each leader:
    searched with the table's entries for fewer cards."""
    for first in prange(_HANDS):
        hands = np.zeros((2, 13), dtype=np.int64)
        held = np.zeros(2, dtype=np.int64)
        laid = np.empty(16, dtype=np.int64)
        start = np.zeros(7, dtype=np.int64)
        work = np.zeros(1, dtype=np.int64)
        for second in range(_HANDS):
            if sizes[first] + sizes[second] != total:
                continue
            if not _one_pack(hands_of[first], hands_of[second]):
                continue
            hands[0, :] = hands_of[first]
            hands[1, :] = hands_of[second]
            held[0] = sizes[first]
            held[1] = sizes[second]
            for leader in range(2):
                if held[leader] == 0:
                    continue
                start[0] = leader
                start[6] = -1
                p0, p1 = _lay_value(hands, held, laid, start, -1, table, work)
                table[first * _HANDS + second, leader, 0] = p0
                table[first * _HANDS + second, leader, 1] = p1


def count_starts():
    """The table of what each count after the first is worth: (_HANDS², 2 leaders, 2 seats)."""
    table = np.zeros((_HANDS * _HANDS, 2, 2), dtype=np.int64)
    hands_of, sizes = hands_by_index()
    for total in range(1, 6):
        _fill(table, hands_of, sizes, total)
    return table


FULL = _OFFSETS[4]  # where the hands of 4 cards begin in hands_by_index
OFFSETS = _OFFSETS  # where the hands of each size begin
HANDS = _HANDS
FOURS = 1820


@njit(cache=True, parallel=True)
def _fill_leads(leads, hands_of, table):
    for pone in prange(FOURS):
        hands = np.zeros((2, 13), dtype=np.int64)
        held = np.full(2, 4, dtype=np.int64)
        laid = np.empty(16, dtype=np.int64)
        start = np.zeros(7, dtype=np.int64)
        start[6] = -1
        work = np.zeros(1, dtype=np.int64)
        hands[0, :] = hands_of[FULL + pone]
        for dealer in range(FOURS):
            if not _one_pack(hands[0], hands_of[FULL + dealer]):
                continue
            hands[1, :] = hands_of[FULL + dealer]
            slot = 0
            for rank in range(13):
                if hands[0, rank] > 0:
                    p0, p1 = _lay_value(hands, held, laid, start, rank, table, work)
                    # A play's points fit a byte with room to spare (22 at most seen).
                    leads[pone, dealer, slot, 0] = np.uint8(p0)
                    leads[pone, dealer, slot, 1] = np.uint8(p1)
                    slot += 1


def leads_table(table):
    """What each lead of the pone is worth against each dealer's hand, both hands open:
    (1,820 pone hands, 1,820 dealer hands, the pone's ranks low to high (4 at most), the
    pone's points and the dealer's) in bytes, 26.5 MB; 255 where no such card or hand is."""
    hands_of, _ = hands_by_index()
    leads = np.full((FOURS, FOURS, 4, 2), 255, dtype=np.uint8)
    _fill_leads(leads, hands_of, table)
    return leads


def four_index(counts):
    """Where a hand of 4 cards (counts by rank) sits among the 1,820 (leads_table's order)."""
    probe = np.zeros((2, 13), dtype=np.int64)
    probe[0, :] = counts
    return int(_hand_index(probe, 0) - FULL)
