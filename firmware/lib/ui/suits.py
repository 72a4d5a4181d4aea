# At the show the board knows each hand's ranks from the play but not their suits. Suits
# change only the flush and nobs, so the board asks at most those questions and then picks
# suits that agree with the answers and with every card already seen this deal.

FLUSH = 1  # "all four of one suit?"
FLUSH_STARTER = 2  # "the starter's suit too?"
NOBS = 3  # "a jack of the starter's suit?"
CONFIRM = 4  # no question suits could change: # counts the hand
JACK = 10


def next_question(ranks, starter, crib, answers):
    """The next question to ask given the answers so far (a dict), or 0 when done."""
    distinct = len(ranks) == 4  # four ranks, none twice: told by bits, no set made each key
    seen = 0
    for rank in ranks:
        if seen >> rank & 1:
            distinct = False
        seen |= 1 << rank
    starter_rank = starter >> 2
    if distinct and FLUSH not in answers:
        return FLUSH
    if answers.get(FLUSH) and FLUSH_STARTER not in answers:
        # A card of the starter's rank cannot share the starter's suit.
        if starter_rank not in ranks:
            return FLUSH_STARTER
    # A jack starter leaves no jack of its suit to hold: never ask.
    if JACK in ranks and NOBS not in answers and not answers.get(FLUSH) and starter_rank != JACK:
        return NOBS
    return 0


def choose_suits(ranks, starter, answers, seen, own=()):
    """Cards (ints) for the ranks that agree with the answers and avoid the cards `seen`
    this deal (a list of (rank, suit), the unknown suit 4 among them), but for those in
    `own` (the hand's own, as laid), and keep each card of `own` whose suit was seen (tapped
    on the page): it is one of the hand's; None when no choice fits. Of the 256 ways to
    give four cards suits it takes the first in the order of code = suit0 + 4 suit1 +
    16 suit2 + 64 suit3, trying the last card's suit first and dropping a suit as soon as
    it clashes: a show's key runs this, and most ways clash early. Small ints only."""
    r0, r1, r2, r3 = ranks[0], ranks[1], ranks[2], ranks[3]
    taken = _suits_seen(starter, seen, own)
    a0 = 15 & ~taken[r0]
    a1 = 15 & ~taken[r1]
    a2 = 15 & ~taken[r2]
    a3 = 15 & ~taken[r3]
    # A card laid with its suit seen: a rank held once takes that suit; held twice, one of
    # the two must (checked on the way found).
    for rank, suit in own:
        if suit < 4 and (r0 == rank) + (r1 == rank) + (r2 == rank) + (r3 == rank) == 1:
            if r0 == rank:
                a0 &= 1 << suit
            elif r1 == rank:
                a1 &= 1 << suit
            elif r2 == rank:
                a2 &= 1 << suit
            else:
                a3 &= 1 << suit
    starter_suit = starter & 3
    if answers.get(FLUSH, False):
        # All four of one suit: no two of a rank, and the starter's suit as answered.
        if r0 == r1 or r0 == r2 or r0 == r3 or r1 == r2 or r1 == r3 or r2 == r3:
            return None
        with_starter = answers.get(FLUSH_STARTER, False)
        for suit in range(4):
            if (suit == starter_suit) != with_starter:
                continue
            if a0 >> suit & a1 >> suit & a2 >> suit & a3 >> suit & 1:
                return [r0 * 4 + suit, r1 * 4 + suit, r2 * 4 + suit, r3 * 4 + suit]
        return None  # no two of a rank here: every card laid was pinned above
    nobs = answers.get(NOBS, False)
    jacks = (r0 == JACK) + (r1 == JACK) + (r2 == JACK) + (r3 == JACK)
    if not nobs or jacks == 1:
        # No nobs: no jack may have the starter's suit; nobs with one jack: it must. Its
        # suits are cut from the start, not found wrong at the end of every way tried.
        keep = 1 << starter_suit if nobs else 15 & ~(1 << starter_suit)
        if r0 == JACK:
            a0 &= keep
        if r1 == JACK:
            a1 &= keep
        if r2 == JACK:
            a2 &= keep
        if r3 == JACK:
            a3 &= keep
    for s3 in range(4):
        if not a3 >> s3 & 1:
            continue
        for s2 in range(4):
            if not a2 >> s2 & 1 or (r2 == r3 and s2 == s3):
                continue
            for s1 in range(4):
                if not a1 >> s1 & 1 or (r1 == r3 and s1 == s3) or (r1 == r2 and s1 == s2):
                    continue
                for s0 in range(4):
                    if not a0 >> s0 & 1 or (r0 == r3 and s0 == s3) or (r0 == r2 and s0 == s2):
                        continue
                    if (r0 == r1 and s0 == s1) or (s0 == s1 and s1 == s2 and s2 == s3):
                        continue  # two cards in one, or a flush nobody answered
                    if not nobs or (
                        (r0 == JACK and s0 == starter_suit)
                        or (r1 == JACK and s1 == starter_suit)
                        or (r2 == JACK and s2 == starter_suit)
                        or (r3 == JACK and s3 == starter_suit)
                    ):
                        cards = [r0 * 4 + s0, r1 * 4 + s1, r2 * 4 + s2, r3 * 4 + s3]
                        if _keeps_own(cards, own):
                            return cards
    return None


def _keeps_own(cards, own):
    for rank, suit in own:
        if suit < 4 and rank * 4 + suit not in cards:
            return False
    return True


_TAKEN = bytearray(13)  # the suits (bits) each rank cannot have: one array, refilled
_NONE_TAKEN = bytes(13)


def _suits_seen(starter, seen, own):
    """The suits (bits) each rank's card cannot have: the starter's, and those seen
    elsewhere (a card is seen once at most: one in `own` is the hand's own). One pass."""
    taken = _TAKEN
    taken[:] = _NONE_TAKEN
    taken[starter >> 2] = 1 << (starter & 3)
    for entry in seen:
        if entry[1] < 4 and entry not in own:
            taken[entry[0]] |= 1 << entry[1]
    return taken
