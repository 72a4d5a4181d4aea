import gc
import os
import sys

import pytest

from where import FIRMWARE

# The firmware collects at the idle moment after a key and at a mode switch, for the board's
# small heap. Run inside this process, which holds the test runner and a browser driver, each
# full collection walks every object of it: 30 ms to 200 ms a key, most of a long test's
# time. Here the firmware's collections are the youngest generation's only (the objects its
# keys made); nothing in the tests depends on more, and every other gc.collect() is whole.
_full_collect = gc.collect


def _collect(generation=2):
    if sys._getframe(1).f_code.co_filename.startswith(FIRMWARE):
        generation = 0
    return _full_collect(generation)


gc.collect = _collect


# The tests `bash tools/check quick` leaves out (each over about 1.5 s on 2 cores; the
# durations tools/check prints at the end of every run say when another grows slow) are
# marked where they are written: `@pytest.mark.slow`, a whole file's `pytestmark`, and in the
# core tests, which MicroPython runs without pytest, a module's SLOW tuple of names. Every
# test with a browser is slow too.


def pytest_collection_modifyitems(items):
    for item in items:
        name = item.name.split("[")[0]
        module = getattr(item, "module", None)
        if name in getattr(module, "SLOW", ()) or "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def browser():
    """Headless Chromium (Debian's, through chromium-driver) 360 px wide, as a phone: the
    page must be readable there. Started in its own process group, stopped after."""
    from orphans import headless_chromium
    from phone_browser import phone

    driver = headless_chromium("--window-size=360,800")
    phone(driver)
    yield driver
    driver.quit()


@pytest.fixture
def fake_board(tmp_path, monkeypatch):
    """A board's flash as a folder, which the deploy reaches through the fake mpremote
    (host_tests/fakes/mpremote_fake.py): the deploy's tests and the supply's."""
    import deploy
    from where import ROOT

    board = tmp_path / "board"
    board.mkdir()
    monkeypatch.setenv("FAKE_BOARD", str(board))
    fake = os.path.join(ROOT, "host_tests", "fakes", "mpremote_fake.py")
    monkeypatch.setattr(deploy, "mpremote", lambda: [sys.executable, fake])
    # build/board as tools/check built it: rebuilt here, it would vanish under the tests that
    # read it on other cores.
    monkeypatch.setattr(deploy, "build", lambda **_: None)
    return board
