# The simulated board itself: the firmware's App on the fake pins and strip, keys pressed
# through the fake keypad's contacts, time stepped by hand, and the LEDs read back as named
# colours. Runs on CPython (tools/player/simulator.py) and on the MicroPython interpreter
# (tools/player/board_on_micropython.py) alike, so both print the same report of the same board.
import config
import fake_machine
from app import App
from board.places import places
from board.render import palette
from hardware import Hardware
from keypad import KEY_NAMES
from storage.store import FileStore

POLL_MS = 10
PRESS_MS = 60  # how long a typed key holds the fake contact closed
COLOUR_NAMES = (
    "blue", "orange", "yellow", "error", "mark", "white",
    "green", "purple", "sky", "pale blue", "pale orange", "pale yellow",
)  # fmt: skip
LEVEL_NAMES = ("bright", "dim", "faint")
GRID_LETTERS = "BOYE+WGPSbdy"  # one letter per colour; lower case when dim or faint
SIDE_NAMES = ("blue", "orange", "yellow")


class ScriptError(ValueError):
    pass


def script_tokens(text):
    """The tokens of a key script: a keypad key (1 # * D ...), hold:KEY for a long press,
    wait:MS; #! and // start comments. ScriptError names the first token that is none."""
    tokens = []
    for token in text.split():
        if token.startswith("#!") or token.startswith("//"):
            continue
        if token.startswith("wait:"):
            digits = token[5:]
            if not digits or not all(char in "0123456789" for char in digits):
                raise ScriptError("script: %r: wait:MS takes a number of milliseconds" % token)
        elif token.startswith("hold:"):
            if token[5:].upper() not in KEY_NAMES:
                raise ScriptError("script: %r: hold:KEY holds one keypad key" % token)
        elif token.upper() not in KEY_NAMES:
            raise ScriptError(
                "script: %r is not a key (1-9 0 A-D * #), hold:KEY or wait:MS" % token
            )
        tokens.append(token)
    return tokens


def contact(key):
    """The fake keypad's (row pin, column pin) for a keypad key's name."""
    index = KEY_NAMES.index(key)
    return config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4]


class SimBoard:
    """The board with its clock in hand: wait(ms) polls and paints as the board's loop would."""

    def __init__(self, data):
        self.console = []
        self.now = 1000
        fake_machine.release_all()
        self.hardware = Hardware(config)
        self.app = App(config, self.hardware, FileStore(data), say=self.console.append)
        self.app.boot(self.now)
        self.app.paint(self.now)
        self.colours = palette(config)

    # -- time and keys ---------------------------------------------------------------------

    def wait(self, ms):
        for _ in range(max(1, ms // POLL_MS)):
            self.now = (self.now + POLL_MS) & 0x3FFFFFFF
            self.app.poll(self.now)
            self.app.paint(self.now)

    def press(self, key, long=False):
        """Closes the fake keypad contact of `key` (a keypad name) and lets it go."""
        fake_machine.press(*contact(key))
        self.wait(config.LONG_PRESS_MS + 60 if long else PRESS_MS)
        fake_machine.release_all()
        self.wait(PRESS_MS)

    def run_script(self, text):
        for token in script_tokens(text):
            if token.startswith("wait:"):
                self.wait(int(token[5:]))
            elif token.startswith("hold:"):
                self.press(token[5:].upper(), True)
            else:
                self.press(token.upper())

    def game_mode(self):
        return self.app.mode

    # -- what the strip shows --------------------------------------------------------------

    def led_colour(self, led):
        return self.hardware.pixels.colour_at(led)

    def named(self, led):
        """('blue', 'bright') for a lit LED, None for a dark one."""
        rgb = self.led_colour(led)
        if rgb == (0, 0, 0):
            return None
        table = self.app.renderer.table
        for entry in range(len(self.colours) * 3):
            at = entry * 3
            if (table[at + 1], table[at], table[at + 2]) == rgb:
                return COLOUR_NAMES[entry // 3], LEVEL_NAMES[entry % 3]
        return "%02x%02x%02x" % rgb, "dimmed"

    def grid(self):
        """The board as lines of letters, laid out like the wood (top row first), the holes
        in groups of five."""
        return [
            "".join([" " if led is None else self.letter(led) for led in row]).rstrip()
            for row in cell_rows()
        ]

    def letter(self, led):
        named = self.named(led)
        if named is None:
            return "."
        index = COLOUR_NAMES.index(named[0]) if named[0] in COLOUR_NAMES else -1
        letter = GRID_LETTERS[index] if index >= 0 else "?"
        return letter if named[1] == "bright" else letter.lower()

    def lit_list(self):
        """One line per lit LED: where it is and its colour, in strip order."""
        layout = self.app.layout
        order = layout.wire_order  # on a panel, the game's LED -> its place on the wire
        named = {}
        for side in range(layout.tracks):
            for point in range(1, 61):
                named[layout.peg_leds[side][point]] = "side %d hole %d" % (side, point)
            named[layout.start_holes[side]] = "side %d start" % side
        named[layout.game_hole] = "game hole"
        for name, (first, count) in layout.status.items():
            for i in range(count):
                named[first + i] = "status %s %d" % (name, i + 1)
        where = {order[led] // 3 if order is not None else led: named[led] for led in named}
        lines = []
        for led in range(layout.wire_length):
            named = self.named(led)
            if named:
                lines.append("LED %d (%s): %s %s" % (led, where.get(led, "?"), named[0], named[1]))
        return lines

    def score_line(self):
        app = self.app
        if app.mode != 0:
            return app.controller.describe_table()
        match = app.history.state
        if match.phase is None:
            return "no match yet"
        parts = [
            "%s %d (rear peg %d)" % (SIDE_NAMES[s], match.front[s], match.rear[s])
            for s in range(match.sides())
        ]
        return "score: " + ", ".join(parts) + "; " + match.phase

    def text_report(self):
        out = ["board:"] + ["  " + line for line in self.grid()]
        out.append("lit:")
        out += ["  " + line for line in self.lit_list()]
        out.append(self.score_line())
        out.append("console:")
        out += ["  " + line for line in self.console]
        return "\n".join(out) + "\n"


def cell_rows():
    """The LEDs row by row from the top, one cell a hole (None: a gap), as on the wood."""
    cells = {}
    for led, column, _, y, _ in places(config):
        cells[led] = (y, column)
    width = max([column for _, column in cells.values()]) + 1
    rows = []
    for y in sorted(set([y for y, _ in cells.values()]), reverse=True):
        row = [None] * width
        for led in cells:
            if cells[led][0] == y:
                row[cells[led][1]] = led
        rows.append(row)
    return rows
