# Turns a frame's lit LEDs into the strip's bytes, under a brightness and a current budget.
#
# A view fills `leds` and `entries` (entry = colour * 3 + level) and sets `count`, writing
# the arrays directly: a method call per LED costs more than the LED itself in MicroPython.
# finish(buf) then writes the bytes straight into the driver's buffer (G, R, B per LED),
# looking each entry up in a table made once per brightness, and clears only the LEDs the
# previous frame lit. Nothing is allocated per frame.
from array import array

from micropython import const

MAX_LIT = const(160)

# Levels: the front peg, a rear peg or a status LED, a faint mark.
FULL = const(0)
DIM = const(1)
FAINT = const(2)
LEVEL_VALUES = (255, 40, 12)

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


def entry(colour, level):
    return colour * 3 + level


def _pale(colour):
    return ((colour[0] + 255) // 2, (colour[1] + 255) // 2, (colour[2] + 255) // 2)


def palette(config):
    """Every colour the board shows, (R, G, B) at full level, by palette index."""
    sides = list(config.SIDE_COLOURS[:3])
    while len(sides) < 3:
        sides.append((255, 255, 255))
    colours = sides + [config.ERROR_COLOUR, config.MARK_COLOUR, (255, 255, 255)]
    return colours + list(_MODE_COLOURS) + [_pale(c) for c in sides]


class Renderer:
    def __init__(self, config, length):
        self.colours = palette(config)
        self.length = length
        self.budget_ma = config.CURRENT_BUDGET_MA
        self.ma_per_channel = config.MA_PER_CHANNEL
        self.idle_ma = config.MA_IDLE_PER_LED * length
        entries = len(self.colours) * 3
        self.table = bytearray(entries * 3)  # G R B of each (colour, level) at the brightness
        self.entry_load = array("H", [0] * entries)  # the sum of its three channel bytes
        self.set_brightness(config.BRIGHTNESS)
        self.leds = array("H", [0] * MAX_LIT)
        self.entries = bytearray(MAX_LIT)
        self.count = 0
        self.previous = array("H", [0] * MAX_LIT)
        self.previous_entries = bytearray(MAX_LIT)
        self.previous_count = 0
        self.base_version = -1  # views: which state the first base_count LEDs were drawn from
        self.base_count = 0
        self.signature = -1  # views: what the overlay looked like in the last frame
        self.scale = 255  # the last frame's dimming for the current budget, 255 = none
        self.milliamps = 0  # the last frame's estimated draw

    def set_brightness(self, brightness):
        self.brightness = brightness
        for colour in range(len(self.colours)):
            red, green, blue = self.colours[colour]
            for level in range(3):
                step = LEVEL_VALUES[level] * brightness // 255
                at = entry(colour, level) * 3
                self.table[at] = green * step // 255
                self.table[at + 1] = red * step // 255
                self.table[at + 2] = blue * step // 255
                total = self.table[at] + self.table[at + 1] + self.table[at + 2]
                self.entry_load[entry(colour, level)] = total

    def light(self, led, colour, level):
        """One LED more in this frame (for views off the hot path)."""
        if self.count < MAX_LIT:
            self.leds[self.count] = led
            self.entries[self.count] = colour * 3 + level
            self.count += 1

    def finish(self, buf):
        """Writes the frame into buf, dimmed to the current budget. Returns False when the
        frame is the same as the last one (nothing to send down the strip)."""
        leds = self.leds
        entries = self.entries
        previous = self.previous
        previous_entries = self.previous_entries
        count = self.count
        previous_count = self.previous_count
        changed = count != previous_count
        for i in range(previous_count):
            led = previous[i]
            if i >= count or led != leds[i] or previous_entries[i] != entries[i]:
                at = led * 3
                buf[at] = 0
                buf[at + 1] = 0
                buf[at + 2] = 0
                changed = True
        if not changed:
            return False
        table = self.table
        load_of = self.entry_load
        load = 0
        for i in range(count):
            led = leds[i]
            at = led * 3
            source = entries[i]
            load += load_of[source]
            previous[i] = led
            previous_entries[i] = source
            source *= 3
            buf[at] = table[source]
            buf[at + 1] = table[source + 1]
            buf[at + 2] = table[source + 2]
        self.previous_count = count
        lit_ma = load * self.ma_per_channel // 255
        room = self.budget_ma - self.idle_ma
        scale = 255
        if lit_ma > room:
            # Over the budget: dim every lit LED by the same factor (rare: it takes most
            # of the board lit at a high brightness).
            scale = room * 255 // lit_ma if room > 0 else 0
            for i in range(count):
                at = leds[i] * 3
                source = entries[i] * 3
                buf[at] = table[source] * scale // 255
                buf[at + 1] = table[source + 1] * scale // 255
                buf[at + 2] = table[source + 2] * scale // 255
        self.scale = scale
        self.milliamps = self.idle_ma + lit_ma * scale // 255
        return True

    def invalidate(self):
        """Another view draws next: its frame is drawn whole, the old one cleared."""
        self.base_version = -1
        self.signature = -1

    def forget(self):
        """The buffer was cleared or another view drew: the next frame starts from nothing."""
        self.previous_count = 0
        self.count = 0
        self.base_version = -1
        self.signature = -1
