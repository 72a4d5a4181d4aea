# The play of one deal ("pegging"): the running count, whose turn it is, and the points each
# card laid scores. Only ranks matter here; which cards were seen is the game's business.
from cards import VALUES
from micropython import const

CARDS_EACH = const(4)  # every seat lays four cards in the play, whatever the deal size
LIMIT = const(31)

FIFTEEN = "fifteen"
THIRTY_ONE = "thirty-one"
GO = "go"
LAST_CARD = "last card"
PAIR_NAMES = ("", "", "pair", "pair royal", "double pair royal")  # by cards of one rank
PAIR_POINTS = (0, 0, 2, 6, 12)  # in the play and in the show alike


class PlayError(ValueError):
    pass


def _emptied(awards):
    if awards is None:
        return []
    awards.clear()
    return awards


def run_length(ranks):
    """Length of the longest run (3 or more) formed by the most recent ranks, else 0."""
    count = len(ranks)
    for size in range(count, 2, -1):
        # Ranks as bits: distinct and consecutive, with no slice or set to allocate.
        low = 13
        high = -1
        bits = 0
        for i in range(count - size, count):
            rank = ranks[i]
            if bits >> rank & 1:
                break
            bits |= 1 << rank
            low = min(low, rank)
            high = max(high, rank)
        else:
            if high - low == size - 1:
                return size
    return 0


def pairs_at_end(ranks):
    """How many of the most recent ranks are equal (1 when the last card pairs nothing)."""
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    return same


class Play:
    """The play of one deal for `players` seats, led by `leader`.

    lay() and go() return the points they caused as a list of (seat, points, reason): the
    list given them, emptied first (the game passes one list for every card), or a new one.
    Both raise PlayError and change nothing when the move is not allowed.
    """

    def __init__(self, players, leader):
        self.players = players
        self.count = 0
        self.ranks = []  # ranks laid since the count last started from 0
        self.laid = [0] * players
        self.said_go = [False] * players
        self.turn = leader
        self.last_seat = -1
        self.finished = False

    def pack(self, packer):
        for value in (self.count, self.turn, self.last_seat, self.finished):
            packer.put(value)
        packer.put_list(self.laid)
        packer.put_list(self.said_go)
        packer.put_list(self.ranks)

    def unpack(self, unpacker):
        self.count = unpacker.get()
        self.turn = unpacker.get()
        self.last_seat = unpacker.get()
        self.finished = bool(unpacker.get())
        self.laid = unpacker.get_list()
        self.said_go = [bool(go) for go in unpacker.get_list()]
        self.ranks = unpacker.get_list()

    def _check_turn(self, seat):
        if self.finished:
            raise PlayError("the play is over: every card has been laid")
        if seat is not None and self.laid[seat] >= CARDS_EACH:
            raise PlayError("seat %d has laid all four cards" % seat)
        if seat is not None and seat != self.turn:
            raise PlayError("out of turn: it is seat %d's turn" % self.turn)

    def lay(self, rank, seat=None, awards=None):
        self._check_turn(seat)
        if not 0 <= rank < 13:
            raise PlayError("not a rank: %r" % rank)
        if self.count + VALUES[rank] > LIMIT:
            raise PlayError("%d would take the count past 31" % (self.count + VALUES[rank]))
        seat = self.turn
        self.count += VALUES[rank]
        self.ranks.append(rank)
        self.laid[seat] += 1
        self.last_seat = seat
        awards = _emptied(awards)
        if self.count == 15:
            awards.append((seat, 2, FIFTEEN))
        same = pairs_at_end(self.ranks)
        if same >= 2:
            awards.append((seat, PAIR_POINTS[same], PAIR_NAMES[same]))
        run = run_length(self.ranks)
        if run:
            awards.append((seat, run, "run of %d" % run))
        if self.count == LIMIT:
            awards.append((seat, 2, THIRTY_ONE))
            self._restart(seat)
        else:
            following = self._next_able(seat, True)
            if following < 0:
                self._close_sequence(awards)
            else:
                self.turn = following
        return awards

    def go(self, seat=None, awards=None):
        """The seat in turn cannot lay a card without passing 31."""
        self._check_turn(seat)
        if self.count == 0:
            raise PlayError("no go on a new count: any card can lead")
        if self.count <= LIMIT - 10:
            # Every card is worth 10 at most: a player with a card left can lay it.
            raise PlayError(
                "no go at %d: every card fits at %d or less, lay one" % (self.count, LIMIT - 10)
            )
        self.said_go[self.turn] = True
        awards = _emptied(awards)
        following = self._next_able(self.turn, False)
        if following < 0:
            self._close_sequence(awards)
        else:
            self.turn = following
        return awards

    def _next_able(self, seat, include_self):
        # The next seat after `seat` that holds cards and has not said go; `seat` itself last.
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate == seat and not include_self:
                break
            if self.laid[candidate] < CARDS_EACH and not self.said_go[candidate]:
                return candidate
        return -1

    def _close_sequence(self, awards):
        # Nobody can add to the count: the last to lay takes the go, or the last card.
        all_laid = sum(self.laid) == CARDS_EACH * self.players
        awards.append((self.last_seat, 1, LAST_CARD if all_laid else GO))
        self._restart(self.last_seat)

    def _restart(self, last_seat):
        self.count = 0
        self.ranks = []
        for seat in range(self.players):
            self.said_go[seat] = False
        # The player after the last one to lay leads the next count.
        leader = -1
        for step in range(1, self.players + 1):
            candidate = (last_seat + step) % self.players
            if self.laid[candidate] < CARDS_EACH:
                leader = candidate
                break
        if leader < 0:
            self.finished = True
        else:
            self.turn = leader
