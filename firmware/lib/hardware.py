# The only module that touches the board's hardware: the LED strip, the keys, the watchdog
# and the clock. The app gets an instance and never constructs pins itself, so tests and
# the simulator run the same app against fakes of `machine` and `neopixel`.
import time

import machine
import neopixel

from keypad import KEY_NAMES, ButtonReader, KeypadScanner


class ConfigError(ValueError):
    pass


MIN_LIT_MA = 100  # what the lit LEDs need at least: a game's pegs and status line at level 64


def _pin(number, mode, pull=None, value=None):
    try:
        if value is None:
            return (
                machine.Pin(number, mode, pull) if pull is not None else machine.Pin(number, mode)
            )
        return machine.Pin(number, mode, value=value)
    except ValueError as error:
        raise ConfigError(
            "config.py: GPIO %r cannot be used here (%s)" % (number, error)
        ) from None


class Hardware:
    def __init__(self, config):
        panel = getattr(config, "LEDS", "hand-wired") == "panel"
        length = config.PANEL_LEDS if panel else config.STRIP_LENGTH
        # Every LED draws when dark, and the board's own draw is kept aside: a supply that
        # leaves the lit LEDs under a tenth of an amp cannot show the game.
        kept = config.MA_IDLE_PER_LED * length + config.CHIP_MA[1]
        if config.CURRENT_BUDGET_MA < kept + MIN_LIT_MA:
            raise ConfigError(
                "CURRENT_BUDGET_MA is %d mA, but the %d LEDs dark and the board draw %d mA before"
                " one lights: a larger supply, and its amps less 10 %% here (2 A: 1800)"
                % (config.CURRENT_BUDGET_MA, length, kept)
            )
        self.pixels = neopixel.NeoPixel(_pin(config.LED_PIN, machine.Pin.OUT), length)
        # The driver's fill() and the page read the strip's bytes in LED_ORDER too (boardmain
        # checked it: the renderer writes them so).
        order = config.LED_ORDER
        self.pixels.ORDER = (order.find("R"), order.find("G"), order.find("B"), 3)
        if config.INPUT == "keypad":
            # Open-drain: a row is pulled low or let go, never driven high, so two keys down
            # in one column cannot short one row's output against another's.
            rows = [_pin(p, machine.Pin.OPEN_DRAIN, value=1) for p in config.KEYPAD_ROW_PINS]
            cols = [_pin(p, machine.Pin.IN, machine.Pin.PULL_UP) for p in config.KEYPAD_COL_PINS]
            self.keys = KeypadScanner(rows, cols)  # type: KeypadScanner | ButtonReader
        elif config.INPUT == "buttons":
            names = list(config.BUTTON_PINS)
            for name in names:
                if name not in KEY_NAMES:
                    raise ConfigError("config.py: BUTTON_PINS key %r is not a key name" % name)
            pins = [
                _pin(config.BUTTON_PINS[n], machine.Pin.IN, machine.Pin.PULL_UP) for n in names
            ]
            self.keys = ButtonReader(pins, [KEY_NAMES.index(n) for n in names])
        else:
            raise ConfigError("config.py: INPUT must be 'keypad' or 'buttons'")
        self.watchdog = None

    def read_keys(self):
        return self.keys.read()

    def show(self):
        self.pixels.write()

    def ticks_ms(self):
        if hasattr(time, "ticks_ms"):
            return time.ticks_ms()
        # CPython (the simulator, the tests): the board has no monotonic, only ticks.
        return int(time.monotonic() * 1000) & 0x3FFFFFFF  # type: ignore[attr-defined]

    def start_watchdog(self, timeout_ms):
        self.watchdog = machine.WDT(timeout=timeout_ms)

    def feed_watchdog(self):
        if self.watchdog is not None:
            self.watchdog.feed()

    def reset(self):
        machine.reset()
