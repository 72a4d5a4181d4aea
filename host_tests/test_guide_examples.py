"""The players' guide's worked examples run as written: each ```console block of
docs/players-guide.md is a board from new (or, with a first line `board: three tracks`, the
three-track board); each `> KEYS` line is keyed, and the lines under it must be said by those
keys, each whole and in that order (lines said between them may be left out). Every phrase the
guide's table of keys puts in double quotes must be said by one of the examples, so no
promise of the table goes untested: a quote the examples do not say fails the test."""

import os
import re

from board_rig import Rig
from config_variant import Config
from where import ROOT

GUIDE = os.path.join(ROOT, "docs", "players-guide.md")


def _guide():
    with open(GUIDE, encoding="utf-8") as handle:
        return handle.read()


def examples(text):
    """Each example: (the board's tracks, [(keys, lines promised)])."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        lines = block.rstrip("\n").split("\n")
        tracks = 2
        if lines[0] == "board: three tracks":
            tracks, lines = 3, lines[1:]
        steps = []
        for line in lines:
            if line.startswith("> "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        found.append((tracks, steps))
    return found


def said_by(tracks, steps):
    """What each step's keys said, on a board from new."""
    if tracks == 3:
        rig = Rig(cfg=Config(TRACKS=3, ROWS=6, STRIP_LENGTH=210), through_contacts=False)
    else:
        rig = Rig(through_contacts=False)
    rig.app.settle()  # the idle moment after the boot
    said = []
    for keys, _ in steps:
        lines = []
        for key in keys.split():
            rig.lines.clear()
            rig.keys(key)
            lines += rig.lines
        said.append(lines)
    return said


def _holds(said, promised):
    """The promised lines are said, each whole, in their order."""
    at = 0
    for line in promised:
        while at < len(said) and said[at] != line:
            at += 1
        if at == len(said):
            return False
        at += 1
    return True


def test_every_worked_example_of_the_players_guide_says_what_it_shows():
    found = examples(_guide())
    assert len(found) >= 6, "the guide's worked examples were not found"
    steps_run = 0
    for tracks, steps in found:
        said = said_by(tracks, steps)
        for (keys, promised), lines in zip(steps, said):
            assert _holds(lines, promised), (
                "after > %s the guide shows\n%s\nthe board said\n%s"
                % (
                    keys,
                    "\n".join(promised),
                    "\n".join(lines),
                )
            )
            steps_run += 1
    print(
        "the players' guide: %d worked examples, %d steps, run as written"
        % (len(found), steps_run)
    )


def test_every_phrase_the_table_of_keys_quotes_is_said_by_an_example():
    text = _guide()
    table = text[text.index("| when | keys |") : text.index("On a phone the page")]
    quotes = re.findall(r'"([^"]+)"', table)
    said = []
    for tracks, steps in examples(text):
        said += [line for lines in said_by(tracks, steps) for line in lines]
    whole = "\n".join(said)
    missing = [q for q in quotes if q.rstrip(" …") not in whole]
    assert len(quotes) >= 15 and missing == [], missing
