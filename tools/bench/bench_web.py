"""The web page: its weight, the heap of the game with the server and of a request at the
limits (32-bit), and a key's latency to a page in headless Chromium (tools/bench/bench.py web)."""

import os
import subprocess
import sys
import tempfile
import time

from bench_common import (
    FIRMWARE_COLLECTS_NOTHING,
    build_board_and_harness,
    heap_figures,
    run_32_bit,
    wasm_fuel,
)
from where import ROOT


def bench_web():
    print("## The web page")
    import gzip

    with open(os.path.join(ROOT, "firmware", "www", "index.html"), "rb") as page:
        raw = page.read()
    print(
        "the page: %d bytes, %d gzipped as the board sends it (nothing else is loaded)"
        % (len(raw), len(gzip.compress(raw, mtime=0)))
    )
    subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "maker", "build_mpy.py")],
        check=True,
        capture_output=True,
    )
    game32, server32 = web_heap_32()
    print(
        "MicroPython wasm (32-bit, as the ESP32), .mpy: the game booted %d bytes; the server"
        " %d more: %d in all, over the ~112 KB an ESP32 without PSRAM has"
        % (game32, server32, game32 + server32)
    )
    from net import web_http, wifi

    allocated = web_request_heap_32()
    print(
        "a request at the limits (%d-byte line and headers, %d headers, %d-byte body), 32-bit:"
        " %d bytes allocated while it is read; %d connections at once: at most %d bytes"
        % (
            web_http.MAX_HEAD,
            web_http.MAX_HEADERS,
            web_http.MAX_BODY,
            allocated,
            web_http.MAX_CONNECTIONS,
            web_http.MAX_CONNECTIONS * allocated,
        )  # fmt: skip
    )
    worst = web_worst_32()
    print(
        "measured in one run, 32-bit: the game, the server and the club link at work, and %d"
        " requests at the limits read at once and held: %d bytes in use with their reading's"
        " garbage, %d live once collected"
        % (web_http.MAX_CONNECTIONS, worst["peak"], worst["live"])
    )
    # The two boards run the same code: the profiles differ in pins only (dropped at the boot).
    for board, heap in BOARD_HEAPS:
        print(
            "%s: the page's worst case takes %d bytes; the page asks for %d (wifi.NEEDS_HEAP,"
            " %.2f times it); stock MicroPython gives about %d: the page %s"
            % (
                board,
                worst["peak"],
                wifi.NEEDS_HEAP,
                wifi.NEEDS_HEAP / worst["peak"],
                heap,
                "runs" if heap >= wifi.NEEDS_HEAP else "stays off (the game runs)",
            )
        )
    web_latency()


# The heap stock MicroPython gives each board (what gc.mem_free() + gc.mem_alloc() reports
# there, as tools/maker/deploy.py reads it): the ESP32-S3's 2 MB PSRAM, less what the image keeps;
# a classic ESP32 without PSRAM, about 110 KB (MicroPython's ESP32 port: its heap is the
# internal RAM left once the system and Wi-Fi's buffers have theirs).
BOARD_HEAPS = (
    ("the reference board (ESP32-S3, 2 MB PSRAM)", 2000000),
    ("the classic ESP32 DevKit (no PSRAM)", 112000),
)


def web_heap_32():
    # The wasm build has no asyncio; on the board it is frozen in flash (no heap for its
    # code). A stand-in with the one name microdot's import needs is put on the path here.
    shims = os.path.join(ROOT, "build", "wasm_shims")
    os.makedirs(shims, exist_ok=True)
    with open(os.path.join(shims, "asyncio.py"), "w") as out:
        out.write("class Event:\n    pass\n")
    body = (
        "import gc\n"
        + FIRMWARE_COLLECTS_NOTHING
        + "for p in ('build/board/lib', 'build/board', 'build/wasm_shims', 'host_tests/core'):\n"
        "    sys.path.insert(0, '/input/' + p)\n"
        "gc.collect()\n"
        "before = gc.mem_alloc()\n"
        "import fakes\n"
        "fakes.install()\n"
        "import app, config, hardware, memstore\n"
        "gc.disable()\n"  # no automatic collection mid-call either
        "board = app.App(config, hardware.Hardware(config), memstore.MemoryStore(), say=id)\n"
        "board.boot(0)\n"
        "gc.collect()\n"
        "game = gc.mem_alloc() - before\n"
        # on the board the radio (net/wifi.py) builds the server
        "from net import wifi, web, web_routes\n"
        "server = web_routes.make_server(web.Board(board, 'page'))\n"
        "gc.collect()\n"
        "print(game, gc.mem_alloc() - before - game)\n"
    )
    _, lines = wasm_fuel(body)
    game, server = lines[-1].split()
    return int(game), int(server)


def request_at_limits():
    """A request at web.py's limits: the longest line and headers, the most headers, the
    longest body."""
    from net import web_http

    head = (
        b"POST /api/keys HTTP/1.1\r\nHost: cribbage\r\nContent-Length: %d\r\n" % web_http.MAX_BODY
    )
    filler = web_http.MAX_HEAD - len(head) - 2 - 30 * 9  # 30 headers of 9 bytes besides the value
    for index in range(30):
        size = filler // 30 + (1 if index < filler % 30 else 0)
        head += b"X-H%02d: %s\r\n" % (index, b"v" * size)
    raw = head + b"\r\n" + b"[" + b" " * (web_http.MAX_BODY - 2) + b"]"
    assert len(head) + 2 == web_http.MAX_HEAD and head.count(b"\r\n") == web_http.MAX_HEADERS + 1
    return raw


# A phone's stream for web_http.read_request in a 32-bit snippet: it gives what is asked.
READER = (
    "class Reader:\n"
    "    def __init__(self, data):\n"
    "        self.data = data\n"
    "        self.at = 0\n"
    "    async def read(self, size):\n"
    "        chunk = self.data[self.at : self.at + size]\n"
    "        self.at += len(chunk)\n"
    "        return chunk\n"
    "    async def readexactly(self, size):\n"
    "        return await self.read(size)\n"
    "class Writer:\n"
    "    def get_extra_info(self, name):\n"
    "        return ('192.168.4.2', 50000)\n"
)


def web_request_heap_32():
    """The heap one request at web.py's limits takes on the 32-bit build: what reading it
    allocates (the connection's peak cannot be higher before it is answered)."""
    body = (
        "import gc\n"
        "for p in ('build/board/lib', 'build/board', 'build/wasm_shims', 'host_tests/core'):\n"
        "    sys.path.insert(0, '/input/' + p)\n"
        "import fakes\n"
        "fakes.install()\n"
        "from net import web_http\n" + READER + "server = web_http.BoardServer()\n"
        "reader = Reader(%r)\n"
        "writer = Writer()\n"
        # No collection runs while it is read (the heap has room to spare, and a collection
        # here breaks this wasm build: it cannot see the roots on wasm's stack), so what the
        # read allocates is the difference.
        "before = gc.mem_alloc()\n"
        "reading = web_http.read_request(server, reader, writer)\n"
        "try:\n"
        "    reading.send(None)\n"
        "except StopIteration as done:\n"
        "    request = done.args[0] if done.args else None\n"
        "print(type(request).__name__, gc.mem_alloc() - before)\n" % request_at_limits()
    )
    _, lines = wasm_fuel(body)
    kind, allocated = lines[-1].split()
    if kind != "Request":
        raise RuntimeError("the request at the limits was refused: " + kind)
    return int(allocated)


def web_worst_32():
    """The worst case the page's heap need (wifi.NEEDS_HEAP) stands for, measured in one run
    on the 32-bit build, not summed (host_tests/core/weigh_worst.py): a game booted in
    cribbage, the page's server and the club link at work beside it, then MAX_CONNECTIONS
    requests at the limits read at once and held. Returns tools/bench/micropython32.mjs's figures:
    "live", the most live once collected, and "peak", the most in use at a step's end (the
    requests held, the garbage of reading them not collected yet), in bytes."""
    build_board_and_harness()
    with tempfile.TemporaryDirectory() as data:
        with open(os.path.join(data, "request"), "wb") as out:
            out.write(request_at_limits())
        done = run_32_bit(
            "weigh_worst", ["/b/data", "/b/data/request"], 1 << 20, [data + "=/b/data"]
        )
    figures = heap_figures(done)
    if done.returncode or figures is None or not done.stdout.startswith("held 8 Request"):
        raise RuntimeError("the 32-bit build failed: " + (done.stdout + done.stderr)[-800:])
    return figures


def web_latency(keys=30):
    """A key on the simulated keypad until the page in headless Chromium shows it."""
    import web_sim
    from net.web_http import EVENT_CHECK_MS
    from phone_browser import phone_browser
    from simulator import Simulator

    with tempfile.TemporaryDirectory() as data:
        sim = Simulator(data)
        port = web_sim.free_port(8795)
        server = web_sim.serve(sim, port, sim.lock)
        driver = phone_browser("--hide-scrollbars")
        try:
            driver.get("http://127.0.0.1:%d/" % port)
            time.sleep(1.0)
            with sim.lock:
                sim.run_script("# 5 4 0 5 5")
            waits = []
            for index in range(keys):
                with sim.lock:
                    started = time.perf_counter()
                    sim.press("*", long=index % 2 == 1)  # undo, redo: the state changes
                    said = sim.app.said
                while driver.execute_script("return last ? last.said : -1") < said:
                    pass
                waits.append((time.perf_counter() - started) * 1000)
        finally:
            driver.quit()
            web_sim.stop(server)
    waits.sort()
    print(
        "a key on the keypad until the page shows it (simulator, headless Chromium, live"
        " stream checked every %d ms): median %.0f ms, worst %.0f ms of %d keys"
        % (EVENT_CHECK_MS, waits[len(waits) // 2], waits[-1], keys)
    )
