"""The simulator's terminal: the board drawn in colour with its status, score, keys and
console, and the keyboard read raw, a typed character a keypad key. Shared by the simulator
on this Python (tools/player/simulator.py) and the board's own program on MicroPython
(tools/player/simulator_on_micropython.py)."""

import os
import shutil
import sys

import config
from board_picture import display
from sim_board import cell_rows

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


QUIT = ("q", "\x03", "\x04")  # q, Ctrl-C, Ctrl-D


def key_loop(press, idle, poll_s, running=lambda: True):
    """The terminal read raw until q (or Ctrl-C, Ctrl-D) or running() turns false: each
    keypad key typed goes to press(key, held); idle() runs after every key and every poll_s
    without one (it redraws). The terminal is put back however the loop ends."""
    import select
    import termios
    import tty

    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    tty.setraw(stdin)
    keyboard = Keyboard()
    try:
        while running():
            ready, _, _ = select.select([stdin], [], [], poll_s)
            if ready:
                typed = os.read(stdin, 1).decode(errors="ignore")
                if typed in QUIT:
                    break
                pressed = keyboard.take(typed)
                if pressed is not None:
                    press(*pressed)
            idle(bool(ready))
    finally:
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)
        sys.stdout.write("\r\n")
