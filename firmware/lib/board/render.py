# Turns a list of lit LEDs into the strip's bytes, under a brightness and a current budget.
#
# A frame is drawn by calling light() for each lit LED between begin() and finish(buf).
# Nothing is allocated per frame: lit LEDs go into preallocated arrays, and finish()
# clears only the LEDs the previous frame lit, so the cost follows what is lit, not the
# strip's length. Bytes go straight into the driver's buffer in WS2812 order (G, R, B).
from array import array

from micropython import const

MAX_LIT = const(160)
FULL = const(255)
DIM = const(40)
FAINT = const(12)

# Palette indices: the sides first, then the fixed colours.
SIDE_0 = const(0)
ERROR = const(3)
MARK = const(4)
WHITE = const(5)
MODE_CRIBBAGE = const(6)
MODE_MAKAO = const(7)
MODE_LATVIAN = const(8)
PALE_0 = const(9)  # a side's colour mixed with white: its pegs on the second lap

_MODE_COLOURS = ((0, 158, 115), (204, 121, 167), (86, 180, 233))


def _pale(colour):
    return ((colour[0] + 255) // 2, (colour[1] + 255) // 2, (colour[2] + 255) // 2)


class Renderer:
    def __init__(self, config, length):
        colours = list(config.SIDE_COLOURS[:3])
        colours += [config.ERROR_COLOUR, config.MARK_COLOUR, (255, 255, 255)]
        colours += list(_MODE_COLOURS)
        colours += [_pale(c) for c in config.SIDE_COLOURS[:3]]
        self.red = bytes([c[0] for c in colours])
        self.green = bytes([c[1] for c in colours])
        self.blue = bytes([c[2] for c in colours])
        self.length = length
        self.brightness = config.BRIGHTNESS
        self.budget_ma = config.CURRENT_BUDGET_MA
        self.ma_per_channel = config.MA_PER_CHANNEL
        self.idle_ma = config.MA_IDLE_PER_LED * length
        self.leds = array("H", [0] * MAX_LIT)
        self.colours = bytearray(MAX_LIT)
        self.levels = bytearray(MAX_LIT)
        self.count = 0
        self.previous = array("H", [0] * MAX_LIT)
        self.previous_count = 0
        self.scale = FULL  # the last frame's dimming for the current budget, 255 = none
        self.milliamps = 0  # the last frame's estimated draw

    def begin(self):
        self.count = 0

    def light(self, led, colour, level):
        if self.count < MAX_LIT:
            self.leds[self.count] = led
            self.colours[self.count] = colour
            self.levels[self.count] = level
            self.count += 1

    def finish(self, buf):
        """Writes the frame into buf (3 bytes per LED, G R B), dimmed to the budget."""
        brightness = self.brightness
        channel_sum = 0
        for i in range(self.count):
            c = self.colours[i]
            level = self.levels[i] * brightness
            channel_sum += (self.red[c] + self.green[c] + self.blue[c]) * level // 65025
        # channel_sum / 255 channels at full draw MA_PER_CHANNEL each.
        lit_ma = channel_sum * self.ma_per_channel // 255
        scale = FULL
        room = self.budget_ma - self.idle_ma
        if lit_ma > room:
            scale = room * FULL // lit_ma if room > 0 else 0
        self.scale = scale
        self.milliamps = self.idle_ma + lit_ma * scale // FULL
        previous = self.previous
        for i in range(self.previous_count):
            at = previous[i] * 3
            buf[at] = 0
            buf[at + 1] = 0
            buf[at + 2] = 0
        # Kept under 2**30 at every step: a larger int would allocate on the board.
        for i in range(self.count):
            c = self.colours[i]
            level = self.levels[i] * brightness // FULL * scale // FULL
            at = self.leds[i] * 3
            buf[at] = self.green[c] * level // FULL
            buf[at + 1] = self.red[c] * level // FULL
            buf[at + 2] = self.blue[c] * level // FULL
            previous[i] = self.leds[i]
        self.previous_count = self.count

    def forget(self):
        """The buffer was cleared elsewhere: the next frame need not clear anything."""
        self.previous_count = 0
