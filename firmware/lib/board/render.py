# Turns a frame's lit LEDs into the strip's bytes, under a brightness and a current budget.
#
# A view fills `leds` and `entries` (entry = colour * 3 + level) and sets `count`, writing
# the arrays directly: a method call per LED costs more than the LED itself in MicroPython.
# finish(buf) then writes the bytes straight into the driver's buffer (G, R, B per LED):
# one copy of a dark strip, then one 3-byte store per lit LED from a table made once per
# brightness. Nothing is allocated per frame.
from array import array

from micropython import const

MAX_LIT = const(160)
MAX_SPANS = const(4)
MAX_BACKGROUND = const(16)  # the mode LED, skunk lines, the dealer and the match tally
_TENS = const(3)  # the count LEDs: one per ten, then one per unit
_UNITS = const(9)
_DARK = b"\x00\x00\x00"
_NO_NUMBER = bytes(3 * (_TENS + _UNITS))

# Levels: the front peg, a rear peg or a status LED, a faint mark.
FULL = const(0)
DIM = const(1)
FAINT = const(2)
LEVEL_VALUES = (
    255,
    96,
    12,
)  # the rear peg at 96: 2.7 times a skunk mark, 2.7 times below the front
# Below 21 of 255 steps a side colour's three bytes are too coarse to keep its hue: blue and
# purple, orange and yellow fall within 15 ΔE of each other for someone with a colour vision
# deficiency (host_tests/test_colours.py finds 21 the lowest from which none does). So the
# brightness goes no lower, and the rear peg, the dealer and the match tally keep 21 steps
# when the brightness would take them lower (a rear peg then shines as its front peg: the
# front one is the peg further along). A faint mark keeps 2 steps: dim, never dark.
LOWEST_BRIGHTNESS = const(21)
LEVEL_FLOORS = (1, LOWEST_BRIGHTNESS, 2)

# Palette indices: the sides first, then the fixed colours.
SIDE_0 = const(0)
ERROR = const(3)
MARK = const(4)
WHITE = const(5)
MODE_CRIBBAGE = const(6)
MODE_MAKAO = const(7)
MODE_LATVIAN = const(8)
PALE_0 = const(9)  # a side's colour mixed with white: its pegs on the second lap
KEPT_NUMBERS = const(WHITE * 3 + DIM)  # the running count's colour: its numbers are kept

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
    def __init__(self, config, length, wire_length=0):
        self.colours = palette(config)
        self.length = length
        self.budget_ma = config.CURRENT_BUDGET_MA
        self.ma_per_channel = config.MA_PER_CHANNEL
        # Every LED on the wire draws when dark, the panel's unused ones too.
        self.idle_ma = config.MA_IDLE_PER_LED * max(length, wire_length)
        # What lit LEDs may draw: the board's own draw is kept aside as if Wi-Fi were on, as
        # hold 9 may turn it on at any moment.
        self.room_ma = self.budget_ma - self.idle_ma - config.CHIP_MA[1]
        # Where each of red, green and blue goes in an LED's three bytes (neopixel's ORDER).
        self.order = bytes(config.LED_ORDER.find(c) for c in "RGB")
        self.size = 3 * max(length, wire_length)  # the driver's buffer: a panel's is longer
        entries = len(self.colours) * 3
        # The strip's three bytes of each (colour, level) at the brightness, in LED_ORDER.
        self.table = bytearray(entries * 3)
        # Zeroed 16-bit arrays made from zero bytes: no list of ints on the way (a 1 KB
        # list at every boot, in a heap the old app just left full of holes).
        self.entry_load = array("H", bytes(2 * entries))  # the sum of its three channel bytes
        self.entry_ma = bytearray(entries)  # the most one LED of the entry draws, rounded up
        self.leds = array("H", bytes(2 * MAX_LIT))
        self.entries = bytearray(MAX_LIT)
        self.count = 0
        # Spans: runs of LEDs written as one bytes object each (a number on the status line
        # costs one store instead of one per LED). A view sets them with show_number.
        self.span_offsets = array("H", bytes(2 * MAX_SPANS))  # byte offsets in the strip's buffer
        self.span_bytes = [b""] * MAX_SPANS
        self.span_ma = array("H", bytes(2 * MAX_SPANS))  # the most each span draws
        # What each span was last asked to show, entry * 1024 + value + 1 (0: nothing since
        # the brightness was set): a view asks again on every repaint, mostly for the same
        # number; a dimmed frame lights the number's LEDs again from it.
        self.span_asked = array("H", bytes(2 * MAX_SPANS))
        self.span_count = 0
        self.blank = bytearray(self.size)  # the background every frame starts from
        self.background_leds = array("H", bytes(2 * MAX_BACKGROUND))  # lit in self.blank
        self.background_entries = bytearray(MAX_BACKGROUND)  # their colour entries
        self.background_lit = 0
        self.background_load = 0  # the sum of the background's channel bytes
        self.background_key = -1  # views: what the background was drawn for
        self.background_status = -1  # views: the part of it that changes (the dealer, tally)
        self.background_source = None  # views: what that part was read from
        # The running count's numbers, each kept once shown (the play changes it on most keys;
        # white, dim). Any other number is built in its slot's buffer when it changes.
        self.kept_numbers = [None] * (10 * _TENS + _UNITS + 1)  # type: list
        self.number_buffers = None
        self.number_shown = array("H", bytes(2 * MAX_SPANS))  # what each buffer holds
        self.base_version = -1  # views: which state the first base_count LEDs were drawn from
        self.base_count = 0
        self.base_spans = 0  # the spans draw_base set (the running count)
        self.signature = -1  # views: what the overlay looked like in the last frame
        self.scale = 255  # the last frame's dimming for the current budget, 255 = none
        # The brightness table dimmed, for the last two scales a frame needed (a flashing
        # frame alternates between two): made when a scale is new, none until one is needed.
        self.dimmed_scales = [-1, -1]
        self.dimmed_tables = [None, None]  # type: list
        self.dimmed_canvas = None  # the background at the scale dimmed_canvas_for says
        self.dimmed_canvas_for = -1
        self.milliamps = 0  # the last frame's estimated draw
        self.set_brightness(config.BRIGHTNESS)

    def set_sides(self, sides):
        """New side colours (and their pale second-lap shades), at the same brightness."""
        for side in range(3):
            self.colours[SIDE_0 + side] = tuple(sides[side])
            self.colours[PALE_0 + side] = _pale(sides[side])
        self.set_brightness(self.brightness)

    def set_brightness(self, brightness):
        """Draws any brightness from 1 to 255 it is given; colours.apply and the page take
        only LOWEST_BRIGHTNESS and up (a test draws below it to show why)."""
        self.brightness = brightness
        for colour in range(len(self.colours)):
            red, green, blue = self.colours[colour]
            for level in range(3):
                step = LEVEL_VALUES[level] * brightness // 255
                step = max(step, min(LEVEL_FLOORS[level], brightness))  # never above FULL
                at = entry(colour, level) * 3
                self.table[at + self.order[0]] = red * step // 255
                self.table[at + self.order[1]] = green * step // 255
                self.table[at + self.order[2]] = blue * step // 255
                total = self.table[at] + self.table[at + 1] + self.table[at + 2]
                self.entry_load[entry(colour, level)] = total
                self.entry_ma[entry(colour, level)] = (total * self.ma_per_channel + 254) // 255
        # The same three bytes as one bytes object per entry: `buf[at:at + 3] = bytes` is a
        # single store that allocates nothing, half the cost of three byte stores.
        self.led_bytes = tuple(
            bytes(self.table[e * 3 : e * 3 + 3]) for e in range(len(self.entry_load))
        )
        for number in range(len(self.kept_numbers)):
            self.kept_numbers[number] = None
        self.dimmed_scales[0] = self.dimmed_scales[1] = -1
        self.dimmed_canvas_for = -1
        for slot in range(MAX_SPANS):
            self.number_shown[slot] = 0
            self.span_asked[slot] = 0
        self.background_key = -1
        # The most one lit LED can draw, to skip summing the frame when it cannot matter.
        self.max_entry_ma = max(self.entry_ma)

    def light(self, led, colour, level):
        """One LED more in this frame (for views off the hot path)."""
        if self.count < MAX_LIT:
            self.leds[self.count] = led
            self.entries[self.count] = colour * 3 + level
            self.count += 1

    def finish(self, buf):
        """Writes the frame into buf (the driver's buffer), dimmed to the current budget.
        The views call it only for a frame that differs from the last (frame.draw tells).
        A frame that may pass the budget has its draw summed as it is written, and only one
        that does pass it is written again, dimmed."""
        leds = self.leds
        entries = self.entries
        count = self.count
        spans = self.span_count
        span_bytes = self.span_bytes
        offsets = self.span_offsets
        # A number the overlay shows covers the view's in the span before it (frame.py): the
        # covered one is neither drawn nor counted in the draw.
        first = 0
        for i in range(1, spans):
            if offsets[i] == offsets[i - 1]:
                first = i
        # The most the frame can draw: its LEDs, its spans and the background's LEDs.
        most = (count + self.background_lit) * self.max_entry_ma
        for i in range(first, spans):
            most += self.span_ma[i]
        led_bytes = self.led_bytes
        buf[0 : self.size] = self.blank  # one copy clears the strip: cheaper than clearing
        for i in range(first, spans):
            at = offsets[i]
            buf[at : at + 3 * (_TENS + _UNITS)] = span_bytes[i]
        self.scale = 255
        room = self.room_ma
        if most <= room:
            for i in range(count):
                at = leds[i] * 3
                buf[at : at + 3] = led_bytes[entries[i]]
            self.milliamps = self.idle_ma + most
            return
        load_of = self.entry_load
        load = self.background_load
        for i in range(first, spans):
            load += sum(span_bytes[i])
        for i in range(count):
            at = leds[i] * 3
            entry = entries[i]
            buf[at : at + 3] = led_bytes[entry]
            load += load_of[entry]
        lit_ma = load * self.ma_per_channel // 255
        if lit_ma <= room:
            self.milliamps = self.idle_ma + lit_ma
            return
        # Over the budget: every lit LED dimmed by the same factor, in steps of 8 of 255 from
        # 8 up (rounded down, so the frame stays within it), so that frames whose draw
        # differs a little share a scale, and the bytes made for it.
        scale = room * 255 // lit_ma if room > 0 else 0
        if scale > 8:
            scale &= ~7
        self.scale = scale
        self.milliamps = self.idle_ma + lit_ma * scale // 255
        table = self._dimmed(scale)
        buf[0 : self.size] = self._dimmed_background(scale, table)
        for i in range(first, spans):
            at = offsets[i]
            buf[at : at + 3 * (_TENS + _UNITS)] = span_bytes[i]
            # Its lit LEDs again, dimmed: the rest of a number's LEDs are dark.
            asked = self.span_asked[i] - 1
            if asked < 0:
                continue  # not asked for since the brightness was set: the view redraws it
            value = asked & 1023
            tens = value // 10
            if tens > _TENS:
                tens = _TENS
            source = (asked >> 10) * 3
            red, green, blue = table[source], table[source + 1], table[source + 2]
            for _ in range(tens):  # the tens, from the span's first LED
                buf[at] = red
                buf[at + 1] = green
                buf[at + 2] = blue
                at += 3
            at = offsets[i] + 3 * _TENS
            for _ in range(value % 10):  # the units
                buf[at] = red
                buf[at + 1] = green
                buf[at + 2] = blue
                at += 3
        for i in range(count):
            at = leds[i] * 3
            source = entries[i] * 3
            buf[at] = table[source]
            buf[at + 1] = table[source + 1]
            buf[at + 2] = table[source + 2]

    def _dimmed(self, scale):
        """The brightness table at `scale` (of 255), kept for the last two scales: the older
        one's bytes are refilled for a new scale, so nothing is allocated after the first
        two."""
        scales = self.dimmed_scales
        tables = self.dimmed_tables
        if scales[0] == scale:
            return tables[0]
        if scales[1] == scale:
            return tables[1]
        table = self.table
        made = tables[1]
        if made is None:
            made = bytearray(len(table))
        for at in range(len(table)):
            made[at] = table[at] * scale // 255
        scales[1] = scales[0]
        tables[1] = tables[0]
        scales[0] = scale
        tables[0] = made
        return made

    def _dimmed_background(self, scale, table):
        """The background at `scale`, kept until it or the scale changes: a loud frame
        that repaints over the same background copies it whole, as an undimmed one does."""
        canvas = self.dimmed_canvas
        if canvas is None:
            canvas = self.dimmed_canvas = bytearray(self.size)
        if self.dimmed_canvas_for != scale:
            canvas[:] = self.blank
            kept = self.background_leds
            kept_entries = self.background_entries
            for i in range(self.background_lit):
                at = kept[i] * 3
                source = kept_entries[i] * 3
                canvas[at] = table[source]
                canvas[at + 1] = table[source + 1]
                canvas[at + 2] = table[source + 2]
            self.dimmed_canvas_for = scale
        return canvas

    def begin_background(self):
        """light() then paints the background (until end_background) instead of a frame."""
        self.count = 0

    def end_background(self):
        canvas = self.blank  # drawn over in place: a new background allocates nothing
        kept = self.background_leds
        for i in range(self.background_lit):  # the old one's LEDs cleared, not the whole strip
            at = kept[i] * 3
            canvas[at : at + 3] = _DARK
        count = min(self.count, MAX_BACKGROUND)
        load = 0
        for i in range(count):
            at = self.leds[i] * 3
            canvas[at : at + 3] = self.led_bytes[self.entries[i]]
            kept[i] = self.leds[i]
            self.background_entries[i] = self.entries[i]
            load += self.entry_load[self.entries[i]]
        self.background_lit = count
        self.background_load = load
        self.dimmed_canvas_for = -1
        self.count = 0

    def show_number(self, slot, led, entry, value):
        """Span `slot` (and those before it) in this frame: `value` on the count LEDs from
        `led` on, one LED per ten (three at most) then one per unit, in one colour entry."""
        asked = entry * 1024 + (value & 1023) + 1
        if self.span_asked[slot] == asked and self.span_offsets[slot] == led * 3:
            self.span_count = slot + 1  # as it was: its bytes and figures stand
            return
        self.span_asked[slot] = asked
        tens = value // 10  # min() is a call: this runs on every repaint of the count
        if tens > _TENS:
            tens = _TENS
        units = value % 10
        number = tens * 10 + units
        if entry == KEPT_NUMBERS:
            span = self.kept_numbers[number]
            if span is None:
                span = self.kept_numbers[number] = bytes(self._number(slot, entry, tens, units))
        else:
            span = self._number(slot, entry, tens, units)
        self.span_offsets[slot] = led * 3
        self.span_bytes[slot] = span
        self.span_ma[slot] = (tens + units) * self.entry_ma[entry]
        self.span_count = slot + 1

    def _number(self, slot, entry, tens, units):
        # The number's bytes in the slot's own buffer (made the first time a slot shows one;
        # filled again only when what it shows changes).
        if self.number_buffers is None:
            self.number_buffers = [bytearray(3 * (_TENS + _UNITS)) for _ in range(MAX_SPANS)]
        data = self.number_buffers[slot]
        shown = entry * 64 + tens * 10 + units + 1
        if self.number_shown[slot] != shown:
            self.number_shown[slot] = shown
            data[:] = _NO_NUMBER
            for i in range(tens):
                data[3 * i : 3 * i + 3] = self.led_bytes[entry]
            for i in range(units):
                data[3 * (_TENS + i) : 3 * (_TENS + i) + 3] = self.led_bytes[entry]
        return data

    def invalidate(self):
        """Another view draws next: its frame is drawn whole, the old one cleared."""
        self.base_version = -1
        self.signature = -1
        self.background_key = -1
