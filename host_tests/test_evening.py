"""A whole evening at the board on MicroPython's 32-bit build, from the classic ESP32's heap:
the keys a player chose on CPython (host_tests/core/evening.py) replayed by the board's own
compiled modules (evening_rig), every key's state and LEDs compared with CPython's, and the
heap measured in the chip's bytes."""

import os
import shutil
import subprocess
import sys

import pytest

from bench_common import board_and_harness_built, heap_figures, run_32_bit
from figures_table import rarely_weights
from where import ROOT

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`

# The classic ESP32 without PSRAM (profiles/esp32.py): MicroPython starts it with a heap of
# 56 KB and grows it once, by as much again (tools/bench_web.BOARD_HEAPS: about 112 KB in
# all). The 32-bit build (tools/bench/micropython32.mjs) grows the same way, doubling its areas.
ESP32_START_HEAP = 56 * 1024


def record_evening(tmp_path):
    """The evening played on CPython; its lines, and the file a replay reads, beside the
    board's files built (build/board and the rig's build/harness)."""
    board_and_harness_built()
    os.mkdir(tmp_path / "host")
    recorded = tmp_path / "evening.txt"
    with open(recorded, "w") as out:
        played = subprocess.run(
            [sys.executable, "host_tests/core/evening.py", str(tmp_path / "host")],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert played.returncode == 0, played.stderr[-1500:]
    on_host = recorded.read_text().splitlines()
    keys, restarts = int(on_host[-1].split()[1]), int(on_host[-1].split()[3])
    assert keys > 7000 and restarts > 150
    return on_host, recorded


def same_lines(on_board, on_host):
    assert on_board[-1] == on_host[-1]
    for board_line, host_line in zip(on_board, on_host):
        assert board_line == host_line  # the key's number, the key, the state and LEDs digest
    assert len(on_board) == len(on_host)


def test_a_whole_evening_on_the_32_bit_build_leaves_a_classic_esp32_room(tmp_path):
    """The same evening on MicroPython's 32-bit build (the chip's word size): every line as
    on CPython, and the heap in the chip's bytes, from the classic ESP32's 56 KB start."""
    on_host, recorded = record_evening(tmp_path)
    on_board, figures = replay_on_32_bit(recorded, ESP32_START_HEAP)
    same_lines(on_board, on_host)
    grown = figures["areas"]  # the heap after its growth
    print(
        "\nthe whole evening on the 32-bit build: live at most %d bytes at a step's start, of"
        " the classic ESP32's %d once grown (%d to spare); at most %d in use at a step's end,"
        " its garbage not yet collected (%d to spare)" % (
            figures["live"], grown, grown - figures["live"], figures["peak"],
            grown - figures["peak"])
    )  # fmt: skip
    assert figures["live"] > 60000  # the game was loaded: the figure measures something
    # It grew once, as the ESP32's heap does: the most any step needed, with nothing it let go
    # collected before it ended (the board collects inside a step too), fitted in the two
    # areas. Every step: each stage of a boot or a mode switch (App.pressing), each key's
    # handling, each repaint.
    assert figures["grew"] == 1 and grown <= 2 * ESP32_START_HEAP, figures
    assert figures["peak"] <= grown, figures
    # Rarely run code loaded for the call and dropped after (rarely.py) earns its place while
    # keeping it loaded would not fit in what the worst step leaves (docs/ARCHITECTURE.md).
    _, kept_loaded = rarely_weights()
    assert kept_loaded > grown - figures["peak"], (kept_loaded, figures)
    # The run is deterministic (the same keys, the same build): the docs quote its figure.
    quoted = (
        "at most {:,} bytes live at any step".format(figures["live"]),
        "at most {:,} in use at a step's end".format(figures["peak"]),
    )
    for page in ("ARCHITECTURE.md", "benchmarks.md"):
        with open(os.path.join(ROOT, "docs", page), encoding="utf-8") as words:
            text = " ".join(words.read().split())
        for figure in quoted:
            assert figure in text, (page, figure)


def replay_on_32_bit(recorded, heap):
    """Runs evening_rig on the board's .mpy files on the 32-bit build, a fresh interpreter
    from each power cut on, each stage of the boot and each pass of the board's loop a step
    (tools/bench/micropython32.mjs); returns its lines and the largest of each heap figure."""
    evening = os.path.join(ROOT, "build", "evening32")
    shutil.rmtree(evening, ignore_errors=True)
    os.makedirs(os.path.join(evening, "in"))
    shutil.copy(recorded, os.path.join(evening, "in", "keys"))
    figures = {}

    def boot(resume):
        done = run_32_bit(
            "evening_rig",
            ["../evening/keys", "../evening/data"] + resume,
            heap,
            [os.path.join(evening, "in") + "=/b/evening"],
            ["/b/evening/data=" + os.path.join(evening, "data")],
        )
        if done.returncode == 0:
            said = heap_figures(done)
            assert said is not None, done.stderr[-500:]
            for name, figure in said.items():
                figures[name] = max(figures.get(name, 0), figure)
        return done

    return replay_from_power_cuts(boot), figures


def replay_from_power_cuts(boot):
    """The lines of a replay that `boot(resume)` runs from each power cut on, a fresh
    interpreter each time: `resume` is where the recording goes on, as the last run said."""
    lines = []
    resume = []
    while True:
        done = boot(resume)
        assert done.returncode == 0, done.stdout[-600:] + done.stderr[-1500:]
        out = done.stdout.splitlines()
        if not out[-1].startswith("next "):
            return lines + out
        lines += out[:-1]
        resume = out[-1].split()[1:]
