# The board's program on the board's interpreter: the firmware's .mpy build in BUILD
# (tools/maker/build_mpy.py) run by MicroPython's unix port, on the fakes of the pins, the strip
# and the radio. Started by tools/player/simulator.py --micropython, which owns it:
#   micropython board_on_micropython.py ROOT BUILD DATA --web PORT
#       the board's own loop (App.tasks: keys, paint, watchdog, and wifi.Radio serving the page
#       on 127.0.0.1:PORT), keys read from stdin as the script's tokens; `status` prints the
#       server's open connections, live streams and heap. Ends when stdin ends: its owner is gone.
#   micropython board_on_micropython.py ROOT BUILD DATA --script FILE
#       the keys in FILE on the board with its clock in hand, then the same report as
#       tools/player/simulator.py --script prints.
import sys

ROOT, BUILD, DATA, MODE, ARGUMENT = sys.argv[1:6]
sys.path[:0] = [BUILD, BUILD + "/lib", ROOT + "/tools/host_shims"]
sys.path.append(ROOT + "/tools")

import gc  # noqa: E402
import os  # noqa: E402

import fake_network  # noqa: E402
import fakes  # noqa: E402

fakes.install()
sys.modules["network"] = fake_network

import asyncio  # noqa: E402
import select  # noqa: E402

import config  # noqa: E402
import fake_machine  # noqa: E402
import sim_board  # noqa: E402
from keypad import KEY_NAMES  # noqa: E402


def make_folders(path):
    # MicroPython's os has no makedirs.
    at = ""
    for part in path.split("/"):
        at = at + "/" + part if at or path.startswith("/") else part
        if part and at not in ("", "/"):
            try:
                os.mkdir(at)
            except OSError:
                pass  # there already


def run_script():
    try:
        with open(ARGUMENT) as source:
            text = source.read()
    except OSError as error:
        print("error: cannot read the script: %s" % error)
        sys.exit(2)
    try:
        tokens = sim_board.script_tokens(text)
    except sim_board.ScriptError as error:
        print(str(error))
        sys.exit(2)
    board = sim_board.SimBoard(DATA)
    board.run_script(" ".join(tokens))
    board.wait(3000)  # let flashes and celebrations end
    sys.stdout.write(board.text_report())


async def until(done, most_ms=5000):
    for _ in range(most_ms // 5):
        if done():
            return
        await asyncio.sleep_ms(5)


def say(line):
    print(line)


class Keys:
    """The keyboard, from stdin: tokens pressed one after another on the fake keypad, in the
    board's own time (a key held its press time, then let go)."""

    def __init__(self, app):
        self.app = app
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.typed = b""

    async def run(self):
        while True:
            if not self.poller.poll(0):
                await asyncio.sleep_ms(sim_board.POLL_MS)
                continue
            byte = sys.stdin.buffer.read(1)
            if not byte:
                sys.exit(0)  # stdin ended: the simulator that started this is gone
            if byte not in b" \t\r\n":
                self.typed += byte
                continue
            token = self.typed.decode()
            self.typed = b""
            if token:
                await self.take(token)

    async def take(self, token):
        if token == "status":
            self.status()
            return
        try:
            sim_board.script_tokens(token)
        except sim_board.ScriptError as error:
            print(str(error))
            return
        if token.startswith("wait:"):
            await asyncio.sleep_ms(int(token[5:]))
            return
        held = token.startswith("hold:")
        key = (token[5:] if held else token).upper()
        bit = 1 << KEY_NAMES.index(key)
        debouncer = self.app.debouncer
        fake_machine.press(*sim_board.contact(key))
        await asyncio.sleep_ms(config.LONG_PRESS_MS + 60 if held else sim_board.PRESS_MS)
        # Let go only once the board has taken the press (and a hold as a hold): a machine
        # busy elsewhere can let the scan skip a beat, and the key must not be lost.
        await until(lambda: debouncer.long_sent & bit if held else debouncer.stable & bit)
        fake_machine.release_all()
        await until(lambda: not debouncer.stable & bit)
        await asyncio.sleep_ms(sim_board.PRESS_MS)

    def status(self):
        server = getattr(self.app.radio, "server", None)
        gc.collect()
        print(
            "status: connections %d, streams %d, heap used %d bytes"
            % (
                getattr(server, "connections", 0),
                getattr(server, "streams", 0),
                gc.mem_alloc(),
            )
        )


async def announce(app, port):
    # The line tools/player/simulator.py prints once the page is served, said once the board
    # listens.
    while True:
        radio = app.radio
        listening = getattr(getattr(radio, "server", None), "server", None)
        if listening is not None:
            print(
                "the web page: http://127.0.0.1:%d/ (to let a phone change the game: Pair on"
                " the page, then hold:0 here and key the two digits the page shows)" % port
            )
            return
        await asyncio.sleep_ms(20)


async def serve(port):
    from app import App
    from boardmain import _serve
    from hardware import Hardware
    from net import web_routes, wifi
    from storage.store import FileStore

    # The simulator's board: its page served from the start, on this machine only.
    config.WIFI = "access point"
    wifi.Radio.HOST = "127.0.0.1"
    wifi.Radio.PORT = port
    web_routes.PAGE = BUILD + "/www/index.html.gz"
    web_routes.ICON_PNG = BUILD + "/www/icon.png"
    web_routes.LOCAL = True  # localhost too, as the CPython simulator's page answers
    app = App(config, Hardware(config), FileStore(DATA), say=say)
    keys = Keys(app)
    asyncio.create_task(keys.run())
    asyncio.create_task(announce(app, port))
    await app.tasks(_serve)


make_folders(DATA)
if MODE == "--script":
    run_script()
else:
    asyncio.run(serve(int(ARGUMENT)))
