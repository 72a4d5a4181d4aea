# Wires the board together: config, hardware, flash store, app. A bad config stops here with
# one clear line on the console and a steady pattern on the first LEDs, not a reset loop.
import time

import config
from app import App
from board.layout import LayoutError
from hardware import ConfigError, Hardware
from store import FileStore


def main():
    try:
        hardware = Hardware(config)
        app = App(config, hardware, FileStore(config.DATA_FOLDER))
    except (ConfigError, LayoutError) as error:
        halt_on_bad_config(error)
        return
    app.run()


def halt_on_bad_config(error):
    print("config.py is wrong: %s" % error)
    print("fix config.py and reset the board")
    try:
        import machine
        import neopixel

        strip = neopixel.NeoPixel(machine.Pin(config.LED_PIN, machine.Pin.OUT), 3)
        strip.fill((40, 0, 0))  # three dim red LEDs: the config needs fixing
        strip.write()
    except Exception:  # the LED pin itself may be what is wrong
        pass
    while True:
        time.sleep(1)
