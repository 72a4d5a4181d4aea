# Short ways to write shedding-game scenarios: cards as text, actions as events.
from cards import parse, parse_rank
from shedding import referee as rf
from shedding.rules import RULESETS

SUITS = "CDHS"


def table(game, players, start, options=None, first=0):
    rules = RULESETS[game]
    referee = rf.Referee()
    bits = rules.default_options if options is None else options
    referee.apply((rf.NEW, rules.code, players, parse(start), bits, first))
    return referee


def play(seat, text, rank=None, suit=None, stands_for=None):
    cards = tuple(parse(t) for t in text.split())
    named_rank = parse_rank(rank) if rank else rf.NONE
    named_suit = SUITS.index(suit) if suit else rf.NONE
    joker_as = parse(stands_for) if stands_for else rf.NONE
    return (rf.PLAY, seat, named_rank, named_suit, joker_as) + cards


def draw(seat):
    return (rf.DRAW, seat, 1)


def pass_(seat):
    return (rf.PASS, seat)


def take(seat):
    return (rf.TAKE, seat)


def run(referee, *events):
    for event in events:
        referee.apply(event)
    return referee


def refused(referee, event):
    """Applies an event that must be refused; returns the reason, checking nothing changed."""
    before = referee.state()
    try:
        referee.apply(event)
    except rf.RuleError as error:
        assert referee.state() == before
        return str(error)
    raise AssertionError("accepted: %r" % (event,))
