"""`crib.py peg`: referees the play of one deal from the cards as they are laid."""

from cards import RANK_CHARS, VALUES, CardError, make, name, parse, parse_rank
from cribbage import events as ev
from cribbage.game import Match, RuleError


def parse_token(token):
    """'go', a card ('5H', '10♣') or a bare rank ('5', 'T', '10') -> an event."""
    if token.strip().lower() == "go":
        return (ev.GO,)
    try:
        card = parse(token)
        if card < 52:
            return (ev.LAY, card >> 2, card & 3)
    except CardError:
        pass
    try:
        return (ev.LAY, parse_rank(token), ev.UNKNOWN_SUIT)
    except CardError:
        raise CardError("bad token %r: a card, a rank or 'go'" % token) from None


def _shown(event):
    if event[0] == ev.GO:
        return "go"
    if event[2] == ev.UNKNOWN_SUIT:
        return RANK_CHARS[event[1]]
    return name(make(event[1], event[2]))


def peg_report(tokens, players, out):
    """Writes one line per token and the totals; raises CardError naming a bad token."""
    match = Match()
    # The last seat deals, so player 1 (seat 0) is left of the dealer and leads.
    match.apply(ev.new_match(players=players, first_dealer=players - 1))
    match.apply((ev.STARTER, ev.NO_CARD))
    totals = [0] * players
    for number, token in enumerate(tokens, 1):
        event = parse_token(token)
        seat = match.play.turn
        count_before = match.play.count
        try:
            news = match.apply(event)
        except RuleError as error:
            raise CardError("token %d %r: %s" % (number, token, error)) from None
        line = "player %d: %s" % (seat + 1, _shown(event))
        if event[0] == ev.LAY:
            line += " count %d" % (count_before + VALUES[event[1]])
        for _, points, reason, scorer in news:
            totals[scorer] += points
            line += ", %s for %d" % (reason, points)
            if scorer != seat:
                line += " to player %d" % (scorer + 1)
        out.write(line + "\n")
    for seat in range(players):
        out.write("player %d: %d\n" % (seat + 1, totals[seat]))
    if players == 4:
        for first in (0, 1):
            together = totals[first] + totals[first + 2]
            out.write("players %d and %d: %d\n" % (first + 1, first + 3, together))
