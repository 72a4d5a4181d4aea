"""The play's advice on the board's engine (firmware/lib/cribbage/play_advice.py): what its
slowest questions cost, in instructions counted on this machine, and the ESP32-S3's time
estimated from them.

Why not fuel: the search is viper, machine code MicroPython's compiler makes on the board,
which the wasm build (the fuel counter) cannot make. So the question runs on MicroPython's
unix port here, x86-64, under valgrind's callgrind, which counts every instruction executed
(the same count on every run, and within COUNT_NOISE in every checkout: see
_FIXED_ENVIRONMENT). Machine code MicroPython
made at run time sits outside any file ("???" to callgrind): that count is the search's; the
rest is the interpreter's (the advice's Python, the calls).

The conversion to the ESP32-S3 at 240 MHz, by kind of work:
- the interpreter's instructions: INTERPRETED_CYCLES ESP32 cycles each, from pystone's
  published ESP32 figure against the same passes counted here (tools/bench/fuel_per_us.py derives
  it and checks it);
- the machine code's: at most MACHINE_CODE_CYCLES. MicroPython's emitter writes the same
  sequence of operations for either core, one instruction each (a local's load or store, an
  operation, a compare and branch, which the Xtensa does in one where x86-64 takes two); its
  Xtensa code for the search is under two thirds of the bytes of its x86-64 code
  (xtensa_bytes_ratio(), with mpy-cross: a row of figures.md), at 2 or 3 bytes an
  instruction. The ESP32-S3's core runs it
  from internal RAM at one instruction a cycle, plus a cycle when a load's value is used at
  once and two to three for a branch taken: 2 cycles an instruction covers a stream where
  every instruction pays one of those. A table read from PSRAM misses the cache once a
  count's start (at most one a card laid, a few hundred cycles: inside the bound's margin
  at this code's mix).
The estimate is the sum at those rates: the upper bound, which the budget is held to.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from where import ROOT

MHZ = 240
INTERPRETED_CYCLES = 3.2  # ESP32 cycles per x86-64 instruction of the interpreter
MACHINE_CODE_CYCLES = 2.0  # at most, per x86-64 instruction of the search's machine code
BUDGET_MS = 1000

# The question's script, run as a module from the project's root (run by its file's path,
# MicroPython would put that folder's absolute path on sys.path).
QUESTION_MODULE = "tools.bench.peg_board_question"

# What MicroPython keeps from its command, environment and path is the first thing on its
# heap, and where each later block lands decides whether a growing one grows in place or is
# copied: a checkout's longer path on sys.path moved the interpreter's count by 280,000
# instructions, a longer $HOME (MicroPython's default path) or $TMPDIR by as much. So the
# script is a module, its arguments are named from the project's root, its path is named,
# the environment is this one, and the hash seed of the launcher (CPython, which runs the
# unix port in its process) is fixed.
_FIXED_ENVIRONMENT = {
    "PATH": "/usr/bin:/bin",
    "PYTHONHASHSEED": "0",
    "MICROPYPATH": "firmware/lib",
    "LC_ALL": "C.UTF-8",
}
# What is left moves by about a hundred instructions between checkouts (libc's string compares on
# MicroPython's arguments, which CPython's heap places): tools/upkeep/figures.py keeps a row as
# written when a count within this many of the measured one prints it.
COUNT_NOISE = 1000


def callgrind(args):
    """(all instructions, those in machine code made at run time) of MicroPython's unix port
    running args, counted by callgrind from MicroPython's entry (not the launcher's)."""
    micropython = os.path.relpath(
        os.path.join(os.path.dirname(sys.executable), "micropython"), ROOT
    )
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        done = subprocess.run(
            [
                shutil.which("valgrind"),
                "--tool=callgrind",
                "--toggle-collect=micropython_unix_main",
                "--callgrind-out-file=" + out,
                micropython,
            ]
            + args,
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=_FIXED_ENVIRONMENT,
        )
        if done.returncode:
            raise RuntimeError("callgrind failed: " + done.stderr[-800:])
        listed = subprocess.run(
            ["callgrind_annotate", "--threshold=100", out],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    total = made = 0
    for line in listed.splitlines():
        words = line.split()
        if not words or not words[0].replace(",", "").isdigit():
            continue
        count = int(words[0].replace(",", ""))
        if "PROGRAM TOTALS" in line:
            total = count
        elif "???:" in line:
            made += count
    return total, made, done.stdout


def question_cost(position, table, leads=None, kept=None):
    """(machine code's instructions, the interpreter's, the answer) for one question of the
    board's advice (the pone's lead read from `leads`, the table of leads, when given; with
    `kept`, the paths of both tables of leads, a six-card hand's 15 throws' play): a run that
    asks it less one that only loads the table."""
    args = ["-X", "heapsize=16M", "-m", QUESTION_MODULE, _here(table), json.dumps(position)]
    asked = ["kept"] + [_here(path) for path in kept] if kept else [_here(leads) or "ask"]
    asked_total, asked_made, answer = callgrind(args + asked)
    base_total, base_made, _ = callgrind(args + ["load"])
    made = asked_made - base_made
    return made, asked_total - base_total - made, json.loads(answer)


def _here(path):
    """A table's path from the project's root: the same words in every checkout."""
    return os.path.relpath(path, ROOT) if path else path


def board_ms(made, interpreted):
    """The ESP32-S3 estimate in ms, at the rates above (the upper bound)."""
    cycles = made * MACHINE_CODE_CYCLES + interpreted * INTERPRETED_CYCLES
    return cycles / (MHZ * 1000.0)


def position_from_cards(mine, seen, their_size=4, laid=""):
    """A question as a player names its cards (the held, the seen ones, the other's count of
    cards, the laid since the count began): advising()'s position; a lead when nothing is
    laid."""
    from cards import VALUES, parse_many

    ranks = [card >> 2 for card in parse_many(mine)]
    laid = [card >> 2 for card in parse_many(laid)] if laid else []
    unseen = [4] * 13
    for rank in ranks + laid + ([card >> 2 for card in parse_many(seen)] if seen else []):
        unseen[rank] -= 1
    count = sum(VALUES[rank] for rank in laid)
    return [ranks, unseen, their_size, count, laid, [False, False], 1 if laid else -1]


# The slowest questions of each kind, as tools/bench/bench_peg.py finds them by going through every
# position of the kind (cards laid by the same search; the board's search lays the same).
QUESTIONS = (
    (
        "the dealer's first card, the slowest of the 23,647 (holding A-2-3-4 after an ace)",
        position_from_cards("AH 2S 3D 4C", "", 3, "AS"),
    ),
    (
        "the pone's second card, the slowest of the 76,882 (holding A-2-3 after 2 then A)",
        position_from_cards("AH 2S 3D", "", 3, "2C AS"),
    ),
    (
        "the pone's lead from four, holding A-2-3-4 (the first search's slowest), searched"
        " (a board whose flash cannot hold the table of leads)",
        position_from_cards("AH 2S 3D 4C", "", 4, ""),
    ),
)
# A throw's play, read from the tables of leads: every throw of six cards has the same work
# (one row inflated and summed), whatever the cards.
THROWS_PLAY = (
    (
        "each throw's play for the coach, the 15 throws of six cards as pone (5H 5D JC 6S 4C"
        " KH), read from the table of leads (16 MB of flash)",
        [[4, 4, 10, 5, 3, 12], True],
    ),
    (
        "the same as dealer, read from the table of chosen leads",
        [[4, 4, 10, 5, 3, 12], False],
    ),
)
LEAD_FROM_TABLE = (
    "the pone's lead from four, holding A-2-3-4, read from the table of leads (a board with"
    " 16 MB of flash)",
    position_from_cards("AH 2S 3D 4C", "", 4, ""),
)


def xtensa_bytes_ratio():
    """The search module's .mpy for the board's core over the same for x86-64 (mpy-cross)."""
    import build_mpy

    sizes = []
    with tempfile.TemporaryDirectory() as folder:
        for arch in ("xtensawin", "x64"):
            target = os.path.join(folder, arch + ".mpy")
            command = build_mpy.mpy_cross_command() + ["-march=" + arch, "-o", target]
            subprocess.run(
                command + ["lib/cribbage/play_search.py"],
                cwd=os.path.join(ROOT, "firmware"),
                check=True,
            )
            sizes.append(os.path.getsize(target))
    return sizes


def measured():
    """[(what, machine code's instructions, the interpreter's, ms)] for QUESTIONS."""
    import peg_advice

    table = peg_advice.board_table_path()
    rows = []
    for what, position in QUESTIONS:
        made, interpreted, _ = question_cost(position, table)
        rows.append((what, made, interpreted, board_ms(made, interpreted)))
    what, position = LEAD_FROM_TABLE
    made, interpreted, _ = question_cost(position, table, peg_advice.board_leads_path())
    rows.append((what, made, interpreted, board_ms(made, interpreted)))
    kept = (peg_advice.board_leads_path(), peg_advice.board_best_leads_path())
    for what, position in THROWS_PLAY:
        made, interpreted, _ = question_cost(position, table, kept=kept)
        rows.append((what, made, interpreted, board_ms(made, interpreted)))
    return rows


def slowest_by_lays(kind, keep=8):
    """The `keep` positions of a kind (tools/bench/bench_peg.py's) where the laptop's search lays
    the
    most cards: the board's search lays the same cards, so its slowest is among them."""
    import heapq

    found = [(lays, position) for lays, position in kind()]
    return heapq.nlargest(keep, found, key=lambda entry: entry[0])


def bench_peg_board():
    xtensa, x64 = xtensa_bytes_ratio()
    print(
        "the search's module compiled by mpy-cross: %d bytes for the ESP32's core, %d for"
        " x86-64 (%.2f)" % (xtensa, x64, xtensa / x64)
    )
    for what, made, interpreted, ms in measured():
        print(
            "%s: %d instructions of machine code, %d of the interpreter (x86-64): %.0f ms on"
            " the ESP32-S3 at most (%.1f and %.1f cycles each, %d MHz)"
            % (what, made, interpreted, ms, MACHINE_CODE_CYCLES, INTERPRETED_CYCLES, MHZ)
        )
    # The fixed questions above are the slowest by cards laid; the board's time also has a
    # part for each hand the other may hold: the next slowest are measured too.
    import bench_peg
    import peg_advice
    from cards import RANK_CHARS

    table = peg_advice.board_table_path()
    for name, kind in (
        ("the dealer's first card", bench_peg.dealers_first_cards),
        ("the pone's second card", bench_peg.pones_second_cards),
    ):
        print("%s, the 8 questions that lay the most cards on the board:" % name)
        for lays, position in slowest_by_lays(kind):
            position = [list(part) if isinstance(part, tuple) else part for part in position]
            made, interpreted, _ = question_cost(position, table)
            print(
                "  holding %s after %s: %d lays, %.0f ms on the ESP32-S3 at most"
                % (
                    "-".join(RANK_CHARS[r] for r in position[0]),
                    " ".join(RANK_CHARS[r] for r in position[4]),
                    lays,
                    board_ms(made, interpreted),
                )
            )
