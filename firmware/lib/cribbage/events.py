# What a player can tell the board, as tuples of small ints: (code, arg, ...). Every arg
# fits a byte, so bytes(event) is the journal record and tuple(record) gives it back.
from micropython import const

NEW_MATCH = const(1)  # players, target, games, first dealer, flags, skunk, double skunk
STARTER = const(2)  # card, or NO_CARD when the players count for themselves
LAY = const(3)  # rank, suit (UNKNOWN_SUIT when only the rank was keyed)
GO = const(4)
PEGGED = const(5)  # side, points: points the players counted themselves
PLAY_DONE = const(6)  # end the play without laying every card
SHOW_CARDS = const(7)  # four cards (the next hand, or the crib) [, bit mask of real suits]
SHOW_POINTS = const(8)  # points the players counted for the next hand or the crib
MUGGINS = const(9)  # side claiming the points the last show missed
NEXT_GAME = const(10)
SUMMARY = const(11)  # games won per side in a finished match (what compaction keeps)

UNKNOWN_SUIT = const(4)
NO_CARD = const(255)

# NEW_MATCH flags
END_EARLY = const(1)  # stop once the majority of games is certain
SKUNK_COUNTS_DOUBLE = const(2)  # a skunk wins two games, a double skunk three
LOSER_DEALS = const(4)  # the loser of a game deals first in the next
MUGGINS_ON = const(8)

NAMES = {
    NEW_MATCH: "new match",
    STARTER: "starter",
    LAY: "lay",
    GO: "go",
    PEGGED: "pegged",
    PLAY_DONE: "play done",
    SHOW_CARDS: "show cards",
    SHOW_POINTS: "show points",
    MUGGINS: "muggins",
    NEXT_GAME: "next game",
    SUMMARY: "summary",
}


def new_match(
    players=2, target=121, games=1, first_dealer=0, flags=LOSER_DEALS, skunk=-1, double=-1
):
    """A NEW_MATCH event; skunk lines default to 91/61 for 121 and 31/none for 61 or 62."""
    if skunk < 0:
        skunk = 91 if target == 121 else 31
    if double < 0:
        double = 61 if target == 121 else 0
    return (NEW_MATCH, players, target, games, first_dealer, flags, skunk, double)
