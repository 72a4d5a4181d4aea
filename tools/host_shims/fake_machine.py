# A stand-in for MicroPython's `machine` on an ESP32-S3, for tests and the simulator: pins that
# refuse the numbers its modules refuse, a 4x4 keypad and buttons that can be "pressed",
# a watchdog that remembers when it was fed, and reset() as an exception.

# GPIOs an ESP32-S3 module offers (26-32 drive its flash and PSRAM); host_tests/chips.py has
# every chip's, and tests of a classic ESP32 put its numbers here.
VALID_PINS = tuple(range(22)) + tuple(range(33, 49))
INPUT_ONLY = ()

_levels = {}  # pin id -> level driven by the firmware
# Made when a key is pressed, so that reading a pin allocates nothing (the heap figures
# measured through these fakes are the firmware's).
_pressed_keys = []  # (row pin, col pin) of each pressed keypad key
_pressed_buttons = set()  # pins of pressed push buttons


class Pin:
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 1

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        if pin_id not in VALID_PINS and pin_id not in INPUT_ONLY:
            raise ValueError("invalid pin")
        if mode != Pin.IN and pin_id in INPUT_ONLY:
            raise ValueError("pin can only be input")
        self.id = pin_id
        self.mode = mode
        if value is not None:
            _levels[pin_id] = value

    def value(self, level=None):
        if level is not None:
            _levels[self.id] = 1 if level else 0
            return None
        if self.mode == Pin.OUT:
            return _levels.get(self.id, 0)
        if self.id in _pressed_buttons:
            return 0
        for key in _pressed_keys:
            if key[1] == self.id and _levels.get(key[0], 1) == 0:
                return 0
        return 1


def press(row_pin, col_pin):
    if (row_pin, col_pin) not in _pressed_keys:
        _pressed_keys.append((row_pin, col_pin))


def press_button(pin_id):
    _pressed_buttons.add(pin_id)


def release_all():
    _pressed_keys.clear()
    _pressed_buttons.clear()


class FakeReset(Exception):
    """machine.reset() was called."""


_clock = [160000000]  # MicroPython's ESP32 images start at 160 MHz


def freq(hz=None):
    if hz is None:
        return _clock[0]
    if hz not in (80000000, 160000000, 240000000):
        raise ValueError("frequency must be 20MHz, 40MHz, 80Mhz, 160MHz or 240MHz")
    _clock[0] = hz
    return None


def reset():
    raise FakeReset()


class WDT:
    fed = 0  # how many times any watchdog was fed
    started = None  # timeout of the watchdog started, or None

    def __init__(self, id=0, timeout=5000):
        WDT.started = timeout

    def feed(self):
        WDT.fed += 1
