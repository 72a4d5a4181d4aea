"""Every command a person runs from tools/ answers --help with its usage and exits 0, having
measured, built and written nothing: the player's, the maker's, the director's and the
generators a contributor runs (a generator once took --help for "write", and the figures'
took 80 s to measure first)."""

import os
import subprocess
import sys

import pytest

from _paths import ROOT

COMMANDS = {
    "simulator.py": "usage: simulator.py",  # the player's
    "crib.py": "usage: crib.py",
    "deploy.py": "usage: deploy.py",  # the maker's
    "board_picture.py": "usage: board_picture.py",
    "faceplate.py": "usage: faceplate.py",
    "club.py": "usage: club.py",  # the director's
    "figures.py": "usage: figures.py",  # the contributor's generators
    "gen_package_json.py": "usage: gen_package_json.py",
    "gen_show_table.py": "usage: gen_show_table.py",
    "docs_pictures.py": "usage: docs_pictures.py",
    "web_pictures.py": "usage: web_pictures.py",
    "icon_png.py": "usage: icon_png.py",
    "coach_expert.py": "usage: coach_expert.py",
    "peg_compare.py": "usage: peg_compare.py",
}


def tracked_files():
    found = {}
    for top in ("docs", "hardware", "firmware"):
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                path = os.path.join(folder, name)
                found[path] = os.stat(path).st_mtime_ns
    return found


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_command_answers_help_and_does_nothing_else(command):
    before = tracked_files()
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", command), "--help"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(COMMANDS[command]), done.stdout[:300]
    assert "Traceback" not in done.stderr and "wrote" not in done.stdout
    assert tracked_files() == before  # nothing written


def test_a_generator_refuses_an_argument_it_does_not_take_before_it_writes():
    before = tracked_files()
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "gen_show_table.py"), "--chek"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 2 and "unrecognized arguments: --chek" in done.stderr
    assert tracked_files() == before
