# The app's own loop (asyncio tasks: keys, paint, watchdog) on fake hardware, for half a
# second of real time, with a key pressed on the fake keypad while it runs.
import asyncio
import sys

import fakes

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
from app import App  # noqa: E402
from hardware import Hardware  # noqa: E402
from memstore import MemoryStore  # noqa: E402


def test_the_tasks_poll_the_keys_repaint_and_feed_the_watchdog():
    store = MemoryStore()
    hardware = Hardware(config)
    lines = []
    app = App(config, hardware, store, say=lines.append)
    fed = fake_machine.WDT.fed

    async def player():
        await asyncio.sleep(0.15)
        fake_machine.press(config.KEYPAD_ROW_PINS[3], config.KEYPAD_COL_PINS[2])  # '#'
        await asyncio.sleep(0.25)  # long enough for the debounce even on a busy machine
        fake_machine.release_all()
        await asyncio.sleep(0.3)

    async def session():
        board = asyncio.create_task(app.tasks())
        await player()
        board.cancel()

    fake_machine.release_all()
    asyncio.run(session())
    assert app.history.state.phase == "cut"  # the key started a match
    assert hardware.pixels.writes >= 2  # painted at boot and after the key
    assert fake_machine.WDT.started == config.WATCHDOG_MS and fake_machine.WDT.fed > fed
    # The Wi-Fi code stays only on a board whose heap could serve the page (the laptop, a
    # board with PSRAM); on a small heap, as on an ESP32 without PSRAM, it is dropped.
    kept = "net.wifi" in sys.modules
    from net import wifi

    if wifi.could_serve():
        assert kept and app.radio is not None and app.radio.mode == "off"
    else:
        assert not kept and app.radio is None
