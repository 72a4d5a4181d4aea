# A board built on an LED matrix panel (config.LEDS = "panel"): the common flexible WS2812B
# panel of 8 rows by 32 columns, 256 LEDs 10 mm apart, wired in a serpentine. Nothing is
# soldered but its three wires. The game keeps its own numbering of the LEDs (the hand-wired
# chain: the holes, the start holes, the game hole, the status line), so every view and
# test is the same on either board; the renderer writes each LED where the panel's wire has
# it (wire_order). Loaded at the boot and by the drawings only.
from board.render import MAX_BACKGROUND, Renderer
from micropython import const

# render.py's: a module's const() names starting with _ are not importable on MicroPython.
_TENS = const(3)  # the count LEDs: one per ten, then one per unit
_UNITS = const(9)
_DARK = b"\x00\x00\x00"

COLUMNS = const(32)
ROWS = const(8)
PITCH_MM = const(10)
LEDS = const(256)
# The game's numbering of its LEDs, by tracks, as the hand-wired board is chained: each
# row's first LED and whether it runs from the upper end, the start holes, the game hole,
# the status line's first LED, and how many LEDs in all (config.py's numbers for it).
CHAINS = {
    2: ((0, 59, 60, 119), (False, True, False, True), (120, 121), 122, 123, 149),
    3: (
        (0, 59, 60, 119, 149, 208), (False, True, False, True, False, True),
        (120, 121, 209), 122, 123, 210,
    ),
}  # fmt: skip
# Where each row of holes lies on the panel (its y, counted from the bottom), by tracks:
# two tracks face each other across an empty row, as on a wooden board; three fill the
# panel. The status line's 26 LEDs lie on the bottom row from column 3; the start holes in
# column 0 beside each track's first hole, the holes in columns 1 to 30, the game hole in
# column 31.
ROW_Y = {2: (2, 3, 5, 6), 3: (1, 2, 3, 4, 6, 5)}
GAME_CELL = {2: (31, 4), 3: (31, 7)}
STATUS_Y = const(0)
STATUS_X = const(3)
CORNERS = ("top left", "top right", "bottom left", "bottom right")
WIRINGS = ("columns", "rows")


def check(config):
    """Why config.py's panel settings cannot be, in words, or None."""
    if config.PANEL_WIRING not in WIRINGS:
        return "PANEL_WIRING is %r: one of %s" % (config.PANEL_WIRING, ", ".join(WIRINGS))
    if config.PANEL_FIRST_LED not in CORNERS:
        return "PANEL_FIRST_LED is %r: one of %s" % (config.PANEL_FIRST_LED, ", ".join(CORNERS))
    if config.PANEL_LEDS != LEDS:
        return "PANEL_LEDS is %r: the panel is 8 rows of 32, %d LEDs" % (config.PANEL_LEDS, LEDS)
    if config.TRACKS not in ROW_Y:
        return "a panel holds 2 or 3 tracks, TRACKS is %r" % config.TRACKS
    return None


def wire_index(config, x, y):
    """The place on the panel's wire of the LED in column x, row y (from the bottom left, seen
    from the front), for its wiring and the corner its data input is at."""
    top = config.PANEL_FIRST_LED.startswith("top")
    left = config.PANEL_FIRST_LED.endswith("left")
    if config.PANEL_WIRING == "columns":
        line = x if left else COLUMNS - 1 - x
        along = ROWS - 1 - y if top else y
        if line % 2:
            along = ROWS - 1 - along
        return line * ROWS + along
    line = ROWS - 1 - y if top else y
    along = x if left else COLUMNS - 1 - x
    if line % 2:
        along = COLUMNS - 1 - along
    return line * COLUMNS + along


def cells(layout):
    """[(the game's LED, column x, row y, kind)] of every LED the game uses, on the panel."""
    rows_y = ROW_Y[layout.tracks]
    found = []
    for side in range(layout.tracks):
        outer, inner = ((0, 1), (3, 2), (4, 5))[side]
        for hole in range(60):
            row, column = (outer, hole) if hole < 30 else (inner, 59 - hole)
            found.append((layout.track_leds[side * 60 + hole], 1 + column, rows_y[row], "hole"))
        found.append((layout.start_holes[side], 0, rows_y[outer], "start"))
    x, y = GAME_CELL[layout.tracks]
    found.append((layout.game_hole, x, y, "game"))
    x = STATUS_X
    for first, count in sorted(layout.status.values()):
        for led in range(first, first + count):
            found.append((led, x, STATUS_Y, "status"))
            x += 1
    return found


def wire_order(config, layout):
    """[the game's LED] -> the first of its 3 bytes on the panel's wire, as 16-bit numbers."""
    from array import array

    order = array("H", range(layout.length))
    for led, x, y, _ in cells(layout):
        order[led] = 3 * wire_index(config, x, y)
    return order


class PanelRenderer(Renderer):
    """The renderer for a panel: each LED written where the panel's wire has it (wire_order,
    the first of its 3 bytes), a number on the status line LED by LED. A subclass, loaded on
    a panel only: the strip's renderer keeps its own hot path, 3 bytes an LED in a row.
    host_tests/core/test_panel.py holds the two to the same frames."""

    def __init__(self, config, length, wire_length, wire_order):
        Renderer.__init__(self, config, length, wire_length)
        self.wire_order = wire_order

    def finish(self, buf):
        """Renderer.finish, each LED written where the panel's wire has it."""
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
        order = self.wire_order
        buf[0 : self.size] = self.blank  # one copy clears the strip: cheaper than clearing
        for i in range(first, spans):
            self._number_on_wire(buf, i, led_bytes)
        self.scale = 255
        room = self.room_ma
        if most <= room:
            for i in range(count):
                at = order[leds[i]]
                buf[at : at + 3] = led_bytes[entries[i]]
            self.milliamps = self.idle_ma + most
            return
        load_of = self.entry_load
        load = self.background_load
        for i in range(first, spans):
            load += sum(span_bytes[i])
        for i in range(count):
            at = order[leds[i]]
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
            self._number_on_wire(buf, i, led_bytes)
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
            led = offsets[i] // 3
            for k in range(tens):  # the tens, from the span's first LED
                at = order[led + k]
                buf[at] = red
                buf[at + 1] = green
                buf[at + 2] = blue
            led += _TENS
            for k in range(value % 10):  # the units
                at = order[led + k]
                buf[at] = red
                buf[at + 1] = green
                buf[at + 2] = blue
        for i in range(count):
            at = order[leds[i]]
            source = entries[i] * 3
            buf[at] = table[source]
            buf[at + 1] = table[source + 1]
            buf[at + 2] = table[source + 2]

    def _number_on_wire(self, buf, slot, led_bytes):
        # A number on the status line, LED by LED where a panel's wire has them: each of its
        # LEDs lit in its colour or dark, one store each (its bytes as shown, where it was
        # not asked for since the brightness was set).
        order = self.wire_order
        led = self.span_offsets[slot] // 3
        asked = self.span_asked[slot] - 1
        if asked < 0:
            data = self.span_bytes[slot]
            for k in range(_TENS + _UNITS):
                at = order[led + k]
                buf[at] = data[3 * k]
                buf[at + 1] = data[3 * k + 1]
                buf[at + 2] = data[3 * k + 2]
            return
        value = asked & 1023
        tens = value // 10
        if tens > _TENS:
            tens = _TENS
        units = value % 10
        lit = led_bytes[asked >> 10]
        for k in range(_TENS):
            at = order[led + k]
            buf[at : at + 3] = lit if k < tens else _DARK
        led += _TENS
        for k in range(_UNITS):
            at = order[led + k]
            buf[at : at + 3] = lit if k < units else _DARK

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
            order = self.wire_order
            for i in range(self.background_lit):
                at = order[kept[i]]
                source = kept_entries[i] * 3
                canvas[at] = table[source]
                canvas[at + 1] = table[source + 1]
                canvas[at + 2] = table[source + 2]
            self.dimmed_canvas_for = scale
        return canvas

    def end_background(self):
        canvas = self.blank  # drawn over in place: a new background allocates nothing
        kept = self.background_leds
        order = self.wire_order
        for i in range(self.background_lit):  # the old one's LEDs cleared, not the whole strip
            at = order[kept[i]]
            canvas[at : at + 3] = _DARK
        count = min(self.count, MAX_BACKGROUND)
        load = 0
        for i in range(count):
            at = order[self.leds[i]]
            canvas[at : at + 3] = self.led_bytes[self.entries[i]]
            kept[i] = self.leds[i]
            self.background_entries[i] = self.entries[i]
            load += self.entry_load[self.entries[i]]
        self.background_lit = count
        self.background_load = load
        self.dimmed_canvas_for = -1
        self.count = 0
