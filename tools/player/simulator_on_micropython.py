"""The simulator with the board's own program: the firmware built for the board (.mpy) run
by MicroPython's unix port with the fakes (tools/player/board_on_micropython.py), kept by this
process (started, fed the keys, stopped and its build removed however it ends), drawn in the
terminal from the page's own API. `python3 tools/player/simulator.py --micropython` comes here."""

import argparse
import os
import shutil
import sys
import tempfile
import threading

import where
from terminal_screen import draw_screen, key_loop

# The heap the board's interpreter gets: an ESP32-S3 with PSRAM has more, and the page needs
# wifi.NEEDS_HEAP of it (a classic ESP32's 112 KB keeps Wi-Fi off, as on the board).
BOARD_HEAP = "2M"


def micropython_binary():
    """MicroPython's unix port: the one this environment installed (pyproject.toml),
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
    by MicroPython with the fakes: tools/player/board_on_micropython.py."""

    def __init__(self, data, heap=BOARD_HEAP):
        import build_mpy

        self.data = data
        self.heap = heap
        self.build = tempfile.mkdtemp(prefix="board-", dir=where.ROOT + "/build")
        try:
            build_mpy.build(self.build, here=True)
        except BaseException:
            shutil.rmtree(self.build, ignore_errors=True)
            raise

    def command(self, mode, argument):
        program = os.path.join(where.ROOT, "tools", "player", "board_on_micropython.py")
        return [
            micropython_binary(), "-X", "heapsize=" + self.heap, program, where.ROOT,
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
    view = RemoteView(port)

    def read_console():
        for line in child.stdout:
            view.console.append(line.decode(errors="replace").rstrip("\n"))

    threading.Thread(target=read_console, daemon=True).start()
    shown = [None]  # the LEDs and the console's length last drawn

    def press(key, held):
        child.stdin.write((("hold:" if held else "") + key).encode() + b"\n")
        child.stdin.flush()

    def idle(typed):
        view.refresh()
        now = (view.state and view.state["leds"], len(view.console))
        if now != shown[0]:
            draw_screen(view, sys.stdout)
            shown[0] = now

    key_loop(press, idle, 0.1, running=lambda: child.poll() is None)


def heap_size(text):
    """A heap's size as MicroPython's -X heapsize takes it: bytes, or K or M of them."""
    import re

    if not re.fullmatch(r"[1-9][0-9]*[KM]?", text):
        raise argparse.ArgumentTypeError("a size such as 2M, 512K or 131072, not %r" % text)
    return text


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
    return web_on_micropython(args, args.data or os.path.join(where.ROOT, ".sim"))
