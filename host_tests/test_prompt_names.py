"""ui.crib_keys and ui.crib_words name the states of ui.crib_prompts by private constants
(they cost their modules' tables no slot): each must have the table's number."""

import os
import re

import ui.crib_prompts as cp
from where import ROOT

RENAMED = {"HAND_UNSEEN": "HAND_RANKS", "HOLD_OK": "HOLD_OK", "HOLD_UNDO": "HOLD_UNDO"}


def constants(module):
    with open(os.path.join(ROOT, "firmware", "lib", "ui", module + ".py")) as source:
        return re.findall(r"^_([A-Z_]+) = const\((\d+)\)", source.read(), re.M)


def test_the_words_number_the_states_as_the_table_does():
    found = constants("crib_words")
    assert len(found) == cp.STATES
    for name, number in found:
        assert getattr(cp, name) == int(number), name


def test_the_keys_number_the_states_as_the_table_does():
    found = constants("crib_keys")
    assert len(found) >= 16
    for name, number in found:
        assert getattr(cp, RENAMED.get(name, name)) == int(number), name


def test_every_key_the_dispatch_takes_is_in_the_quick_reference():
    import faceplate
    import ui.crib_keys as ck

    with open(os.path.join(ROOT, "hardware", "quick-reference.md")) as page:
        text = page.read()
    table = cp.table()
    for name, title in faceplate.STATE_NAMES:
        state = getattr(cp, name)
        row = [line for line in text.splitlines() if line.startswith("| %s |" % title)]
        assert len(row) == 1, title
        for bit in range(18):
            if ck._DISPATCH[0][state] >> bit & 1:
                key = cp.KEYS[bit] if bit < 16 else ("hold #", "hold *")[bit - 16]
                shown = "`%s`" % key
                ranks = "`1`–`9` `0` `A` `B` `C`" in row[0] or "`0`–`9`" in row[0]
                assert shown in row[0] or (ranks and key in "1234567890ABC"), (title, key)
    assert len(faceplate.STATE_NAMES) == len(table)


def test_the_peg_views_levels_and_colours_mirror_the_renderers():
    """board.peg_view keeps the renderer's levels as private constants (MicroPython folds a
    const() only within its module): each must have the renderer's number."""
    from board import peg_view
    from board import render as rd

    with open(os.path.join(ROOT, "firmware", "lib", "board", "peg_view.py")) as source:
        found = re.findall(
            r"^_([A-Z_0-9]+) = const\((\d+)\)  # rd\.([A-Z_0-9]+)$", source.read(), re.M
        )
    assert [name for name, _, _ in found] == ["FULL", "DIM", "FAINT", "PALE_0"]
    for name, number, mirrored in found:
        assert int(number) == getattr(rd, mirrored) == getattr(peg_view, "_" + name), name


def test_every_module_that_names_the_jack_names_rank_10_as_cards_does():
    # The jack's rank is a private const() where a hot loop tests it (no table slot, no
    # lookup at run time): each copy must be the rank cards.py gives "J".
    from cards import RANK_CHARS

    jack = RANK_CHARS.index("J")
    found = {}
    for folder, _, names in os.walk(os.path.join(ROOT, "firmware", "lib")):
        for name in names:
            if name.endswith(".py"):
                with open(os.path.join(folder, name)) as source:
                    text = source.read()
                for match in re.finditer(r"^_?JACK(_CARD)? = (?:const\()?(\d+)", text, re.M):
                    card = match.group(1) is not None
                    found[name] = int(match.group(2)) // (4 if card else 1)
    assert sorted(found) == [
        "discard.py",
        "expert.py",
        "game.py",
        "rules.py",
        "score.py",
        "show.py",
        "suits.py",
    ]
    assert set(found.values()) == {jack}


def test_both_families_key_ranks_and_suits_as_the_faceplate_prints_them():
    # One home for both families (ui/__init__.py), which each family's keys read.
    import ui
    import ui.crib_keys as ck
    import ui.shed_keys as sk
    from board.words import KEY_ROWS, SUITS
    from cards import RANK_CHARS

    assert ck.RANK_KEYS is ui.RANK_KEYS is sk.RANK_KEYS
    assert ck.SUIT_KEYS is ui.SUIT_KEYS is sk.SUIT_KEYS
    printed = dict(KEY_ROWS)  # the key -> what the faceplate prints under it
    for rank in range(13):
        assert printed[ui.RANK_KEYS[rank]].split(" ")[0] == RANK_CHARS[rank]
    assert [SUITS[i].split(" ")[0] for i in range(4)] == list(ui.SUIT_KEYS)
