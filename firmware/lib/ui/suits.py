# At the show the board knows each hand's ranks from the play but not their suits. Suits
# change only the flush and nobs, so the board asks at most those questions and then picks
# suits that agree with the answers and with every card already seen this deal. A question
# is asked only when the cards seen leave both answers possible: one whose answer could
# only be "no" (the jack of the starter's suit shown in another hand, a flush in the
# starter's suit where another hand holds one of its cards) is not asked, and its answer is
# the one the cards leave.

FLUSH = 1  # "all four of one suit?"
FLUSH_STARTER = 2  # "the starter's suit too?"
NOBS = 3  # "a jack of the starter's suit?"
CONFIRM = 4  # no question suits could change: # counts the hand
JACK = 10
_ASKED_IN_ORDER = (FLUSH, FLUSH_STARTER, NOBS)


def next_question(ranks, starter, crib, answers, seen=(), own=()):
    """The next question to ask given the answers so far (a dict), or 0 when done: the
    first unanswered one that both answers fit, given the cards `seen` this deal and the
    hand's `own` (as choose_suits takes them). The dict is put back as it came."""
    # What the ranks alone settle is told first, without trying a way (a show's key asks
    # this): a flush needs four different ranks, the starter's suit too no card of the
    # starter's rank, nobs a jack, no flush and no jack starter.
    r0, r1, r2, r3 = ranks[0], ranks[1], ranks[2], ranks[3]
    distinct = not (r0 == r1 or r0 == r2 or r0 == r3 or r1 == r2 or r1 == r3 or r2 == r3)
    flush = answers.get(FLUSH)
    taken = None  # the suits each rank cannot have: found once, when first needed
    for question in _ASKED_IN_ORDER:
        if question in answers:
            continue
        if question == NOBS:
            if JACK not in ranks or flush or starter >> 2 == JACK:
                continue
        elif not distinct or (
            question == FLUSH_STARTER and (flush is False or starter >> 2 in ranks)
        ):
            continue
        if taken is None:
            taken = _suits_seen(starter, seen, own)
        if question == FLUSH and FLUSH_STARTER not in answers and NOBS not in answers:
            # The first question, asked as each hand comes up (the key that counted the
            # last): told from each card's suits left, not by trying ways.
            if _flush_open(ranks, own, taken):
                return FLUSH
            continue
        answers[question] = True
        yes = _fit(ranks, starter, answers, own, taken) is not None
        answers[question] = False
        no = yes and _fit(ranks, starter, answers, own, taken) is not None
        del answers[question]
        if no:
            return question
    return 0


def _flush_open(ranks, own, taken):
    """Whether four different ranks could be a flush and could be not: a suit left to all
    four cards, and not one suit alone left to each."""
    a = _allowed(ranks, own, taken)
    a0, a1, a2, a3 = a[0], a[1], a[2], a[3]
    if not (a0 & a1 & a2 & a3):
        return False
    return not (a0 == a1 == a2 == a3 and a0 & (a0 - 1) == 0)


def choose_suits(ranks, starter, answers, seen, own=()):
    """Cards (ints) for the ranks that agree with the answers and avoid the cards `seen`
    this deal (a list of (rank, suit), the unknown suit 4 among them), but for those in
    `own` (the hand's own, as laid), and keep each card of `own` whose suit was seen (tapped
    on the page): it is one of the hand's; None when no choice fits. A question not in
    `answers` takes whichever answer fits (next_question leaves out only those the cards
    answer), a flush first. Of the 256 ways to give four cards suits it takes the first in
    the order of code = suit0 + 4 suit1 + 16 suit2 + 64 suit3, trying the last card's suit
    first and dropping a suit as soon as it clashes: a show's key runs this, and most ways
    clash early. Small ints only."""
    return _fit(ranks, starter, answers, own, _suits_seen(starter, seen, own))


def _fit(ranks, starter, answers, own, taken):
    # choose_suits, given the suits each rank cannot have (_suits_seen), which it reads and
    # does not change.
    r0, r1, r2, r3 = ranks[0], ranks[1], ranks[2], ranks[3]
    a0 = 15 & ~taken[r0]
    a1 = 15 & ~taken[r1]
    a2 = 15 & ~taken[r2]
    a3 = 15 & ~taken[r3]
    # A card laid with its suit seen: a rank held once takes that suit; held twice, one of
    # the two must (checked on the way found). (_allowed's, inline: this runs for each way
    # a show's key tries.)
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
    flush = answers.get(FLUSH)  # True, False, or None: whichever fits
    if answers.get(FLUSH_STARTER):
        if flush is False:
            return None
        flush = True  # of the starter's suit: a flush, where the first answer left it open
    nobs = answers.get(NOBS)
    jacks = (r0 == JACK) + (r1 == JACK) + (r2 == JACK) + (r3 == JACK)
    if flush is not False and not (
        r0 == r1 or r0 == r2 or r0 == r3 or r1 == r2 or r1 == r3 or r2 == r3
    ):
        # All four of one suit: the starter's suit as answered, and nobs with it.
        with_starter = answers.get(FLUSH_STARTER)
        for suit in range(4):
            in_starters = suit == starter_suit
            if with_starter is not None and in_starters != with_starter:
                continue
            if nobs is not None and (in_starters and jacks > 0) != nobs:
                continue
            if a0 >> suit & a1 >> suit & a2 >> suit & a3 >> suit & 1:
                return [r0 * 4 + suit, r1 * 4 + suit, r2 * 4 + suit, r3 * 4 + suit]
        # No two of a rank here: every card laid was pinned above.
    if flush:
        return None
    if nobs:
        # Nobs: some jack must be free to take the starter's suit (none held, or the
        # starter's jack seen elsewhere: no way fits, found without trying each).
        free = (a0 if r0 == JACK else 0) | (a1 if r1 == JACK else 0)
        free |= (a2 if r2 == JACK else 0) | (a3 if r3 == JACK else 0)
        if not free >> starter_suit & 1:
            return None
    if nobs is False or (nobs and jacks == 1):
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
                        continue  # two cards in one, or a flush (a flush was tried above)
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


_ALLOWED = bytearray(4)  # the suits (bits) each card may have: one array, refilled


def _allowed(ranks, own, taken):
    """The suits (bits) each of the four cards may have: those `taken` (_suits_seen) left
    to its rank, and for a card laid with its suit seen, that suit: a rank held once takes
    it; held twice, one of the two must (checked on the way found)."""
    r0, r1, r2, r3 = ranks[0], ranks[1], ranks[2], ranks[3]
    a0 = 15 & ~taken[r0]
    a1 = 15 & ~taken[r1]
    a2 = 15 & ~taken[r2]
    a3 = 15 & ~taken[r3]
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
    allowed = _ALLOWED
    allowed[0], allowed[1], allowed[2], allowed[3] = a0, a1, a2, a3
    return allowed


def suits_fixed(cards, starter, own):
    """Bits (bit i for card i) of the cards choose_suits picked whose suits are known, not
    the board's guess: those of `own` laid with their suits seen, all four of a flush in the
    starter's suit and the jack of the starter's suit (nobs), which the answers fixed. The
    match keeps them as seen: no later hand of the deal can hold them. (A flush in another
    suit, or a jack not of the starter's, could be any of three suits: that pick stays the
    board's guess.)"""
    starter_suit = starter & 3
    flush = cards[0] & 3 == cards[1] & 3 == cards[2] & 3 == cards[3] & 3
    fixed = 0
    for i in range(4):
        card = cards[i]
        if card & 3 == starter_suit and (flush or card >> 2 == JACK):
            fixed |= 1 << i
    for rank, suit in own:
        if suit < 4:
            for i in range(4):
                if cards[i] == rank * 4 + suit:
                    fixed |= 1 << i
    return fixed


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
