"""docs/figures.md is written by tools/figures.py and checked by tools/check: a figure that
moves makes the check fail until the page is written again."""

import figures


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


def test_the_heap_the_page_asks_for_is_the_measured_need_with_a_quarter_to_spare():
    """wifi.NEEDS_HEAP against docs/figures.md (which tools/check keeps current): the game
    and the server, and every connection reading a request at the limits, with 25 % more."""
    import re

    import web_http
    import wifi

    with open(figures.OUT, encoding="utf-8") as page:
        rows = dict(re.findall(r"^\| (.+?) \| ([\d,]+) \|", page.read(), re.M))
    figure = {name: int(value.replace(",", "")) for name, value in rows.items()}
    game_and_server = figure["the game and the server, 32-bit"]
    requests = figure["%d such requests at once, 32-bit, at most" % web_http.MAX_CONNECTIONS]
    need = game_and_server + requests
    assert need * 5 // 4 <= wifi.NEEDS_HEAP <= need * 3 // 2, (need, wifi.NEEDS_HEAP)
