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
