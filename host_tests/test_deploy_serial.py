"""The deploy with the real mpremote over a serial line to a real MicroPython (serial_board.py: the
unix port with a folder as its flash, on a pseudo-terminal), the cable pulled inside each file
of a first deploy in turn and at each kind of step: a board that starts (the old firmware, the
new one, or three dim blue LEDs and words with the REPL free), a next deploy that mends it, the
saved games untouched."""

import os
import shutil
from io import StringIO

import pytest

import build_mpy
import deploy
from serial_board import SerialBoard

pytestmark = pytest.mark.slow

HALT = (
    "the last deploy did not finish, so the firmware may be part old, part new: run"
    " crib-deploy again (the saved games are untouched)"
)
HALT_LEDS = "[LEDs lit: 0:0,0,40 1:0,0,40 2:0,0,40]"
GAME = "new match: A players (2), B target (121), C games (1); # starts it"
SAVED = {"data/keep.me": b"a saved game's bytes \x00\xff"}
CUT = (
    " Until a deploy finishes, the board waits with its first three LEDs dim blue; the saved"
    " games are untouched."
)


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """The firmware as deploy builds it for an S3 without the coach's extra (no tables: 170 KB
    to copy, not 9 MB), and an older one: built for this machine (the play's search kept as
    source, so the update removes a file and adds one), with config.py edited on the board
    and a module since retired."""
    folder = tmp_path_factory.mktemp("trees")
    new, old = str(folder / "new"), str(folder / "old")
    build_mpy.build(out_dir=new, tables=False)
    build_mpy.build(out_dir=old, here=True, tables=False)
    with open(os.path.join(old, "config.py"), "a") as handle:
        handle.write("# LED_ORDER checked on this board\n")
    shutil.copyfile(os.path.join(old, "lib", "cards.mpy"), os.path.join(old, "lib", "retired.mpy"))
    return new, old


@pytest.fixture
def laptop(monkeypatch):
    """deploy as a maker without the coach's extra runs it; the tree given, built once. A
    pseudo-terminal hung up can leave mpremote polling instead of failing (a USB device
    unplugged fails it at once): the copy's wait is shortened so such a run ends soon."""
    monkeypatch.setattr(deploy, "coach_extra_installed", lambda: False)
    monkeypatch.setattr(deploy, "build", lambda **_: None)
    monkeypatch.setattr(deploy, "copy_timeout", lambda size: 30)


@pytest.fixture
def board(tmp_path):
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    for path, data in SAVED.items():
        (flash / path).write_bytes(data)
    made = SerialBoard(flash)
    yield made
    made.close()


def run_deploy(board, tree):
    out = StringIO()
    board.plug_in()
    try:
        deploy.deploy(port=board.port, out=out, tree=tree)
    except deploy.DeployError as error:
        return out.getvalue(), str(error)
    return out.getvalue(), None


def flash_files(board):
    found = {}
    for folder, _, files in os.walk(board.flash):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                data = handle.read()
            found[os.path.relpath(path, board.flash)] = data
    return found


def as_deployed(tree):
    """{path: bytes} of a board that has the tree deployed whole, the saved games on it."""
    files = {}
    for path in deploy.local_manifest(tree):
        with open(os.path.join(tree, path), "rb") as handle:
            files[path] = handle.read()
    files[".deployed"] = deploy.render_manifest(deploy.local_manifest(tree)).encode()
    files.update(SAVED)
    return files


def boot(board):
    """Power on; what the board shows once it settles: "game", "halt" or "repl"."""
    board.power_on()
    assert board.wait_for(">>> ", GAME), board.shown()[-600:]
    shown = board.shown()
    if GAME in shown:
        return "game"
    if HALT in shown:
        return "halt"
    assert "Traceback" not in shown, shown
    return "repl"


def test_a_blank_board_takes_the_firmware_reads_it_back_and_boots_into_the_game(
    trees, laptop, board
):
    new, _ = trees
    board.power_on()
    said, error = run_deploy(board, new)
    files = len(deploy.local_manifest(new))
    assert error is None
    port = board.port
    assert said.splitlines()[1:] == [
        "%s: an ESP32S3 with 2016 KB of heap: enough for the game and the phone page" % port,
        "%s: %d files to copy, 0 unchanged, 0 to remove" % (port, files),
        "%s: %d files copied and read back whole; the board is restarting" % (port, files),
    ]
    assert board.wait_for(GAME)  # the reset ran main.py: the game's first prompt
    assert "LED test: LEDs 0, 1 and 2" not in board.shown()  # a game saved: no test
    assert flash_files(board) == as_deployed(new)
    said, error = run_deploy(board, new)
    assert error is None
    assert "%s: 0 files to copy, %d unchanged, 0 to remove" % (board.port, files) in said
    assert flash_files(board) == as_deployed(new)


# Where the cable is pulled: what the laptop had sent (the marker's nth time, then so many
# bytes). Each kind of step of the copy and the finish, in a first deploy and in an update.
# (A cut inside each file: test_a_first_deploy_cut_in_each_file_in_turn_resumes_after_it.)
FIRST_DEPLOY_CUTS = {
    "in the mark": (b"open('.deploying'", 30, 1),
    "in the folders made": (b"os.mkdir(p)", 0, 1),
    "in the read back": (b"import hashlib", 200, 2),  # the first hashes before the copy
    "at the mark's removal": (b"remove('.deploying')", 0, 1),
}
UPDATE_CUTS = {
    "in the manifest of what stays": (b"open('.deployed.new','wb')", 400, 1),
    "in the removals": (b"os.remove(p)", 0, 1),
    "in config.py": (b"open('config.py.new'", 200, 1),
    "in the renames": (b'os.rename(p + ".new"', 0, 1),
    "in the module added": (b"open('lib/cribbage/play_search.mpy'", 300, 1),
    "in the whole manifest": (b"open('.deployed.new','wb')", 600, 2),
    "at the reset": (b"machine.reset()", 0, 1),
}


def pulled(board, tree, cut):
    board.cut_after(*cut)
    said, error = run_deploy(board, tree)
    assert error is not None, "the cable was never pulled: %r" % (cut,)
    lost = "The line to the board on %s was lost" % board.port in error
    assert error.endswith(CUT) and (lost or error.startswith("The board stopped answering"))
    return said


@pytest.mark.parametrize("where", sorted(FIRST_DEPLOY_CUTS))
def test_a_first_deploy_cut_short_leaves_a_board_that_says_so_and_the_next_deploy_mends_it(
    trees, laptop, board, where
):
    new, _ = trees
    board.power_on()
    pulled(board, new, FIRST_DEPLOY_CUTS[where])
    starts_as_a_cut_first_deploy_should(board)
    said, error = run_deploy(board, new)
    assert error is None, error
    assert board.wait_for(GAME)
    assert flash_files(board) == as_deployed(new)


def starts_as_a_cut_first_deploy_should(board):
    shown = boot(board)
    files = flash_files(board)
    if "main.py" in files:  # with config.py and its profile, all three whole
        assert shown == "halt" and HALT_LEDS in board.shown()
    elif ".deploying" in files:  # nothing yet that could light an LED
        assert shown == "repl"
    else:  # not begun: a blank board
        assert shown == "repl" and files == SAVED


def not_whole_on(board, tree):
    """The tree's files the board's flash does not hold byte for byte, by the test's own
    reading of the flash."""
    flash, whole = flash_files(board), as_deployed(tree)
    return [path for path in deploy.local_manifest(tree) if flash.get(path) != whole[path]]


def test_a_first_deploy_cut_in_each_file_in_turn_resumes_after_it(trees, laptop, board):
    """The cable pulled 300 bytes into each file the first deploy copies, in the order it
    copies them (past the end of a small file, so between it and the next), each time on the
    board the last cut left: it starts as it should, and each deploy copies exactly the files
    not yet whole there (the ones before the cut are not sent again)."""
    new, _ = trees
    order, _, _ = deploy.plan(deploy.local_manifest(new), {})
    board.power_on()
    begun = 0
    for path in order:
        name = path + deploy.NEW if deploy.written_whole(path) else path
        missing = not_whole_on(board, new)
        said = pulled(board, new, (("open('%s'" % name).encode(), 300, 1))
        assert "%s: %d files to copy," % (board.port, len(missing)) in said, (path, said)
        assert path in missing
        # Files the deploy began to write: all it opened but the mark and the manifest.
        begun += board.sent.count(b"','wb')") - 2
        starts_as_a_cut_first_deploy_should(board)
    said, error = run_deploy(board, new)
    assert error is None, error
    assert board.wait_for(GAME)
    assert flash_files(board) == as_deployed(new)
    # Without the resume, each deploy of the cascade sent every file before its cut again:
    # N(N+1)/2 files begun, 3,570 here. With it, each file is begun at most twice (cut inside
    # it, then whole), but the five main.py's halt reads, sent again until they are renamed
    # together: at most 2 (N - 5) + 5 x 6.
    assert begun <= 2 * (len(order) - 5) + 5 * 6, begun


@pytest.fixture(scope="module")
def old_board(trees, tmp_path_factory):
    """A flash with the older firmware deployed whole by the real mpremote."""
    _, old = trees
    flash = tmp_path_factory.mktemp("old") / "flash"
    (flash / "data").mkdir(parents=True)
    for path, data in SAVED.items():
        (flash / path).write_bytes(data)
    board = SerialBoard(flash)
    board.power_on()
    saved = deploy.coach_extra_installed, deploy.build
    deploy.coach_extra_installed, deploy.build = (lambda: False), (lambda **_: None)
    try:
        said, error = run_deploy(board, old)
    finally:
        deploy.coach_extra_installed, deploy.build = saved
        board.close()
    assert error is None, error
    assert flash_files(board) == as_deployed(old)
    return str(flash)


@pytest.mark.parametrize("where", sorted(UPDATE_CUTS))
def test_an_update_cut_short_leaves_a_board_that_starts_and_the_next_deploy_mends_it(
    trees, laptop, board, old_board, where
):
    new, old = trees
    shutil.rmtree(board.flash)
    shutil.copytree(old_board, board.flash)
    assert boot(board) == "game"  # the older firmware plays until the deploy stops it
    said = pulled(board, new, UPDATE_CUTS[where])
    # config.py and the search compiled for the board in; its source and the retired module out
    files = len(deploy.local_manifest(new))
    assert said.endswith(
        "%s: 2 files to copy, %d unchanged, 2 to remove\n" % (board.port, files - 2)
    )
    shown = boot(board)
    files = flash_files(board)
    if ".deploying" in files:
        assert shown == "halt" and HALT_LEDS in board.shown()
    else:  # the old firmware whole, or the new one whole
        assert shown == "game"
        assert files in (as_deployed(old), as_deployed(new))
    said, error = run_deploy(board, new)
    assert error is None, error
    assert board.wait_for(GAME)
    assert flash_files(board) == as_deployed(new)


def test_a_byte_the_line_changed_is_caught_by_the_read_back_and_the_board_keeps_waiting(
    trees, laptop, board
):
    """A file the board took wrong (here a byte changed on the line) is found by its hash:
    the deploy names it, writes no manifest that vouches for it and leaves the mark; the next
    deploy copies it again."""
    new, _ = trees
    board.power_on()
    board.garble_after(b"open('lib/app.mpy'")
    _, error = run_deploy(board, new)
    assert error == (
        "lib/app.mpy did not arrive whole on %s (1 of %d files read back wrong): deploy again;"
        " until a deploy finishes the board waits, its first three LEDs dim blue."
        % (board.port, len(deploy.local_manifest(new)))
    )
    files = flash_files(board)
    assert ".deploying" in files and files[".deployed"] == b""
    board.power_off()
    assert boot(board) == "halt"
    said, error = run_deploy(board, new)
    assert error is None, error
    assert board.wait_for(GAME)
    assert flash_files(board) == as_deployed(new)


def test_a_module_missing_without_a_deploy_stops_with_words_not_a_reset_loop(trees, board):
    """A firmware not whole for another reason (a file deleted by hand): restarting would not
    mend it, so the board stops with words, the LEDs and the REPL free, as for a cut deploy."""
    new, _ = trees
    shutil.rmtree(board.flash)
    shutil.copytree(new, board.flash)
    os.remove(os.path.join(board.flash, "lib", "app.mpy"))
    assert boot(board) == "repl"
    assert (
        "the firmware on the board is not whole (ImportError: no module named 'app'): run"
        " crib-deploy again (the saved games are untouched)\n"
    ) in board.shown()
    assert HALT_LEDS in board.shown()
