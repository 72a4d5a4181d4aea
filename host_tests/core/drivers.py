# Scripted sessions on the real app, key event by key event (App.press: the events the
# debouncer reports), in every mode: cribbage with cards, cribbage in points, Makao, the
# Latvian game. Used by the power-cut and fuzz tests and by the benchmark.
import fakes

fakes.install()

import config  # noqa: E402
import key_player  # noqa: E402
from board_rig import Rig  # noqa: E402
from scripted import Shuffler  # noqa: E402
from shedding import referee as rf  # noqa: E402
from ui import RANK_KEYS, SUIT_KEYS  # noqa: E402


def fast_rig(store, on_key=None, cfg=config):
    """The rig for long scripted games: key events straight to the app (board_rig.Rig)."""
    return Rig(store, cfg=cfg, through_contacts=False, on_key=on_key)


JOURNALS = (
    ("cribbage.log", "cribbage.game", "Match"),
    ("makao.log", "shedding.referee", "Referee"),
    ("latvian.log", "shedding.referee", "Referee"),
)


def persistent_state(app):
    """What survives a restart: the mode, the live game, and each game as its journal
    replays (read only: a journal with nothing to mend is not written)."""
    from storage.history import History
    from storage.journal import Journal

    states = [app.mode, app.history.state.state()]
    for name, module, kind in JOURNALS:
        state_class = getattr(__import__(module, None, None, [kind]), kind)
        history = History(state_class, Journal(app.store, name))
        history.load()
        states.append(history.state.state())
    return tuple(states)


def cribbage_with_cards(rig, seed=5, target_key=""):
    rig.keys(target_key + "#")  # a new match
    key_player.play_match(rig, seed)


def cribbage_in_points(rig, seed=9):
    rig.keys("B #")  # a 61-point match, counted in points
    shuffler = Shuffler(seed)
    while rig.match.phase != "match over":
        phase = rig.match.phase
        if phase == "game over":
            rig.press("#")
        elif phase == "cut":
            rig.press("#")  # the starter is not keyed
        elif phase == "play":
            rig.keys("D %d #" % (shuffler.below(6) + 1))
            rig.press("#", 800)  # end the play
        else:
            points = (0, 2, 4, 6, 8, 12, 29)[shuffler.below(7)]
            rig.keys("D " + " ".join(str(points)) + " #")


def shedding(rig, presses_to_mode, seed, actions=70, players_key="A"):
    """A shedding game: each player lays a card from a shuffled pack that fits, or draws."""
    for _ in range(presses_to_mode):
        rig.press("D", 800)
    rig.keys(players_key + " 9 1")  # 3 players, start 9 of clubs
    shuffler = Shuffler(seed)
    pack = shuffler.pack()
    referee = rig.app.history.state
    for _ in range(actions):
        if referee.over:
            break
        seat = referee.turn
        if referee.penalty or referee.fours:
            rig.press("#")  # take it
            continue
        card = pack[shuffler.below(52)]
        if card == 38 or card >> 2 in (10, 11, 0):  # court cards that ask: keep it simple
            card = 8 * 4 + (card & 3)
        before = referee.state()
        rig.keys("%s %s #" % (RANK_KEYS[card >> 2], SUIT_KEYS[card & 3]))
        if referee.state() == before:  # refused: clear the card, draw one and pass
            rig.press("*")  # a refused lay keeps the cards keyed, as every refusal
            rig.press("#", 800)
            if referee.turn == seat and referee.drew:
                rig.press("#")
    return rf


def check_invariants(app):
    """What must hold after any key: scores in bounds, the front peg never behind the rear,
    the count at most 31, a shedding game's cards adding up to its pack."""
    state = app.history.state
    if app.mode == 0:
        if state.phase is not None:
            for side in range(state.sides()):
                assert 0 <= state.rear[side] <= state.front[side] <= state.target
            assert 0 <= state.play.count <= 31
    elif state.rules is not None:
        total = sum(state.counts) + state.stock + len(state.pile)
        assert total == state.pack_size()
