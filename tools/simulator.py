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
from board_picture import display, svg  # noqa: E402
from sim_board import POLL_MS, ScriptError, SimBoard, cell_rows  # noqa: E402

# Keyboard -> (keypad key, held long?). The letters as the keypad prints them (A-D) or in
# lower case; H then a key holds that key; the common holds have a letter of their own.
KEYBOARD = {str(d): (str(d), False) for d in range(10)}
KEYBOARD.update({letter: (letter.upper(), False) for letter in "abcdABCD"})
KEYBOARD.update({"#": ("#", False), "\r": ("#", False), "\n": ("#", False), " ": ("#", False)})
KEYBOARD.update({"*": ("*", False), "u": ("*", False), "U": ("*", True), "r": ("*", True)})
KEYBOARD.update({"E": ("#", True), "M": ("D", True), "P": ("0", True)})
HOLD_NEXT = "hH"  # the next key typed is held
KEY_HELP = [
    "keypad  1 2 3 A    ranks: 1=A 2-9 0=T A=J B=Q C=K      keys: 0-9 a b c d",
    "        4 5 6 B    # (enter, space): go / yes / OK     * (u): back  U: redo",
    "        7 8 9 C    0: no   D: points (D A/B/C: whose)  E: hold #  h KEY: hold it",
    "        * 0 # D    suits: 1 clubs 2 diamonds 3 hearts 4 spades",
    "M (hold D): next game (Makao, Latvian)   P (hold 0): pair a phone      q: quit",
]
MAKAO_HELP = [
    "keypad  1 2 3 A    a card: its rank (1=A 2-9 0=T A=J B=Q C=K), then its suit:",
    "        4 5 6 B    1 clubs 2 diamonds 3 hearts 4 spades; d: a joker",
    "        7 8 9 C    #: lay the cards / take the penalty / pass   E: draw (hold #)",
    "        * 0 # D    h B: Makao! (hold B)  h C: challenge  * (u) undo, U redo",
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


class Simulator(SimBoard):
    """The simulated board with its save folder (moved aside by --fresh), a lock the keyboard
    and the web page take turns with, and a picture of the strip."""

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
        self.lock = threading.RLock()  # the keyboard and the web page take turns
        self.web_address = None  # where the web page is served, when it is
        SimBoard.__init__(self, data)

    def run_script(self, text):
        try:
            SimBoard.run_script(self, text)
        except ScriptError as error:
            raise SystemExit(str(error)) from None

    def snapshot(self, path):
        colours = {}
        for led in range(self.app.layout.length):
            rgb = self.led_colour(led)
            if rgb != (0, 0, 0):
                colours[led] = rgb
        with open(path, "w") as out:
            out.write(svg(config, colours))


# -- the terminal --------------------------------------------------------------------------


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
                (r, g, b), ring = display((r, g, b), config.BRIGHTNESS)
                mark = "\u25cb" if ring else "\u25cf"  # a ring is dimmer, as on the page
                line.append("\x1b[38;2;%d;%d;%dm%s\x1b[0m " % (r, g, b, mark))
        lines.append("".join(line).rstrip())  # 79 columns at most: no wrap on 80
    return lines


def draw_screen(sim, out, size=None):
    """The whole screen, fitted to the terminal (80 x 24 at least): the board, what its
    status line holds, the score, the keys, and as many console lines as there is room for."""
    columns, rows = size or shutil.get_terminal_size((80, 24))
    screen = ["Cribbage board simulator: the firmware app on fake hardware"]
    if sim.web_address:
        screen[0] = "Cribbage board simulator; page: %s  P pairs a phone" % sim.web_address
    screen += ansi_board(sim)
    if sim.game_mode() == 0:
        screen.append(
            "  status: mode, dealer, turn/hand, count tens, units or sign, games, save, error"
        )
    else:
        screen.append(
            "  holes: each seat's share; status: mode, penalty or rank (tens, units), suit"
        )
    screen.append(sim.score_line())
    screen += HELP[sim.game_mode()]
    room = max(3, rows - len(screen) - 2)
    screen.append("console:")
    screen += ["  " + line[: columns - 3] for line in sim.console[-room:]]
    out.write("\x1b[H\x1b[2J" + "\r\n".join(screen) + "\r\n")
    out.flush()


class Keyboard:
    """Typed characters to (keypad key, held?): H then a key holds that key."""

    def __init__(self):
        self.hold_next = False

    def take(self, typed):
        if typed in HOLD_NEXT:
            self.hold_next = True
            return None
        pressed = KEYBOARD.get(typed)
        if pressed is not None and self.hold_next:
            pressed = (pressed[0], True)
        self.hold_next = False
        return pressed


def interactive(sim, snapshot):
    import select
    import termios
    import tty

    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    tty.setraw(stdin)
    keyboard = Keyboard()
    try:
        shown_console = -1
        last_frame = None
        while True:
            ready, _, _ = select.select([stdin], [], [], POLL_MS / 1000.0)
            if ready:
                typed = os.read(stdin, 1).decode(errors="ignore")
                if typed in ("q", "\x03", "\x04"):
                    break
                pressed = keyboard.take(typed)
                if pressed is not None:
                    with sim.lock:
                        sim.press(*pressed)
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


def piped_keys(sim, server):
    """The script's tokens from stdin, pressed as they come (as tools/board_on_micropython.py
    takes them); `status` prints the server's open connections and live streams."""
    for line in sys.stdin:
        for token in line.split():
            if token == "status":
                print(
                    "status: connections %d, streams %d" % (server.connections, server.streams),
                    flush=True,
                )
                continue
            try:
                with sim.lock:
                    SimBoard.run_script(sim, token)
            except ScriptError as error:
                print(str(error), flush=True)


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


# -- the board's program on the board's interpreter (--micropython) ------------------------

# The heap the board's interpreter gets: an ESP32-S3 with PSRAM has more, and the page needs
# wifi.NEEDS_HEAP of it (a classic ESP32's 112 KB keeps Wi-Fi off, as on the board).
BOARD_HEAP = "2M"


def micropython_binary():
    """MicroPython's unix port: the one this environment installed (tools/requirements.txt),
    else one on the PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "micropython")
    found = beside if os.path.exists(beside) else shutil.which("micropython")
    if not found:
        raise SystemExit(
            "error: no MicroPython interpreter here: run this with .venv/bin/python"
            " (bash tools/run makes .venv)"
        )
    return found


class OnMicroPython:
    """The firmware built for the board (.mpy, in a folder of its own, so runs side by side
    never share one; a module with machine code as source, compiled for this machine) and run
    by MicroPython with the fakes: tools/board_on_micropython.py."""

    def __init__(self, data, heap=BOARD_HEAP):
        import build_mpy

        self.data = data
        self.heap = heap
        self.build = tempfile.mkdtemp(prefix="board-", dir=_paths.ROOT + "/build")
        try:
            build_mpy.build(self.build, here=True)
        except BaseException:
            shutil.rmtree(self.build, ignore_errors=True)
            raise

    def command(self, mode, argument):
        program = os.path.join(_paths.ROOT, "tools", "board_on_micropython.py")
        return [
            micropython_binary(), "-X", "heapsize=" + self.heap, program, _paths.ROOT,
            self.build, os.path.abspath(self.data), mode, str(argument),
        ]  # fmt: skip

    def start(self, mode, argument, **streams):
        import subprocess

        from orphans import die_with_parent

        self.child = subprocess.Popen(
            self.command(mode, argument), preexec_fn=die_with_parent(), **streams
        )
        return self.child

    def until_done(self, work):
        """work()'s exit status, or 130 at Ctrl-C or SIGTERM; however it ends, the board's
        interpreter is stopped and its build removed."""
        import signal

        def stop(signum, frame):
            raise KeyboardInterrupt

        signal.signal(signal.SIGTERM, stop)
        try:
            return work()
        except KeyboardInterrupt:
            return 130
        finally:
            child = getattr(self, "child", None)
            if child is not None and child.poll() is None:
                child.kill()
                child.wait()
            shutil.rmtree(self.build, ignore_errors=True)


def script_on_micropython(args, data):
    board = OnMicroPython(data, args.heap)

    def run():
        script = os.path.abspath(args.script)
        if args.script == "-":
            script = os.path.join(board.build, "keys.txt")
            with open(script, "w") as out:
                out.write(sys.stdin.read())
        return board.start("--script", script).wait()

    return board.until_done(run)


def web_on_micropython(args, data):
    """The board's own loop serving its page; keys typed here (or piped in, as the script's
    tokens) go to its keypad."""
    import subprocess

    import web_sim

    os.makedirs(data, exist_ok=True)
    port = web_sim.free_port(args.web)
    board = OnMicroPython(data, args.heap)

    def run():
        if sys.stdin.isatty():
            child = board.start("--web", port, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            remote_terminal(child, port)
            return 0
        child = board.start("--web", port, stdin=subprocess.PIPE)
        threading.Thread(target=forward_keys, args=(child,), daemon=True).start()
        return child.wait()

    return board.until_done(run)


def forward_keys(child):
    # Lines piped in are pressed as they come; at their end the board goes on serving.
    for line in sys.stdin.buffer:
        try:
            child.stdin.write(line if line.endswith(b"\n") else line + b"\n")
            child.stdin.flush()
        except OSError:
            return


class RemoteView:
    """What the terminal draws, read from the page's own API of the board on MicroPython."""

    def __init__(self, port):
        self.web_address = "http://127.0.0.1:%d/" % port
        self.console = []
        self.state = None

    def refresh(self):
        import json
        import urllib.request

        try:
            with urllib.request.urlopen(self.web_address + "api/state", timeout=1) as answer:
                self.state = json.loads(answer.read())
        except OSError:
            return False
        return True

    def game_mode(self):
        return ("cribbage", "makao", "latvian").index(self.state["mode"]) if self.state else 0

    def led_colour(self, led):
        if self.state is None:
            return (0, 0, 0)
        strip = bytes.fromhex(self.state["leds"])
        order = self.state["order"]
        at = led * 3
        return (strip[at + order[0]], strip[at + order[1]], strip[at + order[2]])

    def score_line(self):
        state = self.state
        if state is None:
            return "the board is starting"
        if state["mode"] != "cribbage" or state.get("phase") is None:
            return state["awaiting"]
        parts = [
            "%s %d (rear peg %d)" % (state["sides"][side], front, state["rear"][side])
            for side, front in enumerate(state["front"])
        ]
        return "score: " + ", ".join(parts) + "; " + state["phase"]


def remote_terminal(child, port):
    import select
    import termios
    import tty

    view = RemoteView(port)

    def read_console():
        for line in child.stdout:
            view.console.append(line.decode(errors="replace").rstrip("\n"))

    threading.Thread(target=read_console, daemon=True).start()
    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    tty.setraw(stdin)
    keyboard = Keyboard()
    try:
        shown = None
        while child.poll() is None:
            ready, _, _ = select.select([stdin], [], [], 0.1)
            if ready:
                typed = os.read(stdin, 1).decode(errors="ignore")
                if typed in ("q", "\x03", "\x04"):
                    break
                pressed = keyboard.take(typed)
                if pressed is not None:
                    token = ("hold:" if pressed[1] else "") + pressed[0]
                    child.stdin.write(token.encode() + b"\n")
                    child.stdin.flush()
            view.refresh()
            now = (view.state and view.state["leds"], len(view.console))
            if now != shown:
                draw_screen(view, sys.stdout)
                shown = now
    finally:
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)
        sys.stdout.write("\r\n")


def _heap_size(text):
    """A heap's size as MicroPython's -X heapsize takes it: bytes, or K or M of them."""
    import re

    if not re.fullmatch(r"[1-9][0-9]*[KM]?", text):
        raise argparse.ArgumentTypeError("a size such as 2M, 512K or 131072, not %r" % text)
    return text


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
    parser.add_argument(
        "--micropython",
        action="store_true",
        help="run the board's own program (its .mpy build and its loop) on the MicroPython"
        " interpreter, as the board does, instead of the firmware's sources on this Python",
    )
    parser.add_argument(
        "--heap",
        metavar="SIZE",
        default=BOARD_HEAP,
        type=_heap_size,
        help="with --micropython: the heap the board's interpreter gets, as MicroPython's"
        " -X heapsize takes it (default %s, a board with PSRAM; at 448K or less the board"
        " keeps its Wi-Fi off, as a classic ESP32's does)" % BOARD_HEAP,
    )
    args = parser.parse_args(argv)
    if args.heap != BOARD_HEAP and not args.micropython:
        raise SystemExit("error: --heap is for the board's interpreter: give --micropython")
    if args.micropython:
        return micropython_main(args)
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
        server = web_sim.serve(sim, port, sim.lock)
        sim.web_address = "http://127.0.0.1:%d/" % port
        piped = not sys.stdin.isatty()
        if piped:
            print("\n".join(sim.console), flush=True)  # as the board's serial console says
        print(
            "the web page: %s (to let a phone change the game: Pair on the page, then P here"
            " (it holds 0) and key the two digits the page shows)" % sim.web_address,
            flush=True,
        )
        if piped:
            # No terminal: keys piped in are pressed as they come, and the console's lines
            # printed as they are said (as the board's serial console); serves until stopped.
            threading.Thread(target=piped_keys, args=(sim, server), daemon=True).start()
            stop = threading.Event()
            said = len(sim.console)
            while not stop.wait(POLL_MS / 1000.0):
                with sim.lock:
                    sim.wait(POLL_MS)
                    new = sim.console[said:]
                    said = len(sim.console)
                if new:
                    print("\n".join(new), flush=True)
            return 0
    if not sys.stdin.isatty():
        raise SystemExit("no terminal: use --script FILE (or run it in a terminal)")
    interactive(sim, args.snapshot)
    return 0


def micropython_main(args):
    if args.snapshot or args.fresh:
        raise SystemExit("error: --snapshot and --fresh are the simulator's on this Python only")
    if args.script:
        if args.data is None:
            with tempfile.TemporaryDirectory() as scratch:
                return script_on_micropython(args, os.path.join(scratch, "saves"))
        return script_on_micropython(args, args.data)
    if not args.web:
        raise SystemExit("error: --micropython serves the page: give --web PORT (or --script)")
    return web_on_micropython(args, args.data or os.path.join(_paths.ROOT, ".sim"))


if __name__ == "__main__":
    sys.exit(main())
