"""Power cuts on littlefs itself (host_tests/core/lfs_cuts.py on the MicroPython
interpreter): every block program and erase of a session in every mode cut off, cleanly
and halfway, the filesystem mounted afresh, the app booted; and a full filesystem."""

import os
import subprocess
import sys

import pytest

from where import ROOT

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`


def lfs_cuts(*arguments):
    """The lines host_tests/core/lfs_cuts.py prints on MicroPython, from the board's .mpy
    build. tools/check builds it before any test (as `check only` does): built here only
    where it is missing, so that two tests side by side never rebuild it under a third."""
    if not os.path.isdir(os.path.join(ROOT, "build", "board", "lib")):
        subprocess.run(
            [sys.executable, os.path.join(ROOT, "tools", "maker", "build_mpy.py")],
            check=True,
            capture_output=True,
        )
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    done = subprocess.run(
        [micropython, "-X", "heapsize=2M", "host_tests/core/lfs_cuts.py", "--mpy"]
        + list(arguments),
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-800:] + done.stderr[-800:]
    return done.stdout.splitlines()


def test_every_cut_on_littlefs_boots_into_the_last_entry_and_a_full_flash_recovers():
    lines = lfs_cuts("1")
    assert lines[-3].startswith("littlefs power cuts: "), lines
    tried, matched = int(lines[-3].split()[3]), int(lines[-3].split()[5])
    operations = int(lines[-2].split()[4])
    assert tried == 2 * operations and matched == tried and operations > 40, lines
    # How many keys fill the last free block depends on the records' sizes; that it fills,
    # that the game goes on in memory and that everything is saved once space returns does not.
    words = lines[-1].split()
    assert 0 < int(words[5]) < 400, lines[-1]
    assert words[:5] + words[6:] == (
        "full flash: saving failed after keys True; saved again and booted back True".split()
    )
    print(lines[-3])


def test_every_cut_on_littlefs_inside_a_request_of_several_keys_keeps_it_whole_or_not_at_all():
    """The page's requests (host_tests/core/lfs_cuts.py REQUESTS: kept and refused, a new
    match, undo bursts over deals' starts): each block program and erase cut off, cleanly
    and halfway; the boot holds the game before the request or after it, never between."""
    lines = lfs_cuts("--requests")
    assert lines[-3].startswith("littlefs power cuts in requests: "), lines
    tried, matched = int(lines[-3].split()[5]), int(lines[-3].split()[7])
    operations = int(lines[-2].split()[4])
    finished, dropped = int(lines[-1].split()[5][:-1]), int(lines[-1].split()[9])
    assert tried == 2 * operations and matched == tried and operations > 40, lines
    assert finished > 0 and dropped > 0, lines[-1]
    print(lines[-3])
