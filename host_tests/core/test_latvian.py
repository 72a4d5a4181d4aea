# The Latvian game (seed 001) as the issue reads it; one scenario per test.
from shed_helpers import draw, pass_, play, refused, run, table, take
from shedding import referee as rf
from shedding.rules import CALL_OR_FIRST, JOKERS, WIDE_DEMAND


def test_six_cards_each_from_a_pack_with_two_jokers():
    game = table("latvian", 2, "9C")
    assert game.counts == [6, 6] and game.stock == 54 - 12 - 1
    plain = table("latvian", 3, "9C", options=0)
    assert plain.stock == 52 - 18 - 1


def test_any_start_does_nothing_and_a_joker_start_lets_anything_follow():
    for start in ("KH", "7C", "6D", "QS", "AC"):
        game = table("latvian", 3, start)
        assert game.penalty == 0 and game.turn == 0 and game.lost == [0, 0, 0]
        assert game.demand_text() is None
    game = run(table("latvian", 2, "JOKER"), play(0, "5H"))
    assert game.top == 18 and game.turn == 1
    try:
        table("latvian", 2, "JOKER", options=0)
    except rf.RuleError as error:
        assert str(error) == "this game is played without jokers"
    else:
        raise AssertionError("a joker start accepted without jokers")


def test_match_by_rank_or_suit_and_several_of_one_rank():
    game = run(table("latvian", 2, "9C"), play(0, "9D 9H"), play(1, "5H"))
    assert game.top == 18 and game.counts == [4, 5]
    assert refused(game, play(0, "8S")) == "8S does not match 5H"


def test_no_fitting_card_draw_one_then_lay_it_or_pass():
    game = run(table("latvian", 2, "9C"), draw(0))
    run(game, play(0, "9S"))
    assert game.turn == 1 and game.counts[0] == 6
    run(game, draw(1), pass_(1))
    assert game.turn == 0 and game.counts[1] == 7


def test_a_king_makes_the_next_draw_five_a_seven_two_a_six_one():
    for card, penalty in (("KC", 5), ("7C", 2), ("6C", 1)):
        game = run(table("latvian", 3, "9C"), play(0, card))
        assert (game.penalty, game.turn) == (penalty, 1), card


def test_the_same_rank_passes_the_penalty_on_and_adds_up():
    game = run(table("latvian", 3, "9C"), play(0, "7C"), play(1, "7D 7H"))
    assert (game.penalty, game.turn) == (6, 2)


def test_another_draw_rank_does_not_pass_it_unless_mixed_is_on():
    game = run(table("latvian", 2, "9C"), play(0, "7C"))
    assert "answer the 7C or take them" in refused(game, play(1, "KC"))
    mixed = run(table("latvian", 2, "9C", options=JOKERS | WIDE_DEMAND), play(0, "7C"))
    run(mixed, play(1, "KC"))
    assert mixed.penalty == 7


def test_the_target_draws_and_plays_on_in_the_same_turn():
    game = run(table("latvian", 2, "9C"), play(0, "7C"), take(1))
    assert game.counts[1] == 8 and game.turn == 1 and game.penalty == 0
    run(game, play(1, "2C"))  # the 7's effect is spent: an ordinary club follows it
    assert game.turn == 0


def test_a_draw_card_on_a_spent_one_starts_a_new_penalty():
    game = run(table("latvian", 2, "9C"), play(0, "7C"), take(1), play(1, "7D"))
    assert (game.penalty, game.turn) == (2, 0)


def test_a_queen_names_the_suit_the_next_player_must_lay():
    game = table("latvian", 2, "9H")
    assert refused(game, play(0, "QH")) == "name the suit the next player must lay"
    run(game, play(0, "QH", suit="S"))
    assert game.demand_text() == "S"
    assert refused(game, play(1, "5H")) == "a spade was demanded"
    run(game, play(1, "5S"))
    assert game.demand_text() is None


def test_any_queen_answers_a_queens_demand():
    game = run(table("latvian", 2, "9H"), play(0, "QH", suit="S"), play(1, "QD", suit="C"))
    assert game.demand_text() == "C"


def test_an_ace_makes_the_next_player_miss_a_turn():
    game = run(table("latvian", 3, "9C"), play(0, "AC"))
    assert game.turn == 2 and game.lost == [0, 0, 0]


def test_two_aces_two_turns():
    game = run(table("latvian", 3, "9C"), play(0, "AC AD"))
    assert game.turn == 2 and game.lost == [0, 1, 0]
    run(game, play(2, "5D"), play(0, "5S"))
    assert game.turn == 2 and game.lost == [0, 0, 0]


def test_a_joker_first_lets_any_card_follow():
    game = run(table("latvian", 2, "9C"), play(0, "JOKER 5D"))
    assert game.top == 17 and game.counts[0] == 4


def test_after_the_joker_more_cards_of_that_rank():
    game = run(table("latvian", 2, "9C"), play(0, "JOKER 5D 5S"))
    assert game.counts[0] == 3 and game.top == 19


def test_a_joker_only_as_the_first_card():
    game = table("latvian", 2, "9C")
    assert refused(game, play(0, "9D JOKER")) == "a joker is laid only as the first card of a play"


def test_a_joker_alone_lets_the_next_player_lay_anything():
    game = run(table("latvian", 2, "9C"), play(0, "JOKER"))
    assert game.wild
    run(game, play(1, "2H"))
    assert not game.wild


def test_a_joker_does_not_answer_a_penalty():
    game = run(table("latvian", 2, "9C"), play(0, "7C"))
    assert "answer the 7C" in refused(game, play(1, "JOKER 7D"))


def test_no_jokers_when_the_option_is_off():
    game = table("latvian", 2, "9C", options=0)
    assert refused(game, play(0, "JOKER 5D")) == "this game is played without jokers"


def test_a_player_wins_when_their_turn_comes_with_no_cards():
    game = table("latvian", 3, "9C")
    game.counts = [1, 6, 6]
    run(game, play(0, "9D"))
    assert game.finished == [] and game.counts[0] == 0
    run(game, play(1, "5D"), play(2, "5S"))
    assert game.finished == [0] and game.turn == 1


def test_unless_the_player_before_laid_a_draw_card_on_them():
    game = table("latvian", 3, "9C")
    game.counts = [1, 6, 6]
    run(game, play(0, "9D"), play(1, "5D"), play(2, "7D"))
    assert game.finished == [] and game.turn == 0 and game.penalty == 2
    run(game, take(0))
    assert game.counts[0] == 2 and game.turn == 0  # draws and plays on


def test_a_joker_as_the_last_card_wins_at_once():
    game = table("latvian", 3, "9C")
    game.counts = [1, 6, 6]
    run(game, play(0, "JOKER"))
    assert game.finished == [0]


def test_three_players_play_on_until_one_holds_cards():
    game = table("latvian", 3, "9C")
    game.counts = [1, 1, 6]
    run(game, play(0, "9D"), play(1, "9H"), play(2, "5H"))
    assert game.finished == [0, 1] and game.over and game.loser() == 2


def test_the_option_to_stop_at_the_first_winner():
    game = table("latvian", 3, "9C", options=JOKERS | CALL_OR_FIRST)
    game.counts = [1, 6, 6]
    run(game, play(0, "9D"), play(1, "5D"), play(2, "5S"))
    assert game.over and game.finished == [0]


def test_an_empty_stock_takes_the_pile_but_its_top():
    game = run(table("latvian", 2, "9C"), play(0, "9D"), play(1, "9H"))
    while game.stock:
        run(game, draw(game.turn), pass_(game.turn))
    run(game, draw(game.turn))
    assert game.stock == 1 and len(game.pile) == 1 and game.top == 34
    assert sum(game.counts) + game.stock + len(game.pile) == 54


def test_out_of_turn_and_unknown_seats_are_refused():
    game = table("latvian", 2, "9C")
    assert refused(game, play(1, "9D")) == "it is seat 0's turn, not seat 1's"
    assert refused(game, play(5, "9D")) == "no seat 5 at this table"
    assert refused(game, take(0)) == "nothing to take"
