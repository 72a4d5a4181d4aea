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


def test_the_pdf_is_one_page_with_a_correct_cross_reference():
    width, height, shapes = faceplate.drawing(config)
    pdf = faceplate.to_pdf(width, height, shapes)
    assert pdf.startswith(b"%PDF-1.4\n") and pdf.endswith(b"%%EOF\n")
    start = int(pdf.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    assert pdf[start:].startswith(b"xref\n0 6\n")
    offsets = [int(n) for n in re.findall(rb"(\d{10}) 00000 n", pdf)]
    for number, offset in enumerate(offsets, 1):
        assert pdf[offset:].startswith(b"%d 0 obj\n" % number)
    media = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    assert abs(float(media.group(1)) - width * 72 / 25.4) < 0.01  # 1:1
    assert pdf.count(b"BT /F1") == len([s for s in shapes if s[0] == "text"])
