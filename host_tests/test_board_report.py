"""The board report (crib-deploy --report; tools/bench/chip_report.py and, on the chip,
firmware/lib/board_report.py) run on MicroPython's unix port here: every figure produced,
parsed and set beside its estimate from docs/figures.md, the output saying the figures are the
laptop's; a slowdown planted in the key path flagged as over the key's budget. Nothing here
asserts how fast this laptop is: only a planted sleep's lower bound."""

import re
import sys

import pytest

import chip_report
import deploy

# A sleep planted in each key: its key at least this slow whatever the laptop (less a tenth:
# the unix port's sleep and its microsecond clock round apart).
SLOWDOWN_MS = 30
SLOW_KEYS = (
    "import app as _app, time as _time\n"
    "_press = _app.App.press\n"
    "def _slow(self, name, long=False):\n"
    "    _time.sleep_ms(%d)\n"
    "    return _press(self, name, long)\n"
    "_app.App.press = _slow\n" % SLOWDOWN_MS
)


def measured(text, figure):
    """The measured ms of a row of the report, and its budget cell."""
    for line in text.splitlines():
        if line.startswith("| " + figure + " |"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            return float(cells[2]), cells[4]
    raise AssertionError("no row for %s" % figure)


def test_every_figure_is_produced_parsed_and_set_beside_its_estimate(tmp_path, capsys):
    saved = tmp_path / "report.md"
    assert chip_report.main(["--unix", "--save", str(saved)]) == 0
    text = capsys.readouterr().out
    assert saved.read_text() == text
    assert text.startswith(
        "# Board report: this laptop's MicroPython unix port, the fake LEDs and keypad: the"
        " laptop's figures, not a chip's"
    )
    figures = chip_report.estimates()
    _, keys = chip_report.the_deal()
    assert len(keys) == 19  # the deal 8 games in, as the estimate's
    for figure, estimate in (
        ("the slowest key of a deal 8 games in, with its repaint", figures["key"][0]),
        ("the median key of that deal", figures["key"][2]),
        ("the boot from the journal, 8 games in", figures["boot"][0]),
        ("an undo, 8 games in", figures["undo"][0]),
        ("a repaint finding nothing changed", figures["repaint"][0]),
    ):
        line = next(line for line in text.splitlines() if line.startswith("| " + figure))
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert float(cells[1]) == estimate
        assert float(cells[2]) > 0
        # The ratio of the measured to the estimate, within the measured figure's rounding.
        assert abs(float(cells[3]) - float(cells[2]) / estimate) <= 0.0006 / estimate + 0.006
    slowest, budget = measured(text, "the slowest key of a deal 8 games in, with its repaint")
    assert budget == ("10 ms: holds" if slowest <= 10 else "10 ms: OVER BUDGET")
    assert measured(text, "a journal append on flash (16 bytes)")[0] > 0
    heap = re.findall(r"^\| (before the game|the game booted|after the deal's keys) \| (\d+) \|"
                      r" (\d+) \|$", text, re.M)  # fmt: skip
    assert [row[0] for row in heap] == ["before the game", "the game booted",
                                        "after the deal's keys"]  # fmt: skip
    for _, free, largest in heap:
        assert 0 < int(largest) <= int(free)
    # The game takes heap: less free once booted than before.
    assert int(heap[1][1]) < int(heap[0][1])
    assert re.search(r"^FUEL_PER_US from this report \(the boot and the undo\) = \d+$", text,
                     re.M)  # fmt: skip


def test_a_slowdown_planted_in_the_key_path_is_flagged_over_budget():
    found = chip_report.parse(chip_report.on_unix(SLOW_KEYS))
    assert min(us for us, _ in found["key"]) >= SLOWDOWN_MS * 900
    text = chip_report.render(found, chip_report.UNIX_WHERE)
    slowest, budget = measured(text, "the slowest key of a deal 8 games in, with its repaint")
    assert slowest >= SLOWDOWN_MS * 0.9 and budget == "10 ms: OVER BUDGET"


def test_a_report_cut_short_is_refused_not_half_read():
    with pytest.raises(ValueError, match="the report is not whole: 1 keys of None"):
        chip_report.parse("report boot-us 5\nreport key-us 7 #\n")


def test_crib_deploy_report_runs_the_report_against_the_board(monkeypatch):
    ran = []
    monkeypatch.setattr(
        deploy.subprocess,
        "run",
        lambda argv, cwd: ran.append(argv) or type("Done", (), {"returncode": 0})(),  # fmt: skip
    )
    assert deploy.main(["--report", "--port", "/dev/ttyACM0", "--save", "mine.md"]) == 0
    assert ran[0][0] == sys.executable and ran[0][1].endswith("tools/bench/chip_report.py")
    assert ran[0][2:] == ["--port", "/dev/ttyACM0", "--save", "mine.md"]


def test_a_kept_report_sets_fuel_per_us_and_a_laptops_does_not(tmp_path):
    import bench_common

    assert bench_common.reported_fuel_per_us(str(tmp_path)) is None
    assert bench_common.FUEL_PER_US == (
        bench_common.reported_fuel_per_us() or bench_common.PYSTONE_FUEL_PER_US
    )
    found = {"key": [(9000, "#"), (4000, "5")], "boot-us": 400000, "undo-us": 30000,
             "repaint-us": 150, "append-us": 2000, "done": 2}  # fmt: skip
    for when in ("start", "booted", "keyed"):
        found["heap-free-" + when] = found["heap-largest-" + when] = 1000
    chip = chip_report.render(found, "the board on /dev/ttyACM0, timed by its own clock")
    figures = chip_report.estimates()
    implied = round((figures["boot"][1] + figures["undo"][1]) / 430000.0)
    assert "FUEL_PER_US from this report (the boot and the undo) = %d\n" % implied in chip
    (tmp_path / "a.md").write_text(chip)
    (tmp_path / "laptop.md").write_text(chip_report.render(found, chip_report.UNIX_WHERE)
                                        .replace("= %d" % implied, "= 999"))  # fmt: skip
    assert bench_common.reported_fuel_per_us(str(tmp_path)) == implied
    (tmp_path / "b.md").write_text(chip.replace("= %d\n" % implied, "= %d\n" % (implied + 10)))
    assert bench_common.reported_fuel_per_us(str(tmp_path)) == implied + 5
