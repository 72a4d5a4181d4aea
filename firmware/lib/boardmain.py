# Wires the board together: config, hardware, flash store, app. A bad config stops here with
# one clear line on the console and a steady pattern on the first LEDs, not a reset loop.
import os
import time

import machine

import config
from app import App
from board.layout import LayoutError
from hardware import ConfigError, Hardware
from store import FileStore

TEST_PATTERN_S = 5
# MicroPython's ESP32 images start at 160 MHz; at 240 a key's work takes two thirds of the
# time (tools/fuel_per_us.py: the ESP32 estimates are at this clock), for about 20 mA more.
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
    app.run()


def show_test_pattern(pixels):
    """Red, green and blue on the first three LEDs, so that a maker sees at once whether
    LED_ORDER is the strip's."""
    buf = pixels.buf
    buf[:] = bytes(len(buf))
    for led in range(3):
        buf[led * 3 + pixels.ORDER[led]] = 64
    pixels.write()
    print(
        "LED test: the first three LEDs show red, green, blue. Other colours: set LED_ORDER in"
        " config.py (now %s) to the order they came in, as RGB. (Shown at each start until a"
        " game is saved.)" % config.LED_ORDER
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
