"""Draws the pictures in hardware/pictures/ with the real renderer, through the simulator:
each is the board after a script of key presses. `--check` exits 1 when one is stale.
"""

import os
import sys
import tempfile

from where import ROOT

OUT = os.path.join(ROOT, "hardware", "pictures")
# name: (key presses, caption)
SCENES = [
    ("new-match", "#", "a new match: both pegs in the start holes; status: mode, dealer"),
    ("the-play", "# 5 4 0 5 5 9", "the play: count 29 (2 tens, 9 units), blue to play"),
    ("starter-keyed", "# 5", "the starter's rank keyed (5): it shows on the count LEDs"),
    (
        "the-show",
        "# 5 4 5 0 5 A # # 4 9 6 8 #",
        "the show: blue's hand (turn/hand LED), sign 5 lit: all four of one suit?",
    ),
    ("points-preview", "# # D 7", "points keyed (7): the preview peg blinks in white"),
    ("error", "# 5 4 C B 9 3 wait:200", "a card past 31: the status line flashes"),
    (
        "makao",
        "hold:D A 9 1 2 1 # 2 2 #",
        "Makao, 3 players: each part shows the cards held; 4 to take (white, on the status line)",
    ),
    (
        "second-lap",
        "# # D 2 9 # D 2 9 # D 9 # D 9 # D 9 #",
        "orange on its second lap: pale pegs, its start hole glows; skunk lines faint",
    ),  # fmt: skip
]
from board.words import KEY_ROWS  # noqa: E402  (one key map for the faceplate, the page and here)


def scene_svg(keys, wait_ms=0):
    from simulator import Simulator

    with tempfile.TemporaryDirectory() as data:
        sim = Simulator(data)
        sim.run_script(keys)
        if wait_ms:
            sim.wait(wait_ms)
        path = os.path.join(data, "board.svg")
        sim.snapshot(path)
        with open(path) as handle:
            return handle.read()


def keypad_svg():
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">'
    ]
    out.append('<rect width="200" height="200" rx="8" fill="#222"/>')
    for index, (key, meaning) in enumerate(KEY_ROWS):
        x = 10 + (index % 4) * 46
        y = 10 + (index // 4) * 46
        out.append('<rect x="%d" y="%d" width="42" height="42" rx="5" fill="#eee"/>' % (x, y))
        out.append(
            '<text x="%d" y="%d" font-size="16" text-anchor="middle" font-family="sans-serif">'
            "%s</text>" % (x + 21, y + 20, key)
        )
        out.append(
            '<text x="%d" y="%d" font-size="9" text-anchor="middle" font-family="sans-serif"'
            ' fill="#555">%s</text>' % (x + 21, y + 35, meaning)
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def pictures():
    made = {"keypad.svg": keypad_svg()}
    for name, keys, _ in SCENES:
        made[name + ".svg"] = scene_svg(keys)
    return made


def main(argv):
    from generated import checking

    check = checking(argv, __doc__)
    os.makedirs(OUT, exist_ok=True)
    stale = []
    for name, text in pictures().items():
        path = os.path.join(OUT, name)
        if check:
            if not os.path.exists(path) or open(path).read() != text:
                stale.append(name)
        else:
            with open(path, "w") as handle:
                handle.write(text)
    if stale:
        print("stale pictures (run python tools/upkeep/docs_pictures.py): " + " ".join(stale))
        return 1
    print("pictures are up to date" if check else "wrote hardware/pictures/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
