"""The board without hardware: the real firmware app on fake pins and a fake LED strip,
drawn in the terminal.

  python3 tools/simulator.py                 play on the keyboard (q quits)
  python3 tools/simulator.py --fresh         start from a new, empty board (the old games
                                             are moved aside, never deleted)
  python3 tools/simulator.py --script FILE   press the keys in FILE on a new board (in a
                                             temporary folder unless --data is given), then
                                             print the board as text and the console
  python3 tools/simulator.py --snapshot board.svg   also write the board as a picture

The games are saved in --data DIR (default .sim/) exactly as the board saves them on flash;
--fresh moves an old save folder aside as DIR.YYYYMMDD-HHMMSS.
"""

import argparse
import os
import shutil
import sys
import tempfile
import threading
import time

import _paths  # noqa: F401
import fakes

fakes.install()

import config  # noqa: E402
import fake_machine  # noqa: E402
from app import App  # noqa: E402
from board.render import palette  # noqa: E402
from board_picture import display_rgb, geometry, svg, text_cells  # noqa: E402
from hardware import Hardware  # noqa: E402
from keypad import KEY_NAMES  # noqa: E402
from store import FileStore  # noqa: E402

POLL_MS = 10
PRESS_MS = 60  # how long a typed key holds the fake contact closed
COLOUR_NAMES = (
    "blue", "orange", "yellow", "error", "mark", "white",
    "green", "purple", "sky", "pale blue", "pale orange", "pale yellow",
)  # fmt: skip
LEVEL_NAMES = ("bright", "dim", "faint")
GRID_LETTERS = "BOYE+WGPSbdy"  # one letter per colour; lower case when dim or faint
# Keyboard -> (keypad key, held long?)
KEYBOARD = {str(d): (str(d), False) for d in range(10)}
KEYBOARD.update({"a": ("A", False), "b": ("B", False), "c": ("C", False), "d": ("D", False)})
KEYBOARD.update({"#": ("#", False), "\r": ("#", False), "\n": ("#", False), " ": ("#", False)})
KEYBOARD.update({"*": ("*", False), "u": ("*", False), "U": ("*", True), "r": ("*", True)})
KEYBOARD.update({"E": ("#", True), "M": ("D", True), "B": ("B", True), "C": ("C", True)})
KEYBOARD.update({"P": ("0", True)})
KEY_HELP = [
    "keypad  1 2 3 A    ranks: 1=A 2-9 0=T A=J B=Q C=K      keys: 0-9 a b c d",
    "        4 5 6 B    # (enter, space): go / yes / OK     * (u): back  U: redo",
    "        7 8 9 C    0: no   D: points (D A/B/C: whose)    E: hold #",
    "        * 0 # D    suits: 1 clubs 2 diamonds 3 hearts 4 spades",
    "M (hold D): next game (Makao, Latvian)   P (hold 0): pair a phone      q: quit",
]
MAKAO_HELP = [
    "keypad  1 2 3 A    a card: its rank (1=A 2-9 0=T A=J B=Q C=K), then its suit:",
    "        4 5 6 B    1 clubs 2 diamonds 3 hearts 4 spades; d: a joker",
    "        7 8 9 C    #: lay the cards / take the penalty / pass   E: draw (hold #)",
    "        * 0 # D    B: Makao! (hold B)  C: challenge (hold C)  * (u) undo, U redo",
    "a (no game yet): players, then the start card.  M (hold D): next game   q: quit",
]
LATVIAN_HELP = MAKAO_HELP[:3] + [
    "        * 0 # D    * (u): clear the cards keyed, else undo   U: redo",
    "a (no game yet): players, then the start card.  M (hold D): next game   q: quit",
]
HELP = (KEY_HELP, MAKAO_HELP, LATVIAN_HELP)


def aside_name(data):
    """A new name for a save folder moved aside: the time, then -2, -3 ... when a folder
    of that name exists already (two --fresh within one second)."""
    base = "%s.%s" % (data.rstrip("/"), time.strftime("%Y%m%d-%H%M%S"))
    name = base
    number = 2
    while os.path.exists(name):
        name = "%s-%d" % (base, number)
        number += 1
    return name


class Simulator:
    def __init__(self, data, fresh=False):
        if os.path.exists(data) and not os.path.isdir(data):
            raise SystemExit("error: --data %s is a file, not a folder for the saves" % data)
        if fresh and os.path.isdir(data) and os.listdir(data):
            aside = aside_name(data)
            os.rename(data, aside)
            self.moved_aside = aside
        else:
            self.moved_aside = None
        os.makedirs(data, exist_ok=True)
        self.console = []
        self.lock = threading.RLock()  # the keyboard and the web page take turns
        self.web_address = None  # where the web page is served, when it is
        self.now = 1000
        fake_machine.release_all()
        self.hardware = Hardware(config)
        self.app = App(config, self.hardware, FileStore(data), say=self.console.append)
        self.app.boot(self.now)
        self.app.paint(self.now)
        self.places = geometry(config)
        self.colours = palette(config)

    # -- time and keys ---------------------------------------------------------------------

    def wait(self, ms):
        for _ in range(max(1, ms // POLL_MS)):
            self.now = (self.now + POLL_MS) & 0x3FFFFFFF
            self.app.poll(self.now)
            self.app.paint(self.now)

    def press(self, key, long=False):
        """Closes the fake keypad contact of `key` (a keypad name) and lets it go."""
        index = KEY_NAMES.index(key)
        fake_machine.press(config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4])
        self.wait(config.LONG_PRESS_MS + 60 if long else PRESS_MS)
        fake_machine.release_all()
        self.wait(PRESS_MS)

    def run_script(self, text):
        """Tokens: a keypad key (1 # * D ...), hold:KEY for a long press, wait:MS."""
        for token in text.split():
            if token.startswith("#!") or token.startswith("//"):
                continue
            if token.startswith("wait:"):
                self.wait(int(token[5:]))
            elif token.startswith("hold:"):
                self.press(token[5:].upper(), long=True)
            elif token.upper() in KEY_NAMES:
                self.press(token.upper())
            else:
                raise SystemExit(
                    "script: %r is not a key (1-9 0 A-D * #), hold:KEY or wait:MS" % token
                )

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
        where = {}
        layout = self.app.layout
        for side in range(layout.tracks):
            for point in range(1, 61):
                where[layout.peg_leds[side][point]] = "side %d hole %d" % (side, point)
            where[layout.start_holes[side]] = "side %d start" % side
        where[layout.game_hole] = "game hole"
        for name, (first, count) in layout.status.items():
            for i in range(count):
                where[first + i] = "status %s %d" % (name, i + 1)
        lines = []
        for led in range(layout.length):
            named = self.named(led)
            if named:
                lines.append("LED %d (%s): %s %s" % (led, where.get(led, "?"), named[0], named[1]))
        return lines

    def text_report(self):
        out = ["board:"] + ["  " + line for line in self.grid()]
        out.append("lit:")
        out += ["  " + line for line in self.lit_list()]
        out.append(score_line(self))
        out.append("console:")
        out += ["  " + line for line in self.console]
        return "\n".join(out) + "\n"

    def snapshot(self, path):
        colours = {}
        for led in range(self.app.layout.length):
            rgb = self.led_colour(led)
            if rgb != (0, 0, 0):
                colours[led] = rgb
        with open(path, "w") as out:
            out.write(svg(config, colours))


# -- the terminal --------------------------------------------------------------------------


def cell_rows():
    """The LEDs row by row from the top, one cell a hole (None: a gap), as on the wood."""
    cells = text_cells(config)
    width = max(column for _, column in cells.values()) + 1
    rows = []
    for y in sorted({y for y, _ in cells.values()}, reverse=True):
        row = [None] * width
        for led, (led_y, column) in cells.items():
            if led_y == y:
                row[column] = led
        rows.append(row)
    return rows


def ansi_board(sim):
    """The board in colour, two characters a hole."""
    lines = []
    for row in cell_rows():
        line = []
        for led in row:
            if led is None:
                line.append("  ")
                continue
            r, g, b = sim.led_colour(led)
            if (r, g, b) == (0, 0, 0):
                line.append("\x1b[38;2;90;70;50m\u00b7\x1b[0m ")
            else:
                r, g, b = display_rgb((r, g, b), config.BRIGHTNESS)
                line.append("\x1b[38;2;%d;%d;%dm\u25cf\x1b[0m " % (r, g, b))
        lines.append("".join(line).rstrip())  # 79 columns at most: no wrap on 80
    return lines


def score_line(sim):
    if sim.app.mode != 0:
        return sim.app.controller.describe_table()
    match = sim.app.history.state
    if match.phase is None:
        return "no match yet"
    names = ("blue", "orange", "yellow")
    parts = [
        "%s %d (rear peg %d)" % (names[s], match.front[s], match.rear[s])
        for s in range(match.sides())
    ]
    return "score: " + ", ".join(parts) + "; " + match.phase


def draw_screen(sim, out, size=None):
    """The whole screen, fitted to the terminal (80 x 24 at least): the board, what its
    status line holds, the score, the keys, and as many console lines as there is room for."""
    columns, rows = size or shutil.get_terminal_size((80, 24))
    screen = ["Cribbage board simulator: the firmware app on fake hardware"]
    if sim.web_address:
        screen[0] = "Cribbage board simulator; page: %s  P pairs a phone" % sim.web_address
    screen += ansi_board(sim)
    if sim.app.mode == 0:
        screen.append(
            "  status: mode, dealer, turn/hand, count tens, units or sign, games, save, error"
        )
    else:
        screen.append(
            "  holes: each seat's share; status: mode, penalty or rank (tens, units), suit"
        )
    screen.append(score_line(sim))
    screen += HELP[sim.app.mode]
    room = max(3, rows - len(screen) - 2)
    screen.append("console:")
    screen += ["  " + line[: columns - 3] for line in sim.console[-room:]]
    out.write("\x1b[H\x1b[2J" + "\r\n".join(screen) + "\r\n")
    out.flush()


def interactive(sim, snapshot):
    import select
    import termios
    import tty

    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    tty.setraw(stdin)
    try:
        shown_console = -1
        last_frame = None
        while True:
            ready, _, _ = select.select([stdin], [], [], POLL_MS / 1000.0)
            if ready:
                typed = os.read(stdin, 1).decode(errors="ignore")
                if typed in ("q", "\x03", "\x04"):
                    break
                if typed in KEYBOARD:
                    key, long = KEYBOARD[typed]
                    with sim.lock:
                        sim.press(key, long)
            else:
                with sim.lock:
                    sim.wait(POLL_MS)
            frame = bytes(sim.hardware.pixels.shown)
            if frame != last_frame or len(sim.console) != shown_console:
                draw_screen(sim, sys.stdout)
                last_frame = frame
                shown_console = len(sim.console)
    finally:
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)
        sys.stdout.write("\r\n")
    if snapshot:
        sim.snapshot(snapshot)


def moved_words(aside):
    return "the old games were moved to %s (kept, never deleted; git ignores it)" % aside


def run_script_file(args, data):
    try:
        text = sys.stdin.read() if args.script == "-" else open(args.script).read()
    except OSError as error:
        raise SystemExit("error: cannot read the script: %s" % error) from None
    sim = Simulator(data, fresh=args.fresh)
    if sim.moved_aside:
        print(moved_words(sim.moved_aside))
    sim.run_script(text)
    sim.wait(3000)  # let flashes and celebrations end
    sys.stdout.write(sim.text_report())
    if args.snapshot:
        sim.snapshot(args.snapshot)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description="The cribbage board, simulated in a terminal")
    parser.add_argument(
        "--data",
        help="the folder the games are saved in (default .sim/; a script without --data"
        " plays on a new board in a temporary folder)",
    )
    parser.add_argument("--fresh", action="store_true", help="start from an empty board")
    parser.add_argument("--script", metavar="FILE", help="key presses to play, - for stdin")
    parser.add_argument("--snapshot", metavar="FILE.svg", help="write the board as a picture")
    parser.add_argument(
        "--web", metavar="PORT", type=int, help="also serve the board's web page on PORT"
    )
    args = parser.parse_args(argv)
    if args.script:
        if args.data is None:
            # A script never continues (or damages) the games played by hand.
            with tempfile.TemporaryDirectory() as scratch:
                return run_script_file(args, os.path.join(scratch, "saves"))
        return run_script_file(args, args.data)
    sim = Simulator(args.data or os.path.join(_paths.ROOT, ".sim"), fresh=args.fresh)
    if sim.moved_aside:
        print(moved_words(sim.moved_aside))
    if args.web:
        import web_sim

        port = web_sim.free_port(args.web)
        web_sim.serve(sim, port, sim.lock)
        sim.web_address = "http://127.0.0.1:%d/" % port
        print(
            "the web page: %s (to let a phone change the game: Pair on the page, then P here,"
            " which holds 0)" % sim.web_address,
            flush=True,
        )
        if not sys.stdin.isatty():
            stop = threading.Event()
            while not stop.wait(POLL_MS / 1000.0):  # no terminal: serve until stopped
                with sim.lock:
                    sim.wait(POLL_MS)
            return 0
    if not sys.stdin.isatty():
        raise SystemExit("no terminal: use --script FILE (or run it in a terminal)")
    interactive(sim, args.snapshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
