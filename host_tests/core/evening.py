# A whole evening at the board, key by key through the fake keypad, on a real file store:
# a 9-game cribbage match with restarts from the journal at every game's end and in the
# middle of deals, a burst of 200 undo/redo pairs, a trip through Makao and the Latvian game
# in the middle of the match, then long sessions of both shedding games with restarts.
#
# This is the player: it chooses each key from what the board shows, on CPython, and prints
# one line per key (evening_rig.py). host_tests/test_evening.py replays those keys on the
# MicroPython interpreter with a strict heap and compares the lines one by one.
#
#   python host_tests/core/evening.py FOLDER > RECORDED
import sys

import key_player
from evening_rig import Evening
from shuffle import Shuffler
from ui import RANK_KEYS


class LayWatcher:
    """Stands in for the rig in key_player: restarts after every 7th card laid (the middle
    of a deal) and, once, presses 200 undo/redo pairs in the middle of the play."""

    def __init__(self, evening, burst_at):
        self.evening = evening
        self.burst_at = burst_at
        self.lays = 0  # cards laid: every 7th is followed by a restart

    @property
    def match(self):
        return self.evening.match

    @property
    def app(self):
        return self.evening.app

    def press(self, name):
        evening = self.evening
        laying = evening.match.phase == "play" and name != "#"
        evening.press(name)
        if not laying:
            return
        self.lays += 1
        if self.lays == self.burst_at:
            for _ in range(200):
                evening.press("*")
                evening.hold("*")
        if self.lays % 7 == 0:
            evening.restart()


def cribbage_match(evening, seed=7, detour_at=100):
    evening.keys("C C C C #")  # 9 games of 121, two players
    assert evening.match.games == 9
    watcher = LayWatcher(evening, burst_at=260)
    shuffler = Shuffler(seed)
    checks = []  # whether each show pegged the true count
    while evening.match.phase != "match over":
        if evening.match.phase == "game over":
            evening.restart()  # at every game's end
            evening.press("#")
            continue
        if detour_at and watcher.lays >= detour_at:
            detour_at = 0
            detour(evening)
        key_player.play_deal(watcher, shuffler, checks)
    assert all(checks) and len(checks) > 100 and evening.match.games_played >= 5


def detour(evening):
    """Between two deals of the match: Makao, the Latvian game, and back to the match."""
    evening.hold("D")
    shedding(evening, 40, 21)
    evening.hold("D")
    shedding(evening, 40, 22)
    evening.hold("D")


def shedding(evening, actions, seed):
    """Plays a shedding game in the current mode: each player lays a card from a shuffled
    pack that fits, or draws and passes; a new game starts when one ends."""
    shuffler = Shuffler(seed)
    pack = shuffler.pack()
    for _ in range(actions):
        referee = evening.match
        if referee.rules is None or referee.over:
            evening.keys("9 1")  # a new game, the 9 of clubs to start
            continue
        if referee.penalty or referee.fours:
            evening.press("#")  # take it
            continue
        card = pack[shuffler.below(52)]
        if card >> 2 in (10, 11, 0):  # court cards that ask: keep it simple
            card = 8 * 4 + (card & 3)
        before = evening.app.history.version
        evening.keys("%s %s #" % (RANK_KEYS[card >> 2], "1234"[card & 3]))
        if evening.app.history.version == before:  # refused: clear the card, draw, pass
            evening.press("*")  # a refused lay keeps the cards keyed, as every refusal
            evening.hold("#")
            if evening.match.drew:
                evening.press("#")


def shedding_session(evening, to_mode, actions, seed):
    while evening.app.mode != to_mode:
        evening.hold("D")
    for part in range(actions // 60):
        shedding(evening, 60, seed + part)
        evening.restart()


def run(folder, out):
    evening = Evening(folder, out)
    cribbage_match(evening)
    shedding_session(evening, 1, 600, 31)  # Makao
    shedding_session(evening, 2, 600, 41)  # the Latvian game
    out(evening.summary())


if __name__ == "__main__":
    run(sys.argv[-1], print)
