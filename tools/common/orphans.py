"""Programs the tools and tests start (a broker, a browser's driver, the browser) end with
the program that started them, however it ends: on Linux the kernel sends them SIGKILL when
their parent dies (prctl PR_SET_PDEATHSIG), even when the parent was killed with SIGKILL and
could not stop them itself. Elsewhere this does nothing, and a parent's own stop() remains
the only way out.

The signal follows the thread that started the child: start long-lived programs from the
main thread (every caller here does)."""

import ctypes
import ctypes.util
import os
import shutil
import signal
import sys

_PR_SET_PDEATHSIG = 1


def die_with_parent():
    """A preexec_fn for subprocess.Popen: the child gets SIGKILL when its parent dies."""
    if not sys.platform.startswith("linux"):
        return None
    parent = os.getpid()

    def arm():  # runs in the child, between fork and exec
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the signal was armed
            os._exit(1)

    return arm


def chromium_binary():
    """The browser to hand chromedriver: Debian's chromium, started through util-linux's
    setpriv so that it too dies with its driver (chromedriver does not pass it the signal)."""
    chromium = shutil.which("chromium")
    wrapper = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chromium-with-parent")
    if chromium and shutil.which("setpriv") and sys.platform.startswith("linux"):
        return wrapper
    return chromium


# Chromium's switches for a headless run on a machine with no screen and a closed network
# (without the background-networking ones it keeps trying hosts it cannot reach).
HEADLESS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)  # fmt: skip


def headless_chromium(*flags):
    """Debian's chromium driven by its chromedriver (selenium), both ending with this
    program: the driver by the kernel's signal, the browser through chromium-with-parent."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    assert chromium and driver, "bash tools/check installs chromium and chromium-driver"
    options = webdriver.ChromeOptions()
    options.binary_location = chromium_binary()
    for flag in HEADLESS + flags:
        options.add_argument(flag)
    service = Service(driver, popen_kw={"preexec_fn": die_with_parent()})
    return webdriver.Chrome(service=service, options=options)
