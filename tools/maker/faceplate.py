"""The printable faceplate and the players' quick reference, drawn from config.py.

  python tools/maker/faceplate.py          hardware/faceplate.svg (1:1), faceplate-a4.pdf and
                                           faceplate-letter.pdf (1:1 on pages that join:
                                           print at 100 %), hardware/quick-reference.md
  python tools/maker/faceplate.py --check  exit 1 when one of them is stale

The faceplate is the board's face as drilled (tools/maker/board_picture.py): the holes in
groups of five, the lap numbers every 5 and 10, the skunk lines with their words, the start
and game holes, every status LED with its meaning (and the signs of what the board waits for under
the units LEDs), and the key map. One drawing, written as SVG and as PDF.
"""

import os
import sys

from board.words import KEY_ROWS, SIGN_WORDS, SUITS, sign_names
from board.words import status_words as layout_words
from board_picture import (
    as_built,
    geometry,
    hole_mm,
    keypad_box,
    on_a_panel,
    ribbon_slot,
    scale_bar,
)
from generated import checking, write_or_check
from where import ROOT

OUT = os.path.join(ROOT, "hardware")


def status_words(config):
    """{LED: [label lines]} for every LED of the status line (board/words.py's)."""
    from board.layout import Layout

    return layout_words(Layout(config))


LABEL_MM = 2.5  # the smallest type on the faceplate: readable at arm's length
SHORTER = {"double skunk 61": "2\u00d7 skunk 61"}  # where the board's edge is near


def drawing(config):
    """The faceplate as (width, height, [primitives]) in millimetres, y down, the board's own
    size (config.BOARD_MM): ("circle", x, y, r), ("line", x1, y1, x2, y2),
    ("text", x, y, size, words, anchor)."""
    from board.layout import Layout

    layout = Layout(config)
    places = geometry(config)
    pitch = config.HOLE_PITCH_MM
    width, height = config.BOARD_MM
    shapes = []

    def y_of(y_mm):
        return height - y_mm

    def box(x, y, w, h):  # x, y: the lower left corner, mm up from the board's lower edge
        top = y_of(y + h)
        shapes.append(("line", x, top, x + w, top))
        shapes.append(("line", x + w, top, x + w, top + h))
        shapes.append(("line", x + w, top + h, x, top + h))
        shapes.append(("line", x, top + h, x, top))

    box(0.5, 0.5, width - 1, height - 1)  # the board's edge: cut the print along it
    title = "Cribbage: twice round to 121. Front peg bright, rear peg dim, pale on the second lap."
    shapes.append(("text", pitch, 8, 4.0, title, "start"))
    where = {}
    # On a panel the drawings number each LED by its place on the wire: the game's own
    # numbers are wanted here.
    game_led = {}
    if layout.wire_order is not None:
        game_led = {layout.wire_order[led] // 3: led for led in range(layout.length)}
    for led, x, y, kind in places:
        shapes.append(("circle", x, y_of(y), hole_mm(config, kind) / 2.0))
        where[game_led.get(led, led)] = (x, y_of(y), kind)
    if on_a_panel(config):
        fives(layout, where, pitch, shapes)
    # Lap numbers every 5 (small) and 10 (larger), outside each track's rows.
    for side in range(layout.tracks):
        holes = layout.peg_leds[side]
        outward = 1 if side == 0 else -1  # side 0 runs along the bottom, side 1 the top
        for points in range(5, 61, 5):
            x, y, _ = where[holes[points]]
            inner = points > 30
            offset = (-1 if inner else 1) * outward * (hole_mm(config) + 1.8)
            size = 3.2 if points % 10 == 0 else LABEL_MM
            label = ("text", x, y + offset + size / 3, size, "%d" % points, "middle")
            # Where the rows leave no room (three tracks on the panel), the fives' marks and
            # the ends' numbers say the lap instead.
            if not over_a_hole(label, shapes):
                shapes.append(label)
        x, y, _ = where[layout.start_holes[side]]
        shapes.append(("text", x, y + outward * 5.6 + 0.9, LABEL_MM, "start", "middle"))
    # The skunk lines (121 points: 91, and the double skunk at 61) across each track: between
    # the hole before and the hole itself, square to the way the pegs go.
    for side in range(layout.tracks):
        for line, words in ((91, "skunk 91"), (61, "double skunk 61")):
            x0, y0, _ = where[layout.peg_leds[side][line - 1]]
            x1, y1, _ = where[layout.peg_leds[side][line]]
            mx, my = (x0 + x1) / 2.0, (y0 + y1) / 2.0
            length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            nx = -(y1 - y0) / length * pitch * 0.45
            ny = (x1 - x0) / length * pitch * 0.45
            shapes.append(("line", mx - nx, my - ny, mx + nx, my + ny))
            beyond = -1 if x1 < width / 2 else 1  # the words outside the track's end
            anchor = "end" if beyond < 0 else "start"
            # Beyond the line's end; shorter where the board's edge is near (on the panel the
            # start holes' column leaves less room).
            room = (mx if beyond < 0 else width - mx) - 1 - 4.5
            if len(words) * 0.55 * LABEL_MM > room:
                words = SHORTER[words]
            shapes.append(("text", mx + beyond * 4.5, my + 0.9, LABEL_MM, words, anchor))
    x, y, _ = where[layout.game_hole]
    shapes.append(("text", x, y + 7.5, LABEL_MM, "game", "middle"))
    # Every status LED with its meaning. Under the units, dealer and turn LEDs the second
    # line's words take turns on two lines: they are wider than the LEDs are apart.
    turns = [layout.status[name] for name in ("units", "dealer", "turn")]
    for led, lines in status_words(config).items():
        x, y, _ = where[led]
        lower = [1 for first, count in turns if first <= led < first + count and (led - first) % 2]
        for i in range(len(lines)):
            row = i + 1 if i == 1 and lower else i
            if lines[i]:
                shapes.append(("text", x, y + 5.6 + 3.0 * row, LABEL_MM, lines[i], "middle"))
    # The keypad's place (a membrane keypad is stuck on it; with push buttons, drill one at
    # each key's centre), each key with what it means, and the slot its ribbon goes through.
    kx, ky, kw, kh = keypad_box(config)
    box(kx, ky, kw, kh)
    for index in range(len(KEY_ROWS)):
        key, meaning = KEY_ROWS[index]
        cx = kx + (index % 4 + 0.5) * kw / 4.0
        cy = y_of(ky + kh) + (index // 4 + 0.5) * kh / 4.0
        shapes.append(("text", cx, cy + 1.0, 5.0, key, "middle"))
        shapes.append(("text", cx, cy + 5.5, LABEL_MM, meaning, "middle"))
    sx, sy, sw, sh = ribbon_slot(config)
    box(sx, sy, sw, sh)
    shapes.append(("text", sx + sw / 2.0, y_of(sy) + 3.6, LABEL_MM, "cut: ribbon", "middle"))
    # What the keys do when held, and the suits' numbers, in the strip above the keypad.
    legend = (
        "suits: " + ", ".join(SUITS),
        "hold #: end the play, muggins",
        "hold D: next game (Makao, Latvian)",
        "hold 9: Wi-Fi \u00b7 hold 0: pair a phone",
    )
    for i in range(len(legend)):
        shapes.append(
            ("text", kx, y_of(ky + kh) - 1.5 - 3.2 * (3 - i), LABEL_MM, legend[i], "start")
        )
    # A 100 mm scale bar to check the print by, its ticks every 10 mm.
    bx, by = scale_bar(config)
    shapes.append(("line", bx, y_of(by), bx + 100, y_of(by)))
    for tick in range(0, 101, 10):
        shapes.append(("line", bx + tick, y_of(by), bx + tick, y_of(by) + (2 if tick % 50 else 3)))
    shapes.append(("text", bx + 50, y_of(by) - 1.2, LABEL_MM, "100 mm: check the print", "middle"))
    return width, height, shapes


def over_a_hole(text, shapes):
    """Whether a line of text would cover a hole (a Helvetica glyph about 0.55 of its size
    wide, from the cap height to the baseline)."""
    _, x, y, size, words, _ = text
    half = 0.55 * size * len(words) / 2.0
    for shape in shapes:
        if shape[0] == "circle":
            _, cx, cy, r = shape
            if x - half < cx + r and cx - r < x + half and y - 0.75 * size < cy + r and cy - r < y:
                return True
    return False


def fives(layout, where, pitch, shapes):
    """The holes in fives, as a wooden board groups them: where the panel's grid has no wider
    gap, a short line across each track between every fifth hole and the next."""
    from board import panel

    pitch = panel.PITCH_MM
    for side in range(layout.tracks):
        holes = layout.peg_leds[side]
        for points in range(5, 60, 5):
            if points == 30:
                continue  # the track's end: it turns there
            x0, y0, _ = where[holes[points]]
            x1, y1, _ = where[holes[points + 1]]
            mx, my = (x0 + x1) / 2.0, (y0 + y1) / 2.0
            shapes.append(("line", mx, my - pitch * 0.3, mx, my + pitch * 0.3))


def to_svg(width, height, shapes):
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g">'
        % (width, height, width, height),
        '<rect width="%g" height="%g" fill="#ffffff"/>' % (width, height),
    ]
    for shape in shapes:
        if shape[0] == "circle":
            out.append(
                '<circle cx="%.2f" cy="%.2f" r="%.2f" fill="none" stroke="#000"'
                ' stroke-width="0.25"/>' % shape[1:]
            )
        elif shape[0] == "line":
            out.append(
                '<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#000"'
                ' stroke-width="0.3"/>' % shape[1:]
            )
        else:
            _, x, y, size, words, anchor = shape
            out.append(
                '<text x="%.2f" y="%.2f" font-size="%.2f" font-family="Helvetica, sans-serif"'
                ' text-anchor="%s">%s</text>' % (x, y, size, anchor, _escape(words))
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _escape(words):
    return words.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


MM = 72 / 25.4  # PDF points per millimetre
KAPPA = 0.5523  # a circle as four Bezier curves


PAPERS = (("A4", 297.0, 210.0), ("Letter", 279.4, 215.9))  # landscape, mm
MARGIN = 12.0  # mm kept clear at each paper edge: printers do not print there
OVERLAP = 10.0  # mm two neighbouring pages share, where their alignment crosses are


def tiles(width, height, paper_width, paper_height):
    """[(x0, y0, w, h)]: the parts of a width x height drawing each page prints, left to
    right then top to bottom; neighbours share OVERLAP mm."""
    room_x, room_y = paper_width - 2 * MARGIN, paper_height - 2 * MARGIN
    columns = max(1, -int(-(width - OVERLAP) // (room_x - OVERLAP)))
    rows = max(1, -int(-(height - OVERLAP) // (room_y - OVERLAP)))
    found = []
    for row in range(rows):
        for column in range(columns):
            x0, y0 = column * (room_x - OVERLAP), row * (room_y - OVERLAP)
            found.append((x0, y0, min(room_x, width - x0), min(room_y, height - y0)))
    return found


def crosses(parts):
    """Alignment crosses (x, y) in the middle of every overlap: each is on both pages."""
    found = []
    for x0, y0, w, h in parts:
        if x0 > 0:
            join = x0 + OVERLAP / 2.0
            found += [(join, y0 + h * f) for f in (0.25, 0.5, 0.75)]
        if y0 > 0:
            join = y0 + OVERLAP / 2.0
            found += [(x0 + w * f, join) for f in (0.25, 0.5, 0.75)]
    return found


def _ops(shapes, height, dx, dy):
    """PDF drawing operators for shapes (mm, y down) moved by (dx, dy) on a page height mm."""
    ops = []
    for shape in shapes:
        if shape[0] == "circle":
            _, x, y, r = shape
            cx, cy, r = (x + dx) * MM, (height - y - dy) * MM, r * MM
            k = r * KAPPA
            ops.append("%.2f w %.2f %.2f m" % (0.25 * MM, cx + r, cy))
            ops.append(
                "%.2f %.2f %.2f %.2f %.2f %.2f c" % (cx + r, cy + k, cx + k, cy + r, cx, cy + r)
            )
            ops.append(
                "%.2f %.2f %.2f %.2f %.2f %.2f c" % (cx - k, cy + r, cx - r, cy + k, cx - r, cy)
            )
            ops.append(
                "%.2f %.2f %.2f %.2f %.2f %.2f c" % (cx - r, cy - k, cx - k, cy - r, cx, cy - r)
            )
            ops.append(
                "%.2f %.2f %.2f %.2f %.2f %.2f c S" % (cx + k, cy - r, cx + r, cy - k, cx + r, cy)
            )
        elif shape[0] == "line":
            _, x1, y1, x2, y2 = shape
            ops.append(
                "%.2f w %.2f %.2f m %.2f %.2f l S"
                % (
                    0.3 * MM,
                    (x1 + dx) * MM,
                    (height - y1 - dy) * MM,
                    (x2 + dx) * MM,
                    (height - y2 - dy) * MM,
                )
            )
        else:
            _, x, y, size, words, anchor = shape
            # Helvetica's mean glyph width is about half its size: close enough to centre.
            shift = {"middle": 0.25, "start": 0, "end": 0.5}[anchor] * len(words) * size
            text = words.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(
                "BT /F1 %.2f Tf %.2f %.2f Td (%s) Tj ET"
                % (size * MM, (x - shift + dx) * MM, (height - y - dy) * MM, text)
            )
    return ops


def page_shapes(parts, number, paper_height):
    """What a page prints outside the drawing (mm on the paper, y down): which page it is,
    how to print and join it, and a 100 mm scale bar in its lower margin."""
    x0, y0, w, h = parts[number]
    note = "Faceplate, page %d of %d (the board's %g to %g mm from the left). Print at 100 %%" % (
        number + 1,
        len(parts),
        x0,
        x0 + w,
    )
    note += " (actual size); lay each page's crosses on its neighbour's, trim along the edge."
    bar_y = paper_height - MARGIN / 2.0
    shapes = [("text", MARGIN, MARGIN - 4, 2.5, note, "start")]
    shapes.append(("line", MARGIN, bar_y, MARGIN + 100, bar_y))
    for tick in range(0, 101, 10):
        shapes.append(
            ("line", MARGIN + tick, bar_y, MARGIN + tick, bar_y - (1.5 if tick % 50 else 2.5))
        )
    shapes.append(("text", MARGIN + 104, bar_y + 0.9, 2.5, "100 mm", "start"))
    return shapes


def to_pdf(width, height, shapes, paper):
    """The drawing on paper = (name, width, height) landscape, 1:1, cut into pages that
    overlap (tiles) with alignment crosses, each page clipped to its part (PDF 1.4)."""
    _, paper_width, paper_height = paper
    parts = tiles(width, height, paper_width, paper_height)
    marks = []
    for x, y in crosses(parts):
        marks.append(("line", x - 4, y, x + 4, y))
        marks.append(("line", x, y - 4, x, y + 4))
        marks.append(("circle", x, y, 2.0))
    contents = []
    for number in range(len(parts)):
        x0, y0, w, h = parts[number]
        dx, dy = MARGIN - x0, MARGIN - y0
        clip = "q %.2f %.2f %.2f %.2f re W n" % (
            MARGIN * MM,
            (paper_height - MARGIN - h) * MM,
            w * MM,
            h * MM,
        )
        ops = ["0 0 0 RG 0 0 0 rg", clip] + _ops(shapes + marks, paper_height, dx, dy) + ["Q"]
        ops += _ops(page_shapes(parts, number, paper_height), paper_height, 0, 0)
        contents.append("\n".join(ops).encode("latin-1"))
    count = len(parts)
    font = 3 + 2 * count
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % (3 + 2 * i) for i in range(count)), count),
    ]
    for content in contents:
        objects.append(
            (
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Contents %d 0 R"
                " /Resources << /Font << /F1 %d 0 R >> >> >>"
                % (paper_width * MM, paper_height * MM, len(objects) + 2, font)
            ).encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    objects.append(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    )
    out = b"%PDF-1.4\n"
    offsets = []
    for number in range(len(objects)):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (number + 1) + objects[number] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return out


# What each state of ui.crib_prompts is, in the players' words, in the order of a deal.
STATE_NAMES = (
    ("NEW_MATCH", "before a match (and after one)"),
    ("STARTER", "the cut: the starter"),
    ("SUIT", "the starter's rank keyed: its suit"),
    ("LAY", "the play"),
    ("POINTS_PLAY", "the play of a deal counted in points"),
    ("FLUSH", 'a hand: "all four of one suit?"'),
    ("FLUSH_STARTER", 'a hand: "the starter\'s suit too?"'),
    ("NOBS", 'a hand: "a jack of the starter\'s suit?"'),
    ("COUNT", "a hand with nothing to ask"),
    ("CRIB_RANKS", "the crib"),
    ("HAND_RANKS", "a hand the play did not show whole (the play ended early)"),
    ("SHOW_POINTS", "each hand of a deal counted in points"),
    ("POINTS_SIDE", "points entry, just after `D` (the cut, the play)"),
    ("POINTS_SHOW", "points entry, just after `D` (the show)"),
    ("POINTS_DIGITS", "points entry, a digit keyed"),
    ("NEXT_GAME", "a game won"),
)
# How a deal flows: what the state table cannot show by itself.
FLOW = (
    "Blue deals the first game; the deal then passes left every deal. With four players "
    "(two partnerships, each a colour) the prompts name the player by colour and by where "
    "they sit: *left of the dealer*, *the dealer's partner*, *right of the dealer*, *the "
    "dealer*. After a game the loser deals first (the match's option; with four, the losing "
    "side's player first after the last game's first dealer).",
    "In the play every player who holds cards but cannot lay presses `#` (with four players "
    "up to four in a row); when nobody can lay the board pegs the go to the last to lay by "
    "itself, and the last card's point too. Hold `#` ends the play at once.",
    "Points by hand: `D`, then the side's letter right after it if the points are not the "
    "player in turn's (`A` blue, `B` orange, `C` yellow; `D A 5 #`), then one or two digits, "
    "then `#`. In a deal counted in points `D` alone pegs for the pone, his heels is "
    "`D` + the dealer's letter + `2 #`, and a hand of nothing is `D 0 #`. In the show `D` "
    "counts the hand or crib being shown.",
    "`*` takes back the last key of a half-made entry (a digit, the side letter, the `D`, the "
    "starter's rank, a crib rank, an answer), one key at a time; with nothing half-made it "
    "undoes the last entry, back to the match's start. Hold `*` redoes. The console says what "
    "was taken back or undone; the LEDs go back to what they showed before it.",
    "A key that means nothing where the board is flashes the error LEDs and the console says "
    "why (`5 does nothing now: ...`); nothing changes. The front peg stops at the target: a "
    "game ends the moment a side reaches it, even in the play.",
    "Before a match the keys cycle: `A` players 2 ↔ 4 (2 → 3 → 4 on a three-track board), "
    "`B` target 121 → 61 → 62, `C` games 1 → 3 → 5 → 7 → 9.",
)


def _keys_in_words(takes):
    """The keys a state takes, those of one meaning (a rank, a digit) said once for all."""
    groups = []  # [keys, meaning]
    for key, meaning in takes:
        head = meaning.split(": ")[0] if ": " in meaning else meaning
        ranks = ": " in meaning and meaning.split(": ")[1] in _RANK_WORDS
        if groups and groups[-1][1] == head and (ranks or head == meaning):
            groups[-1][0].append(key)
        else:
            groups.append([[key], head if ranks else meaning])
    words = []
    for keys, meaning in groups:
        if len(keys) == 13:
            words.append("`1`–`9` `0` `A` `B` `C` %s (A 2–9 T J Q K)" % meaning)
        elif len(keys) == 10:
            words.append("`0`–`9` %s" % meaning)
        else:
            words.append(" ".join("`%s`" % key for key in keys) + " " + meaning)
    return "; ".join(words)


_RANK_WORDS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "ten", "jack", "queen", "king")


def quick_reference():
    """One page for the players: every state of the board's prompt table (ui.crib_prompts)
    with its sign and every key it takes, and how a deal flows."""
    from ui import crib_prompts as cp

    words = dict(sign_names())
    table = cp.table()
    keys = " · ".join("`%s` %s" % (key, meaning) for key, meaning in KEY_ROWS)
    lines = [
        "# Quick reference: a deal on the board",
        "",
        "<!-- Written by tools/maker/faceplate.py from the board's own prompt table"
        " (firmware/lib/ui/crib_prompts.py), signs and key map. -->",
        "",
        "Keys: " + keys + ". Suits: " + ", ".join(SUITS) + ".",
        "",
        "The nine **units** LEDs of the status line show the running count in the play, and",
        "outside it one white LED: what the board waits for (its words are printed under it).",
        "A rank or suit keyed shows for a moment as a number (ace 1 … king 13) on the count",
        "LEDs; points being keyed show there in the side's colour. An error flashes them",
        "vermillion. The **turn/hand** LED says whose turn it is, or whose hand is shown.",
        "The console (and the web page's prompt) says the same in words, each time it changes.",
        "",
    ]
    for paragraph in FLOW:
        lines += [paragraph, ""]
    lines += ["| where the board is | sign | keys it takes |", "|---|---|---|"]
    for name, title in STATE_NAMES:
        sign, takes = table[getattr(cp, name)]
        shown = "%d %s" % (sign, SIGN_WORDS[words[sign]]) if sign else "—"
        lines.append("| %s | %s | %s |" % (title, shown, _keys_in_words(takes)))
    lines += [
        "",
        "At any time: hold `D` switches the game (cribbage, Makao, the Latvian game); hold `9`"
        " turns Wi-Fi off, on as the board's own network, or onto the home network; hold `0`"
        " pairs the phone whose page asks (its code is spelled on the count LEDs), so it may"
        " change the game; with none asking it spells the last number of the board's address"
        " digit by digit (0 as one ten).",
        "",
        "The faceplate to print, for the LED panel (the reference):"
        " [panel-faceplate-a4.pdf](panel-faceplate-a4.pdf) or",
        "[panel-faceplate-letter.pdf](panel-faceplate-letter.pdf) (1:1 on two pages that join;"
        " the cutting drawing is [panel-drill.svg](panel-drill.svg)); three tracks:",
        "[panel-3-tracks-faceplate-a4.pdf](panel-3-tracks-faceplate-a4.pdf). The hand-wired"
        " board's: [faceplate-a4.pdf](faceplate-a4.pdf), [drill.svg](drill.svg).",
    ]
    return "\n".join(lines) + "\n"


# The drawings made: (file prefix, LEDS, TRACKS). Both builds, whatever config.py says; the
# panel with three tracks too (the hand-wired three-track board is 140 mm high: set
# BOARD_MM and TRACKS, and redraw).
BOARDS = (("panel-", "panel", 2), ("panel-3-tracks-", "panel", 3), ("", "hand-wired", 2))


def outputs(config):
    """The faceplate of the board on the LED panel (panel-*), the hand-wired board's, and the
    quick reference: both boards whatever config.py's LEDS, each drawn from the rest of it."""
    made = {}
    for prefix, leds, tracks in BOARDS:
        board = as_built(config, leds)
        board.TRACKS = tracks
        width, height, shapes = drawing(board)
        made[prefix + "faceplate.svg"] = to_svg(width, height, shapes).encode()
        for paper in PAPERS:
            pdf = to_pdf(width, height, shapes, paper)
            made["%sfaceplate-%s.pdf" % (prefix, paper[0].lower())] = pdf
    made["quick-reference.md"] = quick_reference().encode()
    return made


def main(argv):
    import config

    check = checking(argv, __doc__)
    stale = 0
    for name, data in outputs(config).items():
        path = os.path.join(OUT, name)
        if name.endswith(".pdf"):
            if check:
                current = open(path, "rb").read() if os.path.exists(path) else b""
                if current != data:
                    print("%s is stale: run python tools/maker/faceplate.py" % name)
                    stale = 1
                else:
                    print("%s is up to date" % name)
            else:
                with open(path, "wb") as out:
                    out.write(data)
                print("wrote", name)
            continue
        stale |= write_or_check(path, data.decode(), check, "python tools/maker/faceplate.py")
    return stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
