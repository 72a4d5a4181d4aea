"""Property tests of the referee and its command line (CPython: hypothesis, subprocess)."""

import json
import os
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from _paths import ROOT
from shed_helpers import table
from shedding import referee as rf

card = st.integers(0, 52)
action = st.one_of(
    st.tuples(
        st.just(rf.PLAY),
        st.integers(0, 5),
        st.sampled_from([rf.NONE, 4, 6, 11, 0]),
        st.sampled_from([rf.NONE, 0, 3]),
        st.sampled_from([rf.NONE, 20]),
        card,
    ),
    st.tuples(
        st.just(rf.PLAY),
        st.integers(0, 5),
        st.just(rf.NONE),
        st.just(rf.NONE),
        st.just(rf.NONE),
        card,
        card,
    ),
    st.tuples(st.just(rf.DRAW), st.integers(0, 5), st.just(1)),
    st.tuples(st.just(rf.PASS), st.integers(0, 5)),
    st.tuples(st.just(rf.TAKE), st.integers(0, 5)),
    st.tuples(st.just(rf.CALL), st.integers(0, 5)),
    st.tuples(st.just(rf.CHALLENGE), st.integers(0, 5), st.integers(0, 5)),
)


@settings(max_examples=400, deadline=None)
@given(
    game=st.sampled_from(["makao", "latvian"]),
    players=st.integers(2, 6),
    options=st.integers(0, 15),
    actions=st.lists(action, max_size=150),
)
def test_cards_always_add_up_and_a_refused_action_changes_nothing(game, players, options, actions):
    referee = table(game, players, "9C", options=options)
    pack = referee.pack_size()
    for event in actions:
        if referee.over:
            break
        # Aim most actions at the player in turn, so that play goes on.
        if event[0] not in (rf.CALL, rf.CHALLENGE) and event[1] % 2 == 0:
            event = (event[0], referee.turn) + event[2:]
        before = referee.state()
        try:
            referee.apply(event)
        except rf.RuleError:
            assert referee.state() == before
        assert sum(referee.counts) + referee.stock + len(referee.pile) == pack
        assert min(referee.counts) >= 0 and referee.stock >= 0 and referee.pile
        assert len(set(referee.finished)) == len(referee.finished)
        assert referee.turn not in referee.finished or referee.over
        for seat in referee.finished:
            assert referee.counts[seat] == 0


def referee_cli(lines):
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "referee.py")],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_command_line_answers_one_line_per_line():
    answers = referee_cli(
        [
            {"game": "makao", "players": 4, "start": "9C", "options": {}},
            {"seat": 0, "play": ["7C"]},
            {"seat": 1, "play": ["7D", "7H"]},
            {"seat": 2, "play": ["2H"]},
            {"seat": 3, "play": ["9S"]},
            {"seat": 3, "take": True},
            {"seat": 0, "play": ["JH"], "rank": "7"},
        ]
    )
    assert answers[0] == {
        "ok": True, "turn": 0, "top": "9C", "penalty": 0, "skip": 0, "demand": None,
        "cards": [5, 5, 5, 5], "finished": [], "lost": [0, 0, 0, 0], "stock": 31, "pile": 1,
        "over": False, "loser": None,
    }  # fmt: skip
    assert answers[3]["penalty"] == 2 and answers[3]["turn"] == 3
    assert answers[4] == {"ok": False, "error": "2 cards are pending: answer the 2H or take them"}
    assert answers[5]["cards"] == [4, 3, 4, 7] and answers[5]["turn"] == 0
    assert answers[6]["demand"] == "7" and answers[6]["top"] == "JH"


def test_the_command_line_latvian_with_options_and_bad_lines():
    answers = referee_cli(
        [
            {"game": "latvian", "players": 2, "start": "10H", "options": {"jokers": False}},
            {"seat": 0, "play": ["QH"], "suit": "S"},
            {"seat": 1, "play": ["JOKER", "5D"]},
            {"seat": 1, "play": ["10S"]},
            {"seat": 1, "hop": True},
        ]
    )
    assert answers[0]["stock"] == 52 - 12 - 1 and answers[0]["top"] == "TH"
    assert answers[1]["demand"] == "S"
    assert answers[2] == {"ok": False, "error": "this game is played without jokers"}
    assert answers[3]["ok"] and answers[3]["demand"] is None
    assert answers[4] == {
        "ok": False,
        "error": "an action is play, draw, pass, take, call or challenge",
    }
