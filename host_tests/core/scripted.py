# Whole games as event lists, dealt from a seeded shuffle and played by simple players who
# lay their first card that fits. Runs on CPython and MicroPython alike (own random numbers).
from cards import VALUES
from cribbage import events as ev
from cribbage.game import GAME_OVER, MATCH_OVER, PLAY, SHOW, Match
from cribbage.score import score
from shuffle import Shuffler, deal  # noqa: F401  (the deals, re-exported)


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
