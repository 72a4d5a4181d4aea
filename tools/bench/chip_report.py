"""The board report: the first real board measures what docs/figures.md estimates.

  crib-deploy --report [--port PORT] [--save FILE]     on the board, over its USB cable
  python tools/bench/chip_report.py --unix [--save FILE]   on this laptop's MicroPython unix
                                                       port (the laptop's figures, not a chip's)

It plays a 9-game match on the laptop (tools/bench/bench_evening.py's, the same the estimates
were counted on) and copies its journal at the start of a deal 8 games in to the board (a
folder /report, removed after); firmware/lib/board_report.py there boots the game from it,
times with the chip's own clock the boot, a repaint, an undo and each key of that deal with
its repaint, and a journal append, and reads the heap (free, and the largest block) at the
start, once booted and after the deal's keys. Each figure is printed beside its estimate
(figures.md's, at bench_common.FUEL_PER_US), with the ratio and whether the key's budget
(10 ms) holds on this chip; and the FUEL_PER_US the boot and the undo imply. --save keeps the
report as a file; kept in docs/board-reports/, it sets bench_common.FUEL_PER_US (the median
of those kept), so the estimates follow real chips.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from bench_common import FUEL_PER_US, REPORTED, micropython_script, unix_run
from where import ROOT

FIGURES = os.path.join(ROOT, "docs", "figures.md")
KEY_BUDGET_MS = 10.0
# figures.md's rows, by the words that begin them: (name, words).
ESTIMATED = (
    ("key", "a deal's keys after 8 games, each with its repaint"),
    ("boot", "the boot from the journal, 8 games into a match"),
    ("undo", "an undo, 8 games in,"),
    ("repaint", "one repaint: finding that nothing changed"),
)
JOURNALS = os.path.join(ROOT, "build", "evening-journals")
KEPT = os.path.join(ROOT, "build", "board-report")  # the deal, kept apart from the bench's
KEYS_FILE = os.path.join(KEPT, "deal-keys-8.txt")
ON_THE_BOARD = "/report"


def estimates(text=None):
    """{name: (ms, fuel, median ms or None)} from docs/figures.md's rows."""
    if text is None:
        with open(FIGURES, encoding="utf-8") as handle:
            text = handle.read()
    found = {}
    for name, words in ESTIMATED:
        line = next(line for line in text.splitlines() if line.startswith("| " + words))
        ms = float(re.search(r"ms on the ESP32: ([\d.]+)", line).group(1))
        median = re.search(r"median ([\d.]+)", line)
        fuel = int(line.split("|")[2].strip().replace(",", ""))
        found[name] = (ms, fuel, float(median.group(1)) if median else None)
    return found


def the_deal():
    """(the journal's folder at the start of a deal 8 games in, that deal's keys): the match
    played once on the laptop and kept in build/."""
    folder = os.path.join(KEPT, "deal-start-8")
    if not (os.path.exists(KEYS_FILE) and os.path.exists(folder)):
        import bench_evening

        keys = bench_evening.make_copies()[8]
        shutil.rmtree(KEPT, ignore_errors=True)
        shutil.copytree(os.path.join(JOURNALS, "deal-start-8"), folder)
        with open(KEYS_FILE + ".part", "w") as handle:
            handle.write(" ".join(keys) + "\n")
        os.replace(KEYS_FILE + ".part", KEYS_FILE)  # last: the deal is whole once it is there
    with open(KEYS_FILE) as handle:
        return folder, handle.read().split()


def run_line(folder, keys):
    return "board_report.run(config, Hardware(config), %r, %r)\n" % (folder, keys)


def on_unix(preamble=""):
    """The report's lines from MicroPython's unix port here, with the fake LEDs and keypad;
    preamble: code run before it (a test plants a slowdown so)."""
    source, keys = the_deal()
    with tempfile.TemporaryDirectory() as work:
        folder = os.path.join(work, "data")
        shutil.copytree(source, folder)
        body = (
            "sys.path.insert(0, %r)\nimport fakes\nfakes.install()\nimport config, board_report\n"
            "from hardware import Hardware\n"
            % os.path.join(ROOT, "firmware")
            + preamble
            + run_line(folder, keys)
        )
        return unix_run(
            ["-X", "heapsize=4M", "-c", micropython_script(body).replace("/input", ROOT)]
        )


def on_board(port):
    """The report's lines from the board on port, over mpremote."""
    from deploy import mpremote

    source, keys = the_deal()
    journal = os.path.relpath(os.path.join(source, "cribbage.log"), ROOT)
    folder = ON_THE_BOARD
    argv = mpremote() + ["connect", port, "exec",
                         "import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % folder, "+",
                         "fs", "cp", "-f", journal, ":%s/cribbage.log" % folder, "+", "exec",
                         "import config, board_report\nfrom hardware import Hardware\n"
                         + run_line(folder, keys), "+", "exec",
                         "import os\nfor f in os.listdir(%r):\n os.remove(%r + '/' + f)\n"
                         "os.rmdir(%r)" % (folder, folder, folder)]  # fmt: skip
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
    if done.returncode or "report done" not in done.stdout:
        raise RuntimeError(
            "the board's report did not finish: " + (done.stdout + done.stderr)[-800:]
        )
    return done.stdout


def parse(output):
    """{name: value} of the report's lines; "key" a list of (µs, key)."""
    found = {"key": []}
    for line in output.splitlines():
        words = line.split()
        if len(words) < 3 or words[0] != "report":
            continue
        if words[1] == "key-us":
            found["key"].append((int(words[2]), words[3]))
        else:
            found[words[1]] = int(words[2])
    if "done" not in found or found["done"] != len(found["key"]) or not found["key"]:
        raise ValueError(
            "the report is not whole: %d keys of %s" % (len(found["key"]), found.get("done"))
        )
    return found


def render(found, where, figures=None):
    """The report as text: a table of each figure beside its estimate, then the heap, then the
    FUEL_PER_US the slowest key implies."""
    figures = figures or estimates()
    key_us = sorted(us for us, _ in found["key"])
    slowest = key_us[-1] / 1000.0
    median = key_us[len(key_us) // 2] / 1000.0
    holds = "holds" if slowest <= KEY_BUDGET_MS else "OVER BUDGET"
    rows = [
        ("the slowest key of a deal 8 games in, with its repaint", figures["key"][0], slowest,
         "%g ms: %s" % (KEY_BUDGET_MS, holds)),
        ("the median key of that deal", figures["key"][2], median, ""),
        ("the boot from the journal, 8 games in", figures["boot"][0], found["boot-us"] / 1000.0,
         ""),
        ("an undo, 8 games in", figures["undo"][0], found["undo-us"] / 1000.0, ""),
        ("a repaint finding nothing changed", figures["repaint"][0],
         found["repaint-us"] / 1000.0, ""),
        ("a journal append on flash (16 bytes)", None, found["append-us"] / 1000.0, ""),
    ]  # fmt: skip
    lines = ["# Board report: %s" % where, ""]
    lines += ["| figure | estimate (ms) | measured (ms) | measured / estimate | budget |",
              "|---|---|---|---|---|"]  # fmt: skip
    for name, estimate, measured, budget in rows:
        ratio = "%.2f" % (measured / estimate) if estimate else "—"
        lines.append("| %s | %s | %.3f | %s | %s |" % (
            name, "%g" % estimate if estimate else "none", measured, ratio, budget))  # fmt: skip
    lines += ["", "| heap | free (bytes) | largest block (bytes) |", "|---|---|---|"]
    for when, words in (("start", "before the game"), ("booted", "the game booted"),
                        ("keyed", "after the deal's keys")):  # fmt: skip
        lines.append("| %s | %d | %d |" % (words, found["heap-free-" + when],
                                          found["heap-largest-" + when]))  # fmt: skip
    # The boot and the undo: their estimates count all they do but reading flash; the keys'
    # leave their journal appends out, which the board's include.
    implied = (figures["boot"][1] + figures["undo"][1]) / float(
        found["boot-us"] + found["undo-us"]
    )
    lines += [
        "",
        "The estimates are instructions counted on a 32-bit build at FUEL_PER_US = %d (the"
        " keys' without their journal appends, which the board's include)." % FUEL_PER_US,
        "",
        "%s (the boot and the undo) = %d" % (REPORTED, round(implied)),
    ]
    return "\n".join(lines) + "\n"


UNIX_WHERE = (
    "this laptop's MicroPython unix port, the fake LEDs and keypad: the laptop's figures, not a"
    " chip's (the ratios say how fast this laptop is, nothing of an ESP32)"
)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", help="the board's serial port (default: found)")
    parser.add_argument("--unix", action="store_true", help="on this laptop's unix port instead")
    parser.add_argument("--save", help="keep the report in this file too")
    args = parser.parse_args(argv)
    if args.unix:
        text = render(parse(on_unix()), UNIX_WHERE)
    else:
        from deploy import find_port

        port = args.port or find_port()
        text = render(parse(on_board(port)), "the board on %s, timed by its own clock" % port)
    sys.stdout.write(text)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
