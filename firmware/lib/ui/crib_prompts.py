# What the board waits for in cribbage, in one table: each state's sign on the status LEDs
# and every key that answers it with what that key does; its words are ui.crib_words'. The
# board never loads this module: ui.crib_keys holds the keys each state takes (as bits) and
# its sign, written out from dispatch_tables() (a test fails when they differ), and
# tools/maker/faceplate.py writes the quick reference from it, so a prompt cannot name a key the
# dispatch refuses, nor the dispatch take a key the quick reference does not give.
from board import signs
from keypad import KEY_NAMES

# The states, by the numbers ui.crib_keys.awaiting() gives them and ui.crib_words knows them
# by (host_tests/test_prompt_names.py pins both).
NEW_MATCH = 0  # before a match, or after one: the choices, # starts
NEXT_GAME = 1  # a game is won: # for the next
STARTER = 2  # the cut: the starter's rank
SUIT = 3  # the starter's rank keyed: its suit
LAY = 4  # the play: the card laid, or a go
POINTS_PLAY = 5  # the play of a deal counted in points: D pegs, # ends it
CRIB_RANKS = 6  # the crib's four ranks
HAND_RANKS = 7  # a hand the play did not show whole: its ranks, or its points
FLUSH = 8  # "all four of one suit?"
FLUSH_STARTER = 9  # "the starter's suit too?"
NOBS = 10  # "a jack of the starter's suit?"
COUNT = 11  # nothing to ask: # counts the hand
SHOW_POINTS = 12  # the starter was not keyed: each hand in points
POINTS_SIDE = 13  # D pressed in the cut or the play: whose (A, B, C) or the digits
POINTS_SHOW = 14  # D pressed in the show: the digits of the hand's points
POINTS_DIGITS = 15  # a digit keyed: the second digit, or # to peg
STATES = 16

# Keys as the dispatch knows them: the keypad's names, then the two long presses that mean
# something of their own here (others count as short presses).
KEYS = KEY_NAMES
HOLD_OK = 16  # bit of hold #
HOLD_UNDO = 17  # bit of hold *

_RANKS = (
    ("1", "ace"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"), ("6", "6"), ("7", "7"),
    ("8", "8"), ("9", "9"), ("0", "ten"), ("A", "jack"), ("B", "queen"), ("C", "king"),
)  # fmt: skip
_UNDO = (("*", "undo the last entry"), ("hold *", "redo what was undone"))
_TAKE_BACK = (("*", "take back the last key"),)
_POINTS = (("D", "peg points by hand: D, the points, #"),)
_MUGGINS = (("hold #", "muggins: claim what the last show missed"),)
_YES_NO = (("#", "yes"), ("0", "no"))
_REDO = (_UNDO[1],)
_ANSWER_BACK = (("*", "take back the last answer (or key); with none, undo the last entry"),)


def table():
    """Per state: its sign (board.signs; 0 when the LEDs show the count or the digits
    instead) and (key, what it does) for every key it takes."""
    return (
        (
            0,
            (("A", "players: 2, 4 (3 on a three-track board)"), ("B", "target: 121, 61, 62"))
            + (("C", "games: 1, 3, 5, 7, 9"), ("#", "start the match"))
            + _UNDO,
        ),
        (0, (("#", "the next game"),) + _UNDO),
        (
            signs.STARTER,
            tuple((key, "the starter's rank: " + rank) for key, rank in _RANKS)
            + (("#", "count this deal in points (no starter)"),)
            + (("D", "peg points by hand (his heels: D, the dealer's letter, 2, #)"),)
            + _UNDO,
        ),
        (
            signs.SUIT,
            (("1", "clubs"), ("2", "diamonds"), ("3", "hearts"), ("4", "spades"))
            + _TAKE_BACK
            + _REDO,
        ),
        (
            0,
            tuple((key, "lay a card: " + rank) for key, rank in _RANKS)
            + (("#", "go: this player cannot lay"), ("hold #", "end the play now"))
            + _POINTS
            + _UNDO,
        ),
        (
            signs.POINTS,
            (("D", "peg points: D, whose (A, B, C; the pone without), the points, #"),)
            + (("#", "end the play: the show"), ("hold #", "end the play: the show"))
            + _UNDO,
        ),
        (
            signs.CRIB,
            tuple((key, "a card of the crib: " + rank) for key, rank in _RANKS)
            + (("D", "count the crib by hand: D, its points, #"),)
            + _MUGGINS
            + (("*", "take back the last rank keyed, or undo the last entry"), _UNDO[1]),
        ),
        (
            signs.HAND,
            tuple((key, "a card of the hand: " + rank) for key, rank in _RANKS)
            + (("D", "count the hand by hand: D, its points, #"),)
            + _MUGGINS
            + (("*", "take back the last rank keyed, or undo the last entry"), _UNDO[1]),
        ),
        (signs.FLUSH, _YES_NO + _POINTS + _MUGGINS + _ANSWER_BACK + _REDO),
        (signs.STARTER_SUIT, _YES_NO + _POINTS + _MUGGINS + _ANSWER_BACK + _REDO),
        (signs.NOBS, _YES_NO + _POINTS + _MUGGINS + _ANSWER_BACK + _REDO),
        (
            signs.COUNT,
            (("#", "count the hand"),)
            + _POINTS
            + _MUGGINS
            + (("*", "take back the last answer or key, or undo the last entry"), _UNDO[1]),
        ),
        (signs.HAND, (("D", "key the hand's points: D, the points, #"),) + _MUGGINS + _UNDO),
        (
            0,
            tuple((str(d), "a digit of the points") for d in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0))
            + (("A", "blue's points"), ("B", "orange's points"), ("C", "yellow's (3 players)"))
            + (("#", "peg them"), ("D", "close points entry"), ("*", "take back the D or letter"))
            + _REDO,
        ),
        (
            0,
            tuple((str(d), "a digit of the points") for d in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0))
            + (("#", "count them"), ("D", "close points entry"), ("*", "take back the D"))
            + _REDO,
        ),
        (
            0,
            tuple((str(d), "the second digit") for d in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0))
            + (("#", "peg them"), ("D", "close points entry"), ("*", "take back the last digit"))
            + _REDO,
        ),
    )


def key_bit(name, long):
    """The bit of a key in a state's mask: the keypad's sixteen, then hold # and hold *."""
    if long and name == "#":
        return HOLD_OK
    if long and name == "*":
        return HOLD_UNDO
    return KEYS.index(name)


def accept_masks():
    """Per state, the keys it takes as bits (key_bit): what ui.crib_keys dispatches by."""
    masks = []
    for _, keys in table():
        mask = 0
        for key, _ in keys:
            mask |= 1 << key_bit(key[-1], key.startswith("hold"))
        masks.append(mask)
    return tuple(masks)


def dispatch_tables():
    """What ui.crib_keys keeps of the table: per state, the keys it takes (as bits) and its
    sign."""
    return accept_masks(), bytes([sign for sign, _ in table()])
