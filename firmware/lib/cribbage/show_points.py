# Points entered for a hand whose four ranks the play showed: they must be a total those
# ranks can make with the suits the deal allows (the flush and nobs are what can differ).
# The match (cribbage.game) runs this for such a show only, loaded for the call and dropped
# after (rarely.run), which raises the refusal this returns: the match's RuleError is the
# match's own.
from cards import make
from cribbage import events as ev
from cribbage.show import flush_points, nobs_card, show_total


def check_points(match, seat, points):
    """(the points missed, None) for points the hand's ranks can make, or fewer (missed
    only when muggins is played); else (0, why they cannot be its points)."""
    totals = reachable(match, seat)
    if totals is None or points in totals:
        return 0, None
    if points < totals[0] and match.flags & ev.MUGGINS_ON:
        return totals[0] - points, None
    if len(totals) == 1:
        return 0, "the cards laid make %d: not %d" % (totals[0], points)
    words = "the ranks laid make %d" % totals[0]
    for total in totals[1:]:
        words += " or %d %s" % (total, _EXTRA_WORDS[total - totals[0]])
    return 0, "%s, whatever the suits: not %d" % (words, points)


def reachable(match, seat):
    """The totals a hand can show given what the play showed of it (its ranks, and the
    suits seen), least first; None when the play did not show all four ranks."""
    if seat < 0 or match.starter == ev.NO_CARD or len(match.laid_by[seat]) != 4:
        return None
    own = match.laid_by[seat]
    starter = match.starter
    # What the ranks alone make: the count of the hand in one suit (duplicates and all:
    # not checked) less that suit's flush and nobs.
    alike = [make(rank, 0) for rank, _ in own]
    base = show_total(alike, starter, False, True) - flush_points(alike, starter, False)
    if nobs_card(alike, starter) is not None:
        base -= 1
    others = list(match.seen)
    for entry in own:
        others.remove(entry)
    # Flush and nobs over every way to give the four cards suits that the play allows.
    extras = []
    hand = [0, 0, 0, 0]
    for code in range(256):
        fits = True
        for i in range(4):
            rank, seen_suit = own[i]
            suit = code >> 2 * i & 3
            card = make(rank, suit)
            if seen_suit != ev.UNKNOWN_SUIT and seen_suit != suit:
                fits = False
            elif card == starter or card in hand[:i] or (rank, suit) in others:
                fits = False
            hand[i] = card
        if fits:
            extra = flush_points(hand, starter, False)
            if nobs_card(hand, starter) is not None:
                extra += 1
            if extra not in extras:
                extras.append(extra)
    extras.sort()
    return [base + extra for extra in extras]


# What the points above a hand's ranks alone come from.
_EXTRA_WORDS = {
    1: "with nobs",
    4: "with a flush",
    5: "with a flush of five",
    6: "with a flush of five and nobs",
}
