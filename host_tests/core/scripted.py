# Whole games as event lists, dealt from a seeded shuffle and played by simple players who
# lay their first card that fits. Runs on CPython and MicroPython alike (own random numbers).
from cards import VALUES
from cribbage import events as ev
from cribbage.game import GAME_OVER, MATCH_OVER, PLAY, SHOW, Match
from cribbage.score import score


class Shuffler:
    """A 31-bit linear congruential generator: the same deals on every interpreter."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def below(self, limit):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % limit

    def pack(self):
        cards = list(range(52))
        for i in range(51, 0, -1):
            j = self.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards


def deal(shuffler, players):
    """(hands of four kept cards, the crib, the starter) for one deal: 6 cards each for two
    players (2 to the crib), 5 for three or four (1 each; with three, 1 from the pack)."""
    pack = shuffler.pack()
    each = 6 if players == 2 else 5
    hands = [pack[seat * each : seat * each + 4] for seat in range(players)]
    crib = []
    for seat in range(players):
        crib += pack[seat * each + 4 : seat * each + each]
    if players == 3:
        crib.append(pack[15])
    return hands, crib, pack[40]


def deal_events(match, shuffler, points_mode=False):
    """The events of one deal for the match as it stands (it is applied as it goes)."""
    players = match.players
    hands, crib, starter = deal(shuffler, players)
    out = []

    def send(event):
        out.append(event)
        match.apply(event)

    send((ev.STARTER, ev.NO_CARD if points_mode else starter))
    if points_mode and match.phase == PLAY:
        send((ev.PEGGED, 1, 2))
        if match.phase == PLAY:
            send((ev.PLAY_DONE,))
    left = [list(hand) for hand in hands]
    while match.phase == PLAY and not points_mode:
        seat = match.play.turn
        playable = [c for c in left[seat] if match.play.count + VALUES[c >> 2] <= 31]
        if playable:
            card = playable[0]
            left[seat].remove(card)
            send((ev.LAY, card >> 2, card & 3))
        else:
            send((ev.GO,))
    while match.phase == SHOW:
        seat = match.show_seat()
        cards = crib if seat < 0 else hands[seat]
        if points_mode:
            send((ev.SHOW_POINTS, score(cards, starter, seat < 0)))
        else:
            send((ev.SHOW_CARDS,) + tuple(cards))
    return out


def game_events(seed=1, players=2, target=121, points_every=0, games=1, flags=ev.LOSER_DEALS):
    """Events of a whole match to its end; every points_every-th deal is counted in points."""
    match = Match()
    start = ev.new_match(players=players, target=target, games=games, flags=flags)
    match.apply(start)
    out = [start]
    shuffler = Shuffler(seed)
    deal = 0
    while match.phase != MATCH_OVER:
        if match.phase == GAME_OVER:
            out.append((ev.NEXT_GAME,))
            match.apply((ev.NEXT_GAME,))
            continue
        deal += 1
        points = points_every and deal % points_every == 0
        out += deal_events(match, shuffler, points)
    return out, match
