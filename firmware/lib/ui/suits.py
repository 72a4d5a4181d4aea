# At the show the board knows each hand's ranks from the play but not their suits. Suits
# change only the flush and nobs, so the board asks at most those questions and then picks
# suits that agree with the answers and with every card already seen this deal.

FLUSH = 1  # "all four of one suit?"
FLUSH_STARTER = 2  # "the starter's suit too?"
NOBS = 3  # "a jack of the starter's suit?"
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


def choose_suits(ranks, starter, answers, seen):
    """Cards (ints) for the ranks that agree with the answers and avoid `seen` (a list of
    (rank, suit) seen elsewhere this deal); None when no choice fits. It tries the 256
    ways to give four cards suits, with small ints only: nothing is allocated per try."""
    starter_suit = starter & 3
    flush = answers.get(FLUSH, False)
    with_starter = answers.get(FLUSH_STARTER, False)
    nobs = answers.get(NOBS, False)
    for code in range(256):
        first = code & 3
        all_same = code == first * 0x55
        if flush != all_same:
            continue
        if flush and (first == starter_suit) != with_starter:
            continue
        has_nobs = False
        for i in range(4):
            if ranks[i] == JACK and code >> 2 * i & 3 == starter_suit:
                has_nobs = True
        if not flush and has_nobs != nobs:
            continue
        if not _clashes(ranks, code, starter, seen):
            return [ranks[i] * 4 + (code >> 2 * i & 3) for i in range(4)]
    return None


def _clashes(ranks, code, starter, seen):
    for i in range(4):
        rank = ranks[i]
        suit = code >> 2 * i & 3
        if rank * 4 + suit == starter:
            return True
        for seen_rank, seen_suit in seen:
            if seen_rank == rank and seen_suit == suit:
                return True
        for j in range(i):
            if ranks[j] == rank and code >> 2 * j & 3 == suit:
                return True
    return False
