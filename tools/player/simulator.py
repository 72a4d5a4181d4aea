"""The board without hardware: the real firmware app on fake pins and a fake LED strip,
drawn in the terminal.

  python3 tools/player/simulator.py                 play on the keyboard (q quits)
  python3 tools/player/simulator.py --fresh         start from a new, empty board (the old games
                                             are moved aside, never deleted)
  python3 tools/player/simulator.py --script FILE   press the keys in FILE on a new board (in a
                                             temporary folder unless --data is given), then
                                             print the board as text and the console
  python3 tools/player/simulator.py --snapshot board.svg   also write the board as a picture

The games are saved in --data DIR (default .sim/) exactly as the board saves them on flash;
--fresh moves an old save folder aside as DIR.YYYYMMDD-HHMMSS.
"""

import argparse
import os
import sys
import tempfile
import threading
import time

import fakes
import where

fakes.install()

import config  # noqa: E402
from board_picture import svg  # noqa: E402
from sim_board import POLL_MS, ScriptError, SimBoard  # noqa: E402
from simulator_on_micropython import BOARD_HEAP, heap_size, micropython_main  # noqa: E402
from terminal_screen import draw_screen, key_loop  # noqa: E402


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


def interactive(sim, snapshot):
    shown = [None]  # the frame and the console's length last drawn

    def press(key, held):
        with sim.lock:
            sim.press(key, held)

    def idle(typed):
        if not typed:
            with sim.lock:
                sim.wait(POLL_MS)
        now = (bytes(sim.hardware.pixels.shown), len(sim.console))
        if now != shown[0]:
            draw_screen(sim, sys.stdout)
            shown[0] = now

    key_loop(press, idle, POLL_MS / 1000.0)
    if snapshot:
        sim.snapshot(snapshot)


def piped_keys(sim, server):
    """The script's tokens from stdin, pressed as they come (as
    tools/player/board_on_micropython.py
    takes them); `status` prints the server's open connections and live streams."""
    for line in sys.stdin:
        for token in line.split():
            if token == "status":
                say_whole(
                    "status: connections %d, streams %d" % (server.connections, server.streams)
                )
                continue
            try:
                with sim.lock:
                    SimBoard.run_script(sim, token)
            except ScriptError as error:
                say_whole(str(error))


_SAYING = threading.Lock()


def say_whole(text):
    """Prints lines whole: the console's and the key thread's never share a line (print
    writes a line's text and its end apart, so two threads' lines could run together)."""
    with _SAYING:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


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
        type=heap_size,
        help="with --micropython: the heap the board's interpreter gets, as MicroPython's"
        " -X heapsize takes it (default %s, a board with PSRAM; at 480K or less the board"
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
    sim = Simulator(args.data or os.path.join(where.ROOT, ".sim"), fresh=args.fresh)
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
                    say_whole("\n".join(new))
            return 0
    if not sys.stdin.isatty():
        raise SystemExit("no terminal: use --script FILE (or run it in a terminal)")
    interactive(sim, args.snapshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
