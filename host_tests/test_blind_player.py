"""A player who does only what the board says, blind to its code, scores every deal right
(host_tests/blind_player.py). A sample here; `tools/bench/bench.py blind` plays the whole set."""

import pytest

from blind_player import Blind
from memstore import MemoryStore

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`


def play(seed, players, deals):
    blind = Blind(MemoryStore(), seed, players)
    blind.play_matches(deals)
    return blind


def test_a_blind_player_scores_every_deal_right_with_two_players():
    blind = play(1, 2, 40)
    assert blind.deals == 40 and blind.restarts + blind.undos + blind.take_backs > 0


def test_a_blind_player_scores_every_deal_right_with_four_players():
    blind = play(2, 4, 30)
    assert blind.deals == 30


def test_a_blind_player_scores_every_deal_right_with_three_players_and_hears_each_result():
    # A three-track board; matches of 3 games to 61, so that one ends level at the top
    # (seed 4: one game each after three) and plays on.
    from config_variant import Config

    cfg = Config(TRACKS=3, ROWS=6, STRIP_LENGTH=210)
    blind = Blind(MemoryStore(), 4, 3, games=3, target=61, cfg=cfg)
    blind.play_matches(50)
    assert blind.deals == 50
    assert len(blind.results) == 7 and blind.extra_games == 1, blind.results
