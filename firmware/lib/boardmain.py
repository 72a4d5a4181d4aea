# Wires the board together: config, hardware, flash store, app. A bad config stops here with
# one clear line on the console and a steady pattern on the first LEDs, not a reset loop.
import os
import time

import machine

import config
from app import App
from board.layout import LayoutError
from hardware import ConfigError, Hardware
from storage.store import FileStore

TEST_PATTERN_S = 5
# MicroPython's ESP32 images start at 160 MHz; at 240 a key's work takes two thirds of the
# time (tools/bench/fuel_per_us.py: the ESP32 estimates are at this clock), for about 20 mA more.
CPU_HZ = 240000000


def main():
    machine.freq(CPU_HZ)
    try:
        order = config.LED_ORDER
        if len(order) != 3 or sorted(order) != ["B", "G", "R"]:
            raise ConfigError("LED_ORDER must be R, G and B in some order, as GRB, not %r" % order)
        hardware = Hardware(config)
        first_start = not _saved_files()
        app = App(config, hardware, FileStore(config.DATA_FOLDER))
    except (ConfigError, LayoutError) as error:
        halt_on_bad_config(error)
        return
    if first_start:  # a new build: no game saved yet
        show_test_pattern(hardware.pixels)
        time.sleep(TEST_PATTERN_S)
    app.run(_serve)


def _serve(app, radio):
    """The page, made when the radio goes on (handed to wifi.Radio, which knows no page)."""
    from net.web_routes import serve

    return serve(app, radio)


def show_test_pattern(pixels):
    """LED 0 lit by the strip's first colour byte alone, LED 1 by its second, LED 2 by its
    third: the colours they show are the strip's order, whatever LED_ORDER says, so a maker
    reads the right setting off the LEDs."""
    buf = pixels.buf
    buf[:] = bytes(len(buf))
    for led in range(3):
        buf[led * 3 + led] = 64
    pixels.write()
    names = {"R": "red", "G": "green", "B": "blue"}
    expected = ", ".join(names[channel] for channel in config.LED_ORDER)
    print(
        "LED test: LEDs 0, 1 and 2 show the strip's colour order. LED_ORDER in config.py is %s,"
        " so they should be %s; if not, set LED_ORDER to the colours they show, in order"
        " (R, G, B). (Shown at each start until a game is saved.)" % (config.LED_ORDER, expected)
    )


def _saved_files():
    try:
        return os.listdir(config.DATA_FOLDER)
    except OSError:
        return []


def halt_on_bad_config(error):
    print("config.py is wrong: %s" % error)
    print("fix config.py and reset the board")
    try:
        import neopixel

        strip = neopixel.NeoPixel(machine.Pin(config.LED_PIN, machine.Pin.OUT), 3)
        strip.fill((40, 0, 0))  # three dim red LEDs: the config needs fixing
        strip.write()
    except Exception:  # the LED pin itself may be what is wrong
        pass
    while True:
        time.sleep(1)
