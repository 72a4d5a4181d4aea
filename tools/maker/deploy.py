"""Puts the firmware on an ESP32 running MicroPython, over USB, with mpremote.

  python tools/maker/deploy.py                 build, copy what changed, reset the board
  python tools/maker/deploy.py --port /dev/ttyUSB0
  python tools/maker/deploy.py --dry-run       print the exact mpremote commands; touch nothing
  python tools/maker/deploy.py --supply usb    the LEDs fed by the USB port alone (500 mA)
  python tools/maker/deploy.py --supply 2A     ... by a barrel supply of 2 A (or 2000mA, 3A)
  python tools/maker/deploy.py --report [--save FILE]   the board measures itself: what
                                               docs/figures.md estimates, timed on the chip

--supply names what feeds the LEDs, and the board keeps it (supply.py, beside config.py,
which reads it): CURRENT_BUDGET_MA becomes that supply less SUPPLY_MARGIN, so a board named as
fed by USB alone never keeps the 2 A supply's 1800 mA. A deploy without --supply leaves the
board's choice as it is; a board never named one keeps config.py's (the reference's 2 A
supply). A supply too small for the LEDs dark and the board's own draw is refused in words
before anything is copied.

Before copying, it asks the board which chip it is and how much heap MicroPython has: a
board whose chip is not the one config.py's board profile is for is refused (nothing is
copied), and it says whether the heap is enough for the phone page (wifi.NEEDS_HEAP).

firmware/ is compiled to .mpy (main.py, boot.py and config.py stay source, so config.py can
be edited on the board). The board keeps a manifest of what was deployed (/.deployed: one
"sha256 path" line per file); only files whose hash differs are copied, files that are no
longer part of the firmware are removed, and the saved games in /data are never touched.

A deploy cut short (the cable pulled, the laptop asleep) must leave a board that starts and a
next deploy that mends it. So before its first write it leaves a mark (/.deploying) and
rewrites the manifest without the files it is about to change; the files run by name (main.py,
config.py) are written under another name and renamed, so each is whole, old or new; every
file copied is read back on the board and its hash compared; only then are the whole manifest
written and the mark removed. While the mark is there main.py stops with three dim blue LEDs
and words on the console, the REPL free for the next deploy. That one hashes on the board each
file the manifest does not vouch for and copies only those not already whole, so a deploy cut
at the 80th file resumes there instead of starting again.
"""

import argparse
import hashlib
import os
import shlex
import subprocess
import sys

from build_mpy import BUILD, NO_TABLES, build, coach_extra_installed
from where import ROOT

MANIFEST = ".deployed"
MARK = ".deploying"  # main.py's DEPLOYING
# What main.py's halt needs, written first, each as NAME.new, then all renamed in one step: a
# cut leaves all of them old or all new, each whole (main.py reads the mark, config.py and
# its profile name the LED pin the halt lights).
RUN_BY_NAME = ("main.py", "boot.py", "config.py", "supply.py")
SUPPLY = "supply.py"
SUPPLY_MARGIN = 0.10  # the budget this far below what the supply gives
USB_PORT_MA = 500  # what a computer's USB 2 port gives
MIN_LIT_MA = 100  # what the lit LEDs need at least: hardware.py's, which refuses the same at start
FUSES_A = (1.0, 1.6, 2.0, 2.5, 3.15, 4.0, 5.0, 6.3, 8.0, 10.0)  # 5 x 20 mm slow-blow ratings
PROFILES = "lib/profiles/"
NEW = ".new"
HASH_CHARS = 64
# USB-serial chips found on ESP32 boards: Espressif's own, Silicon Labs CP210x, WCH CH34x,
# FTDI.
ESP32_USB_VIDS = ("303a", "10c4", "1a86", "0403")


class DeployError(Exception):
    """A failure with one sentence that says what happened and what to do."""


def supply_choice(named):
    """(supply.py's text, one line for the maker) for --supply NAMED: "usb", or a barrel
    supply's current ("2A", "2.5A", "2000mA", "2000"). A name that is none of these, or a
    supply too small for the LEDs dark and the board's own draw, is refused in words."""
    import config

    word = named.strip().lower().replace(" ", "")
    try:
        if word == "usb":
            supply_ma = USB_PORT_MA
        elif word.endswith("ma"):
            supply_ma = int(word[:-2])
        elif word.endswith("a"):
            supply_ma = int(round(float(word[:-1]) * 1000))
        else:
            supply_ma = int(word)
    except (ValueError, OverflowError):  # not a number; "infA"
        supply_ma = 0
    if not 0 < supply_ma <= 20000:
        raise DeployError(
            "--supply %s: name what feeds the LEDs: usb (a USB port alone, 500 mA) or a barrel"
            " supply's current, such as 2A or 2000mA; nothing was copied." % named
        )
    budget = int(supply_ma * (1 - SUPPLY_MARGIN)) // 10 * 10
    panel = getattr(config, "LEDS", "hand-wired") == "panel"
    length = config.PANEL_LEDS if panel else config.STRIP_LENGTH
    kept = config.MA_IDLE_PER_LED * length + config.CHIP_MA[1]
    what = "a USB port alone" if word == "usb" else "a %d mA supply" % supply_ma
    if budget < kept + MIN_LIT_MA:
        raise DeployError(
            "--supply %s: %s less %d %% is %d mA, but the %d LEDs dark and the board draw %d mA"
            " before one lights: feed the LEDs from a barrel supply (the reference: --supply"
            " 2A); nothing was copied." % (named, what, SUPPLY_MARGIN * 100, budget, length, kept)
        )
    if word == "usb":
        fuse = "no barrel socket, no fuse: the port limits itself"
    else:
        rating = min(a for a in FUSES_A if a * 1000 > budget)
        fuse = "its fuse a %g A slow-blow, above the budget" % rating
    text = (
        "# Written by crib-deploy --supply %s: what feeds this board's LEDs. Deploy again with\n"
        "# --supply to change it; config.py reads CURRENT_BUDGET_MA from here.\n"
        "SUPPLY = %r\nSUPPLY_MA = %d\nCURRENT_BUDGET_MA = %d\n" % (named, word, supply_ma, budget)
    )
    line = "fed by %s: CURRENT_BUDGET_MA %d (%d %% below it); %s" % (
        what, budget, SUPPLY_MARGIN * 100, fuse)  # fmt: skip
    return text, line


def mpremote():
    """The mpremote command: .venv's when the tools run from it, else the one on PATH."""
    found = os.path.join(os.path.dirname(sys.executable), "mpremote")
    if os.path.exists(found):
        return [os.path.relpath(found, ROOT) if found.startswith(ROOT) else found]
    return ["mpremote"]


def local_manifest(tree=BUILD):
    """{board path: sha256 hex} for every file of the built tree."""
    manifest = {}
    for folder, dirs, files in os.walk(tree):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
            manifest[os.path.relpath(path, tree).replace(os.sep, "/")] = digest
    return manifest


def parse_manifest(text):
    """{path: hash} of a manifest's whole lines: a line a cut left without its end vouches for
    nothing, so its file is copied again."""
    manifest = {}
    for line in text.split("\n")[:-1]:
        parts = line.split()
        if len(parts) == 2 and len(parts[0]) == HASH_CHARS:
            manifest[parts[1]] = parts[0]
    return manifest


def render_manifest(manifest):
    return "".join("%s %s\n" % (manifest[path], path) for path in sorted(manifest))


def written_whole(path):
    return path in RUN_BY_NAME or path.startswith(PROFILES)


def plan(local, remote):
    """(files to copy, files to remove, folders to make) to turn remote into local. Nothing in
    the saved games' folder is removed, whatever the board's manifest says."""
    import config

    games = config.DATA_FOLDER.strip("/") + "/"
    copy = sorted(path for path in local if remote.get(path) != local[path])
    copy.sort(key=lambda path: not written_whole(path))
    remove = [path for path in sorted(remote) if path not in local and not path.startswith(games)]
    folders = set()
    for path in copy:
        parts = path.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folders.add("/".join(parts[:depth]))
    return copy, remove, sorted(folders)


def commands(port, copy, remove, folders, files, tree=BUILD, extra=None):
    """The two mpremote command lines that carry out a plan: the copy (the mark, the folders,
    the manifest without what changes, the removals, the files, then each copied file's hash
    read back); the finish (the whole manifest, the mark removed, a reset), run once the
    hashes match. files: the build's mark, part and manifest files."""
    connect = mpremote() + ["connect", port]
    extra = extra or {}
    lines = []
    # The copy in one connection ("+" chains mpremote commands): one reset of the REPL
    # instead of one per file or folder.
    copying = list(connect)
    copying += ["fs", "cp", "-f", os.path.relpath(files["mark"], ROOT), ":" + MARK, "+"]
    if folders:
        copying += ["exec", MKDIRS % names(folders), "+"]
    # The manifest too is written whole or not at all: a cut inside it would lose the names
    # of files still to remove.
    copying += ["fs", "cp", "-f", os.path.relpath(files["part"], ROOT), ":" + MANIFEST + NEW, "+"]
    copying += ["exec", RENAME % names([MANIFEST]), "+"]
    if remove:
        copying += ["exec", REMOVE % names(remove), "+"]
    by_name = [path for path in copy if written_whole(path)]
    for path in by_name:
        source = _source(tree, extra, path)
        copying += ["fs", "cp", "-f", source, ":" + path + NEW, "+"]
    if by_name:
        copying += ["exec", RENAME % names(by_name), "+"]
    for path in copy:
        if path not in by_name:
            source = _source(tree, extra, path)
            copying += ["fs", "cp", "-f", source, ":" + path, "+"]
    copying += ["exec", VERIFY % names(copy)]
    lines.append(copying)
    finish = connect + ["fs", "cp", "-f", os.path.relpath(files["manifest"], ROOT)]
    finish += [":" + MANIFEST + NEW, "+", "exec", RENAME % names([MANIFEST]), "+"]
    finish += ["fs", "rm", ":" + MARK, "+", "reset"]
    lines.append(finish)
    return lines


# Run on the board by the copy, each given its file names (names()). A file already gone is not
# an error (a cut may have taken it), nor is a folder already there; littlefs renames over a
# file, FAT does not, hence the remove first there; the read back prints "sha256 HEX PATH" or
# "missing PATH", reading through one buffer so the 9 MB of an S3's tables do not churn the heap.
MKDIRS = "import os\nfor p in %s:\n try:\n  os.mkdir(p)\n except OSError:\n  pass"
REMOVE = "import os\nfor p in %s:\n try:\n  os.remove(p)\n except OSError:\n  pass"
RENAME = (
    'import os\nfor p in %s:\n try:\n  os.rename(p + ".new", p)\n except OSError:\n'
    '  os.remove(p)\n  os.rename(p + ".new", p)'
)
VERIFY = (
    'import hashlib, binascii\nb = bytearray(2048)\nfor p in %s:\n try:\n  f = open(p, "rb")\n'
    ' except OSError:\n  print("missing", p)\n  continue\n h = hashlib.sha256()\n'
    " while True:\n  n = f.readinto(b)\n  if not n:\n   break\n  h.update(memoryview(b)[:n])\n"
    ' f.close()\n print("sha256", binascii.hexlify(h.digest()).decode(), p)'
)


def names(paths):
    """A tuple of file names in Python, in double quotes (the dry run prints it in single)."""
    return "(%s)" % "".join('"%s", ' % path for path in paths)


def unverified(copy, local, answer):
    """The copied files whose hash on the board is not the build's, from VERIFY's lines."""
    found = {}
    for line in answer.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "sha256":
            found[parts[2]] = parts[1]
    return [path for path in copy if found.get(path) != local[path]]


# One line each: what the board calls itself ("... with ESP32S3"), its whole heap, and its
# file system's size in bytes; then the manifest of the last deploy, if there is one (one
# connection for both: each costs the board a reset into its raw REPL).
ASK_BOARD = (
    "import sys, gc, os; print(sys.implementation._machine); print(gc.mem_free()+gc.mem_alloc());"
    ' s = os.statvfs("/"); print(s[0] * s[2])\n'
    'try:\n f = open("%s")\nexcept OSError:\n print("%s")\nelse:\n print("%s")\n'
    ' print(f.read(), end="")\n f.close()'
)
NO_MANIFEST = "no manifest"  # never deployed: copy everything
MANIFEST_FOLLOWS = "manifest:"
ASK_BOARD = ASK_BOARD % (MANIFEST, NO_MANIFEST, MANIFEST_FOLLOWS)


def board_answer(answer):
    """(the chip, heap and file system's lines, the board's manifest {path: hash}) from
    ASK_BOARD's answer."""
    head, follows, manifest = answer.partition("\n%s\n" % MANIFEST_FOLLOWS)
    if not follows:
        head = head.rstrip("\n")
        if head.endswith("\n" + NO_MANIFEST):
            head = head[: -len(NO_MANIFEST) - 1]
    return head + "\n", parse_manifest(manifest)


def ask_board(port):
    return mpremote() + ["connect", port, "exec", ASK_BOARD]


def check_board(port, answer, out):
    """Refuses a board whose chip is not config.py's profile's; says what its heap allows.
    (whether the page can run there, its file system's size in bytes)."""
    import config
    from net.wifi import NEEDS_HEAP

    lines = answer.strip().splitlines()
    if len(lines) < 3 or not (lines[-1].strip().isdigit() and lines[-2].strip().isdigit()):
        raise DeployError(explain(port, answer))
    chip = lines[-3].rsplit(" with ", 1)[-1].strip()
    heap = int(lines[-2])
    fs_bytes = int(lines[-1])
    if chip != config.CHIP:
        fits = profiles_for(chip)
        step = (
            "put 'from profiles.%s import *' in firmware/config.py" % fits[0]
            if fits
            else "no profile in firmware/lib/profiles/ is for it: copy one, set its CHIP and pins"
        )
        raise DeployError(
            "The board on %s is an %s, but firmware/config.py's board profile is for an %s:"
            " %s, and deploy again; nothing was copied." % (port, chip, config.CHIP, step)
        )
    if heap >= NEEDS_HEAP:
        room = "enough for the game and the phone page"
    else:
        room = (
            "the game runs; the phone page needs %d KB, so Wi-Fi stays off (and the page's"
            " tables of the expert coach and the play's advice are not copied)"
            % (NEEDS_HEAP // 1024)
        )
    out.write("%s: an %s with %d KB of heap: %s\n" % (port, chip, heap // 1024, room))
    return heap >= NEEDS_HEAP, fs_bytes


# Files only the page reads: left off a board that cannot serve it (the expert coach's table
# is 2.9 MB, more than a classic ESP32's file system holds; the play's advice keeps its
# 426,300-byte table in memory, more than a classic ESP32's heap).
PAGE_ONLY = ("tables/",)
# The tables of the pone's leads (4.7 MB) and of its chosen leads (1.5 MB) go only where the
# file system holds them with room to spare for the games' journal and saves: a board with
# 16 MB of flash; elsewhere the board searches the pone's lead from four instead, and leaves
# a throw's play to a laptop.
ROOM_ONLY = ("tables/leads.bin", "tables/best-leads.bin")
ROOM_KEPT = 512 * 1024


def _size(tree, extra, path):
    """A file's size as the deploy copies it: supply.py from its own folder (none when the
    board's is kept), every other from the built tree."""
    if path in extra:
        return os.path.getsize(extra[path]) if extra[path] else 0
    return os.path.getsize(os.path.join(tree, path))


def _source(tree, extra, path):
    return os.path.relpath(extra[path] if path in extra else os.path.join(tree, path), ROOT)


def without_what_does_not_fit(local, fs_bytes, port, out, tree=BUILD, extra=None):
    """The files to deploy, less the tables of the pone's leads where the file system would
    keep less than ROOM_KEPT free with them."""
    total = sum(_size(tree, extra or {}, path) for path in local)
    if not set(ROOM_ONLY) <= set(local) or total + ROOM_KEPT <= fs_bytes:
        return local
    size = sum(os.path.getsize(os.path.join(tree, path)) for path in ROOM_ONLY)
    out.write(
        "%s: a file system of %d KB: the tables of the pone's leads (%d KB) are left off: the"
        " board searches the pone's lead from four instead (seconds, not a tap), and a throw's"
        " play is a laptop's (16 MB of flash holds them)\n"
        % (port, fs_bytes // 1024, size // 1024)
    )
    return {path: digest for path, digest in local.items() if path not in ROOM_ONLY}


def profiles_for(chip):
    """The board profiles (firmware/lib/profiles/) whose CHIP is chip, by module name."""
    import importlib

    folder = os.path.join(ROOT, "firmware", "lib", "profiles")
    names = sorted(name[:-3] for name in os.listdir(folder) if name.endswith(".py"))
    return [
        name
        for name in names
        if name != "__init__" and importlib.import_module("profiles." + name).CHIP == chip
    ]


def find_port():
    done = run_mpremote(mpremote() + ["devs"])
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[2].split(":")[0].lower() in ESP32_USB_VIDS:
            return parts[0]
    raise DeployError(
        "No ESP32 found on USB: plug the board in with a data cable (not a charge-only one), "
        "or name its port with --port."
    )


# How long a command may take before the board counts as not answering: two minutes, and
# for the copy as long again as its bytes take at a slow serial link's pace (115,200 baud
# carries about 11 KB a second; mpremote's framing about halves it): the expert coach's
# table alone is 2.9 MB.
ANSWER_S = 120
SLOW_LINK_BYTES_PER_S = 5000


def copy_timeout(size):
    """Seconds the copy of `size` bytes may take before the board counts as gone."""
    return ANSWER_S + size // SLOW_LINK_BYTES_PER_S


def run_mpremote(argv, timeout=ANSWER_S):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    except FileNotFoundError:
        raise DeployError(
            "mpremote is not installed here: run this with .venv/bin/python"
            " (bash tools/run makes .venv)."
        ) from None
    except subprocess.TimeoutExpired:
        raise DeployError(
            "The board stopped answering: unplug it, plug it in, try again."
        ) from None


# Said after any failure once the copy has begun (main.py reads the mark).
CUT_SHORT = (
    " Until a deploy finishes, the board waits with its first three LEDs dim blue; the saved"
    " games are untouched."
)


def explain(port, output, cut=False):
    """One sentence for an mpremote failure; cut: the copy had begun, so the board waits for
    the next deploy (main.py reads the mark)."""
    if cut:
        return explain(port, output) + CUT_SHORT
    text = output.lower()
    if "input/output error" in text or "disconnected" in text:
        return (
            "The line to the board on %s was lost (the cable pulled, or the laptop asleep):"
            " plug it back in and deploy again." % port
        )
    if "no space" in text or "errno 28" in text or "enospc" in text:
        return (
            "The board's flash is full: delete files you put there yourself "
            "(mpremote connect %s fs ls) or erase it and flash MicroPython again." % port
        )
    if "could not enter raw repl" in text or "raw repl" in text:
        return (
            "The board on %s does not answer as MicroPython: flash MicroPython first "
            "(docs/makers-guide.md, 'Install MicroPython')." % port
        )
    if (
        "failed to access" in text
        or "no such file or directory: '/dev" in text
        or "could not open" in text
        or "resource busy" in text
        or "access is denied" in text
    ):
        return _port_unopened(port)
    return "mpremote failed on %s: %s" % (
        port,
        output.strip().splitlines()[-1] if output.strip() else "?",
    )


def _port_unopened(port):
    """Why a port mpremote could not open: mpremote says the same ("failed to access", "it
    may be in use by another program") for a name with no port, a port another program holds
    and one the user may not open; the port's device file tells them apart."""
    if os.path.exists(port):
        if not os.access(port, os.R_OK | os.W_OK):
            return (
                "You may not open %s: on Linux join the dialout group (sudo usermod -aG dialout"
                " $USER, then log out and in again) and deploy again." % port
            )
        return (
            "Another program holds %s (a serial monitor, an editor's REPL, another mpremote;"
            " on Linux also ModemManager, which probes each new serial port for a minute):"
            " close it (ModemManager: sudo systemctl stop ModemManager) and deploy again." % port
        )
    if port.startswith("/dev/"):
        return "Nothing answers on %s: check the port name with 'mpremote devs'." % port
    return (
        "Nothing answers on %s, or another program holds it: check the name with 'mpremote"
        " devs' and close any serial monitor or editor's REPL." % port
    )


def deploy(port=None, dry_run=False, out=sys.stdout, tree=BUILD, supply=None):
    import config

    # A supply named is checked before anything is built, asked or copied.
    chosen = supply_choice(supply) if supply is not None else None

    # The page's tables only for a board that serves the page, where this Python makes them.
    tables = config.CHIP != "ESP32" and coach_extra_installed()
    if config.CHIP != "ESP32" and not tables:
        out.write(NO_TABLES + "\n")
    build(out_dir=tree, tables=tables)
    local = local_manifest(tree)
    extra = {}
    if chosen:
        extra[SUPPLY] = write_supply(port or "auto", chosen[0])
        local[SUPPLY] = hashlib.sha256(chosen[0].encode()).hexdigest()
        out.write("%s: %s\n" % (port or "auto", chosen[1]))
    if dry_run:
        # Nothing is asked of the board: the plan is for a board that has none of the files.
        copy, remove, folders = plan(local, {})
        files = write_deploy_files(port or "auto", local, {})
        ask = [ask_board(port or "auto"), hash_on_board(port or "auto", copy)]
        for argv in ask + commands(port or "auto", copy, remove, folders, files, tree, extra):
            # One line a command, each chained one ("+") on a line of its own.
            words = ["\\\n  +" if part == "+" else shlex.quote(part) for part in argv]
            out.write(" ".join(words) + "\n")
        return 0
    port = port or find_port()
    done = run_mpremote(ask_board(port))
    if done.returncode:
        raise DeployError(explain(port, done.stdout + done.stderr))
    answer, remote = board_answer(done.stdout)
    page, fs_bytes = check_board(port, answer, out)
    if not page:
        local = {path: digest for path, digest in local.items() if not path.startswith(PAGE_ONLY)}
    if SUPPLY in remote and SUPPLY not in local:
        local[SUPPLY] = remote[SUPPLY]  # the board's own choice, kept: never removed
        extra[SUPPLY] = None
    local = without_what_does_not_fit(local, fs_bytes, port, out, tree, extra)
    copy, remove, folders = plan(local, remote)
    whole = already_whole(port, copy, local)
    if whole:
        out.write(
            "%s: %d files already whole on the board from a deploy cut short: not copied again\n"
            % (port, len(whole))
        )
        remote.update(whole)
        copy, remove, folders = plan(local, remote)
    files = write_deploy_files(port, local, remote)
    out.write(
        "%s: %d files to copy, %d unchanged, %d to remove\n"
        % (port, len(copy), len(local) - len(copy), len(remove))
    )
    size = sum(_size(tree, extra, path) for path in copy)
    if size > 1024 * 1024:
        out.write(
            "%s: %d KB to copy: up to %d minutes over a serial link\n"
            % (port, size // 1024, (copy_timeout(size) - ANSWER_S) // 60 + 1)
        )
    copying, finish = commands(port, copy, remove, folders, files, tree, extra)
    done = copy_step(copying, copy_timeout(size))
    if done.returncode:
        raise DeployError(explain(port, done.stdout + done.stderr, cut=True))
    broken = unverified(copy, local, done.stdout)
    if broken:
        raise DeployError(
            "%s did not arrive whole on %s (%d of %d files read back wrong): deploy again; until"
            " a deploy finishes the board waits, its first three LEDs dim blue."
            % (broken[0], port, len(broken), len(copy))
        )
    done = copy_step(finish, ANSWER_S)
    if done.returncode:
        raise DeployError(explain(port, done.stdout + done.stderr, cut=True))
    out.write(
        "%s: %d files copied and read back whole; the board is restarting\n" % (port, len(copy))
    )
    return 0


def hash_on_board(port, paths):
    return mpremote() + ["connect", port, "exec", VERIFY % names(paths)]


def already_whole(port, copy, local):
    """{path: hash} of the files to copy that are already whole on the board: a deploy cut
    short copied them before the cable was pulled, so the next one resumes after them. Each
    is hashed on the board (no byte crosses the line); a file missing or different is not."""
    if not copy:
        return {}
    done = run_mpremote(hash_on_board(port, copy))
    if done.returncode:
        raise DeployError(explain(port, done.stdout + done.stderr))
    wrong = set(unverified(copy, local, done.stdout))
    return {path: local[path] for path in copy if path not in wrong}


def copy_step(argv, timeout):
    """run_mpremote for a step after the copy began: a board gone silent is said with what
    it shows until the next deploy."""
    try:
        return run_mpremote(argv, timeout)
    except DeployError as error:
        raise DeployError(str(error) + CUT_SHORT) from None


def _deploy_folder(port):
    # One folder per port: two boards deployed at once from one checkout keep apart.
    folder = os.path.join(
        ROOT, "build", "deploy-" + "".join(c if c.isalnum() else "-" for c in port).strip("-")
    )
    os.makedirs(folder, exist_ok=True)
    return folder


def write_deploy_files(port, local, remote):
    """The files the copy and the finish put on the board, written into build/: the mark; the
    manifest of what the copy does not write; the whole manifest. {"mark", "part",
    "manifest": path}."""
    folder = _deploy_folder(port)
    # Kept: the files left as they are, and those to remove (a cut before their removal
    # leaves the next deploy knowing of them); not the files about to be written.
    kept = {path: digest for path, digest in remote.items() if local.get(path, digest) == digest}
    texts = {
        "mark": "A deploy is under way, or was cut short: main.py waits for the next one.\n",
        "part": render_manifest(kept),
        "manifest": render_manifest(local),
    }
    files = {}
    for name, text in texts.items():
        files[name] = os.path.join(folder, name + ".txt")
        with open(files[name], "w") as handle:
            handle.write(text)
    return files


def board_report(port, save=None):
    """Runs the board report (tools/bench/chip_report.py, the bench's: it plays the match the
    estimates were counted on) against the board on port; its exit status."""
    argv = [sys.executable, os.path.join(ROOT, "tools", "bench", "chip_report.py")]
    argv += ["--port", port] + (["--save", save] if save else [])
    return subprocess.run(argv, cwd=ROOT).returncode


def write_supply(port, text):
    """supply.py for the board on port, in its deploy folder (build/deploy-PORT/)."""
    path = os.path.join(_deploy_folder(port), SUPPLY)
    with open(path, "w") as handle:
        handle.write(text)
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description="Deploy the firmware to an ESP32 over USB")
    parser.add_argument("--port", help="serial port, e.g. /dev/ttyUSB0 or COM3 (default: auto)")
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")
    parser.add_argument("--find-port", action="store_true", help="print the board's port, or fail")
    parser.add_argument(
        "--report",
        action="store_true",
        help="measure the board: what docs/figures.md estimates, timed on the chip"
        " (tools/bench/chip_report.py); nothing is deployed",
    )
    parser.add_argument("--save", help="with --report: keep the report in this file too")
    parser.add_argument(
        "--supply",
        help="what feeds the LEDs: usb (a USB port alone) or a barrel supply's current, e.g."
        " 2A; the budget becomes it less 10 %%, kept on the board (default: the board's own)",
    )
    args = parser.parse_args(argv)
    try:
        if args.find_port:
            print(find_port())
            return 0
        if args.report:
            return board_report(args.port or find_port(), args.save)
        return deploy(args.port, args.dry_run, supply=args.supply)
    except DeployError as error:
        sys.stderr.write("%s\n" % error)
        return 1


if __name__ == "__main__":
    sys.exit(main())
