"""Property tests of the referee and its command line (CPython: hypothesis, subprocess)."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee as cli
from shed_helpers import table
from shedding import referee as rf
from where import ROOT

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


@pytest.mark.slow
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


def referee_raw(data, env=None):
    """Runs tools/player/referee.py on raw bytes; (exit status, answers, stderr)."""
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "player", "referee.py")],
        input=data,
        capture_output=True,
        env=env,
    )
    lines = done.stdout.decode("utf-8").splitlines()
    return done.returncode, [json.loads(line) for line in lines], done.stderr.decode()


def referee_cli(lines):
    status, answers, errors = referee_raw(
        "".join(json.dumps(line) + "\n" for line in lines).encode("utf-8")
    )
    assert status == 0 and not errors, errors
    return answers


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
    assert answers[4] == {"ok": False, "error": 'unknown key "hop" in an action'}


HEADER = b'{"game": "makao", "players": 3, "start": "9C", "options": {}}'


def test_lines_that_crashed_the_command_line_each_get_one_refusal():
    bad_headers = [
        b'{"game": "makao", "players": 3, "start": 5}',
        b'{"game": "makao", "players": 3, "start": null}',
        b'{"game": "makao", "players": 3, "start": "9C", "options": [1]}',
        b'{"game": "makao", "players": 3, "start": "9C", "options": "x"}',
        b'{"game": "makao", "players": 3, "start": "9C", "options": {"first": 1e400}}',
    ]
    for line in bad_headers:
        status, answers, errors = referee_raw(line + b"\n")
        assert status == 2 and not errors, (line, errors)
        assert len(answers) == 1 and answers[0]["ok"] is False, line
    actions = [
        b'{"seat": 0, "play": [5]}',
        b'{"seat": 0, "play": ["JC"], "rank": 7}',
        b'{"seat": 0, "play": ["AC"], "suit": 3}',
        b'{"seat": 0, "play": ["JOKER"], "as": 5}',
        b'{"seat": 0, "draw": 1e400}',
        b'{"seat": 0, "challenge": 1e400}',
        b"[" * 100000 + b"]" * 100000,
        b'{"seat": 0, "play": ["9\xff"]}',
        b"\xff\xfe not text",
    ]
    status, answers, errors = referee_raw(HEADER + b"\n" + b"\n".join(actions) + b"\n")
    assert status == 0 and not errors, errors
    assert answers[0]["ok"] and len(answers) == 1 + len(actions)
    for line, reply in zip(actions, answers[1:]):
        assert reply["ok"] is False and len(json.dumps(reply)) < 200, (line[:50], reply)
    assert answers[-1] == {"ok": False, "error": "not UTF-8 text"}


def test_strict_locale_stdin_is_read_as_bytes():
    env = dict(os.environ, LC_ALL="C", PYTHONUTF8="0", PYTHONIOENCODING="ascii:strict")
    status, answers, errors = referee_raw(HEADER + b'\n{"seat": 0, "play": ["9\xc3\xa9"]}\n', env)
    assert status == 0 and not errors and answers[0]["ok"] and answers[1]["ok"] is False


def test_loose_values_that_were_accepted_are_refused_by_name():
    session = cli.Session()
    assert session.handle(HEADER)["ok"]
    before = session.referee.state()
    suit_error = "suit must be one of C, D, H, S, not "
    refusals = {
        b'{"seat": 0, "play": ["AC"], "suit": ""}': suit_error + '""',
        b'{"seat": 0, "play": ["AC"], "suit": "CDHS"}': suit_error + '"CDHS"',
        b'{"seat": 0, "play": ["AC"], "suit": "HS"}': suit_error + '"HS"',
        b'{"seat": false, "draw": 1}': "seat must be a whole number from 0 to 255, not false",
        b'{"seat": 0, "draw": 1.5}': "draw must be a whole number from 0 to 255, not 1.5",
        b'{"seat": 0, "draw": 1, "colour": "red"}': 'unknown key "colour" in an action',
        b'{"seat": 0, "play": ["9D"], "draw": 1}': (
            "an action is one of play, draw, pass, take, call or challenge"
        ),
        b'{"seat": 0, "draw": 1, "rank": "7"}': "rank goes with a play, not with draw",
        b'{"seat": 0, "pass": 1}': "pass must be true, not 1",
    }
    for line, error in refusals.items():
        assert session.handle(line) == {"ok": False, "error": error}, line
        assert session.referee.state() == before
    header = cli.Session()
    latvian = b'{"game": "latvian", "players": 2, "start": "9C", "options": {"%s": %s}}'
    assert header.handle(latvian % (b"demand_queen", b"true")) == {
        "ok": False,
        "error": "option demand_queen is not a latvian option",
    }
    assert header.handle(latvian % (b"first", b"1.7"))["error"] == (
        "first must be a whole number from 0 to 255, not 1.7"
    )
    assert header.handle(latvian % (b"jokers", b"1"))["error"] == (
        "option jokers is true or false, not 1"
    )
    assert header.bad_header and not header.started


def test_a_ten_megabyte_token_does_not_come_back():
    session = cli.Session()
    session.handle(HEADER)
    huge = "9" * 10_000_000
    reply = session.handle(json.dumps({"seat": 0, "play": [huge]}).encode())
    assert reply["ok"] is False and len(reply["error"]) < 100
    reply = session.handle(json.dumps({"seat": 0, huge: 1}).encode())
    assert reply["ok"] is False and len(reply["error"]) < 100


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
field_names = st.sampled_from(
    ["seat", "play", "draw", "pass", "take", "call", "challenge", "rank", "suit", "as", "x"]
)
actions_json = st.dictionaries(field_names, json_values | st.sampled_from(["9C", "9D", 0, 1]))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(
        st.one_of(
            actions_json.map(lambda value: json.dumps(value).encode()),
            json_values.map(lambda value: json.dumps(value).encode()),
            st.binary(max_size=40),
        ),
        max_size=30,
    )
)
def test_any_line_gets_one_answer_and_a_refused_line_changes_nothing(lines):
    session = cli.Session()
    session.handle(HEADER)
    for line in lines:
        before = (session.referee.state(), session.started)
        reply = session.handle(line)
        json.dumps(reply)  # an answer is JSON
        assert reply["ok"] in (True, False)
        if not reply["ok"]:
            assert (session.referee.state(), session.started) == before
            assert len(reply["error"]) < 200
