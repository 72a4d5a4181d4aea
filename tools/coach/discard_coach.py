"""The discard coach's answer for one hand, on the laptop: each throw's hand and crib as exact
fractions, against a crib thrown at random (the board's own model, cribbage.discard) or the
expert opponent's (coach_expert.py), with each throw's play where asked (peg_advice.py). The
player's `crib discard` prints it; the simulator's page shows it."""

from fractions import Fraction

from cards import CardError, name
from cribbage.discard import advise


def discard_rows(cards, dealer, opponent="uniform", play=False):
    """The coach's answer for one hand, best first: [(thrown, hand, crib, net, uniform,
    played)] as Fractions; uniform is (the uniform crib, its net) against the expert
    opponent, else None; played is (my play, theirs) with `play` (six cards, two players:
    counted in the net), else None."""
    advice = advise(cards, dealer)
    if opponent == "expert":
        rows = [
            (thrown, hand, crib, net, (uniform, was), None)
            for thrown, hand, crib, net, uniform, was in expert_rows(cards, dealer, advice)
        ]
    else:
        rows = []
        for thrown, hand, hand_cases, crib, crib_cases in advice:
            mean_hand = Fraction(hand, hand_cases)
            mean_crib = Fraction(crib, crib_cases)
            net = mean_hand + mean_crib if dealer else mean_hand - mean_crib
            rows.append((thrown, mean_hand, mean_crib, net, None, None))
    return _with_play(cards, dealer, rows) if play else rows


def discard_lines(cards, dealer, opponent="uniform", play=False):
    """The coach's answer for one hand, a line per throw, best first; with `play`, each
    throw's play beside its hand and crib, and in its net (six cards, two players)."""
    lines = []
    for thrown, hand, crib, net, uniform, played in discard_rows(cards, dealer, opponent, play):
        line = "%s hand %.3f crib %.3f" % (" ".join(name(c, False) for c in thrown), hand, crib)
        if played:
            line += " play %+.3f (you %.3f, them %.3f)" % (played[0] - played[1], *played)
        line += " net %.3f" % net
        if uniform:
            line += " (uniform crib %.3f net %.3f)" % uniform
        lines.append(line)
    return lines


def _with_play(cards, dealer, rows):
    """The rows with each throw's play (tools/coach/peg_advice.py's model) added to its net, best
    first again (a tie keeps the order without the play)."""
    import peg_advice

    if len(cards) != 6:
        raise CardError("the play is modelled for two players: give six cards")
    unseen = peg_advice.unseen_after([card >> 2 for card in cards])
    ranked = []
    for thrown, hand, crib, net, uniform, _ in rows:
        kept = [card >> 2 for card in cards if card not in thrown]
        mine, theirs = peg_advice.kept_play(kept, unseen, pone=not dealer)
        ranked.append((thrown, hand, crib, net + mine - theirs, uniform, (mine, theirs)))
    ranked.sort(key=lambda row: -row[3])
    return ranked


_EXPERT = []  # the model and its settled throws, made once a run


def expert_rows(cards, dealer, advice=None):
    """The coach against the expert opponent (six cards): [(thrown, hand, crib, net, the
    uniform model's crib, its net)] best net first, as Fractions; CardError for a hand the
    model does not cover."""
    import coach_expert

    if len(cards) != 6:
        raise CardError("--opponent expert is modelled for two players: give six cards")
    if advice is None:
        advice = advise(cards, dealer)
    if not _EXPERT:
        model = coach_expert.Model()
        _EXPERT.append((model, coach_expert.settled(model)))
    model, throws = _EXPERT[0]
    cribs = coach_expert.expert_cribs(cards, dealer, model, throws)
    rows = []
    for thrown, hand, hand_cases, crib, crib_cases in advice:
        mean_hand = Fraction(hand, hand_cases)
        uniform = Fraction(crib, crib_cases)
        expert = cribs[tuple(sorted(thrown))]
        net = mean_hand + expert if dealer else mean_hand - expert
        was = mean_hand + uniform if dealer else mean_hand - uniform
        rows.append((-net, thrown, mean_hand, expert, net, uniform, was))
    rows.sort(key=lambda row: row[0])  # stable: a tie keeps the uniform model's order
    return [row[1:] for row in rows]
