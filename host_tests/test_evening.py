"""A whole evening at the board (host_tests/core/evening.py) on the MicroPython interpreter
with a strict heap, compared key by key with the same keys on CPython."""

import os
import subprocess
import sys

from _paths import ROOT

# The whole evening passes in 156K and fails at 152K on the 64-bit unix port (one fixed area,
# so the cap is strict); the cap leaves 8K over that for the harness's own noise (paths,
# fragmentation). A 9-game match, restarts, undo bursts and mode switches all run in it: what
# the board keeps does not grow with the match. At the measured 64/32-bit ratio (1.31 to
# 1.7) 164K is 96 to 125 KB on the ESP32; see the README.
HEAP = "164K"


def run_evening(command, folder, options=()):
    done = subprocess.run(
        command + [os.path.join(ROOT, "host_tests/core/evening.py")] + list(options) + [folder],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-600:] + done.stderr[-1500:]
    return done.stdout.splitlines()


def test_a_whole_evening_runs_in_a_strict_heap_exactly_as_on_cpython(tmp_path):
    for option in ([], ["--harness"]):
        subprocess.run(
            [sys.executable, os.path.join(ROOT, "tools/build_mpy.py")] + option,
            check=True,
            capture_output=True,
        )
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    os.mkdir(tmp_path / "board")
    os.mkdir(tmp_path / "host")
    board = [micropython, "-X", "heapsize=" + HEAP]
    on_board = run_evening(board, str(tmp_path / "board"), ["--mpy"])
    on_host = run_evening([sys.executable], str(tmp_path / "host"))
    assert on_board[-1] == on_host[-1]
    keys, restarts = int(on_host[-1].split()[1]), int(on_host[-1].split()[3])
    assert keys > 7000 and restarts > 150
    for board_line, host_line in zip(on_board, on_host):
        assert board_line == host_line  # the key's number, the key, the state and LEDs digest
    assert len(on_board) == len(on_host)
