"""The play's advice as first written: the same model as tools/coach/peg_advice.py, searched in
CPython with a dictionary of positions (8 µs a position; about 14 s for a pone's lead from
A-2-3-4). Kept as the slow, independent reference the compiled search (tools/coach/peg_search.py)
and its tables are held equal to."""

from fractions import Fraction
from math import comb

from cards import VALUES
from cribbage.pegging import LIMIT, PAIR_POINTS, pairs_at_end, run_length

_SCORED = {}  # ranks laid since the count began -> what the last one scored


def points_for(ranks, count):
    """What the last card of `ranks` (laid since the count began) scores, the count being
    `count` with it: fifteen, thirty-one, pairs and a run. Remembered by `ranks` (which
    fix the count): a play-out meets the same few thousand sequences again and again."""
    total = _SCORED.get(ranks)
    if total is None:
        total = 2 if count in (15, LIMIT) else 0
        total += PAIR_POINTS[pairs_at_end(ranks)] + run_length(ranks)
        _SCORED[ranks] = total
    return total


class Solver:
    """The play with both hands open: best(net) from any position, remembered."""

    def __init__(self):
        self.memo = {}

    def value(self, hands, turn, count, ranks, said_go, last):
        """(points of seat 0, points of seat 1) to the end of the play when each lays for
        the most of its own less the other's. hands: two sorted rank tuples; turn: who is
        to lay; ranks: laid since the count began; said_go: (seat 0, seat 1); last: who laid
        last (-1: nobody yet)."""
        key = (hands, turn, count, ranks, said_go, last)
        found = self.memo.get(key)
        if found is not None:
            return found
        playable = []
        for rank in hands[turn]:  # sorted: a rank held twice is tried once
            if count + VALUES[rank] <= LIMIT and (not playable or playable[-1] != rank):
                playable.append(rank)
        other = 1 - turn
        if not playable:
            if not hands[0] and not hands[1]:
                result = (0, 0)
            elif said_go[other] or not hands[other]:
                # Neither can lay: the last to lay takes the go (or the last card) and the
                # count starts again with the player after them.
                result = self._restart(hands, last)
            else:
                gone = (True, said_go[1]) if turn == 0 else (said_go[0], True)
                result = self.value(hands, other, count, ranks, gone, last)
        else:
            result = None
            for rank in playable:
                scored = self.lay(hands, turn, count, ranks, said_go, rank)
                if result is None or _better(scored, result, turn):
                    result = scored
        self.memo[key] = result
        return result

    def lay(self, hands, turn, count, ranks, said_go, rank):
        hand = list(hands[turn])
        hand.remove(rank)
        after = (tuple(hand), hands[1]) if turn == 0 else (hands[0], tuple(hand))
        count += VALUES[rank]
        ranks += (rank,)
        gained = points_for(ranks, count)
        if count == LIMIT:
            rest = self._next_count(after, turn)
        else:
            other = 1 - turn
            if not said_go[other] and after[other]:
                rest = self.value(after, other, count, ranks, said_go, turn)
            elif after[turn]:
                rest = self.value(after, turn, count, ranks, said_go, turn)
            else:
                rest = self._restart(after, turn)
        if turn == 0:
            return (rest[0] + gained, rest[1])
        return (rest[0], rest[1] + gained)

    def _restart(self, hands, last):
        """Nobody can add to the count: a go, or the last card, to whoever laid last."""
        rest = self._next_count(hands, last)
        if last == 0:
            return (rest[0] + 1, rest[1])
        return (rest[0], rest[1] + 1)

    def _next_count(self, hands, last):
        leader = 1 - last
        if not hands[leader]:
            leader = last
        if not hands[leader]:
            return (0, 0)
        return self.value(hands, leader, 0, (), (False, False), -1)


def _better(scored, best, turn):
    """Whether `scored` beats `best` for the seat in turn: more of its own less the other's,
    then more of its own (a tie keeps the lower rank, tried first)."""
    mine, theirs = (scored[0], scored[1]) if turn == 0 else (scored[1], scored[0])
    best_mine, best_theirs = (best[0], best[1]) if turn == 0 else (best[1], best[0])
    if mine - theirs != best_mine - best_theirs:
        return mine - theirs > best_mine - best_theirs
    return mine > best_mine


def their_hands(unseen, size):
    """Every rank multiset of `size` cards the other player may hold, with how many sets of
    the unseen cards (counts by rank) give it."""
    found = []

    def extend(rank, left, ranks, weight):
        if left == 0:
            found.append((tuple(ranks), weight))
            return
        if rank == 13:
            return
        for take in range(min(left, unseen[rank]), -1, -1):
            extend(rank + 1, left - take, ranks + [rank] * take, weight * comb(unseen[rank], take))

    extend(0, size, [], 1)
    return found


def advise(mine, unseen, their_size, count, ranks, said_go, last, solver=None):
    """As tools/peg_advice.advise: [(rank, my points, their points, net)] best net first."""
    solver = solver or Solver()
    playable = sorted(set(r for r in mine if count + VALUES[r] <= LIMIT))
    hands = their_hands(unseen, their_size)
    total = sum(weight for _, weight in hands)
    found = []
    for rank in playable:
        my_points = their_points = 0
        for theirs, weight in hands:
            scored = solver.lay(
                (tuple(sorted(mine)), theirs), 0, count, tuple(ranks), tuple(said_go), rank
            )
            my_points += weight * scored[0]
            their_points += weight * scored[1]
        mean_mine = Fraction(my_points, total)
        mean_theirs = Fraction(their_points, total)
        found.append((rank, mean_mine, mean_theirs, mean_mine - mean_theirs))
    found.sort(key=lambda row: (-row[3], -row[1], row[0]))
    return found
