# The show's keys in a cribbage match: the ranks of a hand the play did not show whole or of
# the crib, the questions that find the suits that matter (ui.suits), and the count. Each
# takes the match's keys (ui.crib_keys.CribbageKeys), whose half-made entry (the ranks
# keyed, the answers, the suits tapped) they fill, and apply the show through them.
from cards import RANK_CHARS
from cribbage import events as ev
from cribbage.game import SHOW, RuleError
from ui import RANK_KEYS
from ui import suits as sq

_HAND_RANKS = [0, 0, 0, 0]  # the ranks of the hand being shown: refilled, as every key asks


def ranks_shown(keys):
    """The ranks of the hand being shown when the board knows them all (in one list
    refilled: every key of the show asks), else the crib's ranks keyed so far."""
    seat = keys.match.show_seat()
    if seat >= 0 and len(keys.match.laid_by[seat]) == 4:
        ranks = _HAND_RANKS
        laid = keys.match.laid_by[seat]
        for i in range(4):
            ranks[i] = laid[i][0]
        return ranks
    return keys.ranks


def key(keys, name, long):
    match = keys.match
    if long and name == "#":  # muggins: the next side claims what the show missed
        keys.apply((ev.MUGGINS, (match.missed_by + 1) % match.sides()))
        return
    if len(ranks_shown(keys)) < 4:
        # The dispatch let only a rank through: the crib's, or a hand's the play did
        # not show whole.
        rank = RANK_KEYS.index(name)
        check_rank_left(keys, rank)
        keys.ranks.append(rank)
        keys.overlay.show_number(rank + 1, keys.overlay.now)
        keys.say(
            ("crib: " if match.show_seat() < 0 else "hand: ")
            + " ".join([RANK_CHARS[r] for r in keys.ranks])
        )
        prepare(keys)
        return
    question = keys.overlay.question
    if question == sq.CONFIRM:
        count(keys)
        return
    keys.answers[question] = name == "#"
    prepare(keys)
    if keys.overlay.question == sq.CONFIRM:
        try:
            count(keys)  # the last answer was the confirmation
        except RuleError:
            del keys.answers[question]  # refused: the question stands, unanswered
            keys.overlay.question = question
            raise


def known_cards(keys):
    """The four cards being shown, suits and all, when every suit was seen (tapped on the
    web page): nothing to ask. None otherwise."""
    seat = keys.match.show_seat()
    if seat < 0:
        if len(keys.crib_suits) != 4:
            return None
        return [keys.ranks[i] * 4 + keys.crib_suits[i] for i in range(4)]
    laid = keys.match.laid_by[seat]
    if len(laid) != 4:
        return None
    for _, suit in laid:
        if suit == ev.UNKNOWN_SUIT:
            return None
    return [rank * 4 + suit for rank, suit in laid]


def check_rank_left(keys, rank):
    """A rank keyed in the show must have a card left (four of a rank in all) and, for a
    hand the play did not show whole, leave room for every rank that hand laid."""
    match = keys.match
    out = keys.ranks.count(rank)
    for seen_rank, _ in match.seen:
        if seen_rank == rank:
            out += 1
    if out >= 4:
        raise RuleError("all four %ss were already seen this deal" % RANK_CHARS[rank])
    seat = match.show_seat()
    if seat < 0:
        return
    keyed = keys.ranks + [rank]
    missing = []  # the ranks it laid that the ranks keyed do not hold yet
    for laid, _ in match.laid_by[seat]:
        if laid in keyed:
            keyed.remove(laid)
        else:
            missing.append(RANK_CHARS[laid])
    if len(missing) > 4 - len(keys.ranks) - 1:
        raise RuleError(
            "that hand laid %s in the play: its 4 ranks hold %s"
            % (" ".join(missing), "it" if len(missing) == 1 else "them")
        )


def prepare(keys):
    """Sets the question the show waits for, and says it."""
    match = keys.match
    if match.phase != SHOW or keys.digits >= 0 or match.starter == ev.NO_CARD:
        keys.overlay.question = 0
        return
    ranks = ranks_shown(keys)
    if len(ranks) < 4:
        keys.overlay.question = 0
        return
    seat = match.show_seat()
    if known_cards(keys) is not None:
        question = sq.CONFIRM
    else:
        own = () if seat < 0 else match.laid_by[seat]
        question = sq.next_question(ranks, match.starter, seat < 0, keys.answers, match.seen, own)
    keys.overlay.question = question or sq.CONFIRM


def count(keys):
    match = keys.match
    seat = match.show_seat()
    crib = seat < 0
    cards = known_cards(keys)
    known = cards is not None
    if known:
        suits_seen = 15
    else:
        ranks = ranks_shown(keys)
        own = () if crib else match.laid_by[seat]  # its own suits are its cards' own
        cards = sq.choose_suits(ranks, match.starter, keys.answers, match.seen, own)
        if cards is None:
            raise RuleError("those answers do not fit the cards seen this deal")
        suits_seen = sq.suits_fixed(cards, match.starter, own)
    side = match.side_of(match.dealer if seat < 0 else seat)
    shown = (cards, match.starter, crib, known, side, match.front[side])
    keys.apply((ev.SHOW_CARDS,) + tuple(cards) + (suits_seen,))
    keys.unsaid = shown  # itemised once the key is painted (settle)
