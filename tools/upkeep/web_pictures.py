"""Screenshots of the board's web page on a phone (360 px wide) for the README, made the way
the browser tests see the page: the simulator serves it and headless Chromium shows it after
the scene's keys. `--check` exits 1 when what they were made from (the page, web.py,
web_routes.py, config.py or these scenes) changed since; it needs no browser.

  python tools/upkeep/web_pictures.py            make them (needs chromium and chromium-driver)
  python tools/upkeep/web_pictures.py --check
"""

import hashlib
import os
import sys
import tempfile
import time

from phone_browser import HEIGHT, WIDTH, phone_browser
from where import FIRMWARE, ROOT

OUT = os.path.join(ROOT, "hardware", "pictures")
MADE_FROM = os.path.join(OUT, "web-pictures.sha256")
# The page, what serves it, the board it draws and the words it shows (the prompt).
SOURCES = (
    "www/index.html",
    "lib/net/web.py",
    "lib/net/web_routes.py",
    "config.py",
    "lib/ui/crib_words.py",
)
PHONE_ON_ITS_SIDE, TABLET = (640, 360), (1024, 768)
# name: (keys on the board's keypad, or "game" for a whole game played key by key; the
# page's element scrolled to the top, or #view for a view the page opens at that address;
# caption; the screen (CSS px); the phone's colour scheme)
SCENES = [
    ("web-play", "# 5 4 0 5 5 9", "#play", "the play: the cards when a card is asked",
     (WIDTH, HEIGHT), "dark"),
    ("web-play-suit", "# 5", "#play", "the starter's rank keyed on the board: its suit",
     (WIDTH, HEIGHT), "dark"),
    ("web-play-keys", "# 5 4 0 5 hold:# 0 5 4", "#play", "the play ended early: a hand's ranks",
     (WIDTH, HEIGHT), "dark"),
    ("web-play-light", "# 5 4 0 5 5 9", "#play", "the same in a phone's light scheme",
     (WIDTH, HEIGHT), "light"),
    ("web-play-landscape", "# 5 4 0 5 5 9", "#play", "a phone on its side",
     PHONE_ON_ITS_SIDE, "dark"),
    ("web-play-tablet", "# 5 4 0 5 5 9", "#play", "a tablet", TABLET, "dark"),
    ("web-coach", "# 5 4 0 5 5 9", "#coach", "the coach: the discard and the card to lay",
     (WIDTH, HEIGHT), "dark"),
    ("web-match", "game", "#match", "after a game: the games played and the statistics",
     (WIDTH, HEIGHT), "dark"),
    ("web-settings", "# 5 4 0 5 5 9", "#settings", "this phone's and the board's settings",
     (WIDTH, HEIGHT), "dark"),
    ("web-scoreboard", "# 5 4 0 5 5 9", "#scoreboard", "the scoreboard, for across the table",
     (WIDTH, HEIGHT), "dark"),
]  # fmt: skip


def made_from():
    """A digest of everything the screenshots show: they are stale when it changes."""
    digest = hashlib.sha256()
    for source in SOURCES:
        with open(os.path.join(FIRMWARE, source), "rb") as handle:
            digest.update(handle.read())
    digest.update(repr(SCENES).encode())
    return digest.hexdigest()


def screen(driver, size, scheme):
    """The page as a phone (or tablet) of that size shows it, in that colour scheme."""
    width, height = size
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    wanted = {"name": "prefers-color-scheme", "value": scheme}
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [wanted]})


def shoot(driver, keys, element, path):
    import web_sim
    from key_player import play_match
    from simulator import Simulator
    from simulator_rig import SimulatorRig

    with tempfile.TemporaryDirectory() as data:
        sim = Simulator(data)
        port = web_sim.free_port(8790)
        server = web_sim.serve(sim, port, sim.lock)  # from here the console is kept
        try:
            with sim.lock:
                if keys == "game":
                    sim.press("#")
                    play_match(SimulatorRig(sim), seed=7)
                else:
                    sim.run_script(keys)
            view = element if element.startswith("#") else ""
            # A page left from the scene before, on the same port, would only change its hash.
            driver.get("about:blank")
            driver.get("http://127.0.0.1:%d/%s" % (port, view))
            time.sleep(1.5)  # the layout, the live stream, the match and the statistics
            if not view:
                driver.execute_script(
                    "document.getElementById(arguments[0]).scrollIntoView()", element
                )
            time.sleep(0.2)
            driver.save_screenshot(path)
        finally:
            web_sim.stop(server)


def main(argv):
    from generated import checking

    if checking(argv, __doc__):
        try:
            with open(MADE_FROM) as handle:
                recorded = handle.read().split()[0]
        except (OSError, IndexError):
            recorded = ""
        missing = [n for n, *_ in SCENES if not os.path.exists(os.path.join(OUT, n + ".png"))]
        if recorded != made_from() or missing:
            print("the web page's screenshots are stale: run python tools/upkeep/web_pictures.py")
            return 1
        print("web screenshots are up to date")
        return 0
    driver = phone_browser("--hide-scrollbars")
    try:
        for name, keys, element, _, size, scheme in SCENES:
            screen(driver, size, scheme)
            shoot(driver, keys, element, os.path.join(OUT, name + ".png"))
            print("wrote", name + ".png")
    finally:
        driver.quit()
    with open(MADE_FROM, "w") as out:
        out.write(
            made_from() + "  made from the page, web.py, web_routes.py, config.py and the scenes\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
