"""The board's own costs: a repaint's fuel and heap, the whole app's heap over a game, the
strip's current (tools/bench/bench.py render, heap, power)."""

import os
import subprocess
import sys

from bench_common import (
    FIRMWARE_COLLECTS_NOTHING,
    FUEL_PER_US,
    fuel_per_call,
    unix_heap_per_call,
    wasm_fuel,
)
from where import ROOT

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
config.LEDS = 'hand-wired'  # the strip's rows; the panel's set it back (on_the_panel)
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


BUSIEST = RENDER_SETUP + (
    # Both sides on the second lap, the count, a full tally.
    "m = states[0]\n"
    "m.front = [75, 80]\n"
    "m.rear = [70, 72]\n"
    "m.results = [0, 1, 0, 1, 0]\n"
    "m.play.count = 29\n"
)
ON_TOP = (  # the preview peg, the digits keyed and the error flash
    "overlay.preview_side = 0\n"
    "overlay.preview_points = 12\n"
    "overlay.now = 0\n"
    "overlay.error_until = 10 ** 6\n"
)
# At the brightest setting on a board fed by a USB port alone (CURRENT_BUDGET_MA = 450, the
# port's 500 less 10 %): far over its budget, so dimmed to fit.
USB_ONLY_MA = 450
BRIGHTEST = (
    "renderer.set_brightness(255)\n"
    "renderer.room_ma = %d - renderer.idle_ma - config.CHIP_MA[1]\n" % USB_ONLY_MA
)
WHOLE = (  # drawn whole each time
    "renderer.base_version = -1; renderer.signature = -1; frame.draw(renderer, layout, m,"
    " overlay, _i, peg_view.draw_base, 6, m) and renderer.finish(buf)"
)


# A repaint at the default brightness, on the ESP32 estimate: a key's whole budget is 10 ms
# and the strip's wire time 4.5 ms (host_tests/test_budgets.py fails past it). A frame over
# the supply's budget, at the brightest setting, is written twice and is held to no budget.
REPAINT_BUDGET_MS = 1.5
BRIGHTEST_KIND = (
    "the same frame at the brightest setting on a board fed by a USB port alone (450 mA:"
    " over its budget, dimmed to fit)"
)


def render_fuels():
    """Fuel of a repaint, by kind: {kind: fuel}, each the mean over its calls (the same on
    every run: fuel is an instruction count)."""
    return {
        "a repaint after a change": fuel_per_call(RENDER_SETUP, RENDER_CALL, calls=200),
        "an animation frame (the error flash on or off)": fuel_per_call(
            RENDER_SETUP, FLASH_CALL, calls=200
        ),
        "finding that nothing changed (nothing drawn or sent)": fuel_per_call(
            RENDER_SETUP, SAME_FRAME_CALL, calls=200
        ),
        "the busiest frame (both sides on the second lap, the count, a full tally)": (
            fuel_per_call(BUSIEST, WHOLE, calls=100)
        ),
        "the busiest frame with the preview peg, the digits keyed and the error flash on top"
        " (brightness 64, the default: its draw summed, within the supply's budget)": (
            fuel_per_call(BUSIEST + ON_TOP, WHOLE, calls=100)
        ),
        BRIGHTEST_KIND: fuel_per_call(BUSIEST + ON_TOP + BRIGHTEST, WHOLE, calls=100),
    }


# The board on an LED panel (config.LEDS = "panel"): the renderer writes each LED where the
# panel's wire has it, a number on the status line LED by LED; 256 LEDs go on the wire.
PANEL_LEDS = 256
ON_THE_PANEL = (
    ("config.LEDS = 'hand-wired'  # the strip's rows; the panel's set it back (on_the_panel)\n"
     "layout = Layout(config)\nrenderer = Renderer(config, layout.length)\n",
     "config.LEDS = 'panel'\nlayout = Layout(config)\n"
     "from board.panel import PanelRenderer\nrenderer = PanelRenderer(config,"
     " layout.length, layout.wire_length, layout.wire_order)\n"),
    ("buf = bytearray(layout.length * 3)\n", "buf = bytearray(layout.wire_length * 3)\n"),
)  # fmt: skip


def on_the_panel(setup):
    for old, new in ON_THE_PANEL:
        if old not in setup:
            raise RuntimeError("the render bench's set-up no longer makes its layout as expected")
        setup = setup.replace(old, new)
    return setup


PANEL_KINDS = (
    'on the LED panel (LEDS = "panel"): a repaint after a change',
    "on the LED panel: the busiest frame with the preview peg, the digits keyed and the error"
    " flash on top (its numbers written LED by LED)",
)


def panel_fuels():
    """Fuel of a repaint on the panel, by kind: {kind: fuel}."""
    return {
        PANEL_KINDS[0]: fuel_per_call(on_the_panel(RENDER_SETUP), RENDER_CALL, calls=200),
        PANEL_KINDS[1]: fuel_per_call(on_the_panel(BUSIEST) + ON_TOP, WHOLE, calls=100),
    }


def bench_render():
    print("## One repaint of the LED board")
    import config

    wire = config.STRIP_LENGTH * WIRE_MS_PER_LED
    print("the strip needs %.2f ms on the wire for %d LEDs" % (wire, config.STRIP_LENGTH))
    print(
        "the LED panel needs %.2f ms on the wire for its %d LEDs"
        % (PANEL_LEDS * WIRE_MS_PER_LED, PANEL_LEDS)
    )
    for kind, fuel in panel_fuels().items():
        print(
            "MicroPython (wasm): %s: %.0f fuel = %.3f ms on the ESP32 estimate"
            % (kind, fuel, fuel / FUEL_PER_US / 1000.0)
        )
    for kind, fuel in render_fuels().items():
        print(
            "MicroPython (wasm): %s: %.0f fuel = %.3f ms on the ESP32 estimate"
            % (kind, fuel, fuel / FUEL_PER_US / 1000.0)
        )
    # Where the brightest loud frame's fuel goes: the same frame with the budget raised so
    # that its current is summed but not dimmed, then so high that it is not even summed.
    for room, what in ((1000, "summed, not dimmed"), (100000, "neither summed nor dimmed")):
        raised = fuel_per_call(
            BUSIEST + ON_TOP + BRIGHTEST + "renderer.room_ma = %d\n" % room, WHOLE, 100
        )
        print(
            "MicroPython (wasm): that loud frame with the budget raised to %d mA (%s): %.0f fuel"
            % (room, what, raised)
        )
    heap = unix_heap_per_call(RENDER_SETUP, RENDER_CALL, calls=200)
    print("MicroPython (unix): %.1f heap bytes allocated per repaint" % heap)


def bench_heap():
    print("## Heap of the app booted in each family of games, 32-bit")
    build = os.path.join(ROOT, "tools", "maker", "build_mpy.py")
    subprocess.run([sys.executable, build], check=True, capture_output=True)
    # The wasm build is 32-bit, like the ESP32: the same .mpy modules, pointers of 4 bytes.
    body = (
        "import gc\n"
        + FIRMWARE_COLLECTS_NOTHING
        + "sys.path.insert(0, '/input/build/board/lib')\n"
        "sys.path.insert(0, '/input/build/board')\n"
        "gc.collect()\n"
        "before = gc.mem_alloc()\n"
        "import fakes\n"
        "fakes.install()\n"
        "import app, config, hardware\n"
        "from storage import journal\n"
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


BOARDS = (("esp32s3", "the reference board (ESP32-S3)"), ("esp32", "the classic ESP32 DevKit"))


def bench_power():
    print("## Current over a 121-point game played key by key, by board profile")
    import config

    kinds = [(name, board, "hand-wired") for name, board in BOARDS]
    kinds.append((BOARDS[0][0], BOARDS[0][1] + " on the LED panel", "panel"))
    for name, board, leds in kinds:
        chip_off, chip_on = board_draw(name)
        peak, idle = power_peak(name, leds)
        print(
            "%s: peak %d mA for the lit LEDs + %d mA for the dark ones = %d mA, + the board's"
            " %d mA (Wi-Fi off) or %d mA (Wi-Fi on) = %d / %d mA (budget %d mA, brightness %d)"
            % (
                board,
                peak,
                idle,
                peak + idle,
                chip_off,
                chip_on,
                peak + idle + chip_off,
                peak + idle + chip_on,
                config.CURRENT_BUDGET_MA,
                config.BRIGHTNESS,
            )
        )


def board_draw(name):
    """(mA with Wi-Fi off, with Wi-Fi on) the board of profiles/<name>.py draws."""
    import importlib

    return importlib.import_module("profiles." + name).CHIP_MA


def power_peak(name="esp32s3", leds="hand-wired"):
    """(mA for the lit LEDs at the brightest frame, mA for the dark ones) over a whole
    121-point game played key by key on the board of profiles/<name>.py (the renderer keeps
    its draw with Wi-Fi on aside), every frame for 200 ms after each key; leds: "panel" for
    the board on the LED panel, whose every LED draws when dark."""
    import board_rig
    import config
    import key_player
    from config_variant import Config  # config.py with some numbers changed

    rig = board_rig.Rig(cfg=Config(CHIP_MA=board_draw(name), LEDS=leds))
    peak = [0]
    press = rig.press

    def measured_press(name, hold_ms=60):
        # Every frame the key leads to, painted or animated, as the strip shows it.
        press(name, hold_ms)
        for _ in range(20):
            rig.wait(10)
            lit = sum(rig.hardware.pixels.shown) * config.MA_PER_CHANNEL // 255
            peak[0] = max(peak[0], lit)

    rig.press = measured_press
    rig.press("#")
    key_player.play_match(rig, 7)
    return peak[0], config.MA_IDLE_PER_LED * len(rig.hardware.pixels)
