"""docs/figures.md is written by tools/upkeep/figures.py and checked by tools/check: a figure that
moves makes the check fail until the page is written again."""

import figures
from figures_table import rarely_weights, rows_of_figures


def test_the_figures_page_goes_stale_when_a_figure_moves(tmp_path, monkeypatch):
    measured = [("the web page, as the board sends it (gzip)", 4406, "`bench web`")]
    monkeypatch.setattr(figures, "measure", lambda: list(measured))
    monkeypatch.setattr(figures, "OUT", str(tmp_path / "figures.md"))
    assert figures.main(["--check"]) == 1  # no page yet
    assert figures.main([]) == 0
    assert (
        "| the web page, as the board sends it (gzip) | 4,406 | `bench web` |"
        in (tmp_path / "figures.md").read_text()
    )
    assert figures.main(["--check"]) == 0
    measured[0] = (measured[0][0], 4407, measured[0][2])  # one byte more on the page
    assert figures.main(["--check"]) == 1


def test_a_count_within_its_noise_of_the_written_one_keeps_the_written_words():
    def described(count):
        return "the question (and %.1f million of the interpreter)" % (count / 1e6)

    written = "| the question (and 1.5 million of the interpreter) | 104,159,935 | `bench` |\n"
    # Another checkout counts 60 instructions fewer, across the rounding's edge.
    assert described(1449960) == "the question (and 1.4 million of the interpreter)"
    assert figures.as_written(described, 1449960, 1000, written) == (
        "the question (and 1.5 million of the interpreter)"
    )
    # A real move, past the noise, is new words, and the check fails on them.
    assert figures.as_written(described, 1447000, 1000, written) == (
        "the question (and 1.4 million of the interpreter)"
    )
    assert figures.as_written(described, 1449960, 1000, "") == (
        "the question (and 1.4 million of the interpreter)"
    )


def test_the_heap_the_page_asks_for_is_the_measured_need_with_a_quarter_to_spare():
    """wifi.NEEDS_HEAP against docs/figures.md (which tools/check keeps current): the page's
    worst case measured in one run on the 32-bit build (the game, the server and the club
    link at work, every connection's request at the limits read at once and held, their
    garbage not collected), with 25 % to 50 % more."""
    import re

    from net import web_http, wifi

    with open(figures.OUT, encoding="utf-8") as page:
        rows = dict(re.findall(r"^\| (.+?) \| ([\d,]+) \|", page.read(), re.M))
    worst = [
        int(value.replace(",", ""))
        for name, value in rows.items()
        if name.startswith("the page's worst case, measured in one run")
        and " %d requests at the limits read at once" % web_http.MAX_CONNECTIONS in name
    ]
    assert len(worst) == 1, rows.keys()
    assert worst[0] * 5 // 4 <= wifi.NEEDS_HEAP <= worst[0] * 3 // 2, (worst, wifi.NEEDS_HEAP)


def test_the_club_nights_heap_in_its_guide_is_the_measured_one():
    """docs/club-night.md quotes the club link's heap from docs/figures.md: it goes stale
    with them."""
    import os
    import re

    with open(figures.OUT, encoding="utf-8") as page:
        rows = dict(re.findall(r"^\| (.+?) \| ([\d,]+) \|", page.read(), re.M))
    figure = {name: int(value.replace(",", "")) / 1024.0 for name, value in rows.items()}
    code = figure[
        "the club link's and umqtt's code, 32-bit (`club_link.py`, `club_messages.py`,"
        " `club_choice.py`, umqtt)"
    ]
    data = figure[
        "the club link's data (its client, a pairing, a result waiting, the live state) and a"
        " result's message as it is sent, 32-bit"
    ]
    game = figure["the game booted in cribbage, 32-bit heap (wasm build, `.mpy`)"]
    with open(
        os.path.join(os.path.dirname(figures.OUT), "club-night.md"), encoding="utf-8"
    ) as guide:
        text = " ".join(guide.read().split())
    assert (
        "the link's and umqtt's code %.1f KB, its data and a message as it is sent %.1f KB:"
        " %.1f KB in all" % (code, data, code + data)
    ) in text
    assert "The game booted in cribbage takes %.1f KB" % game in text


def test_the_heap_the_docs_say_the_page_needs_is_wifi_needs_heap():
    """hardware/README.md and docs/web-page.md quote wifi.NEEDS_HEAP in KB."""
    import os

    from net import wifi
    from where import ROOT

    quoted = "%d KB" % (wifi.NEEDS_HEAP // 1024)
    for page in ("hardware/README.md", "docs/web-page.md"):
        with open(os.path.join(ROOT, page), encoding="utf-8") as text:
            words = " ".join(text.read().split())
        assert ("NEEDS_HEAP` (" + quoted in words) or ("less than " + quoted in words), page
    # docs/web-page.md says what it stands for: the measured worst case and the room over it.
    rows = {name: int(value.replace(",", "")) for name, value in rows_of_figures().items()}
    worst = [value for name, value in rows.items() if name.startswith("the page's worst case")]
    live = rows["the same, live once collected, 32-bit"]
    spare = round(100.0 * wifi.NEEDS_HEAP / worst[0]) - 100
    with open(os.path.join(ROOT, "docs", "web-page.md"), encoding="utf-8") as text:
        words = " ".join(text.read().split())
    assert "with %d %% to spare" % spare in words
    said = "(%s bytes; %s live once collected" % (format(worst[0], ","), format(live, ","))
    assert said in words


def test_the_architectures_table_of_rarely_loaded_code_is_the_measured_one():
    """docs/ARCHITECTURE.md weighs each module the board loads only when needed: the same
    bytes as docs/figures.md, the same total, every module."""
    import os
    import re

    weights, total = rarely_weights()
    assert sum(weights.values()) == total and len(weights) >= 10
    with open(
        os.path.join(os.path.dirname(figures.OUT), "ARCHITECTURE.md"), encoding="utf-8"
    ) as f:
        text = f.read()
    table = dict(re.findall(r"^  \| `([\w.]+)` \| ([\d,]+) \|", text, re.M))
    # Where a module's blocks fall moves its figure by some tens of bytes when other code
    # changes: the table is stale once one is 128 bytes off, or the total 512.
    quoted = {name: int(size.replace(",", "")) for name, size in table.items()}
    assert quoted.keys() == weights.keys()
    assert all(abs(quoted[name] - weights[name]) <= 128 for name in weights), (quoted, weights)
    said = re.search(r"it would take ([\d,]+) bytes on the", " ".join(text.split()))
    assert said and abs(int(said.group(1).replace(",", "")) - total) <= 512, (said, total)


def test_the_players_guide_quotes_the_boards_expert_coach_time():
    """docs/players-guide.md says how long the board's expert coach takes: figures.md's."""
    import os
    import re

    rows = rows_of_figures()
    said = [
        name
        for name in rows
        if name.startswith("the coach against a sensible player's throw on the board")
    ]
    assert len(said) == 1
    ms = re.search(r"ms on the ESP32: (\d+);", said[0]).group(1)
    with open(
        os.path.join(os.path.dirname(figures.OUT), "players-guide.md"), encoding="utf-8"
    ) as f:
        words = " ".join(f.read().split())
    assert "takes at most %s ms on the ESP32 estimate" % ms in words


def test_the_players_guide_quotes_the_boards_play_advice_times():
    """docs/players-guide.md says how long the board's play's advice takes at most: the
    figures.md rows of tools/bench/bench.py peg-board (the dealer's first card, the pone's lead
    read
    from the table of leads and searched without it, each throw's play for the coach)."""
    import os
    import re

    ms = {}
    for name in rows_of_figures():
        if name.startswith("the play's advice on the board: "):
            ms[name.split(": ", 1)[1]] = int(
                re.search(r"ms on the ESP32-S3 at most: (\d+)\)", name).group(1)
            )

    def one(*words):
        found = [value for what, value in ms.items() if all(word in what for word in words)]
        assert len(found) == 1, words
        return found[0]

    assert len(ms) == 6
    with open(
        os.path.join(os.path.dirname(figures.OUT), "players-guide.md"), encoding="utf-8"
    ) as f:
        words = " ".join(f.read().split())
    assert "the slowest of all 23,647, %d ms" % one("the dealer's first card") in words
    read = one("lead from four", "read from the table of leads")
    assert "(4.7 MB in all, `/tables/leads.bin`): %d ms" % read in words
    searched = one("lead from four", "searched")
    assert "up to %.1f s (A-2-3-4, the slowest)" % (searched / 1000.0) in words
    pone, dealer = one("throw's play", "as pone"), one("as dealer", "chosen leads")
    assert "the play of the 15 throws adds %d ms as pone, %d as dealer" % (pone, dealer) in words


def test_the_docs_quote_the_search_modules_xtensa_to_x86_64_bytes():
    """The bound of the board's play search time leans on its Xtensa code's size against its
    x86-64 code's: docs/players-guide.md and docs/ARCHITECTURE.md quote figures.md's ratio."""
    import os
    import re

    rows = [name for name in rows_of_figures() if name.startswith("the play's search module")]
    assert len(rows) == 1
    ratio = re.search(r"; (\d\.\d\d) times\)", rows[0]).group(1)
    for page in ("players-guide.md", "ARCHITECTURE.md"):
        with open(os.path.join(os.path.dirname(figures.OUT), page), encoding="utf-8") as f:
            assert "%s times the bytes of its x86-64 code" % ratio in " ".join(f.read().split())
