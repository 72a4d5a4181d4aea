"""docs/figures.md read back: its rows by name, and the rarely loaded code's row split per
module (the figures' tests and the evening's share them)."""

import os
import re

from where import ROOT

FIGURES = os.path.join(ROOT, "docs", "figures.md")  # tools/upkeep/figures.py writes it


def rows_of_figures():
    with open(FIGURES, encoding="utf-8") as page:
        return dict(re.findall(r"^\| (.+?) \| ([\d,]+) \|", page.read(), re.M))


RARELY_ROW = (
    "the code the board loads only when it needs it, if it were kept loaded beside the game"
)


def rarely_weights():
    """{module: bytes} and the total, from docs/figures.md's row (tools/bench/bench.py ram)."""
    for name, value in rows_of_figures().items():
        if name.startswith(RARELY_ROW):
            weights = {}
            for part in name.split(": ", 1)[1].split(", "):
                module, size = part.rsplit(" ", 1)
                weights[module] = int(size.replace(",", ""))
            return weights, int(value.replace(",", ""))
    raise AssertionError("no row of the rarely loaded code in figures.md")
