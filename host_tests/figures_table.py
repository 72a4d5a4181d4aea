"""docs/figures.md read back: its rows by name, and the rarely loaded code's row split per
module (the figures' tests and the evening's share them)."""

import re

import figures


def rows_of_figures():
    with open(figures.OUT, encoding="utf-8") as page:
        return dict(re.findall(r"^\| (.+?) \| ([\d,]+) \|", page.read(), re.M))


RARELY_ROW = (
    "the code the board loads only when it needs it, if it were kept loaded beside the game"
)


def rarely_weights():
    """{module: bytes} and the total, from docs/figures.md's row (tools/bench.py ram)."""
    for name, value in rows_of_figures().items():
        if name.startswith(RARELY_ROW):
            weights = {}
            for part in name.split(": ", 1)[1].split(", "):
                module, size = part.rsplit(" ", 1)
                weights[module] = int(size.replace(",", ""))
            return weights, int(value.replace(",", ""))
    raise AssertionError("no row of the rarely loaded code in figures.md")
