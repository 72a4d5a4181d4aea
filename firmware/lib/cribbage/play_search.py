# The play with both hands open, searched on the board: the exact points each player takes to
# the end of the play when each lays for the most of their own less the other's (then the most
# of their own), as tools/coach/peg_search.py searches it on a laptop, and with the same table of
# what every count after the first is worth (play_advice.TABLE_FILE, made by that tool and
# copied to the board by tools/maker/deploy.py). cribbage/play_advice.py asks it for each hand the
# other player may hold (next_hand), and sums the pone's lead from its row of the table of
# leads (lead_sums) where the board has that table.
#
# Why viper, in one function: the dealer's first card can lay 118,285 cards in the search,
# far past a second as the board's bytecode; viper is machine code made by the board's own
# compiler (no toolchain to install), integers in registers, the work in one array, and a call
# costs as much as a card laid, so nothing is called inside. A hand is also kept as the bits of
# its ranks, so a lay finds its choices and a count's start its table entry in a few steps.
import micropython
from cribbage.multiset import binomial
from micropython import const

_LIMIT = const(31)
_WINDOW = const(1000)  # added to the window's bounds so that a word holds them unsigned
_WIDE = const(100)  # a window wider than any net of the play

# The work array's 32-bit words (new_work()).
_HANDS = const(0)  # counts by rank: seat 0's 13, then seat 1's
_HELD = const(26)  # cards held by each seat
_MASKS = const(28)  # the ranks each seat holds, as bits
_LAID = const(30)  # the ranks laid since the count began, and the search's after them (16)
_ASKED = const(46)  # the ranks seat 0 lays, as bits
_TABLE = const(47)  # where the table is, 16 bits a word (3)
_START = const(50)  # the position asked about, as a frame's first 6 words
_VALUES = const(56)  # a rank's value to the count (13)
_PAIRS = const(69)  # points for 1 to 4 of a rank in a row (5)
_CHOOSE = const(74)  # CHOOSE[n * 6 + k] = n choose k, n to 16, k to 5 (102)
_SIZE_OF = const(176)  # how many hands of 0, 1, 2 and 3 cards there are, by ranks (4)
_BLOCKS = const(180)  # where the table's block for hands of a and b cards begins, + 1 (16)
_FITS = const(196)  # the ranks that fit on a count, as bits, by the count (32)
_SCORING = const(228)  # the ranks that make 15 or 31 on a count, as bits, by the count (32)
_FRAMES = const(260)  # the decision points, _FRAME words each (10: 8 cards laid at most)
_FRAME = const(15)
_FRAME_BYTES = const(60)
_COUNT_POINTS = const(410)  # the points for the count a card makes: 15 and 31 score 2 (32)
_UNSEEN = const(442)  # the cards seat 0 has not seen, by rank (13)
_WAYS = const(455)  # how many sets of the unseen cards give seat 1's hand
_TOTAL = const(456)  # the sum of _WAYS over seat 1's hands so far
_FIRST = const(457)  # 1 until seat 1's first hand is set
_THEIR_SIZE = const(458)  # seat 1's cards
_SUMS = const(459)  # by the rank seat 0 lays: its points and seat 1's, times _WAYS, summed (26)
_SLOT_SUMS = const(485)  # the same by the place of the rank among seat 0's, for a lead (8)
_PAIRS_ONLY = const(493)  # 1: chosen_sums reads 2 bytes a hand
_WORDS = const(494)
# The table's bytes (new_table()): the lowest rank among bits, for every 13 bits, then the count
# starts.
_COUNT_STARTS = const(8192)
# A frame: the position (the seat to lay, the count, where the count began in _LAID, the cards
# laid, the goes said as bits by seat, the last to lay + 1), the ranks left to try as bits (the
# ones that score at once low, the rest 13 bits up: the lowest bit is the next to try), the
# rank laid on the line being searched, the points on the way to the next decision point (2),
# the best line's points (2), the window of seat 0's net that can still matter above (2), and
# the cards laid after the rank without a choice (how many in 4 bits, then their seats; their
# ranks follow it in _LAID).

# The table: for each pair of hands whose sizes add to 5 or fewer (3 cards at most in one), in
# blocks by the two sizes, 4 bytes: seat 0's points and seat 1's with seat 0 leading, then the
# same with seat 1 leading.
_SIZES = (1, 13, 91, 455)  # hands of 0, 1, 2 and 3 cards, by ranks
_RANK_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
COUNT_STARTS_SIZE = 426300  # 106,575 pairs of hands, 4 bytes each


def table_blocks():
    """Where each block of the count starts' table begins, by the two hands' sizes (a * 4 + b;
    -1 where no count starts with such hands), and the table's size in bytes."""
    blocks = [-1] * 16
    at = 0
    for a in range(4):
        for b in range(4):
            if a + b <= 5:
                blocks[a * 4 + b] = at
                at += _SIZES[a] * _SIZES[b] * 4
    return blocks, at


def new_table():
    """The search's table, to be shared by every question: the lowest rank among bits, made
    here, then room for the count starts' table (COUNT_STARTS_SIZE bytes from
    COUNT_STARTS_AT), read by the caller."""
    table = bytearray(_COUNT_STARTS + COUNT_STARTS_SIZE)
    for bits in range(2, 1 << 13):
        table[bits] = 0 if bits & 1 else table[bits >> 1] + 1
    return table


COUNT_STARTS_AT = _COUNT_STARTS


def new_work():
    """A question's working array, its constant tables filled in (a copy of it serves the
    next question: bytearray(work))."""
    work = bytearray(_WORDS * 4)
    choose = []
    for n in range(17):
        for k in range(6):
            choose.append(binomial(n, k))
    fits = [0] * 32
    scoring = [0] * 32
    for count in range(32):
        for rank in range(13):
            after = count + _RANK_VALUES[rank]
            if after <= _LIMIT:
                fits[count] |= 1 << rank
            if after == 15 or after == _LIMIT:
                scoring[count] |= 1 << rank
    constants = (
        (_VALUES, _RANK_VALUES),
        (_PAIRS, (0, 0, 2, 6, 12)),
        (_CHOOSE, choose),
        (_SIZE_OF, _SIZES),
        (_BLOCKS, [at + 1 for at in table_blocks()[0]]),  # 0: no block
        (_FITS, fits),
        (_SCORING, scoring),
        (_COUNT_POINTS, [2 if count in (15, _LIMIT) else 0 for count in range(32)]),
    )
    for at, numbers in constants:
        for i in range(len(numbers)):
            _put(work, at + i, numbers[i])
    return work


def _put(work, at, number):
    work[at * 4 : at * 4 + 4] = number.to_bytes(4, "little")


def _get(work, at):
    return int.from_bytes(work[at * 4 : at * 4 + 4], "little")


def set_position(work, mine, count, laid, go_mine, go_theirs, last, unseen, their_size):
    """Seat 0 (to lay) holds `mine` (counts by rank); the count, the ranks laid since it began,
    the goes said and the last to lay (-1, 0 or 1) as the play stands; seat 1 holds
    `their_size` of the `unseen` cards (counts by rank), each hand in turn (next_hand)."""
    bits = 0
    for rank in range(13):
        _put(work, _HANDS + rank, mine[rank])
        _put(work, _HANDS + 13 + rank, 0)
        _put(work, _UNSEEN + rank, unseen[rank])
        if mine[rank]:
            bits |= 1 << rank
    _put(work, _HELD, sum(mine))
    _put(work, _MASKS, bits)
    for i in range(len(laid)):
        _put(work, _LAID + i, laid[i])
    start = (0, count, 0, len(laid), (1 if go_mine else 0) | (2 if go_theirs else 0), last + 1)
    for i in range(6):
        _put(work, _START + i, start[i])
    for at in range(_WAYS, _WORDS):
        _put(work, at, 0)
    _put(work, _FIRST, 1)
    _put(work, _THEIR_SIZE, their_size)


def ask(work, ranks):
    """The ranks seat 0 lays, each in turn, in the next searches."""
    bits = 0
    for rank in ranks:
        bits |= 1 << rank
    _put(work, _ASKED, bits)


@micropython.viper
def bind(w: ptr32, t: ptr8):
    """The table the work array's searches read (an address kept 16 bits a word: it may be
    wider than a word)."""
    at = int(t)
    w[_TABLE] = at & 0xFFFF
    w[_TABLE + 1] = (at >> 16) & 0xFFFF
    w[_TABLE + 2] = (at >> 16) >> 16


def slot_sums(work, slot):
    """As sums(), for the `slot`th of seat 0's ranks (low to high), after lead_sums() or
    chosen_sums()."""
    return _get(work, _SLOT_SUMS + slot * 2), _get(work, _SLOT_SUMS + slot * 2 + 1)


FOURS = const(1820)  # hands of four cards, by ranks: the tables of leads' rows and columns


@micropython.viper
def weigh_fours(w: ptr32, weights: ptr32):
    """For every hand of four by ranks, in the tables of leads' order (as next_hand gives them
    when every rank has room for four), the ways the unseen cards (set_position's) give it,
    into `weights` (FOURS words); their sum is the total."""
    hand = ptr32(int(w) + (_HANDS + 13) * 4)
    for rank in range(13):
        hand[rank] = 0
    hand[0] = 4
    column = 0
    while True:
        ways = 1
        for rank in range(13):
            k = hand[rank]
            if k:
                ways *= w[_CHOOSE + w[_UNSEEN + rank] * 6 + k]
        weights[column] = ways
        w[_TOTAL] += ways
        column += 1
        left = 0
        rank = 0
        while rank < 12:
            left += hand[rank]
            hand[rank] = 0
            if left > 0 and hand[rank + 1] < 4:
                hand[rank + 1] += 1
                left -= 1
                break
            rank += 1
        if rank == 12:
            return
        rank = 0
        while left > 0:
            take = 4 if left > 4 else left
            hand[rank] = take
            left -= take
            rank += 1


@micropython.viper
def lead_sums(w: ptr32, row: ptr8, weights: ptr32):
    """Seat 0's lead from four, from its row of the pone's leads (for every hand of four of
    seat 1: each of seat 0's ranks, low to high, seat 0's points and seat 1's, 255 where no
    such rank): the sums by place (slot_sums), each hand counted its weight."""
    for column in range(FOURS):
        ways = weights[column]
        if ways:
            at = column * 8
            for slot in range(4):
                points = row[at + slot * 2]
                if points != 255:
                    w[_SLOT_SUMS + slot * 2] += ways * points
                    w[_SLOT_SUMS + slot * 2 + 1] += ways * row[at + slot * 2 + 1]


@micropython.viper
def chosen_sums(w: ptr32, row: ptr8, weights: ptr32):
    """The lead the pone chooses (the most net, then the most of its own, then the lowest
    rank), summed into slot 0 (slot_sums: the pone's points, the dealer's), each hand counted
    its weight: from a pone's row of leads (8 bytes a dealer's hand) when _PAIRS_ONLY is 0,
    else from a dealer's row of the pone's chosen leads (2 bytes a pone's hand)."""
    pairs = w[_PAIRS_ONLY]
    for column in range(FOURS):
        ways = weights[column]
        if ways:
            if pairs:
                pone = row[column * 2]
                dealer = row[column * 2 + 1]
            else:
                at = column * 8
                pone = row[at]
                dealer = row[at + 1]
                for slot in range(1, 4):
                    points = row[at + slot * 2]
                    if points != 255:
                        theirs = row[at + slot * 2 + 1]
                        net = points - theirs
                        if net > pone - dealer or (net == pone - dealer and points > pone):
                            pone = points
                            dealer = theirs
            w[_SLOT_SUMS] += ways * pone
            w[_SLOT_SUMS + 1] += ways * dealer


def clear_sums(work):
    """The slots' sums back to 0 for the next row (the total and the weights stay)."""
    for at in range(_SLOT_SUMS, _SLOT_SUMS + 8):
        _put(work, at, 0)


def pairs_only(work, pairs):
    """Whether chosen_sums reads a row of chosen leads (2 bytes a hand) or of leads (8)."""
    _put(work, _PAIRS_ONLY, 1 if pairs else 0)


def sums(work, rank):
    """(seat 0's points, seat 1's) when seat 0 lays `rank`, each times the ways seat 1's hand
    can be dealt, summed over the hands searched (search)."""
    return _get(work, _SUMS + rank * 2), _get(work, _SUMS + rank * 2 + 1)


def total(work):
    """The ways seat 1's hands searched can be dealt: the sums' denominator."""
    return _get(work, _TOTAL)


@micropython.viper
def next_hand(work) -> int:
    """Seat 1's next hand of its size from the unseen cards (the fewest of the high ranks
    first), its ways to be dealt added to the total; 0 when every hand has been given."""
    w = ptr32(work)
    size = w[_THEIR_SIZE]
    if w[_FIRST]:
        w[_FIRST] = 0
        left = size
        rank = 0
    else:
        # The lowest rank above a held card with room takes one more; the cards below it go
        # back to the lowest ranks, as many as each has room for.
        left = 0
        rank = 0
        while rank < 13:
            left += w[_HANDS + 13 + rank]
            w[_HANDS + 13 + rank] = 0
            if rank < 12 and left > 0 and w[_HANDS + 14 + rank] < w[_UNSEEN + rank + 1]:
                w[_HANDS + 14 + rank] += 1
                left -= 1
                break
            rank += 1
        if rank >= 12:
            return 0
        rank = 0
    while left > 0 and rank < 13:
        room = w[_UNSEEN + rank] - w[_HANDS + 13 + rank]
        take = room if room < left else left
        w[_HANDS + 13 + rank] += take
        left -= take
        rank += 1
    if left > 0:
        return 0  # fewer unseen cards than the hand holds
    ways = 1
    bits = 0
    for rank in range(13):
        k = w[_HANDS + 13 + rank]
        if k:
            ways *= w[_CHOOSE + w[_UNSEEN + rank] * 6 + k]
            bits |= 1 << rank
    w[_MASKS + 1] = bits
    w[_HELD + 1] = size
    w[_WAYS] = ways
    w[_TOTAL] += ways
    return 1


@micropython.viper
def search(w: ptr32):
    """Seat 0 lays each rank `ask` set, in turn, against seat 1's hand as it is: the play to its
    end, both hands open, each laying for the most of their own less the other's; the points,
    times the hand's ways, added to the sums. `w` is the work array (its table bound by
    bind()); the hands are as they were on return."""
    # The laptop's search (tools/coach/peg_search.py's _lay_value with the lay, the goes and the
    # count's start folded in), pruned as alpha-beta prunes on seat 0's net: a line is left
    # only once it is sure to be strictly worse for its chooser than one found, as a tie on
    # the net is settled by the points themselves. A seat with one card that fits has no
    # choice: it is laid at once, with the card chosen before it, not searched as a decision.
    # The first three names (w, fr, option) are kept in the machine's registers, the rest in
    # memory: so the table's pointer is not an argument.
    fr = ptr32(int(w) + _FRAMES * 4)  # the decision point's frame: its words at constant places
    option = 0
    t = ptr8(w[_TABLE] | (w[_TABLE + 1] << 16) | ((w[_TABLE + 2] << 16) << 16))
    root = int(fr)
    start = w[_START + 2]  # where the count began: the search reads the table past its end
    todo = w[_ASKED]
    while todo:
        asked = t[todo]
        todo = todo & (todo - 1)
        fr = ptr32(root)
        for i in range(6):
            fr[i] = w[_START + i]
        fr[6] = (w[_MASKS] & w[_FITS + fr[1]] & (1 << asked)) << 13
        # The best so far starts worse than any line for the seat choosing: no flag to test.
        fr[10] = 0
        fr[11] = _WIDE
        fr[12] = _WINDOW - _WIDE
        fr[13] = _WINDOW + _WIDE
        while True:
            turn = fr[0]
            bits = fr[6]
            if bits:
                fr[6] = bits & (bits - 1)
                scoring = bits & 0x1FFF
                option = t[scoring] if scoring else t[bits >> 13]
                fr[7] = option
                # Lay it, and the cards that follow without a choice: the position moves on
                # to the next choice of card, their points to s0 and s1.
                count = fr[1]
                length = fr[3]
                gos = fr[4]
                s0 = 0
                s1 = 0
                seat = turn  # who lays now
                forced = 0  # the cards laid without a choice: how many, then their seats
                while True:
                    count += w[_VALUES + option]
                    at = _HANDS + seat * 13 + option
                    left = w[at] - 1
                    w[at] = left
                    if left == 0:
                        w[_MASKS + seat] = w[_MASKS + seat] ^ (1 << option)
                    w[_HELD + seat] -= 1
                    w[_LAID + length] = option
                    length += 1
                    points = w[_COUNT_POINTS + count]
                    most = length - start
                    same = 1
                    while same < most and w[_LAID + length - 1 - same] == option:
                        same += 1
                    points += w[_PAIRS + same]
                    if same == 1 and most >= 3:
                        seen = 1 << option
                        low = option
                        high = option
                        run = 0
                        size = 2
                        while size <= most:
                            r = w[_LAID + length - size]
                            if (seen >> r) & 1:
                                break
                            seen |= 1 << r
                            if r < low:
                                low = r
                            if r > high:
                                high = r
                            if high - low >= most:
                                break  # wider than every card in the count: no run holds it
                            if size >= 3 and high - low == size - 1:
                                run = size
                            size += 1
                        points += run
                    if seat == 0:
                        s0 += points
                    else:
                        s1 += points
                    now = seat
                    other = 1 - seat
                    leader = -1  # a new count's leader, when one starts
                    going = 0
                    if count == _LIMIT:
                        leader = other if w[_HELD + other] > 0 else seat
                    elif ((gos >> other) & 1) == 0 and w[_HELD + other] > 0:
                        now = other
                        going = 1
                    elif w[_HELD + seat] > 0:
                        going = 1
                    else:
                        # Nobody can lay on: the last card to this player, and a new count.
                        if seat == 0:
                            s0 += 1
                        else:
                            s1 += 1
                        leader = other
                    while going:
                        # Say the goes until someone has a choice of card.
                        held_bits = w[_MASKS + now]
                        if held_bits and count + w[_VALUES + t[held_bits]] <= _LIMIT:
                            break
                        going = 0
                        if w[_HELD] == 0 and w[_HELD + 1] == 0:
                            break
                        other = 1 - now
                        if (gos >> other) & 1 or w[_HELD + other] == 0:
                            if seat == 0:
                                s0 += 1  # the go, to the last to lay
                            else:
                                s1 += 1
                            leader = 1 - seat if w[_HELD + 1 - seat] > 0 else seat
                            break
                        gos |= 1 << now
                        now = other
                        going = 1
                    if leader >= 0 and w[_HELD + leader] > 0:
                        # A new count: the rest of the play read from the table, at the two
                        # hands' places among the hands of their sizes.
                        index = 0
                        for hand in range(2):
                            place = 0
                            n = 0
                            held_bits = w[_MASKS + hand]
                            while held_bits:
                                r = t[held_bits]
                                held_bits = held_bits & (held_bits - 1)
                                k = w[_HANDS + hand * 13 + r]
                                while k > 0:
                                    place += w[_CHOOSE + (r + n) * 6 + n + 1]
                                    n += 1
                                    k -= 1
                            index = index * w[_SIZE_OF + w[_HELD + hand]] + place
                        block = w[_BLOCKS + w[_HELD] * 4 + w[_HELD + 1]] - 1
                        entry = _COUNT_STARTS + block + index * 4 + leader * 2
                        s0 += t[entry]
                        s1 += t[entry + 1]
                    if not going:
                        break
                    options = w[_MASKS + now] & w[_FITS + count]
                    if options & (options - 1):
                        break
                    option = t[options]  # the one card that fits
                    forced += 1 + (now << (forced & 15) + 4)
                    seat = now
                fr[14] = forced
                if going:
                    fr[8] = s0
                    fr[9] = s1
                    gr = ptr32(int(fr) + _FRAME_BYTES)
                    gr[0] = now
                    gr[1] = count
                    gr[3] = length
                    gr[4] = gos
                    last = w[_LAID + length - 1]
                    scoring = ((1 << last) | w[_SCORING + count]) & options
                    gr[6] = scoring | ((options ^ scoring) << 13)
                    if now == 0:
                        gr[10] = 0
                        gr[11] = _WIDE
                    else:
                        gr[10] = _WIDE
                        gr[11] = 0
                    gr[12] = fr[12] - s0 + s1
                    gr[13] = fr[13] - s0 + s1
                    fr = gr
                    continue
                p0 = s0
                p1 = s1
            else:
                # Every card here is tried (or the rest cannot matter): the best line is this
                # decision point's value.
                p0 = fr[10]
                p1 = fr[11]
                if int(fr) == root:
                    w[_SUMS + asked * 2] += w[_WAYS] * p0
                    w[_SUMS + asked * 2 + 1] += w[_WAYS] * p1
                    break
                fr = ptr32(int(fr) - _FRAME_BYTES)
                turn = fr[0]
                p0 += fr[8]
                p1 += fr[9]
            # The cards of this decision point's line back in their hands: the one chosen,
            # then those laid after it without a choice.
            option = fr[7]
            w[_HANDS + turn * 13 + option] += 1
            w[_MASKS + turn] = w[_MASKS + turn] | (1 << option)
            w[_HELD + turn] += 1
            forced = fr[14]
            at = fr[3] + 1
            while forced & 15:
                forced -= 1
                seat = (forced >> ((forced & 15) + 4)) & 1
                r = w[_LAID + at + (forced & 15)]
                w[_HANDS + seat * 13 + r] += 1
                w[_MASKS + seat] = w[_MASKS + seat] | (1 << r)
                w[_HELD + seat] += 1
                forced = forced & ~(1 << ((forced & 15) + 4))
            net = p0 - p1
            best = fr[10] - fr[11]
            if turn == 0:
                if net > best or (net == best and p0 > fr[10]):
                    fr[10] = p0
                    fr[11] = p1
                    net += _WINDOW
                    if net > fr[13]:
                        fr[6] = 0  # seat 1 above will not let the play come here
                    elif net > fr[12]:
                        fr[12] = net
            elif net < best or (net == best and p1 > fr[11]):
                fr[10] = p0
                fr[11] = p1
                net += _WINDOW
                if net < fr[12]:
                    fr[6] = 0  # nor seat 0 above
                elif net < fr[13]:
                    fr[13] = net
