# Which card to lay now, worked out on the board: the exact expected points of the rest of the
# play for each card the player may lay, by the model tools/coach/peg_advice.py states (the other's
# cards any of those unseen, each set as likely; both hands then open, each player laying for
# the most of their own less the other's). The play for each hand the other may hold is
# searched by cribbage/play_search.py, every count after the first read from its table.
# Exact: integer sums over one total, the laptop's fractions.
from cards import VALUES, name
from cribbage import play_search
from cribbage.pegging import LIMIT
from cribbage.tables import rank_index
from micropython import const

TABLE_FILE = "tables/count-starts.bin"
LEADS_FILE = "tables/leads.bin"  # where the flash has room for it (4.7 MB)
_LEADS_ROW = const(14560)  # a pone's row: every dealer's hand of four, 4 leads, 2 figures
BEST_FILE = "tables/best-leads.bin"  # as LEADS_FILE (1.5 MB)
_BEST_ROW = const(3640)  # a dealer's row: every pone's hand of four, its chosen lead's 2
_HANDS_A_STEP = 4  # hands searched between two steps (the keys run between them)


def load_table(path):
    """The search's table and a question's working array to copy (play_search), the count
    starts' table read whole into RAM: OSError, in words, when it is missing or not that
    table."""
    with open(path, "rb") as source:
        size = source.seek(0, 2)
        if size != play_search.COUNT_STARTS_SIZE:
            raise OSError(
                "%s is not the play's table of %d bytes" % (path, play_search.COUNT_STARTS_SIZE)
            )
        source.seek(0)
        table = play_search.new_table()
        if source.readinto(memoryview(table)[play_search.COUNT_STARTS_AT :]) != size:
            raise OSError("%s ends early" % path)
    return table, play_search.new_work()


def position_in_game(match, hand, seen):
    """The play as it stands for the player whose turn it is in a live two-player game (a
    cribbage.game.Match) who holds `hand` and has also seen `seen` (their throw), as cards:
    (ranks held, unseen cards' counts by rank, the other's cards left, the count, the ranks
    laid since it began, the goes said (mine, theirs), the last to lay: -1 nobody, 0 me, 1
    them). ValueError, in words, when the game is not at a lay or the cards do not fit it."""
    if getattr(match, "phase", None) != "play" or match.players != 2:
        raise ValueError("the play's advice is for the play of a two-player game")
    play = match.play
    me = play.turn
    held = 4 - play.laid[me]
    if len(hand) != held:
        raise ValueError(
            "the player to lay has laid %d cards, so holds %d: got %d"
            % (play.laid[me], held, len(hand))
        )
    known = [(rank, suit) for rank, suit in match.seen]
    unseen = [4] * 13
    for rank, _ in match.seen:  # the starter and every card laid
        unseen[rank] -= 1
    for card in list(hand) + list(seen):
        if (card >> 2, card & 3) in known:
            raise ValueError("%s is the starter or laid already" % name(card, False))
        known.append((card >> 2, card & 3))
        unseen[card >> 2] -= 1
    if min(unseen) < 0:
        raise ValueError("more than four cards of a rank between the game and the cards given")
    said_go = (play.said_go[me], play.said_go[1 - me])
    last = -1 if not play.ranks else (0 if play.last_seat == me else 1)
    ranks = [card >> 2 for card in hand]
    return ranks, unseen, 4 - play.laid[1 - me], play.count, list(play.ranks), said_go, last


def advising(position, tables):
    """The advice in steps (a caller on the board lets the keys run between two): for the
    position `position_in_game` gives, returns (total, [(rank, my points summed, theirs
    summed)]) best first (the most net, then the most of mine, then the lowest rank), each sum
    over the other's hands, a hand counted as many times as the unseen cards can give it, over
    `total`; (0, []) for a go."""
    mine, unseen, their_size, count, laid, said_go, last = position
    playable = []
    for rank in sorted(mine):
        if count + VALUES[rank] <= LIMIT and rank not in playable:
            playable.append(rank)
    if not playable:
        return 0, []
    table, blank = tables
    work = bytearray(blank)  # each question its own: two phones may ask at once
    play_search.bind(work, table)
    play_search.set_position(
        work, _counts(mine), count, laid, said_go[0], said_go[1], last, unseen, their_size
    )
    play_search.ask(work, playable)
    searched = 0
    while play_search.next_hand(work):
        play_search.search(work)
        searched += 1
        if searched % _HANDS_A_STEP == 0:
            yield
    sums = [(rank,) + play_search.sums(work, rank) for rank in playable]
    return play_search.total(work), _best_first(sums)


def answer(position, tables):
    """advising()'s answer, its steps run at once (where nothing waits for the keys)."""
    steps = advising(position, tables)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


def _best_first(sums):
    """[(rank, my points summed, theirs summed)] best first: the most net, then the most of
    mine, then the lowest rank."""
    keyed = [(theirs - mine, -mine, rank, mine, theirs) for rank, mine, theirs in sums]
    keyed.sort()
    return [(rank, mine, theirs) for _, _, rank, mine, theirs in keyed]


def leading_from_four(position):
    """Whether the position is the pone's lead from four cards against four: the question the
    table of leads answers."""
    mine, _, their_size, count, laid, said_go, last = position
    return len(mine) == 4 and their_size == 4 and count == 0 and not laid and last == -1


def lead_from_table(position, tables, path):
    """The pone's lead from four, as advising() answers it, read from the table of leads at
    `path` (one row, compressed alone): OSError, in words, when the file is not that table."""
    mine, unseen = position[0], position[1]
    ranks = sorted(mine)
    with open(path, "rb") as source:
        row = _row(source, path, rank_index(ranks), _LEADS_ROW, "the table of the pone's leads")
    work, weights = _weighed(tables[1], unseen)
    play_search.lead_sums(work, row, weights)
    slots = sorted(set(ranks))  # the row's places: the pone's ranks, low to high
    sums = [(slots[slot],) + play_search.slot_sums(work, slot) for slot in range(len(slots))]
    return play_search.total(work), _best_first(sums)


def kept_plays(keeps, unseen, pone, blank, leads_path, best_path):
    """What each of `keeps` (four ranks kept, each) is worth in the play before the starter is
    cut, as the laptop's peg_advice.kept_play counts it (the other's four any four of the
    `unseen` cards, both hands open, the pone leading as the model's pone does): a list of
    (total, my points summed, theirs summed), read from the pone's row of leads (as pone) or
    the dealer's row of the pone's chosen leads (as dealer), one table opened once. `blank`: a
    work array to copy. OSError, in words, without the tables or with a damaged one."""
    if pone:
        path, size, what = leads_path, _LEADS_ROW, "the table of the pone's leads"
    else:
        path, size, what = best_path, _BEST_ROW, "the table of the pone's chosen leads"
    work, weights = _weighed(blank, unseen)
    play_search.pairs_only(work, not pone)
    found = []
    with open(path, "rb") as source:
        for kept in keeps:
            row = _row(source, path, rank_index(sorted(kept)), size, what)
            play_search.clear_sums(work)
            play_search.chosen_sums(work, row, weights)
            pone_sum, dealer_sum = play_search.slot_sums(work, 0)
            total = play_search.total(work)
            found.append((total, pone_sum, dealer_sum) if pone else (total, dealer_sum, pone_sum))
    return found


def _counts(ranks):
    held = [0] * 13
    for rank in ranks:
        held[rank] += 1
    return held


def _weighed(blank, unseen):
    """A work array with every hand of four's weight from the unseen cards, and those weights
    (the tables of leads' columns)."""
    work = bytearray(blank)
    play_search.set_position(work, [0] * 13, 0, [], False, False, -1, unseen, 4)
    weights = bytearray(play_search.FOURS * 4)
    play_search.weigh_fours(work, weights)
    return work, weights


def _row(source, path, index, size, what):
    """Row `index` of a table of rows compressed alone (after their offsets), read from the
    open file `source`, inflated, its checksum checked: OSError, in words, when the file is
    not that table."""
    import deflate

    row = bytearray(size)
    source.seek(index * 4)
    bounds = source.read(8)
    begins = int.from_bytes(bounds[:4], "little")
    ends = int.from_bytes(bounds[4:], "little")
    if len(bounds) != 8 or not 4 * (play_search.FOURS + 1) <= begins < ends:
        raise OSError("%s is not %s" % (path, what))
    source.seek(begins)
    try:
        inflated = deflate.DeflateIO(source, deflate.ZLIB)
        got = inflated.readinto(row)
        if inflated.read(1):  # the row's end, where its checksum is checked
            got = -1
    except OSError:
        got = -1
    if got != size:
        raise OSError("%s is not %s" % (path, what))
    return row
