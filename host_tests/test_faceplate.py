"""The faceplate explains every status LED and every sign the renderer uses (one source for
both), and its PDF is a well-formed file."""

import re

import config
import faceplate
from board.layout import Layout


def test_every_status_led_has_its_words_on_the_faceplate():
    layout = Layout(config)
    words = faceplate.status_words(config)
    for first, count in layout.status.values():
        for led in range(first, first + count):
            assert [line for line in words[led] if line] or led in _tally(layout), led
    _, _, shapes = faceplate.drawing(config)
    printed = {shape[4] for shape in shapes if shape[0] == "text"}
    for lines in words.values():
        for line in lines:
            assert not line or line in printed, line


def _tally(layout):
    first, count = layout.status["tally"]
    return range(first + 1, first + count)  # one word, "games", for the five


def test_every_sign_the_board_shows_has_words_under_its_led():
    from board import signs

    names = [name for name in dir(signs) if name.isupper()]
    assert sorted(names) == sorted(faceplate.SIGN_WORDS), "a sign without faceplate words"
    numbers = sorted(getattr(signs, name) for name in names)
    assert numbers == list(range(1, 10))  # one per units LED
    units = faceplate.status_words(config)
    first, _ = Layout(config).status["units"]
    for name in names:
        assert units[first + getattr(signs, name) - 1][1] == faceplate.SIGN_WORDS[name]


def test_each_pdf_has_a_correct_cross_reference_and_every_label_on_each_page():
    width, height, shapes = faceplate.drawing(config)
    texts = len([s for s in shapes if s[0] == "text"])
    for paper in faceplate.PAPERS:
        pdf = faceplate.to_pdf(width, height, shapes, paper)
        assert pdf.startswith(b"%PDF-1.4\n") and pdf.endswith(b"%%EOF\n")
        pages = len(faceplate.tiles(width, height, paper[1], paper[2]))
        objects = 2 + 2 * pages + 1  # catalog, pages, a page and its content each, the font
        start = int(pdf.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
        assert pdf[start:].startswith(b"xref\n0 %d\n" % (objects + 1))
        offsets = [int(n) for n in re.findall(rb"(\d{10}) 00000 n", pdf)]
        assert len(offsets) == objects
        for number, offset in enumerate(offsets, 1):
            assert pdf[offset:].startswith(b"%d 0 obj\n" % number)
        media = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
        assert len(media) == pages
        for w, h in media:
            assert abs(float(w) - paper[1] * 72 / 25.4) < 0.01  # 1:1 on the paper
            assert abs(float(h) - paper[2] * 72 / 25.4) < 0.01
        # Each page draws the whole drawing (clipped to its part), its note and bar label.
        assert pdf.count(b"BT /F1") == pages * (texts + 2)


def test_the_panels_cutting_drawing_puts_each_window_on_its_leds_centre():
    """hardware/panel-drill.svg, as drawn for config.py's panel wiring: each window's number is
    its LED's place on the wire, and its centre is that LED's centre to 0.1 mm, the LED found
    by walking the serpentine from the panel's first LED (test_panel.walked), its centre 5 mm
    plus 10 mm a step in from the panel's edge as the drawing's dashed outline has it."""
    import os

    from board import panel
    from panel_walk import walked

    with open(os.path.join(faceplate.ROOT, "hardware", "panel-drill.svg")) as handle:
        drawing = handle.read()
    cell_of = {
        index: cell for cell, index in walked(config.PANEL_WIRING, config.PANEL_FIRST_LED).items()
    }
    edge = re.search(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="320" height="80"[^>]*dasharray', drawing
    )
    left, top = float(edge.group(1)), float(edge.group(2))
    circles = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', drawing)
    labels = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>(\d+)</text>', drawing)
    assert len(circles) == len(labels) == 60 * config.TRACKS + config.TRACKS + 1 + 26
    for (cx, cy, r), (_, _, number) in zip(circles, labels):
        column, row = cell_of[int(number)]
        x = left + 5 + 10 * column
        y = top + 80 - 5 - 10 * row
        assert abs(float(cx) - x) < 0.1 and abs(float(cy) - y) < 0.1, (number, cx, cy)
        assert round(float(r), 2) in (
            config.PANEL_HOLE_MM / 2.0,
            round(config.PANEL_HOLE_MM * 0.7, 2),
        )
    assert panel.PITCH_MM == 10 and config.PANEL_HOLE_MM == 6  # as the drawing's title says
    assert "6 mm windows (the game's 8.4 mm) on its 10 mm grid" in drawing
