"""The makers' guide read as a first-timer reads it: every command it gives is listed here,
and each that needs no board, no administrator and no download is run as written, in a copy
of the repository's files, and must do what the guide says. A command added to the guide
and not listed here fails the test, so none goes untried by oversight."""

import os
import re
import shutil
import subprocess

import pytest

from project_copy import environment_in
from where import ROOT

GUIDE = os.path.join(ROOT, "docs", "makers-guide.md")
# The drawings the guide's redraw commands write: each must come out as committed.
DRAWINGS = (
    "panel-drill.svg",
    "panel-3-tracks-drill.svg",
    "drill.svg",
    "panel-faceplate.svg",
    "panel-faceplate-a4.pdf",
    "panel-faceplate-letter.pdf",
    "panel-3-tracks-faceplate.svg",
    "panel-3-tracks-faceplate-a4.pdf",
    "panel-3-tracks-faceplate-letter.pdf",
    "faceplate.svg",
    "faceplate-a4.pdf",
    "faceplate-letter.pdf",
    "quick-reference.md",
)
RUN_HERE = {
    ".venv/bin/python tools/maker/case.py",
    "openscad -o case.dxf hardware/case.scad",
    ".venv/bin/python tools/maker/board_picture.py --drill hardware/panel-drill.svg --leds panel",
    ".venv/bin/python tools/maker/board_picture.py --drill hardware/drill.svg --leds hand-wired",
    ".venv/bin/python tools/maker/board_picture.py --drill hardware/panel-3-tracks-drill.svg"
    " --leds panel --tracks 3",
    ".venv/bin/python tools/maker/faceplate.py",
    ".venv/bin/python tools/maker/board_libs.py",
    ".venv/bin/mpremote devs",
}
# Run elsewhere by the test command, with where.
COVERED = {
    "bash tools/run": "test_install.py (run as written in a copy of the project, its .venv"
    " made from nothing) and test_simulator.py",
    "bash tools/check": "the test command itself",
    ".venv/bin/crib-deploy": "as bash tools/run does it: test_deploy_serial.py (the real"
    " mpremote)",
    ".venv/bin/python tools/bench/chip_report.py --unix": "test_board_report.py (run as"
    " written, saved and read back; and with a slowdown planted in the key path)",
    ".venv/bin/crib-deploy --supply 2A": "test_supply.py (to a folder standing in for the"
    " board, its config.py then started on MicroPython)",
    ".venv/bin/crib-deploy [--port PORT] [--dry-run]": "test_deploy.py,"
    " test_deploy_serial.py (the real mpremote) and test_install.py (the dry run)",
    ".venv/bin/python tools/bench/bench.py wear fuzz littlefs": "the long runs of tests the test"
    " command runs shorter (test_reliability.py, test_littlefs.py)",
}
NEEDS_A_BOARD = {
    ".venv/bin/mpremote connect PORT cp -r :/data .",
    ".venv/bin/esptool --chip esp32s3 --port PORT erase-flash",
    ".venv/bin/esptool --chip esp32s3 --port PORT --baud 460800 write-flash 0"
    " ESP32_GENERIC_S3-….bin",
    ".venv/bin/esptool --chip esp32 --port PORT erase-flash",
    ".venv/bin/esptool --chip esp32 --port PORT --baud 460800 write-flash -z 0x1000"
    " ESP32_GENERIC-….bin",
    ".venv/bin/mpremote connect PORT repl",
    ".venv/bin/crib-deploy --report --save board-report.md",
    ".venv/bin/mpremote cp firmware/config.py firmware/main.py :",
    "make BOARD=ESP32_GENERIC PORT=/dev/ttyUSB0 deploy",
}
# A download, an administrator's change, or MicroPython's own build (the ESP-IDF).
NOT_RUN_HERE = {
    ".venv/bin/pip install esptool": "a download from PyPI",
    "sudo usermod -aG dialout $USER": "an administrator's change to this machine",
    "sudo systemctl stop ModemManager": "an administrator's change to this machine",
    "make -C mpy-cross": "MicroPython's source and the ESP-IDF",
    "make BOARD=ESP32_GENERIC submodules": "MicroPython's source and the ESP-IDF",
    "make BOARD=ESP32_GENERIC FROZEN_MANIFEST=/path/to/this/repository/firmware/manifest.py": (
        "MicroPython's source and the ESP-IDF"
    ),
    "mpremote": "the tool's name, not a command",
}
STARTS = (".venv/bin/", "bash ", "python", "sudo ", "mpremote", "make ", "esptool", "openscad")


def commands_in_the_guide():
    with open(GUIDE, encoding="utf-8") as handle:
        text = handle.read()
    found = set()
    for span in re.findall(r"`([^`\n]+)`", text.replace("```", "")):
        if span.startswith(STARTS):
            found.add(span)
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip().rstrip("\\").strip()
            if line.startswith(STARTS):
                found.add(line)
    return found


def test_every_command_in_the_makers_guide_is_run_here_or_says_why_not():
    listed = RUN_HERE | set(COVERED) | NEEDS_A_BOARD | set(NOT_RUN_HERE)
    assert commands_in_the_guide() == listed


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """The repository's files a maker's commands read, copied, its .venv linked: the
    commands write there, not under the tests that read the committed files."""
    where = tmp_path_factory.mktemp("repository")
    for folder in ("firmware", "tools", "hardware", "host_tests"):
        shutil.copytree(
            os.path.join(ROOT, folder),
            where / folder,
            ignore=shutil.ignore_patterns("__pycache__"),
        )
    os.makedirs(where / "build")
    shutil.copytree(os.path.join(ROOT, "build", "board-libs"), where / "build" / "board-libs")
    os.symlink(os.path.join(ROOT, ".venv"), where / ".venv")
    for name in DRAWINGS:
        os.remove(where / "hardware" / name)  # made again by the guide's commands, or missing
    return where


@pytest.mark.parametrize("command", sorted(RUN_HERE))
def test_each_command_that_needs_no_board_runs_as_written(copy, command):
    done = subprocess.run(
        command, shell=True, cwd=copy, capture_output=True, text=True, env=environment_in(copy)
    )
    assert done.returncode == 0, done.stdout + done.stderr
    if "board_picture" in command:
        made = command.split("--drill hardware/")[1].split()[0]
        assert done.stdout == "wrote %s\n" % made
        assert (
            open(copy / "hardware" / made).read()
            == open(os.path.join(ROOT, "hardware", made)).read()
        )
    elif "faceplate" in command:
        for name in DRAWINGS[3:]:
            with open(copy / "hardware" / name, "rb") as made:
                with open(os.path.join(ROOT, "hardware", name), "rb") as committed:
                    assert made.read() == committed.read(), name
    elif "case.py" in command:
        made = ("case.scad", "case-cuts.md", "case-cuts.svg", "case-inside.svg",
                "perfboard-layout.svg")  # fmt: skip
        assert done.stdout == "".join("wrote %s\n" % name for name in made)
        for name in made:
            committed = open(os.path.join(ROOT, "hardware", name), encoding="utf-8").read()
            assert (copy / "hardware" / name).read_text() == committed, name
    elif "openscad" in command:
        assert (copy / "case.dxf").read_text().count("LINE") > 100
    elif "board_libs" in command:
        assert done.stdout.strip() == str(copy / "build" / "board-libs")
    else:  # no board here: the list is empty, and that is not an error
        assert "ESP32" not in done.stdout
