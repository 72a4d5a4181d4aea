"""Random deals keyed with random answers to the show's questions, right or wrong, and
random keys that mean nothing there, with two, three and four players, the board restarted
after a random show: no card is ever scored by two places in a deal, and every refused key
changes nothing (the match, the half-made entry, the question waiting).

What was scored is read from the console, as a player hears it: nobs can be said once a
deal (one jack has the starter's suit), and the hands said to hold a flush of five (the
starter's suit) hold no rank in common beside the starter, since two such would be one
card twice."""

import re

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import config
from board_rig import Rig
from cards import RANK_CHARS
from config_variant import Config
from cribbage.game import CUT, GAME_OVER, MATCH_OVER, SHOW
from key_player import play_to_the_show
from memstore import MemoryStore
from shuffle import Shuffler
from ui import RANK_KEYS

THREE_TRACKS = Config(TRACKS=3, ROWS=6, STRIP_LENGTH=210)
FLUSH_OF_FIVE = re.compile(r"^  flush of 5 for \d+ \((.*)\)$")


class ListeningRig(Rig):
    """The board with every console line kept (the plain rig keeps the last 40)."""

    def __init__(self, store, cfg):
        self.heard = []
        super().__init__(store, cfg=cfg, through_contacts=False)

    def say(self, line):
        self.heard.append(line)
        super().say(line)


def start(players, store):
    rig = ListeningRig(store, THREE_TRACKS if players == 3 else config)
    for _ in range(3):
        if rig.heard[-1].startswith("next match: %d players" % players):
            break
        rig.press("A")
    assert rig.heard[-1].startswith("next match: %d players" % players), rig.heard[-1]
    rig.press("#")
    return rig


def half_made(rig):
    keys = rig.app.controller
    return (
        rig.match.state(),
        list(keys.ranks),
        sorted(keys.answers.items()),
        keys.digits,
        rig.app.overlay.question,
    )


def scored_twice(heard, starter_rank):
    """What was said of one card scored by two places, or None."""
    if sum(1 for line in heard if line.startswith("  nobs")) > 1:
        return "nobs said twice"
    held = set()
    for line in heard:
        found = FLUSH_OF_FIVE.match(line)
        if found:
            ranks = [name[0] for name in found.group(1).split()]
            ranks.remove(RANK_CHARS[starter_rank])
            if held & set(ranks):
                return "a flush of the starter's suit holds %s again" % (held & set(ranks))
            held |= set(ranks)
    return None


@pytest.mark.slow  # about 5 s on 2 cores
@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from((2, 3, 4)),
    st.integers(0, 10**6),
    st.lists(st.sampled_from(("#", "0", "#", "0", "5", "C", "*")), min_size=40, max_size=40),
    st.integers(0, 5),
)
def test_no_card_is_scored_by_two_places_and_a_refused_key_changes_nothing(
    players, seed, keys, restart_after
):
    store = MemoryStore()
    rig = start(players, store)
    _, crib, starter = play_to_the_show(rig, Shuffler(seed))
    assert rig.match.phase == SHOW
    heard = rig.heard = []
    shows = 0
    pressed = iter(keys)
    while rig.match.phase == SHOW:
        entry = rig.app.controller
        if rig.match.show_seat() < 0 and len(entry.ranks) < 4:
            for card in crib[len(entry.ranks) :]:  # the crib's ranks, as they are
                rig.press(RANK_KEYS[card >> 2])
            continue
        name = next(pressed, "#")
        if name == "*" and not entry.answers:
            continue  # an undo of a whole hand would say its count twice
        before = half_made(rig)
        said = len(heard)
        index = rig.match.show_index
        rig.press(name)
        if any(line.startswith("error:") for line in heard[said:]):
            event("a key refused")  # counted by --hypothesis-show-statistics
            assert half_made(rig) == before, heard[said:]
        seen = [card for card in rig.match.seen if card[1] < 4]
        assert len(seen) == len(set(seen)), rig.match.seen
        if rig.match.phase == SHOW and rig.match.show_index != index:
            shows += 1
            if shows == restart_after:  # a power cut: the same store, a new app
                state = rig.match.state()
                rig = ListeningRig(store, rig.cfg)
                rig.heard = heard
                assert rig.match.state() == state
    assert rig.match.phase in (CUT, GAME_OVER, MATCH_OVER)
    assert scored_twice(heard, starter >> 2) is None, heard
