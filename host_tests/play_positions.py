"""Positions of the play for comparing advice: a deal's play stopped at random."""

from cards import VALUES
from cribbage.pegging import Play, PlayError


def random_position(rng):
    """A deal's play stopped at random, for the player to lay: (the ranks they hold, unseen
    counts, how many the other holds, count, ranks since the count began, said_go, last),
    or None when they must say go or the play is over."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [[card >> 2 for card in deck[0:4]], [card >> 2 for card in deck[4:8]]]
    starter = deck[8] >> 2
    play = Play(2, 0)
    laid = []
    for _ in range(rng.randrange(0, 7)):
        if play.finished:
            return None
        seat = play.turn
        fits = [r for r in hands[seat] if play.count + VALUES[r] <= 31]
        if fits:
            rank = rng.choice(fits)
            play.lay(rank)
            hands[seat].remove(rank)
            laid.append(rank)
        else:
            try:
                play.go()
            except PlayError:
                return None
    if play.finished:
        return None
    me = play.turn
    if not any(play.count + VALUES[r] <= 31 for r in hands[me]):
        return None
    unseen = [4] * 13
    for rank in hands[me] + laid + [starter]:
        unseen[rank] -= 1
    last = -1 if not play.ranks else (0 if play.last_seat == me else 1)
    said_go = (play.said_go[me], play.said_go[1 - me])
    return hands[me], unseen, len(hands[1 - me]), play.count, tuple(play.ranks), said_go, last
