from check import raises
from cribbage.pegging import GO, LAST_CARD, Play, PlayError, run_length

A, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(13)


def lay_all(play, ranks):
    """Lays ranks in turn; returns every award as (seat, points, reason)."""
    awards = []
    for rank in ranks:
        awards += play.go() if rank == "go" else play.lay(rank)
    return awards


def test_fifteen_and_thirty_one_score_two():
    play = Play(2, 0)
    assert play.lay(SEVEN) == []
    assert play.lay(EIGHT) == [(1, 2, "fifteen")]
    assert play.lay(KING) == []
    assert play.lay(SIX) == [(1, 2, "thirty-one")]
    assert play.count == 0 and play.turn == 0  # the player after the 31 leads


def test_pairs_pair_royal_and_double_pair_royal():
    play = Play(4, 0)
    assert play.lay(SIX) == []
    assert play.lay(SIX) == [(1, 2, "pair")]
    assert play.lay(SIX) == [(2, 6, "pair royal")]
    assert play.lay(SIX) == [(3, 12, "double pair royal")]


def test_runs_count_in_any_order_and_the_longest_counts():
    play = Play(2, 0)
    assert lay_all(play, [TWO, FIVE, FOUR]) == []
    assert play.lay(THREE) == [(1, 4, "run of 4")]  # 2 5 4 3, as in the seed
    assert play.lay(SIX) == [(0, 5, "run of 5")]


def test_a_pair_breaks_a_run_and_queen_king_ace_is_no_run():
    assert run_length([THREE, FOUR, FOUR, FIVE]) == 0
    assert run_length([QUEEN, KING, A]) == 0
    assert run_length([NINE, SEVEN, EIGHT]) == 3
    assert run_length([A, TWO]) == 0


def test_go_gives_one_to_the_last_card_laid_and_the_next_player_leads():
    play = Play(2, 0)
    lay_all(play, [KING, QUEEN, NINE])  # 29
    assert play.turn == 1
    assert play.go() == []  # player 2 cannot play; player 1 plays on
    assert play.turn == 0
    assert play.go() == [(0, 1, GO)]
    assert play.count == 0 and play.turn == 1


def test_the_player_who_said_go_waits_while_the_other_plays_on():
    play = Play(2, 0)
    lay_all(play, [TEN, TEN, FIVE])  # 25, pair on the second ten
    assert play.go() == []  # seat 1 goes
    assert play.lay(TWO) == []  # seat 0 plays on: 27
    assert play.turn == 0
    assert play.lay(FOUR) == [(0, 2, "thirty-one")]  # 31: two, and no go on top


def test_last_card_scores_one():
    play = Play(2, 0)
    awards = lay_all(play, [A, TWO, A, TWO, A, TWO, A, TWO])
    assert awards[-1] == (1, 1, LAST_CARD)
    assert play.finished


def test_three_players_take_turns_and_go_passes_round():
    play = Play(3, 1)
    lay_all(play, [TEN, TEN, TEN])  # seats 1, 2, 0: 30
    assert play.turn == 1
    assert play.go() == [] and play.go() == []
    assert play.go() == [(0, 1, GO)]
    assert play.turn == 1  # the seat after the last to lay


def test_refused_moves_change_nothing():
    play = Play(2, 0)
    lay_all(play, [KING, QUEEN, FIVE])  # 25
    before = (play.count, play.turn, list(play.laid), list(play.ranks))
    error = raises(PlayError, play.lay, SEVEN)
    assert str(error) == "32 would take the count past 31"
    assert "out of turn" in str(raises(PlayError, play.lay, TWO, 0))
    assert (play.count, play.turn, list(play.laid), list(play.ranks)) == before
    fresh = Play(2, 0)
    assert "any card can lead" in str(raises(PlayError, fresh.go))


def test_a_fifth_card_from_one_player_is_refused():
    play = Play(2, 0)
    lay_all(play, [A, A, A, A, TWO, THREE, TWO])  # seat 0 has laid A A 2 2
    error = raises(PlayError, play.lay, THREE, 0)
    assert str(error) == "seat 0 has laid all four cards"


def test_a_go_is_refused_while_any_card_would_fit():
    play = Play(2, 0)
    play.lay(FIVE)
    before = (play.count, play.turn, list(play.said_go))
    error = raises(PlayError, play.go)
    assert str(error) == "no go at 5: every card fits at 21 or less, lay one"
    assert (play.count, play.turn, list(play.said_go)) == before
    lay_all(play, [TEN, SIX])  # 21: still refused
    assert "no go at 21" in str(raises(PlayError, play.go))
    play.lay(A)  # 22: a go may be true now (seat 0 might hold only tens)
    assert play.go() == []


def test_a_run_of_three_laid_out_of_order_scores_three():
    play = Play(2, 0)
    assert lay_all(play, [FIVE, THREE]) == []
    assert play.lay(FOUR) == [(0, 3, "run of 3")]  # 5, 3, 4: a run in any order
    assert play.lay(KING) == []  # 22: the king breaks it
    assert play.count == 22
