"""Every command a person runs answers --help with its usage and exits 0, having measured,
built and written nothing: the player's, the maker's and the director's, as the editable
install put them on the PATH (pyproject.toml), and the generators a contributor runs from
tools/ (a generator once took --help for "write", and the figures' took 80 s to measure
first)."""

import os
import subprocess
import sys

import pytest

from where import ROOT

# The console scripts, beside the interpreter that runs the tests (.venv/bin).
INSTALLED = {
    "crib": "usage: crib",  # the player's
    "crib-sim": "usage: crib-sim",
    "crib-referee": "usage: crib-referee",
    "crib-deploy": "usage: crib-deploy",  # the maker's
    "crib-club": "usage: crib-club",  # the director's
}
COMMANDS = {
    "maker/board_picture.py": "usage: board_picture.py",  # the maker's drawings
    "maker/faceplate.py": "usage: faceplate.py",
    "maker/case.py": "usage: case.py",
    "upkeep/figures.py": "usage: figures.py",  # the contributor's generators
    "upkeep/gen_package_json.py": "usage: gen_package_json.py",
    "upkeep/gen_show_table.py": "usage: gen_show_table.py",
    "upkeep/docs_pictures.py": "usage: docs_pictures.py",
    "upkeep/web_pictures.py": "usage: web_pictures.py",
    "upkeep/icon_png.py": "usage: icon_png.py",
    "bench/discard_tables.py": "usage: discard_tables.py",
    "bench/peg_compare.py": "usage: peg_compare.py",
    "bench/chip_report.py": "usage: chip_report.py",  # the board report, on this laptop
}


def tracked_files():
    found = {}
    for top in ("docs", "hardware", "firmware"):
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                path = os.path.join(folder, name)
                found[path] = os.stat(path).st_mtime_ns
    return found


def answers_help(argv, usage):
    before = tracked_files()
    done = subprocess.run(argv + ["--help"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(usage), done.stdout[:300]
    assert "Traceback" not in done.stderr and "wrote" not in done.stdout
    assert tracked_files() == before  # nothing written


@pytest.mark.parametrize("command", sorted(INSTALLED))
def test_each_installed_command_answers_help_and_does_nothing_else(command):
    answers_help([os.path.join(os.path.dirname(sys.executable), command)], INSTALLED[command])


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_generator_answers_help_and_does_nothing_else(command):
    answers_help([sys.executable, os.path.join(ROOT, "tools", command)], COMMANDS[command])


def test_a_generator_refuses_an_argument_it_does_not_take_before_it_writes():
    before = tracked_files()
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "upkeep", "gen_show_table.py"), "--chek"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 2 and "unrecognized arguments: --chek" in done.stderr
    assert tracked_files() == before
