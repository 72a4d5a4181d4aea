# Plays whole cribbage games on the board's keys, the way people at a table would: each
# card keyed as it is laid, the questions at the show answered truthfully from the real
# cards, the crib keyed by rank. Deals come from scripted.Shuffler.
from cards import VALUES
from cribbage.game import CUT, GAME_OVER, MATCH_OVER, PLAY, SHOW
from cribbage.show import show_total
from shuffle import Shuffler, deal
from ui import RANK_KEYS, SUIT_KEYS
from ui import suits as sq


def answer(question, hand, starter):
    suits = [card & 3 for card in hand]
    if question == sq.FLUSH:
        return suits.count(suits[0]) == 4
    if question == sq.FLUSH_STARTER:
        return suits[0] == starter & 3
    if question == sq.NOBS:
        return (10 * 4 + (starter & 3)) in hand
    raise AssertionError("unexpected question %r" % question)


def play_to_the_show(rig, shuffler):
    """Deals, keys the starter and the whole play; returns the hands, crib and starter."""
    match = rig.match
    hands, crib, starter = deal(shuffler, match.players)
    assert match.phase == CUT
    rig.press(RANK_KEYS[starter >> 2])
    rig.press(SUIT_KEYS[starter & 3])
    left = [list(hand) for hand in hands]
    while rig.match.phase == PLAY:
        seat = rig.match.play.turn
        playable = [c for c in left[seat] if rig.match.play.count + VALUES[c >> 2] <= 31]
        if playable:
            left[seat].remove(playable[0])
            rig.press(RANK_KEYS[playable[0] >> 2])
        else:
            rig.press("#")
    return hands, crib, starter


def play_deal(rig, shuffler, checks):
    hands, crib, starter = play_to_the_show(rig, shuffler)
    while rig.match.phase == SHOW:
        seat = rig.match.show_seat()
        cards = crib if seat < 0 else hands[seat]
        side = rig.match.side_of(rig.match.dealer if seat < 0 else seat)
        before = rig.match.front[side]
        if seat < 0:
            for card in cards:
                rig.press(RANK_KEYS[card >> 2])
        while rig.app.overlay.question:
            question = rig.app.overlay.question
            yes = question == sq.CONFIRM or answer(question, cards, starter)
            rig.press("#" if yes else "0")
            if question == sq.CONFIRM or rig.match.show_seat() != seat:
                break
        expected = min(before + show_total(cards, starter, seat < 0), rig.match.target)
        checks.append(rig.match.front[side] == expected)
    return starter


def play_match(rig, seed):
    """Plays the match on the board until it is over; returns True for every show that
    pegged exactly the true count."""
    shuffler = Shuffler(seed)
    checks = []
    while rig.match.phase != MATCH_OVER:
        if rig.match.phase == GAME_OVER:
            rig.press("#")
            continue
        play_deal(rig, shuffler, checks)
    return checks
