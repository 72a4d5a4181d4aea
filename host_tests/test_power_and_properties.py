"""Power cuts at every byte, and property tests of the rules (CPython only: hypothesis)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scripted
from cards import VALUES
from cribbage import events as ev
from cribbage.game import GAME_OVER, MATCH_OVER, Match, RuleError
from memstore import MemoryStore
from storage.history import History
from storage.journal import Journal
from test_journal import power_cut_everywhere

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`


def test_power_cut_at_every_byte_of_whole_games(capsys):
    tried_all = matched_all = 0
    for seed in (11, 12, 13):
        tried, matched, total = power_cut_everywhere(seed=seed)
        assert tried == total + 1
        tried_all += tried
        matched_all += matched
    with capsys.disabled():
        print("\npower cuts tried: %d, states matched: %d" % (tried_all, matched_all))
    assert matched_all == tried_all


event_strategy = st.one_of(
    st.tuples(st.just(ev.STARTER), st.sampled_from([ev.NO_CARD] + list(range(52)))),
    st.tuples(st.just(ev.LAY), st.integers(0, 12), st.integers(0, 4)),
    st.tuples(st.just(ev.GO)),
    st.tuples(st.just(ev.PEGGED), st.integers(0, 2), st.integers(0, 32)),
    st.tuples(st.just(ev.PLAY_DONE)),
    st.tuples(st.just(ev.SHOW_POINTS), st.integers(0, 30)),
    st.tuples(
        st.just(ev.SHOW_CARDS),
        st.integers(0, 51),
        st.integers(0, 51),
        st.integers(0, 51),
        st.integers(0, 51),
    ),
    st.tuples(st.just(ev.MUGGINS), st.integers(0, 2)),
    st.tuples(st.just(ev.NEXT_GAME)),
)


@settings(max_examples=300, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    target=st.sampled_from([61, 62, 121]),
    flags=st.integers(0, 15),
    events=st.lists(event_strategy, max_size=120),
)
def test_random_events_keep_every_invariant(players, target, flags, events):
    store = MemoryStore()
    history = History(Match, Journal(store, "j"))
    history.apply(ev.new_match(players=players, target=target, games=3, flags=flags))
    for event in events:
        before = history.state.state()
        try:
            history.apply(event)
        except RuleError:
            assert history.state.state() == before  # a refused event changes nothing
        match = history.state
        for side in range(match.sides()):
            assert 0 <= match.rear[side] <= match.front[side] <= target
        assert 0 <= match.play.count <= 31
        assert sum(match.play.laid) <= 4 * players
        if match.phase not in (GAME_OVER, MATCH_OVER):
            assert max(match.front) < target
        for rank in range(13):
            assert len([1 for r, _ in match.seen if r == rank]) <= 4
    replayed = History(Match, Journal(store, "j"))
    assert replayed.load() is None
    assert replayed.state.state() == history.state.state()


def test_the_count_only_ever_rises_to_31_within_a_deal():
    events, match = scripted.game_events(seed=5)
    replay = Match()
    for event in events:
        count_before = replay.play.count if replay.phase else 0
        replay.apply(event)
        if event[0] == ev.LAY and replay.play.count:
            assert replay.play.count == count_before + VALUES[event[1]]
    assert replay.state() == match.state()
