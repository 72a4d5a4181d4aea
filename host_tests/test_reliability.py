"""Nothing lost, nothing crashes: power cuts at every byte in every mode, corrupt files,
a full flash, random keys through the real input path, a hung app, a bad config."""

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import config
import drivers
import fake_machine
from app import App
from board_rig import Rig
from boot_halt import halt
from hardware import Hardware
from keypad import KEY_NAMES
from memstore import MemoryStore, RecordingStore, cut_at
from where import ROOT

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`

SCRIPTS = {
    "cribbage with cards": lambda rig: drivers.cribbage_with_cards(rig, 5, "B "),
    "cribbage in points": drivers.cribbage_in_points,
    "makao": lambda rig: drivers.shedding(rig, 1, 3),
    "latvian": lambda rig: drivers.shedding(rig, 2, 4),
}


def boot(store):
    lines = []
    app = App(config, Hardware(config), store, say=lines.append)
    app.boot(1000)
    return app, lines


@pytest.mark.parametrize("mode", list(SCRIPTS))
def test_a_power_cut_at_every_byte_boots_into_the_last_complete_entry(mode, capsys):
    store = RecordingStore()
    snapshots = []
    rig = drivers.fast_rig(store)
    rig.on_key = lambda r: snapshots.append((store.bytes_written, drivers.persistent_state(r.app)))
    snapshots.append((0, drivers.persistent_state(rig.app)))
    SCRIPTS[mode](rig)
    total = store.bytes_written
    tried = matched = 0
    expected_index = 0
    for cut in range(total + 1):
        while expected_index + 1 < len(snapshots) and snapshots[expected_index + 1][0] <= cut:
            expected_index += 1
        app, _ = boot(cut_at(store.log, cut))
        tried += 1
        # The last complete entry, or the one being written once its own record is whole
        # (a key can write an event and then a checkpoint).
        state = drivers.persistent_state(app)
        matched += state in [s for _, s in snapshots[expected_index : expected_index + 2]]
    with capsys.disabled():
        print("\npower cuts in %s: %d tried, %d states matched" % (mode, tried, matched))
    assert tried == total + 1 and matched == tried


def played_store(back_to_cribbage=False):
    store = MemoryStore()
    rig = drivers.fast_rig(store)
    rig.keys("# 5 4 0 5 5 9 3 #")  # a match, a starter, four cards, a refused one, a go
    rig.keys("hold:D A 9 1 2 1 #")  # Makao: a 2 of clubs
    if back_to_cribbage:
        rig.keys("hold:D hold:D")  # the Latvian game, then cribbage again
    return store, drivers.persistent_state(rig.app)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["cribbage.log", "makao.log", "settings.log"]),
    damage=st.sampled_from(["flip", "truncate", "garbage", "replace"]),
    where=st.floats(0, 1),
    bit=st.integers(0, 7),
    junk=st.binary(min_size=1, max_size=40),
)
def test_damaged_files_boot_keep_the_good_part_and_keep_the_file_aside(
    name, damage, where, bit, junk
):
    store, _ = played_store()
    original = store.files[name]
    at = min(int(where * len(original)), len(original) - 1)
    if damage == "flip":
        damaged = original[:at] + bytes([original[at] ^ (1 << bit)]) + original[at + 1 :]
    elif damage == "truncate":
        damaged = original[:at]
    elif damage == "garbage":
        damaged = original[:at] + junk + original[at:]
    else:
        damaged = junk
    store.files[name] = damaged
    app, lines = boot(store)  # must not raise
    aside = [file for file in store.files if file.startswith(name + ".bad")]
    if aside:
        assert store.files[aside[0]] == damaged  # never deleted: kept as it was
        assert any(
            ("journal:" in line or "settings:" in line) and "saved as" in line for line in lines
        )
        assert app.overlay.error_until != 0  # the error pattern flashes on the LEDs
    # What was kept is what the damaged file still held whole, and it replays cleanly.
    again, _ = boot(store)
    assert drivers.persistent_state(again) == drivers.persistent_state(app)


FAILING = ("write", "rename", "remove", "keep_aside")
DAMAGES = {
    "torn": lambda data: data[:-1],
    "flipped": lambda data: data[: len(data) // 2] + b"\xff" + data[len(data) // 2 + 1 :],
    "1 byte": lambda data: data[:1],
    "3 bytes": lambda data: data[:3],
    "not a journal": lambda data: b"not a journal at all",
}


@pytest.mark.parametrize("name", ["cribbage.log", "settings.log", "makao.log"])
@pytest.mark.parametrize("damage", list(DAMAGES))
def test_every_damage_with_every_failing_operation_boots_and_adds_no_copies(name, damage):
    for mask in range(1 << len(FAILING)):
        failing = tuple(FAILING[i] for i in range(len(FAILING)) if mask >> i & 1)
        store, _ = played_store(back_to_cribbage=mask % 2 == 1)
        damaged = DAMAGES[damage](bytes(store.files[name]))
        store.files[name] = damaged
        store.failing = failing
        copies = []
        for _ in range(3):  # three resets in a row, as main.py would after a crash
            app, lines = boot(store)  # must not raise
            app.paint(1000)
            copies.append(sorted(f for f in store.files if ".bad" in f))
        # The damaged file is never lost: untouched, or kept aside whole.
        kept = [store.files[f] for f in copies[-1] if f.endswith(".bad1")]
        assert store.files[name] == damaged or kept == [damaged], (name, damage, failing)
        # Resets never pile up copies: at most one whole copy and one unfinished one.
        assert copies[0] == copies[1] == copies[2], (name, damage, failing, copies)
        assert len(copies[-1]) <= 2
        said = " ".join(lines)
        if failing and store.files[name] == damaged:
            # The mending could not be saved: the console says so.
            assert "mending it failed" in said, (name, damage, failing, lines)
        if name == "cribbage.log" and app.mode == 0 and store.files[name] == damaged:
            assert app.overlay.save_failed  # the saving LED is lit
        # Once the flash works again, the next boot mends it and keeps one copy.
        store.failing = ()
        boot(store)
        assert store.files.get(name + ".bad1") == damaged, (name, damage, failing)
        assert name + ".bad2" not in store.files


BOOT_THREE_TIMES = """
import sys
import fakes
fakes.install()
import resource
resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))  # as `ulimit -f 0`: every write fails
import config
from app import App
from hardware import Hardware
from storage.store import FileStore
for _ in range(3):
    app = App(config, Hardware(config), FileStore(sys.argv[1]), say=print)
    app.boot(0)
    app.paint(0)
    print("booted", app.mode, app.overlay.save_failed)
"""


def saved_game(folder):
    from storage.store import FileStore

    rig = drivers.fast_rig(FileStore(str(folder)))
    rig.keys("# 5 4 0 5 5 9")  # a match, a starter, three cards
    return rig


def test_a_damaged_journal_on_a_flash_that_refuses_every_write_boots_every_time(tmp_path):
    saved_game(tmp_path)
    journal = tmp_path / "cribbage.log"
    damaged = journal.read_bytes()[:-1]
    journal.write_bytes(damaged)
    done = subprocess.run(
        [sys.executable, "-c", BOOT_THREE_TIMES, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.count("booted 0 True") == 3  # up, in cribbage, the saving LED lit
    said = "of an unfinished record; mending it failed ([Errno 27] File too large)"
    assert done.stdout.count(said) == 3
    assert journal.read_bytes() == damaged  # untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cribbage.log"]  # no copies left


def test_a_folder_in_the_way_of_the_mending_keeps_one_copy_across_resets(tmp_path):
    from storage.store import FileStore

    saved_game(tmp_path)
    journal = tmp_path / "cribbage.log"
    damaged = journal.read_bytes()[:-2]
    journal.write_bytes(damaged)
    (tmp_path / "cribbage.log.tmp").mkdir()  # where the mended file would be written
    for _ in range(3):
        app, lines = boot(FileStore(str(tmp_path)))
        assert app.overlay.save_failed and "mending it failed" in " ".join(lines)
    assert (tmp_path / "cribbage.log.bad1").read_bytes() == damaged
    assert not (tmp_path / "cribbage.log.bad2").exists()
    (tmp_path / "cribbage.log.tmp").rmdir()
    app, lines = boot(FileStore(str(tmp_path)))
    assert (
        not app.overlay.save_failed
        and journal.read_bytes() == damaged[: len(journal.read_bytes())]
    )
    assert not (tmp_path / "cribbage.log.bad2").exists()


def test_a_data_folder_that_cannot_be_made_still_boots_and_says_saving_failed(tmp_path):
    from storage.store import FileStore

    (tmp_path / "file").write_bytes(b"")
    store = FileStore(str(tmp_path / "file" / "data"))  # mkdir refused: a file is in the way
    rig = drivers.fast_rig(store)
    rig.keys("# 5 4")
    assert rig.app.history.state.phase == "play"  # the game goes on in memory
    assert rig.app.overlay.save_failed
    assert any("saving failed" in line for line in rig.lines)


def test_a_flipped_bit_in_the_middle_of_the_journal_keeps_the_records_before_it():
    store, played = played_store()
    original = store.files["cribbage.log"]
    middle = len(original) // 2
    store.files["cribbage.log"] = (
        original[:middle] + bytes([original[middle] ^ 4]) + original[middle + 1 :]
    )
    app, lines = boot(store)
    assert [line for line in lines if line.startswith("cribbage journal: damaged journal at byte")]
    assert store.files["cribbage.log.bad1"][middle] == original[middle] ^ 4
    app.open_mode(0, 2000)  # the cribbage match: the records before the damage
    match = app.history.state
    assert app.mode == 0 and match.phase == "cut"  # the new match kept, the rest aside
    assert match.state() != played[2]  # the cribbage journal as it was played


@pytest.mark.parametrize("errno", [28, 5])  # ENOSPC, EIO
def test_a_full_flash_keeps_the_game_in_memory_warns_and_resumes(errno):
    store = MemoryStore()
    rig = Rig(store)
    rig.keys("# 5 4")
    saved = dict(store.files)
    store.full = True
    store.errno = errno
    rig.keys("0 5")  # fifteen for 2, not saved
    assert rig.match.front == [2, 0] and store.files == saved
    assert rig.colour(rig.app.layout.save_led) != (0, 0, 0)  # the saving LED warns
    assert "saving failed" in " ".join(rig.lines)
    store.full = False
    rig.keys("5")  # pair for 2: saving resumes with everything
    assert rig.colour(rig.app.layout.save_led) == (0, 0, 0)
    again = Rig(store)
    assert again.match.front == [2, 2]


KEYS = KEY_NAMES


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    presses=st.lists(
        st.tuples(st.integers(0, 15), st.sampled_from([40, 60, 120, 800]), st.integers(0, 3)),
        max_size=60,
    )
)
def test_random_keys_through_the_keypad_keep_every_invariant(presses):
    store = MemoryStore()
    rig = Rig(store)
    for index, hold, bounces in presses:
        row = config.KEYPAD_ROW_PINS[index // 4]
        col = config.KEYPAD_COL_PINS[index % 4]
        for _ in range(bounces):  # contact bounce: 5 ms closed, 5 ms open
            fake_machine.press(row, col)
            rig.wait(10)
            fake_machine.release_all()
        fake_machine.press(row, col)
        rig.wait(hold)
        fake_machine.release_all()
        rig.wait(60)
        drivers.check_invariants(rig.app)
    replayed, _ = boot(store)
    assert drivers.persistent_state(replayed) == drivers.persistent_state(rig.app)


def test_the_watchdog_is_fed_only_while_the_key_loop_runs_and_the_reset_boots_the_game():
    store = MemoryStore()
    rig = Rig(store)
    rig.keys("# 5 4 0 5")
    fed = fake_machine.WDT.fed
    rig.app.hardware.start_watchdog(config.WATCHDOG_MS)
    assert rig.app.watchdog_step(rig.now) and fake_machine.WDT.fed == fed + 1
    hung = rig.now + config.WATCHDOG_MS  # the key loop stopped polling: no heartbeat
    assert not rig.app.watchdog_step(hung) and fake_machine.WDT.fed == fed + 1
    again = Rig(store)  # what the watchdog's reset leads to
    assert again.match.front == [2, 0] and again.match.play.count == 15


def test_a_pin_that_does_not_exist_stops_with_a_message_and_a_safe_pattern(monkeypatch):
    printed = halt(monkeypatch, KEYPAD_ROW_PINS=(5, 6, 7, 30))  # 30: the S3's flash
    assert printed == [
        "config.py is wrong: config.py: GPIO 30 cannot be used here (invalid pin)",
        "fix config.py and reset the board",
    ]


def test_a_layout_larger_than_the_strip_stops_with_a_message(monkeypatch):
    printed = halt(monkeypatch, LEDS="hand-wired", STRIP_LENGTH=100)
    assert printed[0] == "config.py is wrong: LED 119 is past the end of a 100-LED strip"


def test_a_crash_prints_the_traceback_and_resets_into_the_saved_game():
    # main.py as the board runs it, on the MicroPython interpreter with fake hardware.
    script = (
        "import sys\n"
        "sys.path[:0] = ['firmware', 'firmware/lib', 'tools/host_shims']\n"
        "import fakes\n"
        "fakes.install()\n"
        "class Broken:\n"
        "    def main():\n"
        "        raise RuntimeError('a bug')\n"
        "sys.modules['boardmain'] = Broken\n"
        "class Time:\n"
        "    def sleep(seconds):\n"
        "        print('slept', seconds)\n"
        "sys.modules['time'] = Time\n"
        "try:\n"
        "    exec(open('firmware/main.py').read())\n"
        "except Exception as e:\n"
        "    print('then', type(e).__name__)\n"
    )
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    done = subprocess.run([micropython, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert "RuntimeError: a bug" in done.stdout + done.stderr
    assert "slept 2\nthen FakeReset" in done.stdout


def test_a_panel_on_a_usb_ports_budget_is_refused_in_words_at_the_start(monkeypatch):
    """The panel's 256 LEDs draw 256 mA dark and the S3 200 with Wi-Fi on: a USB port's
    budget (450) leaves nothing to light them with, so the board stops and says so."""
    printed = halt(monkeypatch, LEDS="panel", CURRENT_BUDGET_MA=450)
    assert printed == [
        "config.py is wrong: CURRENT_BUDGET_MA is 450 mA, but the 256 LEDs dark and the board"
        " draw 456 mA before one lights: a larger supply, and its amps less 10 % here (2 A:"
        " 1800)",
        "fix config.py and reset the board",
    ]
