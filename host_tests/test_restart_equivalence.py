# Restart equivalence searched for by hypothesis: sequences of keys and page requests
# (deals keyed in points, undo and redo bursts, matches begun and won, mode switches, the
# shedding games' keys, stray keys), and after every step a twin booted from the running
# board's flash, which must be the same board and answer the next step alike
# (host_tests/core/twins.py; the seeded walks of host_tests/core/test_restart.py run the
# same check on MicroPython). A shrunk case it finds is kept there as a test of its own.
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import twins

_points = st.integers(min_value=0, max_value=29)
_key = st.sampled_from(twins.KEYS)
_rank = st.sampled_from(twins.KEYS[:13])
_suit = st.sampled_from(twins.KEYS[:4])

_plain_step = st.one_of(
    st.builds(twins.points_deal, _points, _points, _points),
    st.integers(min_value=1, max_value=8).map(lambda n: " ".join(["*"] * n)),
    st.integers(min_value=1, max_value=5).map(lambda n: " ".join(["hold:*"] * n)),
    st.just("#"),
    st.sampled_from(twins.HELD),
    st.builds("{} {}".format, _rank, _suit),
    st.builds("{} {} #".format, _rank, _suit),
    st.sampled_from("ABC"),
    _key,
)


def _request(steps):
    keys = [key for step in steps for key in step.split() if key != "hold:D"]
    return twins.REQUEST + " ".join(keys or ["#"])


_step = st.one_of(_plain_step, st.lists(_plain_step, min_size=1, max_size=3).map(_request))


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(_step, min_size=1, max_size=30))
def test_the_running_board_and_its_flash_booted_afresh_are_one_board(steps):
    twins.check(steps)
