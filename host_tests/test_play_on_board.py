"""The play's advice worked out on the board (firmware/lib/cribbage/play_advice.py and its
search, play_search.py, viper code made by MicroPython's own compiler) on the board's
interpreter, against the laptop's (tools/coach/peg_advice.py, which the tests hold to the first
search and to a brute force): the same fractions in the same order over a thousand positions
of real deals, the pone's leads from four among them; and a wrong table refused in words."""

import json
import os
import random
from fractions import Fraction

import peg_advice
from bench_common import unix_run
from bench_peg_board import position_from_cards
from play_positions import random_position
from where import ROOT

# Run as MicroPython runs it: the table read whole (426,300 bytes) into a heap like the
# reference board's PSRAM one.
BOARD_SCRIPT = """
import json, sys
sys.path[:0] = ['firmware/lib']
from cribbage import play_advice
tables = play_advice.load_table(%r)
for line in open(%r):
    print(json.dumps(play_advice.answer(json.loads(line), tables)))
"""


def _on_board(positions, tmp_path, table=None):
    asked = tmp_path / "positions.jsonl"
    with open(asked, "w") as out:
        for position in positions:
            out.write(json.dumps(position) + "\n")
    script = BOARD_SCRIPT % (table or peg_advice.board_table_path(), str(asked))
    lines = unix_run(["-X", "heapsize=4M", "-c", script]).splitlines()
    return [json.loads(line) for line in lines]


def _lead(mine, seen, their_size=4, laid=""):
    """A position from cards as a player names them (the bench's), as the laptop takes it."""
    position = position_from_cards(mine, seen, their_size, laid)
    position[4], position[5] = tuple(position[4]), tuple(position[5])
    return tuple(position)


def test_the_boards_advice_is_the_laptops_to_the_fraction_in_a_thousand_positions(tmp_path):
    rng = random.Random(7)
    positions = []
    kinds = set()
    while len(positions) < 1000:
        position = random_position(rng)
        if position is None or position[2] > 3:
            continue  # the pone's leads from four cost the most: the chosen ones below
        positions.append(position)
        kinds.add((len(position[0]), position[2], position[3] == 0, any(position[5])))
    positions += [
        _lead("AH 2S 3D 4C", ""),  # the slowest lead of the first search
        _lead("2H 3S 4D 5C", "KC KD QH"),
        _lead("5H 5S TD JC", "9C 4D 5C"),
        _lead("AH 2S 3D 4C", "", 3, "AS"),  # the board's slowest question: the dealer's reply
        _lead("5H 5S TD JC", "", 3, "TC"),
    ]
    answers = _on_board([_as_json(position) for position in positions], tmp_path)
    assert len(answers) == len(positions)
    for position, (total, rows) in zip(positions, answers):
        laptop = peg_advice.advise(*position)
        board = [
            (rank, Fraction(mine, total), Fraction(theirs, total),
             Fraction(mine - theirs, total))
            for rank, mine, theirs in rows
        ]  # fmt: skip
        assert board == laptop, position
    assert len(kinds) >= 12  # leads and replies, after goes, late in a count: not one kind only


def test_a_go_is_no_advice_and_a_wrong_table_is_refused_in_words(tmp_path):
    go = ([12, 12], [4] * 13, 2, 25, (9, 5), (False, False), 1)  # K K on 25: nothing fits
    go[1][12] -= 2
    assert _on_board([go], tmp_path) == [[0, []]]
    short = tmp_path / "short.bin"
    short.write_bytes(b"\0" * 1000)
    try:
        _on_board([go], tmp_path, str(short))
    except RuntimeError as error:
        said = str(error)
    assert "OSError: %s is not the play's table of 426300 bytes" % short in said


def _as_json(position):
    mine, unseen, their_size, count, laid, said_go, last = position
    return [list(mine), list(unseen), their_size, count, list(laid), list(said_go), last]


def test_the_boards_table_is_the_laptops_count_starts_in_the_boards_order():
    """Every entry of the board's table, read back as the board reads it (by the two hands'
    sizes, then their places), is the laptop's count starts' entry for those hands."""
    import peg_search
    from cribbage.play_search import table_blocks

    with open(peg_advice.board_table_path(), "rb") as kept:
        table = kept.read()
    laptop = peg_advice._count_starts().reshape(peg_search.HANDS, peg_search.HANDS, 2, 2)
    hands, sizes = peg_search.hands_by_index()
    blocks, size = table_blocks()
    assert len(table) == size == 426300
    per_size = {n: [i for i in range(peg_search.HANDS) if sizes[i] == n] for n in range(4)}
    rng = random.Random(3)
    checked = 0
    for a in range(4):
        for b in range(4):
            if a + b > 5:
                assert blocks[a * 4 + b] == -1
                continue
            for _ in range(300):
                i0 = rng.randrange(len(per_size[a]))
                i1 = rng.randrange(len(per_size[b]))
                at = blocks[a * 4 + b] + (i0 * len(per_size[b]) + i1) * 4
                first, second = per_size[a][i0], per_size[b][i1]
                assert list(table[at : at + 4]) == list(laptop[first, second].reshape(4))
                checked += 1
    assert checked == 300 * 15  # every pair of sizes but 3 and 3
    assert os.path.getsize(peg_advice.board_table_path()) == 426300


LEAD_SCRIPT = """
import json, sys
sys.path[:0] = ['firmware/lib']
from cribbage import play_advice
tables = play_advice.load_table(%r)
for line in open(%r):
    position = json.loads(line)
    try:
        print(json.dumps(play_advice.lead_from_table(position, tables, %r)))
    except OSError as error:
        print(json.dumps(str(error)))
"""


def _leads_on_board(positions, tmp_path, leads):
    asked = tmp_path / "leads.jsonl"
    with open(asked, "w") as out:
        for position in positions:
            out.write(json.dumps(_as_json(position)) + "\n")
    script = LEAD_SCRIPT % (peg_advice.board_table_path(), str(asked), leads)
    lines = unix_run(["-X", "heapsize=4M", "-c", script]).splitlines()
    return [json.loads(line) for line in lines]


def test_the_pones_lead_from_the_boards_table_of_leads_is_the_laptops_to_the_fraction(tmp_path):
    """Where the board's flash holds the table of the pone's leads (one row read and
    inflated), a lead from four is answered from it: the laptop's fractions and order for
    sixty hands, the slowest searches among them; a damaged table is refused in words."""
    import peg_search
    from cards import name

    rng = random.Random(11)
    positions = [_lead("AH 2S 3D 4C", ""), _lead("2H 3S 4D 5C", "KC KD QH")]
    positions += [_lead("5H 5S TD JC", "9C 4D 5C"), _lead("7H 7S 7D 7C", "8C 8D 6H")]
    while len(positions) < 60:
        cards = rng.sample(range(52), 7)
        names = [name(card, False) for card in cards]
        positions.append(_lead(" ".join(names[:4]), " ".join(names[4:])))
    answers = _leads_on_board(positions, tmp_path, peg_advice.board_leads_path())
    for position, (total, rows) in zip(positions, answers):
        board = [
            (rank, Fraction(mine, total), Fraction(theirs, total),
             Fraction(mine - theirs, total))
            for rank, mine, theirs in rows
        ]  # fmt: skip
        assert board == peg_advice.advise(*position), position
    damaged = tmp_path / "leads.bin"
    with open(peg_advice.board_leads_path(), "rb") as kept:
        data = bytearray(kept.read())
    row = peg_search.four_index([1, 1, 1, 1] + [0] * 9)  # A-2-3-4's row
    begins = int.from_bytes(data[row * 4 : row * 4 + 4], "little")
    data[begins + 100 : begins + 200] = b"\xff" * 100  # its deflated bytes, damaged
    damaged.write_bytes(bytes(data))
    refused = _leads_on_board([positions[0]], tmp_path, str(damaged))
    assert refused == ["%s is not the table of the pone's leads" % damaged]


KEPT_SCRIPT = """
import json, sys
sys.path[:0] = ['firmware/lib']
from cribbage import play_advice, play_search
blank = play_search.new_work()
for line in open(%r):
    keeps, unseen, pone = json.loads(line)
    try:
        print(json.dumps(play_advice.kept_plays(keeps, unseen, pone, blank, %r, %r)))
    except OSError as error:
        print(json.dumps(str(error)))
"""


def test_each_throws_play_from_the_boards_tables_is_the_laptops_to_the_fraction(tmp_path):
    """A throw's play for the board's coach, from its tables of the pone's leads (a pone's
    row of leads, a dealer's row of the pone's chosen leads): for every throw of thirty dealt
    hands, as pone and as dealer, the laptop's kept_play fractions; a damaged table refused
    in words."""
    rng = random.Random(5)
    asked = []
    for _ in range(30):
        ranks = [card >> 2 for card in rng.sample(range(52), 6)]
        keeps = [
            [ranks[i] for i in range(6) if i not in (first, second)]
            for first in range(6)
            for second in range(first + 1, 6)
        ]
        for pone in (True, False):
            asked.append((keeps, peg_advice.unseen_after(ranks), pone))
    asked_file = tmp_path / "keeps.jsonl"
    asked_file.write_text("".join(json.dumps(case) + "\n" for case in asked))
    leads, best = peg_advice.board_leads_path(), peg_advice.board_best_leads_path()
    script = KEPT_SCRIPT % (str(asked_file), leads, best)
    answers = [json.loads(line) for line in unix_run(["-c", script]).splitlines()]
    assert len(answers) == len(asked)
    for (keeps, unseen, pone), found in zip(asked, answers):
        for kept, (total, mine, theirs) in zip(keeps, found):
            laptop = peg_advice.kept_play(kept, unseen, pone)
            assert (Fraction(mine, total), Fraction(theirs, total)) == laptop, (kept, pone)
    damaged = tmp_path / "best.bin"
    damaged.write_bytes(b"\0" * 8000)
    asked_file.write_text(json.dumps(asked[1]) + "\n")
    script = KEPT_SCRIPT % (str(asked_file), leads, str(damaged))
    refused = [json.loads(line) for line in unix_run(["-c", script]).splitlines()]
    assert refused == ["%s is not the table of the pone's chosen leads" % damaged]


def test_a_questions_own_work_array_is_the_size_the_docs_say():
    """Each question copies a blank work array (the tables are shared): its size, as
    docs/ARCHITECTURE.md and docs/security.md give it."""
    from cribbage import play_search

    size = len(play_search.new_work())
    for page, words in (("ARCHITECTURE.md", "work array (%s bytes"), ("security.md", "%s-byte")):
        with open(os.path.join(ROOT, "docs", page)) as f:
            assert words % format(size, ",") in " ".join(f.read().split()), page
    assert size == 1976
