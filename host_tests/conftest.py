import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "host_tests", "core"))
import pytest  # noqa: E402

import _paths  # noqa: E402,F401  (firmware/lib and the host stand-ins)

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
    import web_pictures
    from orphans import headless_chromium

    driver = headless_chromium("--window-size=360,800")
    web_pictures.phone(driver)
    yield driver
    driver.quit()
