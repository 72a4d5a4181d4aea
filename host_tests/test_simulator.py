"""The simulator as a user meets it: through a real pseudo-terminal, and through scripts."""

import os
import pty
import select
import subprocess
import sys
import time

import pytest

from served_board import builds_of
from simulator_rig import SimulatorRig
from where import ROOT

SIMULATOR = os.path.join(ROOT, "tools", "player", "simulator.py")


class Terminal:
    """The simulator running in a pseudo-terminal: type keys, read what it draws."""

    def __init__(self, data, *extra):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execv(sys.executable, [sys.executable, SIMULATOR, "--data", data] + list(extra))
        self.screen = ""

    def read_until(self, text, seconds=10):
        end = time.time() + seconds
        while text not in self.screen:
            left = end - time.time()
            if left <= 0:
                raise AssertionError(
                    "%r not on the screen; last output:\n%s" % (text, self.screen[-2000:])
                )
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.screen += os.read(self.fd, 65536).decode("utf-8", "replace")
                except OSError:
                    break
        return self.screen

    def type(self, keys, pause=0.25):
        for key in keys:
            os.write(self.fd, key.encode())
            time.sleep(pause)

    def quit(self):
        self.screen = ""
        self.type("q")
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return status


@pytest.mark.slow
def test_play_a_deal_in_the_terminal_quit_and_find_it_again(tmp_path):
    data = str(tmp_path / "saves")
    terminal = Terminal(data, "--fresh")
    terminal.read_until("new match: A players (2), B target (121), C games (1); # starts it")
    terminal.read_until("keypad  1 2 3 A")  # the key map is on screen
    terminal.type("#54")  # a new match; starter: a five of spades
    terminal.read_until("starter 5: its suit?")
    terminal.type("05")  # orange lays a ten, blue a five
    terminal.read_until("blue: fifteen for 2, now 2")
    terminal.read_until("score: blue 2 (rear peg 0), orange 0 (rear peg 0); play")
    terminal.type("5")  # orange pairs it
    terminal.read_until("orange: pair for 2, now 2")
    assert "\x1b[38;2;" in terminal.screen  # the LEDs are drawn in colour
    assert terminal.quit() == 0
    again = Terminal(data)
    again.read_until("score: blue 2 (rear peg 0), orange 2 (rear peg 0); play")
    again.type("u")  # undo survives the restart too
    again.read_until("score: blue 2 (rear peg 0), orange 0 (rear peg 0); play")
    assert again.quit() == 0


def run_script(tmp_path, keys, *extra):
    script = tmp_path / "keys.txt"
    script.write_text(keys)
    done = subprocess.run(
        [sys.executable, SIMULATOR, "--data", str(tmp_path / "saves"), "--script", str(script)]
        + list(extra),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_script_gives_the_board_as_text_with_colours_named(tmp_path):
    report = run_script(tmp_path, "# 5 4 0 5 5")
    lit = report.split("lit:\n")[1].split("score:")[0]
    # The reference board's LED panel, wired by columns from its top left corner: each LED
    # named by its place on the panel's wire (host_tests/core/test_panel.py walks it).
    assert "LED 21 (side 0 hole 2): blue bright" in lit  # blue's front peg at 2
    assert "LED 5 (side 0 start): blue dim" in lit  # its rear peg still in the start hole
    assert "LED 17 (side 1 hole 2): orange bright" in lit
    assert "(status turn 2)" not in lit
    assert "LED 56 (status turn 1): blue bright" in lit  # blue to play
    assert "LED 87 (status tens 1): white dim" in lit  # the count is 20
    assert "LED 88 (status tens 2): white dim" in lit
    assert "(status tens 3)" not in lit
    assert "score: blue 2 (rear peg 0), orange 2 (rear peg 0); play" in report
    assert "  orange: pair for 2, now 2" in report
    board = report.split("board:\n")[1].split("lit:")[0].splitlines()
    # The holes in groups of five, as on a wooden board; the status line in its parts.
    assert board[0] == "   o +O... ..... ..... ..... ..... ....."
    assert board[4] == "   b +B... ..... ..... ..... ..... ....."
    assert board[5] == "     g b.. B.. ww. ......... ..... . ."


def test_state_persists_between_script_runs_and_fresh_moves_it_aside(tmp_path):
    run_script(tmp_path, "# 5 4 0 5")
    report = run_script(tmp_path, "5")
    assert "score: blue 2 (rear peg 0), orange 2 (rear peg 0); play" in report
    report = run_script(tmp_path, "", "--fresh")
    assert "no match yet" in report
    assert any(name.startswith("saves.") for name in os.listdir(tmp_path))


def test_a_whole_game_through_the_simulator_and_a_snapshot(tmp_path):
    import key_player
    from simulator import Simulator

    sim = Simulator(str(tmp_path / "saves"))
    sim.press("#")
    checks = key_player.play_match(SimulatorRig(sim), seed=3)
    assert checks and all(checks)
    report = sim.text_report()
    assert "game hole): " in report and "; match over" in report
    sim.snapshot(str(tmp_path / "board.svg"))
    picture = (tmp_path / "board.svg").read_text()
    assert (
        picture.startswith("<svg") and picture.count("<circle") == 120 + 2 + 1 + 26
    )  # holes, starts, game, status


def test_data_naming_a_file_is_one_line_of_error(tmp_path):
    (tmp_path / "saves").write_text("not a folder")
    done = subprocess.run(
        [sys.executable, SIMULATOR, "--data", str(tmp_path / "saves"), "--script", "-"],
        input="#",
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert done.stderr.strip() == "error: --data %s is a file, not a folder for the saves" % (
        tmp_path / "saves"
    )


def test_fresh_twice_in_one_second_moves_both_aside_under_new_names(tmp_path):
    run_script(tmp_path, "# 5 4")
    first = run_script(tmp_path, "# 5", "--fresh")
    second = run_script(tmp_path, "# 5", "--fresh")
    asides = sorted(name for name in os.listdir(tmp_path) if name.startswith("saves."))
    assert len(asides) == 2
    assert "the old games were moved to" in first and "(kept, never deleted" in second


def test_a_script_without_data_plays_a_new_board_and_leaves_the_saves_alone(tmp_path):
    saves = os.path.join(ROOT, ".sim")
    before = sorted(os.listdir(saves)) if os.path.isdir(saves) else None
    stamps = {n: os.path.getmtime(os.path.join(saves, n)) for n in before or []}
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, SIMULATOR, "--script", "-"],
            input="# 5 4",
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0 and "play" in done.stdout
        assert "score: blue 0 (rear peg 0), orange 0 (rear peg 0); play" in done.stdout
    after = sorted(os.listdir(saves)) if os.path.isdir(saves) else None
    assert after == before
    assert {n: os.path.getmtime(os.path.join(saves, n)) for n in after or []} == stamps


def test_the_screen_fits_an_80_by_24_terminal(tmp_path):
    import io
    import re

    from simulator import Simulator
    from terminal_screen import draw_screen

    sim = Simulator(str(tmp_path / "saves"))
    sim.run_script("# 5 4 0 5 5 9 # # 4 A 6")
    for size in ((80, 24), (120, 40)):
        out = io.StringIO()
        draw_screen(sim, out, size)
        lines = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", out.getvalue()).split("\r\n")[:-1]
        assert len(lines) <= size[1] - 1 and max(len(line) for line in lines) <= size[0]
        console = lines[lines.index("console:") + 1 :]
        assert len(console) >= 3 and console[-1].strip() == sim.console[-1][: size[0] - 3]
    assert len(console) > 10  # a bigger terminal shows more of the console


def test_the_simulator_killed_outright_leaves_its_page_port_free_for_the_next(tmp_path):
    """The simulator starts nothing of its own (its page is a thread): SIGKILL ends all of it,
    and the next simulator serves on the same port."""
    import signal

    from broker import free_port

    port = free_port()
    for _ in range(2):
        simulator = subprocess.Popen(
            [sys.executable, SIMULATOR, "--web", str(port),
             "--fresh", "--data", str(tmp_path)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        told = simulator.stdout.readline()  # the console's lines first, as the board's
        while told and not told.startswith("the web page: "):
            told = simulator.stdout.readline()
        assert told.startswith("the web page: http://127.0.0.1:%d/ " % port), told
        assert sorted(_children(simulator.pid)) == []
        simulator.send_signal(signal.SIGKILL)
        simulator.wait(10)


def _children(pid):
    with open("/proc/%d/task/%d/children" % (pid, pid)) as listed:
        return listed.read().split()


@pytest.mark.slow
def test_the_boards_own_program_plays_in_the_terminal_and_stops_whole_on_q(tmp_path):
    """--micropython in a terminal: the board's build on MicroPython, drawn from its page's
    API; the keys typed reach its keypad (H then a key holds it); q stops the interpreter
    and removes its build."""
    from broker import free_port

    data = str(tmp_path / "saves")
    terminal = Terminal(data, "--micropython", "--web", str(free_port()))
    terminal.read_until("new match: A players (2), B target (121), C games (1)", seconds=60)
    own = set()  # its build: named by the interpreter the simulator started
    for child in os.listdir("/proc"):
        if child.isdigit() and terminal.pid in (int(child), _parent(child)):
            own |= builds_of(int(child))
    terminal.type("#54")
    terminal.read_until("starter 5: its suit?", seconds=20)
    terminal.type("05")
    terminal.read_until("score: blue 2 (rear peg 0), orange 0 (rear peg 0); play", seconds=20)
    terminal.type("h#")  # # held: the play ends here, the show begins with orange's hand
    terminal.read_until("orange's hand: key its 4 ranks", seconds=20)
    assert terminal.quit() == 0
    # Its build removed (other tests' boards may build beside it meanwhile: only its own).
    assert len(own) == 1 and not os.path.exists(own.pop())


def _parent(pid):
    try:
        with open("/proc/%s/stat" % pid, "rb") as handle:
            return int(handle.read().rsplit(b")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1
