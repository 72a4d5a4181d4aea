"""The board's budgets of time, current and growth, held against what docs/figures.md records
(tools/upkeep/figures.py measures every figure there, and the test command fails when that page is
stale, so a figure here is the code's own). Fuel and bytes are the same on every run: each
budget is a guard, never a timed assertion, and its headroom is printed."""

import re

import pytest

import bench_evening
import bench_peg_board
import config
from bench_board import BRIGHTEST_KIND, REPAINT_BUDGET_MS
from bench_common import FUEL_PER_US, KEY_PATH_FACTOR
from bench_counting import EXPERT_BUDGET_MS
from figures_table import rows_of_figures


def figures(pattern):
    """{row: value} of every row of figures.md whose words match `pattern` (a regex)."""
    found = {
        name: int(value.replace(",", ""))
        for name, value in rows_of_figures().items()
        if re.search(pattern, name)
    }
    assert found, "no row of figures.md matches %r" % pattern
    return found


def fuel_of(ms):
    """The fuel that many ms take on the ESP32 estimate, on the key path's largest factor."""
    return ms * 1000 * FUEL_PER_US / KEY_PATH_FACTOR


def within(value, budget, what):
    spare = 100 - 100 * value / budget
    shown = (what, format(value, ","), format(int(budget), ","), spare)
    print("%s: %s of %s (%.0f %% to spare)" % shown)
    assert value <= budget, what


def test_every_board_draws_within_the_current_budget_at_its_brightest_frame():
    """The strip (or the panel) and the board at the brightest frame of a game: within the
    supply less its margin (config.CURRENT_BUDGET_MA)."""
    rows = figures(r"at the brightest frame of a 121-point game, mA")
    assert len(rows) == 3  # the classic ESP32's, the S3's, the S3 on the LED panel
    for name, total in rows.items():
        within(total, config.CURRENT_BUDGET_MA, name.split(" at the brightest")[0] + ", mA")


def test_the_expert_coach_answers_within_its_budget_on_the_board():
    (expert,) = figures(r"^the coach against a sensible player's throw").values()
    within(expert, fuel_of(EXPERT_BUDGET_MS), "the expert coach's slowest hand, fuel")


def test_each_repaint_at_the_default_brightness_is_within_its_budget():
    """Every kind of repaint on the strip but the frame over the supply's budget (written
    twice, held to none), and the panel's repaint after a change (its busiest frame, with
    its numbers written LED by LED, is reported as the brightest is)."""
    strip = {
        name.split(": ", 1)[1].rsplit(", fuel (", 1)[0]: fuel
        for name, fuel in figures(r"^one repaint: ").items()
    }
    assert BRIGHTEST_KIND in strip and len(strip) == 6
    for kind, fuel in strip.items():
        if kind != BRIGHTEST_KIND:
            within(fuel, fuel_of(REPAINT_BUDGET_MS), "a repaint, " + kind)
    panel = list(figures(r"^one repaint on the LED panel").values())
    within(panel[0], fuel_of(REPAINT_BUDGET_MS), "the panel's repaint after a change")


def test_every_key_of_a_match_is_within_the_key_budget():
    """The slowest key of a deal after 1, 5 and 8 games and between two matches, each with
    its repaint."""
    rows = figures(r", each with its repaint, the firmware's share")
    assert len(rows) == len(bench_evening.AFTER_GAMES) + 1
    for name, fuel in rows.items():
        within(fuel, fuel_of(bench_evening.KEY_BUDGET_MS), name.split(", each")[0])


def test_the_plays_advice_answers_within_its_budget_on_the_board():
    """Every question the board answers by searching, on the ESP32-S3 at the upper bound of
    the conversion (the pone's lead, searched, is answered by its table on a 16 MB board)."""
    rows = figures(r"^the play's advice on the board: ")
    assert len(rows) >= 4
    for name in rows:
        ms = int(re.search(r"ms on the ESP32-S3 at most: (\d+)", name).group(1))
        if not ("searched" in name and "lead" in name):
            within(ms, bench_peg_board.BUDGET_MS, name.split(", x86-64")[0] + ", ms")


@pytest.mark.parametrize(
    "pattern, slack",
    [
        (r"^the board booted from a power cut 8 games into a match", "SNAPSHOT_SLACK"),
        (r"^what a request of several keys keeps to put them back", "SNAPSHOT_SLACK"),
        (r"^putting back a request .* its writes real: fuel", "REFUSAL_FUEL_SLACK"),
        (r"^the same request's bytes written to flash in all", None),
    ],
)
def test_what_a_cut_and_a_refused_request_cost_does_not_grow_with_the_match(pattern, slack):
    """8 games in against 1 game in: the heap after a power cut, a refused request's
    snapshot, its putting back's fuel and its bytes written (the journal is not copied)."""
    ((name, late),) = figures(pattern).items()
    early = int(re.search(r"1 game in: ([\d,]+)", name).group(1).replace(",", ""))
    allowed = getattr(bench_evening, slack) if slack else 0
    print("%s: %d 8 games in, %d 1 game in, %d allowed" % (pattern[1:40], late, early, allowed))
    assert late <= early + allowed
