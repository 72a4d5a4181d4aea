"""Power cuts at every byte, and property tests of the rules (CPython only: hypothesis)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scripted
from cards import VALUES
from cribbage import events as ev
from cribbage.game import GAME_OVER, MATCH_OVER, Match, RuleError
from cribbage.score import score
from memstore import MemoryStore
from power_cuts import power_cut_everywhere
from storage.history import History
from storage.journal import Journal

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


@settings(max_examples=600, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True),
    st.integers(0, 15),
    st.integers(0, 4),
    st.booleans(),
)
def test_the_suits_a_show_picks_keep_what_was_seen_and_score_as_the_real_hand(
    cards, laid, others, crib
):
    """A hand (or crib) keyed by its ranks, the board's questions answered truthfully: the
    suits it picks keep every card this hand laid with its suit seen (tapped on the page),
    clash with no card seen elsewhere, and score what the real cards score."""
    from ui import suits

    hand, starter, elsewhere = cards[:4], cards[4], cards[5 : 5 + others]
    own = [] if crib else [(c >> 2, c & 3) for i, c in enumerate(hand) if laid >> i & 1]
    seen = own + [(c >> 2, c & 3) for c in elsewhere]
    ranks = [c >> 2 for c in hand]
    one_suit = len({c & 3 for c in hand}) == 1
    truth = {
        suits.FLUSH: one_suit,
        suits.FLUSH_STARTER: one_suit and hand[0] & 3 == starter & 3,
        suits.NOBS: any(c >> 2 == suits.JACK and c & 3 == starter & 3 for c in hand),
    }
    answers = {}
    while True:
        question = suits.next_question(ranks, starter, crib, answers)
        if not question:
            break
        answers[question] = truth[question]
    chosen = suits.choose_suits(ranks, starter, answers, seen, own)
    assert chosen is not None
    assert sorted(c >> 2 for c in chosen) == sorted(ranks)
    assert {rank * 4 + suit for rank, suit in own} <= set(chosen)
    assert not set(chosen) & (set(elsewhere) | {starter})
    assert score(chosen, starter, crib) == score(hand, starter, crib)
