"""Which card to lay now: the exact expected points of the rest of the play for each card
the player may lay, over the cards the other player may still hold. Laptop only (CPython
with numba): `tools/player/crib.py peg-advice`, the simulator's page.

The model (two players; suits play no part in the play, so cards are ranks):
- The other player's cards left are any of the cards the player has not seen (not in hand,
  not laid, not among the cards named as seen: the starter, the player's own throw), each
  set as likely as any other, weighted by how many sets of cards give its ranks.
- For each such hand, the rest of the play is played out with both hands open, each player
  laying the card that gives the most of their own points less the other's to the end of
  the play (a go and the last card included), the other player by the same rule.
- A card's figures are the means over those hands: the player's points, the other's, and the
  net (the first less the second), exact as fractions.
Both hands open is the model's simplification: no one plays to hide cards or to find them.

How it is fast: the play with both hands open is searched in machine code
(tools/coach/peg_search.py), every count after the first read from a table of what each such start
is worth (made in a third of a second), and the pone's lead from four cards, the costliest
question, read from a table of every lead against every dealer's hand (1,820 × 1,820 hands,
26.5 MB, made once in about half a minute and kept in build/; made again when the search's
code changes).
"""

import hashlib
import os
import sys
import threading
from fractions import Fraction

import numpy as np

import peg_search
import where
from cards import VALUES
from cribbage.pegging import LIMIT
from cribbage.play_advice import position_in_game
from generated import keep_in_build

_made = {}
# numba's parallel searches run on OpenMP where the machine has it (here: GNU's libgomp),
# else on numba's own "workqueue", which takes one parallel call at a time: two at once, from
# two of the simulator's worker threads (two phones asking together), would end the process.
# So one search runs at a time on any machine, each a few milliseconds.
_one_search = threading.RLock()


def _hands():
    if "hands" not in _made:
        _made["hands"] = peg_search.hands_by_index()
    return _made["hands"]


def _count_starts():
    with _one_search:
        if "count starts" not in _made:
            _made["count starts"] = peg_search.count_starts()
        return _made["count starts"]


def _source_key():
    """What the leads table depends on: the search's code."""
    with open(peg_search.__file__, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()[:16]


def leads_path():
    return os.path.join(where.ROOT, "build", "peg-leads-%s.npy" % _source_key())


def leads(say=None):
    """The pone's leads against every dealer's hand (peg_search.leads_table), read from
    build/ (mapped, not read whole), made there first when missing or made by other code.
    `say` (stderr when not given) is told before the half minute it takes to make."""
    with _one_search:
        return _leads(say)


def _leads(say):
    if "leads" not in _made:
        path = leads_path()
        if not os.path.exists(path):
            words = "making the table of the pone's leads once (about half a minute)"
            if say:
                say(words)
            else:
                sys.stderr.write(words + "\n")
            table = peg_search.leads_table(_count_starts())
            keep_in_build(path, lambda out: np.save(out, table))
        _made["leads"] = np.load(path, mmap_mode="r")
    return _made["leads"]


def board_table_path():
    """Where the board's table of count starts is kept in build/ (cribbage/play_search.py reads
    it): count_starts() for the pairs of hands a count after the first can start with, in the
    board's blocks by the two hands' sizes, a byte a figure (426,300 bytes); made there first
    (under a second) when missing or made by other code."""
    path = os.path.join(where.ROOT, "build", "count-starts-%s.bin" % _source_key())
    if not os.path.exists(path):
        from cribbage.play_search import COUNT_STARTS_SIZE, table_blocks

        by_pair = _count_starts().reshape(peg_search.HANDS, peg_search.HANDS, 2, 2)
        offsets, sizes = peg_search.OFFSETS, (1, 13, 91, 455)
        data = bytearray()
        blocks, size = table_blocks()
        for a in range(4):
            for b in range(4):
                if blocks[a * 4 + b] >= 0:
                    block = by_pair[offsets[a] : offsets[a] + sizes[a],
                                    offsets[b] : offsets[b] + sizes[b]]  # fmt: skip
                    if block.max() > 255:
                        raise ValueError("a count start's points do not fit a byte")
                    data += block.astype(np.uint8).tobytes()
        if len(data) != size or size != COUNT_STARTS_SIZE:
            raise ValueError("the count starts' table is %d bytes, not %d" % (len(data), size))
        keep_in_build(path, lambda out: out.write(data))
    return path


LEADS_ROW = peg_search.FOURS * 4 * 2  # a pone's hand's row: every dealer's hand, 4 leads, 2


def board_leads_path(say=None):
    """Where the board's table of the pone's leads is kept in build/ (the board reads it where
    its flash has room, cribbage/play_advice.py): leads() a pone's hand a row (its 14,560
    bytes, zlib-compressed alone), after where each row begins (1,821 offsets of 4 bytes,
    little-endian); made there first from leads() when missing or made by other code."""
    import zlib

    path = os.path.join(where.ROOT, "build", "peg-leads-board-%s.bin" % _source_key())
    if not os.path.exists(path):
        table = leads(say)
        rows = [zlib.compress(table[pone].tobytes(), 9) for pone in range(peg_search.FOURS)]
        keep_in_build(path, lambda out: out.write(_with_offsets(rows)))
    return path


BEST_ROW = peg_search.FOURS * 2  # a dealer's hand's row: every pone's hand, 2 figures


def board_best_leads_path(say=None):
    """Where the board's table of the pone's chosen lead is kept in build/ (the board reads it
    for a kept hand's play as dealer, where its flash has room): for each dealer's hand of
    four, a row of every pone's hand of four (the order of leads()), the pone's points and
    the dealer's when the pone leads as the model's pone does (_best_leads; 255 where the two
    hands cannot be dealt from one pack), 3,640 bytes zlib-compressed alone, after the rows'
    offsets as in board_leads_path; made there first when missing or made by other code."""
    import zlib

    path = os.path.join(where.ROOT, "build", "peg-best-leads-board-%s.bin" % _source_key())
    if not os.path.exists(path):
        table = np.asarray(leads(say))
        pone, dealer = _best_leads(table.reshape(-1, 4, 2))
        pone = pone.reshape(peg_search.FOURS, peg_search.FOURS)  # [pone's hand, dealer's]
        dealer = dealer.reshape(peg_search.FOURS, peg_search.FOURS)
        rows = []
        for hand in range(peg_search.FOURS):
            pair = np.stack([pone[:, hand], dealer[:, hand]], axis=1).astype(np.uint8)
            rows.append(zlib.compress(pair.tobytes(), 9))
        keep_in_build(path, lambda out: out.write(_with_offsets(rows)))
    return path


def _with_offsets(rows):
    """Rows after where each begins (len(rows) + 1 offsets of 4 bytes, little-endian)."""
    at = 4 * (len(rows) + 1)
    offsets = bytearray()
    for row in rows:
        offsets += at.to_bytes(4, "little")
        at += len(row)
    offsets += at.to_bytes(4, "little")
    return bytes(offsets) + b"".join(rows)


def _weights(unseen, hands):
    """How many sets of the unseen cards (counts by rank) give each hand (a row of counts)."""
    unseen = np.asarray(unseen, dtype=np.int64)[None, :]
    return np.prod(peg_search.CHOOSE[unseen, hands], axis=1)


def unseen_after(ranks):
    """The unseen cards' counts by rank once `ranks` are seen."""
    unseen = [4] * 13
    for rank in ranks:
        unseen[rank] -= 1
    return unseen


def _counts(ranks):
    counts = np.zeros(13, dtype=np.int64)
    for rank in ranks:
        counts[rank] += 1
    return counts


def advise(
    mine, unseen, their_size, count, ranks, said_go, last, figures=None, say=None, table=True
):
    """For the player (seat 0) to lay now: [(rank, my points, their points, net)] for each
    rank they may lay, best net first, as Fractions; [] when they must say go.
    mine: the ranks held; unseen: the unseen cards' counts by rank; their_size: how many
    cards the other player holds; count, ranks (laid since the count began), said_go (the
    player's, the other's) and last (0, 1 or -1) as the play stands. `figures`, a dict when
    given, gets the work done: "lays" (cards laid in the search, 0 from the table); `table`
    False searches a pone's lead too (the benchmark's measure of what the table saves)."""
    playable = sorted(set(r for r in mine if count + VALUES[r] <= LIMIT))
    if not playable:
        return []
    hands, sizes = _hands()
    theirs = hands[sizes == their_size]
    weights = _weights(unseen, theirs)
    total = int(weights.sum())
    leading = count == 0 and not ranks and last == -1 and not any(said_go)
    if table and leading and len(mine) == 4 and their_size == 4:
        row = np.asarray(leads(say)[peg_search.four_index(_counts(mine))], dtype=np.int64)
        slots = sorted(set(mine))
        mine_total = [int(weights @ row[:, slots.index(r), 0]) for r in playable]
        theirs_total = [int(weights @ row[:, slots.index(r), 1]) for r in playable]
        lays = 0
    else:
        held = weights > 0
        with _one_search:
            mine_total, theirs_total, lays = peg_search.lay_totals(
                _counts(mine), theirs[held], weights[held], count,
                np.array(ranks, dtype=np.int64), bool(said_go[0]), bool(said_go[1]), last,
                np.array(playable, dtype=np.int64), _count_starts(),
            )  # fmt: skip
    if figures is not None:
        figures["lays"] = int(lays)
    found = []
    for i, rank in enumerate(playable):
        mean_mine = Fraction(int(mine_total[i]), total)
        mean_theirs = Fraction(int(theirs_total[i]), total)
        found.append((rank, mean_mine, mean_theirs, mean_mine - mean_theirs))
    found.sort(key=lambda row: (-row[3], -row[1], row[0]))
    return found


def _best_leads(values):
    """For rows of a pone's leads (hands, 4 slots, [pone, dealer]): each row's values for
    the lead the pone chooses (most net, then most of its own, then the lowest rank)."""
    values = np.asarray(values, dtype=np.int64)
    pone, dealer = values[..., 0], values[..., 1]
    key = np.where(pone == 255, -(1 << 20), (pone - dealer) * 64 + pone)  # 22 points at most
    chosen = np.argmax(key, axis=1)  # the first of equals: the lowest rank
    rows = np.arange(len(values))
    return pone[rows, chosen], dealer[rows, chosen]


def kept_play(kept, unseen, pone, say=None):
    """What a kept hand of four ranks is worth in the play, by the model above, before the
    starter is cut: (my mean points, the other's) as Fractions, the other's four being any
    four of the unseen cards (`unseen`: counts by rank; the starter, still unseen, leaves
    every four as likely), both hands open, the pone leading as it chooses."""
    table = leads(say)
    hands, sizes = _hands()
    weights = _weights(unseen, hands[sizes == 4])
    index = peg_search.four_index(_counts(kept))
    if pone:
        mine, theirs = _best_leads(table[index])
    else:
        theirs, mine = _best_leads(table[:, index])
    total = int(weights.sum())
    return Fraction(int(weights @ mine), total), Fraction(int(weights @ theirs), total)


def advise_in_game(match, hand, seen=()):
    """The advice for the player whose turn it is in a live two-player game's play (a
    cribbage.game.Match, as the board keeps it), who holds `hand` and has also seen `seen`
    (their throw), as cards: [(card, my points, their points, net)] best first, [] for a go.
    ValueError, in words, when the game is not at a lay or the cards do not fit it (the
    board's own checks, cribbage/play_advice.py)."""
    ranks, unseen, their_size, count, laid, said_go, last = position_in_game(match, hand, seen)
    advice = advise(ranks, unseen, their_size, count, laid, said_go, last)
    return [
        ([card for card in hand if card >> 2 == rank][0], mine, theirs, net)
        for rank, mine, theirs, net in advice
    ]


if __name__ == "__main__":
    # Compiles the search and makes the table of leads if they are not kept yet (tools/check
    # runs this before the tests); prints how long that took.
    import time

    started = time.perf_counter()
    leads(say=print)
    advise([0, 1, 2, 3], unseen_after([0, 1, 2, 3]), 3, 5, (4,), (False, False), 1)  # compiled
    took = time.perf_counter() - started
    print("the play's search and table of leads: ready in %.1f s" % took)
