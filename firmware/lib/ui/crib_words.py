# What the board waits for in cribbage, said in words: the prompt line of the console and
# the page's `awaiting`, a refusal's line, a game's first words. The states are those of the
# prompt table (ui.crib_prompts), which says each one's sign and the keys it takes.
#
# Loaded to say a prompt (a few times a deal, at the idle moment after a key), a refusal or
# the page, and dropped after (rarely.run): on the board a module's code sits in RAM, so the
# words live apart from the table, which the board never loads.
import rarely
from cards import RANK_CHARS
from micropython import const

# The states of ui.crib_prompts, by the same numbers (a test pins them): private constants,
# folded into the code where they are used.
_NEW_MATCH = const(0)
_NEXT_GAME = const(1)
_STARTER = const(2)
_SUIT = const(3)
_LAY = const(4)
_POINTS_PLAY = const(5)
_CRIB_RANKS = const(6)
_HAND_RANKS = const(7)
_FLUSH = const(8)
_FLUSH_STARTER = const(9)
_NOBS = const(10)
_COUNT = const(11)
_SHOW_POINTS = const(12)
_POINTS_SIDE = const(13)
_POINTS_SHOW = const(14)
_POINTS_DIGITS = const(15)


def _side(keys, side):
    return keys.side_names[side]


def seat_name(keys, seat):
    """A player by colour; with four, two share a colour: where they sit says which."""
    match = keys.match
    name = _side(keys, match.side_of(seat))
    if match.players != 4:
        return name
    return "%s (%s)" % (name, _PLACES[(seat - match.dealer) % 4])


_PLACES = ("the dealer", "left of the dealer", "the dealer's partner", "right of the dealer")


def _whose_show(keys):
    match = keys.match
    seat = match.show_seat()
    if seat < 0:
        return "%s's crib" % _side(keys, match.side_of(match.dealer))
    return (
        "the hand of " + seat_name(keys, seat)
        if match.players == 4
        else ("%s's hand" % _side(keys, match.side_of(seat)))
    )


def _choices(keys):
    return "A players (%d), B target (%d), C games (%d)" % (keys.players, keys.target, keys.games)


def words(keys, state):
    """The prompt line for what the board waits for in `state` (keys.awaiting()), from whom."""
    match = keys.match
    if state == _NEW_MATCH:
        return "new match: %s; # starts it" % _choices(keys)
    if state == _NEXT_GAME:
        return "# for the next game"
    if state == _POINTS_SIDE or state == _POINTS_SHOW or state == _POINTS_DIGITS:
        line = "points for %s: " % _side(keys, keys.peg_side)
        if state == _POINTS_DIGITS:
            keyed = keys.points_keys
            if len(keyed) > 1 and keyed[-2] in "0123456789":  # two digits: no third
                return line + "%d; # to peg, * takes the last digit back" % keys.digits
            return line + "%d; a second digit, or # to peg" % keys.digits
        if state == _POINTS_SHOW:
            return line + "one or two digits, then # (0 for none)"
        sides = "A blue, B orange" + (", C yellow" if match.sides() > 2 else "")
        return line + "one or two digits, then #; first %s for another side" % sides
    dealer = seat_name(keys, match.dealer)
    if state == _STARTER:
        return "%s deals: key the starter's rank, or # to count this deal in points" % dealer
    if state == _SUIT:
        rank = RANK_CHARS[keys.starter_rank]
        return "starter %s: its suit? 1 clubs 2 diamonds 3 hearts 4 spades" % rank
    if state == _LAY:
        player = seat_name(keys, match.play.turn)
        return "%s to lay: the card's rank; # if %s cannot lay" % (player, player)
    if state == _POINTS_PLAY:
        pone = _side(keys, match.side_of(match.play.turn))
        return (
            "a deal in points: D, the points, # pegs them for %s (D A, D B ...: whose); "
            "# ends the play" % pone
        )
    whose = _whose_show(keys)
    if state == _CRIB_RANKS or state == _HAND_RANKS:
        keyed = " ".join([RANK_CHARS[rank] for rank in keys.ranks])
        return "%s: key its 4 ranks%s, or D and its points" % (
            whose,
            " (%s so far)" % keyed if keyed else "",
        )
    if state == _SHOW_POINTS:
        return "%s: D, its points, # (the starter was not keyed)" % whose
    if state == _COUNT:
        return "%s: # to count it" % whose
    return "%s: %s # yes, 0 no" % (whose, _QUESTIONS[state - _FLUSH])


_QUESTIONS = ("all four of one suit?", "the starter's suit too?", "a jack of the starter's suit?")


def key_words(name, long):
    return ("hold " if long and name in "#*" else "") + name


def refusal(keys, state, name, long):
    """The line for a key that means nothing where the board is."""
    return "%s does nothing now: %s" % (key_words(name, long), words(keys, state))


def say_prompt(keys, state):
    match = keys.match
    if keys.game_begun:
        # The key began a match or a game (not a later deal that left every score at 0):
        # the match's words, with the code between games (ui.crib_match), loaded for them.
        keys.game_begun = 0
        rarely.run("ui.crib_match", "announce_start", keys, seat_name(keys, match.dealer))
    keys.say(words(keys, state))
