import json
import os
import subprocess
import sys
from io import StringIO

import pytest

import board_libs
import build_mpy
import deploy
from where import ROOT

FAKE = os.path.join(ROOT, "host_tests", "fakes", "mpremote_fake.py")
# What goes on the board: the firmware, the compressed page and its icon, microdot's
# modules, umqtt's, the tables of the expert coach, of the play's count starts, of the pone's
# leads and of its chosen leads.
BOARD_FILES = (
    len(build_mpy.firmware_sources())
    + 2
    + len(build_mpy.MICRODOT_MODULES)
    + len(board_libs.BOARD_MODULES)
    + 4
)


def build_files():
    """The board paths of the built tree (build/board), as the deploy copies them."""
    return deploy.local_manifest().keys()


def test_the_build_compiles_every_file_and_keeps_the_entry_points_as_source(tmp_path):
    written = build_mpy.build(str(tmp_path))
    sources = build_mpy.firmware_sources()
    # Every firmware module, the compressed web page and its PNG icon, microdot from its PyPI
    # package, umqtt from its PyPI archive, and the tables of the expert coach
    # (tools/coach/coach_expert.py) and of the play's advice: the count starts, the pone's leads
    # and its chosen leads (tools/coach/peg_advice.py).
    assert len(written) == len(sources) + 2 + len(build_mpy.MICRODOT_MODULES) + 2 + 4
    assert "tables/expert.bin" in written and "tables/count-starts.bin" in written
    assert "tables/leads.bin" in written and "tables/best-leads.bin" in written
    assert os.path.getsize(tmp_path / "tables" / "count-starts.bin") == 426300
    # The play's search is machine code: built for the board's core (xtensawin, 0x28 in the
    # .mpy's third byte, with its .mpy sub-version 3); the simulator's build keeps it as
    # source, which MicroPython on this machine compiles for this machine.
    with open(tmp_path / "lib" / "cribbage" / "play_search.mpy", "rb") as handle:
        assert handle.read(3) == b"M\x06\x2b"
    here = build_mpy.build(str(tmp_path / "here"), here=True)
    assert "lib/cribbage/play_search.py" in here and "lib/cribbage/play_search.mpy" not in here
    assert [p for p in here if p.endswith(".py") and p.startswith("lib/")] == [
        "lib/cribbage/play_search.py"
    ]
    assert "www/index.html.gz" in written and "lib/microdot/microdot.mpy" in written
    assert "lib/umqtt/simple2.mpy" in written
    assert not os.path.exists(os.path.join(ROOT, "firmware", "lib", "microdot"))
    assert not os.path.exists(os.path.join(ROOT, "firmware", "lib", "umqtt"))
    assert {"main.py", "config.py"} <= set(written)
    assert "lib/app.mpy" in written and "lib/cribbage/score.mpy" in written
    assert not [p for p in written if p.startswith("lib/") and p.endswith(".py")]


def test_the_mpy_files_match_the_micropython_that_runs_them(tmp_path):
    build_mpy.build(str(tmp_path))
    with open(tmp_path / "lib" / "app.mpy", "rb") as handle:
        header = handle.read(4)
    # 'M', the .mpy version, no native code (so any architecture loads it).
    assert header[:3] == b"M\x06\x00"
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    done = subprocess.run(
        [micropython, "-c", "import sys; print(sys.implementation._mpy & 0xff)"],
        capture_output=True,
        text=True,
    )
    assert int(done.stdout) == header[1]


def test_change_detection_copies_only_what_changed_and_removes_what_went():
    local = {"main.py": "aa", "lib/app.mpy": "bb", "lib/ui/crib_keys.mpy": "cc"}
    assert deploy.plan(local, dict(local)) == ([], [], [])
    remote = {"main.py": "aa", "lib/app.mpy": "old", "lib/gone.mpy": "dd"}
    copy, remove, folders = deploy.plan(local, remote)
    assert copy == ["lib/app.mpy", "lib/ui/crib_keys.mpy"]
    assert remove == ["lib/gone.mpy"]
    assert folders == ["lib", "lib/ui"]


def test_the_dry_run_prints_the_exact_commands_and_touches_nothing(monkeypatch):
    calls = []
    monkeypatch.setattr(deploy, "run_mpremote", lambda argv: calls.append(argv))
    monkeypatch.setattr(deploy, "build", lambda **_: None)
    out = StringIO()
    assert deploy.deploy(port="/dev/ttyUSB0", dry_run=True, out=out) == 0
    assert calls == []
    lines = out.getvalue().splitlines()
    # The board asked its chip, heap and file system, and its manifest, in one connection.
    assert lines[:9] == [
        ".venv/bin/mpremote connect /dev/ttyUSB0 exec 'import sys, gc, os;"
        " print(sys.implementation._machine); print(gc.mem_free()+gc.mem_alloc());"
        ' s = os.statvfs("/"); print(s[0] * s[2])',
        "try:",
        ' f = open(".deployed")',
        "except OSError:",
        ' print("no manifest")',
        "else:",
        ' print("manifest:")',
        ' print(f.read(), end="")',
        " f.close()'",
    ]
    # Then each file of the plan hashed on the board: the ones a deploy cut short left whole
    # are not copied again.
    assert lines[9] == ".venv/bin/mpremote connect /dev/ttyUSB0 exec 'import hashlib, binascii"
    lines = lines[
        lines.index(' print("sha256", binascii.hexlify(h.digest()).decode(), p)\'') + 1 :
    ]
    # The mark first, the folders made, then the manifest of what stays, renamed into place;
    # the files main.py's halt reads (config.py, its profiles, main.py) under .new, renamed
    # together; the rest; the read back; then, once the hashes match, the whole manifest and
    # the mark removed.
    connect = ".venv/bin/mpremote connect /dev/ttyUSB0 "
    folders = ("lib", "lib/board", "lib/cribbage", "lib/microdot", "lib/net", "lib/profiles")
    folders += ("lib/shedding", "lib/storage", "lib/ui", "lib/umqtt", "tables", "www")
    assert lines[:3] == [
        connect + "fs cp -f build/deploy-dev-ttyUSB0/mark.txt :.deploying \\",
        "  + exec 'import os",
        "for p in (%s):" % "".join('"%s", ' % folder for folder in folders),
    ]
    assert lines[7] == "  + fs cp -f build/deploy-dev-ttyUSB0/part.txt :.deployed.new \\"
    assert lines[15:21] == [
        "  + fs cp -f build/board/config.py :config.py.new \\",
        "  + fs cp -f build/board/lib/profiles/__init__.mpy :lib/profiles/__init__.mpy.new \\",
        "  + fs cp -f build/board/lib/profiles/esp32.mpy :lib/profiles/esp32.mpy.new \\",
        "  + fs cp -f build/board/lib/profiles/esp32s3.mpy :lib/profiles/esp32s3.mpy.new \\",
        "  + fs cp -f build/board/main.py :main.py.new \\",
        "  + exec 'import os",
    ]
    assert "  + fs cp -f build/board/lib/app.mpy :lib/app.mpy \\" in lines
    assert lines[-26:-24] == ["  + exec 'import hashlib, binascii", "b = bytearray(2048)"]
    assert (
        lines[-10] == connect + "fs cp -f build/deploy-dev-ttyUSB0/manifest.txt :.deployed.new \\"
    )
    assert lines[-3:] == [
        '  os.rename(p + ".new", p)\' \\',
        "  + fs rm :.deploying \\",
        "  + reset",
    ]
    copied = [line for line in lines if " cp -f build/board/" in line]
    assert len(copied) == BOARD_FILES
    assert (
        "  + fs cp -f build/board/lib/microdot/microdot.mpy :lib/microdot/microdot.mpy \\" in lines
    )


def test_deploying_twice_copies_nothing_the_second_time(fake_board, monkeypatch):
    waits = []
    run = deploy.run_mpremote

    def timed(argv, timeout=deploy.ANSWER_S):
        waits.append((argv[-1], timeout))
        return run(argv, timeout)

    monkeypatch.setattr(deploy, "run_mpremote", timed)
    out = StringIO()
    deploy.deploy(out=out)
    size = sum(os.path.getsize(os.path.join(build_mpy.BUILD, path)) for path in build_files())
    assert out.getvalue().splitlines()[:3] == [
        "/dev/ttyUSB7: an ESP32S3 with 2041 KB of heap: enough for the game and the phone page",
        "/dev/ttyUSB7: %d files to copy, 0 unchanged, 0 to remove" % BOARD_FILES,
        "/dev/ttyUSB7: %d KB to copy: up to %d minutes over a serial link"
        % (size // 1024, size // 5000 // 60 + 1),
    ]
    # The copy may take as long as its bytes do over a slow serial link, 2 minutes more: the
    # expert coach's table alone would take about 10 minutes at 5,000 bytes a second.
    copying = waits[-2]  # ends with the read back
    assert copying[0].startswith("import hashlib") and copying[1] == 120 + size // 5000
    assert size > 2_900_000
    assert {wait for command, wait in waits[:-2] + waits[-1:]} == {120}
    assert (fake_board / "lib" / "cribbage" / "score.mpy").exists()
    assert (fake_board / "main.py").read_text() == open(
        os.path.join(ROOT, "firmware", "main.py")
    ).read()
    (fake_board / "data").mkdir()
    (fake_board / "data" / "cribbage.log").write_bytes(b"CRJ2 saved games")
    out = StringIO()
    deploy.deploy(port="/dev/ttyUSB7", out=out)
    assert ": 0 files to copy" in out.getvalue()
    assert (fake_board / "data" / "cribbage.log").read_bytes() == b"CRJ2 saved games"
    # A manifest cut short (here: one line that no longer vouches for its file) costs a hash
    # on the board, not a copy, while the file is whole.
    manifest = (fake_board / ".deployed").read_text()
    first = manifest.split("\n")[0].split()[1]
    (fake_board / ".deployed").write_text(manifest.replace(manifest[:64], "0" * 64, 1))
    out = StringIO()
    deploy.deploy(port="/dev/ttyUSB7", out=out)
    assert out.getvalue().splitlines()[1:3] == [
        "/dev/ttyUSB7: 1 files already whole on the board from a deploy cut short: not copied"
        " again",
        "/dev/ttyUSB7: 0 files to copy, %d unchanged, 0 to remove" % BOARD_FILES,
    ]
    # A file changed on the board is copied again.
    (fake_board / first).write_bytes(b"changed")
    (fake_board / ".deployed").write_text(manifest.replace(manifest[:64], "0" * 64, 1))
    out = StringIO()
    deploy.deploy(port="/dev/ttyUSB7", out=out)
    assert ": 1 files to copy, %d unchanged" % (BOARD_FILES - 1) in out.getvalue()
    assert (fake_board / ".deployed").read_text() == manifest


@pytest.mark.parametrize(
    "chip, words",
    [
        ("ESP32", "The board on /dev/ttyUSB7 is an ESP32, but firmware/config.py's board profile"
         " is for an ESP32S3: put 'from profiles.esp32 import *' in firmware/config.py, and"
         " deploy again; nothing was copied.\n"),
        ("ESP32C3", "The board on /dev/ttyUSB7 is an ESP32C3, but firmware/config.py's board"
         " profile is for an ESP32S3: no profile in firmware/lib/profiles/ is for it: copy one,"
         " set its CHIP and pins, and deploy again; nothing was copied.\n"),
    ],
)  # fmt: skip
def test_a_board_of_another_chip_is_refused_before_anything_is_copied(
    fake_board, monkeypatch, capsys, chip, words
):
    # A chip a profile is for is told the line to set; one no profile is for, to make one.
    monkeypatch.setenv("FAKE_CHIP", "%s module with %s" % (chip, chip))
    assert deploy.main([]) == 1
    assert capsys.readouterr().err == words
    assert os.listdir(fake_board) == []


def test_a_board_with_8_mb_of_flash_gets_every_table_but_the_pone_leads(fake_board, monkeypatch):
    """An N8R2 (8 MB of flash, a 6 MB file system): the page's tables but the tables of the
    pone's leads (6.2 MB), left off with what the board does instead; 16 MB (the fake's
    default) takes them (test_the_dry_run...: every file)."""
    monkeypatch.setenv("FAKE_CHIP", "Generic ESP32S3 module with ESP32S3")
    monkeypatch.setenv("FAKE_FS", str(6 * 1024 * 1024))
    out = StringIO()
    deploy.deploy(out=out)
    leads = sum(
        os.path.getsize(os.path.join(build_mpy.BUILD, "tables", name))
        for name in ("leads.bin", "best-leads.bin")
    )
    assert out.getvalue().splitlines()[1:3] == [
        "/dev/ttyUSB7: a file system of 6144 KB: the tables of the pone's leads (%d KB) are"
        " left off: the board searches the pone's lead from four instead (seconds, not a tap),"
        " and a throw's play is a laptop's (16 MB of flash holds them)" % (leads // 1024),
        "/dev/ttyUSB7: %d files to copy, 0 unchanged, 0 to remove" % (BOARD_FILES - 2),
    ]
    assert sorted(os.listdir(fake_board / "tables")) == ["count-starts.bin", "expert.bin"]


def test_a_classic_board_is_told_the_page_stays_off(fake_board, monkeypatch):
    import config

    monkeypatch.setattr(config, "CHIP", "ESP32")
    monkeypatch.setenv("FAKE_CHIP", "ESP32 module with ESP32")
    monkeypatch.setenv("FAKE_HEAP", "113200")
    out = StringIO()
    deploy.deploy(out=out)
    assert out.getvalue().splitlines()[:2] == [
        "/dev/ttyUSB7: an ESP32 with 110 KB of heap: the game runs; the phone page needs 480 KB,"
        " so Wi-Fi stays off (and the page's tables of the expert coach and the play's advice"
        " are not copied)",
        "/dev/ttyUSB7: %d files to copy, 0 unchanged, 0 to remove" % (BOARD_FILES - 4),
    ]
    assert not (fake_board / "tables").exists()
    assert (fake_board / "lib" / "cribbage" / "expert.mpy").exists()


@pytest.mark.parametrize(
    "mode, message",
    [
        ("none", "No ESP32 found on USB: plug the board in with a data cable"),
        ("plain", "does not answer as MicroPython: flash MicroPython first"),
        ("full", "The board's flash is full: delete files you put there yourself"),
    ],
)
def test_failures_are_explained_in_one_sentence(fake_board, monkeypatch, capsys, mode, message):
    monkeypatch.setenv("FAKE_MODE", mode)
    assert deploy.main([]) == 1
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


def test_package_json_installs_every_firmware_file_with_mip():
    with open(os.path.join(ROOT, "package.json")) as handle:
        package = json.load(handle)
    targets = [target for target, _ in package["urls"]]
    assert sorted(targets) == sorted(build_mpy.firmware_sources())
    for target, url in package["urls"]:
        assert url == "firmware/" + target and os.path.exists(os.path.join(ROOT, url))


def test_the_drilling_drawing_and_the_pictures_are_current():
    import board_picture
    import config
    import docs_pictures

    hand_wired = board_picture.as_built(config, "hand-wired")
    with open(os.path.join(ROOT, "hardware", "drill.svg")) as handle:
        assert handle.read() == board_picture.svg(
            hand_wired, title="Drill 1:1 - numbers are LED positions on the strip", drill=True
        )
    assert docs_pictures.main(["--check"]) == 0


def test_a_board_gone_silent_in_the_copy_is_said_with_what_it_shows_until_the_next(
    fake_board, monkeypatch, capsys
):
    """No answer for the copy's whole wait (a hub that hangs, a cable half out): the words
    say the board now waits, three dim blue LEDs, for the next deploy."""
    run = deploy.run_mpremote

    def silent_in_the_copy(argv, timeout=deploy.ANSWER_S):
        if "cp" in argv and ":.deploying" in argv:
            raise deploy.DeployError(
                "The board stopped answering: unplug it, plug it in, try again."
            )
        return run(argv, timeout)

    monkeypatch.setattr(deploy, "run_mpremote", silent_in_the_copy)
    assert deploy.main(["--port", "/dev/ttyUSB7"]) == 1
    assert capsys.readouterr().err == (
        "The board stopped answering: unplug it, plug it in, try again. Until a deploy"
        " finishes, the board waits with its first three LEDs dim blue; the saved games are"
        " untouched.\n"
    )
