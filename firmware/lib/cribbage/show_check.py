# A show's cards checked against what the board saw this deal (the starter, the cards laid in
# the play, the other shows), and then kept as seen. cribbage.game runs it for a show keyed
# or tapped card by card; it is loaded with the game, as every show needs it.
from cards import RANK_CHARS, CardError, make, names
from cribbage import events as ev
from cribbage.show import check_show
from micropython import const

# Each card seen elsewhere this deal with its suit (by card), then how many cards of each
# rank are in sight (the hand's and those seen elsewhere): one table, refilled per show.
_RANKS_AT = const(52)
_SIGHT = bytearray(_RANKS_AT + 13)
_NOTHING_SEEN = bytes(_RANKS_AT + 13)


def refusal(match, hand, seat, known):
    """Why the show of `hand` (by `seat`, -1 for the crib; bit i of `known` set where card
    i's suit was seen) contradicts what the board saw, in words; None when it does not."""
    if match.starter == ev.NO_CARD:
        return "the starter was not entered: enter the points instead"
    try:
        check_show(hand, match.starter)
    except CardError as error:
        return str(error)
    own = match.laid_by[seat] if seat >= 0 else ()
    # Counted in one pass each, not a pass over the cards seen per card shown: this runs on
    # the show's key, the slowest of a deal.
    sight = _SIGHT
    sight[:] = _NOTHING_SEEN
    for card in hand:
        sight[_RANKS_AT + (card >> 2)] += 1
    for rank, _ in own:
        # Every rank laid in the play is a card of the hand, one card each.
        if not sight[_RANKS_AT + rank]:
            return "that hand laid other ranks in the play"
        sight[_RANKS_AT + rank] -= 1
    # The cards seen elsewhere: all seen, then the hand's own taken back out (a card is seen
    # once at most, so its suit's mark is its own).
    for rank, suit in match.seen:
        sight[_RANKS_AT + rank] += 1
        if suit != ev.UNKNOWN_SUIT:
            sight[rank * 4 + suit] = 1
    for rank, suit in own:
        if suit != ev.UNKNOWN_SUIT:
            sight[rank * 4 + suit] = 0
    for i in range(4):
        card = hand[i]
        if known >> i & 1 and sight[card]:
            return "%s was already seen this deal" % names([card])
        if sight[_RANKS_AT + (card >> 2)] > 4:
            return "all four %ss were already seen this deal" % RANK_CHARS[card >> 2]
    for rank, suit in own:
        if suit != ev.UNKNOWN_SUIT and make(rank, suit) not in hand:
            return "that hand laid %s in the play" % names([make(rank, suit)])
    return None


def _shown_suit(hand, known, i):
    # Bit i of `known` set: card i's suit was really seen; the keypad asks only what can
    # change the score and picks the other suits itself, which count as unknown from then on.
    return hand[i] & 3 if known >> i & 1 else ev.UNKNOWN_SUIT


def see_shown(match, hand, seat, known):
    """The shown cards in what was seen this deal (a hand's in place of what it laid), with
    their suits as known. A hand shown as it was laid (the keypad's, in most deals) changes
    nothing and makes nothing."""
    if seat < 0:  # the crib: its cards join those seen
        for i in range(4):
            match.seen.append((hand[i] >> 2, _shown_suit(hand, known, i)))
        return
    own = match.laid_by[seat]
    if len(own) == 4:
        for i in range(4):
            if own[i][0] != hand[i] >> 2 or own[i][1] != _shown_suit(hand, known, i):
                break
        else:
            return
    shown = [(hand[i] >> 2, _shown_suit(hand, known, i)) for i in range(4)]
    others = list(match.seen)
    for entry in own:
        others.remove(entry)
    match.seen = others + shown
    match.laid_by[seat] = shown
