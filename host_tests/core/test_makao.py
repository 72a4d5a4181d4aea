# Makao (seed 002) as the issue reads it; one scenario per test.
from shed_helpers import draw, pass_, play, refused, run, table, take
from shedding import referee as rf
from shedding.rules import CALL_OR_FIRST, JOKERS, TWO_PACKS, WIDE_DEMAND


def test_five_cards_each_one_pack_for_four_two_for_five():
    four = table("makao", 4, "9C")
    assert four.counts == [5, 5, 5, 5] and four.stock == 52 - 20 - 1
    five = table("makao", 5, "9C")
    assert five.stock == 104 - 25 - 1


def test_a_card_matches_the_top_by_suit_or_rank():
    game = table("makao", 3, "9C")
    run(game, play(0, "5C"), play(1, "5D"))
    assert game.top == 17 and game.turn == 2  # 5D
    assert refused(game, play(2, "9S")) == "9S does not match 5D"


def test_several_cards_of_one_rank_the_last_laid_is_the_top():
    game = run(table("makao", 2, "9C"), play(0, "9D 9S 9H"))
    assert game.counts == [2, 5] and game.top == 34  # 9H
    assert refused(game, play(1, "5H 6H")) == "one rank at a time: 5H 6H"


def test_only_the_first_card_must_match():
    game = table("makao", 2, "9C")
    assert refused(game, play(0, "5D 5C")) == "5D does not match 9C"
    run(game, play(0, "5C 5D"))
    assert game.top == 17


def test_a_play_out_of_turn_is_refused():
    game = table("makao", 3, "9C")
    assert refused(game, play(1, "9D")) == "it is seat 0's turn, not seat 1's"


def test_draw_instead_and_play_the_drawn_card_or_pass():
    game = run(table("makao", 3, "9C"), draw(0))
    assert game.counts[0] == 6 and game.stock == 35 and game.turn == 0
    assert refused(game, draw(0)) == "you have drawn: lay a card that fits, or pass"
    run(game, play(0, "9H"))
    assert game.turn == 1
    run(game, draw(1), pass_(1))
    assert game.turn == 2 and game.counts == [5, 6, 5]
    assert refused(game, pass_(2)) == "play, or draw a card first"


def test_a_two_makes_the_next_player_draw_two_and_lose_the_turn():
    game = run(table("makao", 3, "9C"), play(0, "2C"))
    assert game.penalty == 2 and game.turn == 1
    run(game, take(1))
    assert game.counts[1] == 7 and game.penalty == 0 and game.turn == 2
    run(game, play(2, "5C"))  # the 2's effect is spent: a plain club answers it


def test_war_cards_stack_and_a_three_of_the_twos_suit_answers():
    game = run(table("makao", 3, "9C"), play(0, "2C"), play(1, "2D"), play(2, "3D"))
    assert game.penalty == 7 and game.turn == 0
    assert "answer the 3D or take them" in refused(game, play(0, "2S"))
    run(game, play(0, "3S"))  # any 3 answers a 3
    assert game.penalty == 10


def test_a_three_of_another_suit_does_not_answer_a_two():
    game = run(table("makao", 2, "9C"), play(0, "2C"))
    assert "answer the 2C" in refused(game, play(1, "3D"))
    run(game, play(1, "3C"))
    assert game.penalty == 5


def test_the_war_king_of_the_twos_suit_answers_it():
    game = run(table("makao", 3, "9H"), play(0, "2H"))
    assert "answer the 2H" in refused(game, play(1, "KS"))
    run(game, play(1, "KH"))
    assert game.penalty == 7 and game.turn == 2


def test_the_king_of_hearts_hits_the_next_player_for_five():
    game = run(table("makao", 3, "9H"), play(0, "KH"))
    assert (game.penalty, game.turn) == (5, 1)
    run(game, take(1))
    assert game.counts[1] == 10 and game.turn == 2


def test_the_king_of_spades_hits_the_previous_player():
    game = run(table("makao", 3, "9S"), play(0, "KS"))
    assert (game.penalty, game.turn) == (5, 2)
    run(game, take(2))
    assert game.counts[2] == 10
    assert game.turn == 1  # play goes on after the attacker


def test_with_two_players_the_king_of_spades_hits_the_opponent():
    game = run(table("makao", 2, "9S"), play(0, "KS"))
    assert game.turn == 1
    run(game, take(1))
    assert game.turn == 0 and game.counts == [4, 10]


def test_a_two_of_its_suit_or_the_other_war_king_answers_a_war_king():
    game = run(table("makao", 3, "9S"), play(0, "KS"))
    run(game, play(2, "2S"))  # seat 2 was hit; its 2 passes the war on, forwards
    assert (game.penalty, game.turn) == (7, 0)
    game = run(table("makao", 3, "9H"), play(0, "KH"))
    run(game, play(1, "KS"))
    assert (game.penalty, game.turn) == (10, 0)  # K spades: the player before seat 1


def test_the_king_of_clubs_and_diamonds_are_plain():
    game = run(table("makao", 2, "9C"), play(0, "KC"))
    assert game.penalty == 0 and game.turn == 1
    run(game, play(1, "KD"))
    assert game.penalty == 0


def test_nothing_else_answers_a_war_and_no_drawing_instead():
    game = run(table("makao", 2, "9H"), play(0, "2H"))
    assert "answer the 2H or take them" in refused(game, play(1, "5H"))
    assert refused(game, draw(1)) == "a penalty is pending: answer it or take it"


def test_fours_chain_and_accepting_loses_that_many_turns():
    game = run(table("makao", 3, "9C"), play(0, "4C"), play(1, "4D"))
    assert game.fours == 2 and game.turn == 2
    assert refused(game, play(2, "9D")).startswith("a 4 is pending")
    run(game, take(2))  # loses this turn and the next
    assert game.turn == 0 and game.lost == [0, 0, 1]
    run(game, play(0, "5D"), play(1, "5S"))
    assert game.turn == 0 and game.lost == [0, 0, 0]  # seat 2 was passed over


def test_a_jack_demands_a_rank_until_play_returns_to_the_demander():
    game = run(table("makao", 3, "9C"), play(0, "JC", rank="7"))
    assert game.demand_text() == "7"
    assert refused(game, play(1, "5C")) == "a 7 was demanded"
    run(game, play(1, "7D"), play(2, "7S"))
    assert game.turn == 0 and game.demand_text() is None
    run(game, play(0, "9S"))  # the demander plays freely: matches the 7 of spades by suit


def test_a_jack_cannot_demand_war_or_court_cards():
    game = table("makao", 2, "9C")
    for rank in ("2", "3", "4", "J", "K", "A"):
        assert "a jack may demand 5 to 10 or Q" in refused(game, play(0, "JC", rank=rank))
    strict = table("makao", 2, "9C", options=CALL_OR_FIRST)
    assert refused(strict, play(0, "JC", rank="Q")) == "a jack may demand 5 to 10"


def test_a_jack_under_a_demand_replaces_it():
    game = run(table("makao", 3, "9C"), play(0, "JC", rank="7"), play(1, "JH", rank="8"))
    assert game.demand_text() == "8" and game.demander == 1
    run(game, play(2, "8D"), play(0, "8S"))
    assert game.turn == 1 and game.demand_text() is None


def test_drawing_under_a_demand_passes_it_on():
    game = run(table("makao", 3, "9C"), play(0, "JC", rank="7"), draw(1), pass_(1))
    assert game.turn == 2 and game.demand_text() == "7"


def test_an_ace_names_a_suit_for_the_next_player():
    game = run(table("makao", 2, "9H"), play(0, "AH", suit="S"))
    assert game.demand_text() == "S"
    assert refused(game, play(1, "5H")) == "a spade was demanded"
    run(game, play(1, "AD"))  # another ace answers; it names nothing
    assert game.demand_text() is None


def test_an_empty_stock_takes_the_pile_but_its_top():
    game = run(table("makao", 2, "9C"), play(0, "9D"), play(1, "9H"), play(0, "9S"))
    while game.stock:
        run(game, draw(game.turn), pass_(game.turn))
    pile_before = len(game.pile)
    run(game, draw(game.turn))
    assert game.stock == pile_before - 1 - 1 and len(game.pile) == 1
    assert game.top == 35  # 9S stays on the table
    assert sum(game.counts) + game.stock + len(game.pile) == 52


def test_a_player_out_of_cards_finishes_at_once_and_two_players_end_the_game():
    game = table("makao", 2, "9C")
    game.counts = [1, 5]
    run(game, play(0, "9D"))
    assert game.finished == [0] and game.over and game.loser() == 1
    assert refused(game, play(1, "9S")) == "the game is over"


def test_effects_pass_over_finished_players_and_the_order_is_kept():
    game = table("makao", 3, "9C")
    game.counts = [1, 1, 5]
    run(game, play(0, "2C"))  # seat 0's last card: a 2 for seat 1
    assert game.finished == [0] and game.turn == 1
    run(game, play(1, "2D"))  # seat 1 out too; the war goes on to seat 2
    assert game.finished == [0, 1] and game.over and game.loser() == 2


def test_five_players_stop_when_the_third_finishes():
    game = table("makao", 5, "9C")
    game.counts = [1, 1, 1, 5, 5]
    run(game, play(0, "9D"), play(1, "9H"))
    assert not game.over
    run(game, play(2, "9S"))
    assert game.over and game.finished == [0, 1, 2]


def test_makao_must_be_called_with_one_card_left():
    game = table("makao", 3, "9C")
    game.counts = [2, 5, 5]
    run(game, play(0, "9D"))
    game.apply((rf.CHALLENGE, 1, 0))
    assert game.counts[0] == 6  # drew five
    called = table("makao", 3, "9C")
    called.counts = [2, 5, 5]
    run(called, play(0, "9D"), (rf.CALL, 0))
    assert "nothing to challenge" in refused(called, (rf.CHALLENGE, 1, 0))
    assert "nothing to challenge" in refused(called, (rf.CHALLENGE, 1, 255))
    nobody = table("makao", 3, "9C")
    assert "nothing to challenge" in refused(nobody, (rf.CHALLENGE, 1, -1))
    late = table("makao", 3, "9C")
    late.counts = [2, 5, 5]
    run(late, play(0, "9D"), play(1, "9H"))
    assert "nothing to challenge" in refused(late, (rf.CHALLENGE, 2, 0))


def test_jokers_stand_for_a_declared_card_when_the_option_is_on():
    plain = table("makao", 2, "9C")
    assert (
        refused(plain, play(0, "JOKER", stands_for="9D")) == "this game is played without jokers"
    )
    game = table("makao", 2, "9C", options=JOKERS | WIDE_DEMAND)
    assert refused(game, play(0, "JOKER")) == "say which card the joker stands for"
    run(game, play(0, "JOKER", stands_for="2C"))
    assert game.penalty == 2 and game.stock == 54 - 10 - 1


def test_a_jack_demand_ends_when_play_passes_a_demander_who_went_out():
    game = table("makao", 3, "9C", options=WIDE_DEMAND)
    run(game, play(0, "9D 9H 9S"), play(1, "5S"), play(2, "5H"), play(0, "5D"))
    run(game, play(1, "5C"), play(2, "6C"), play(0, "JC", rank="7"))
    assert game.finished == [0] and game.demand_text() == "7"
    run(game, play(1, "7C"), play(2, "7D"))
    # Play has come round past seat 0's place: the demand is over.
    assert game.demand_text() is None
    run(game, play(1, "8D"))
    assert game.top == 29 and game.turn == 2  # 8D


def test_after_drawing_a_player_lays_at_most_one_card():
    game = run(table("makao", 2, "9C"), draw(0))
    assert refused(game, play(0, "5C 5D")) == "after drawing, lay only the card drawn"
    run(game, play(0, "9D"))
    assert game.turn == 1


def test_a_war_passes_over_a_player_who_sits_out_turns():
    game = table("makao", 3, "9C")
    run(game, play(0, "4C"), take(1))  # seat 1 sits out this turn and ...
    game = table("makao", 3, "9C")
    run(game, play(0, "4C 4D"), take(1))  # ... loses 2 turns: this one and the next
    assert game.lost == [0, 1, 0] and game.turn == 2
    run(game, play(2, "2D"))  # a war card: seat 0 is next and is hit
    assert game.turn == 0 and game.penalty == 2
    run(game, take(0))
    # Seat 1 sits out its second turn: play passes it to seat 2.
    assert game.turn == 2 and game.lost == [0, 0, 0]
    game = table("makao", 3, "9C")
    run(game, play(0, "4C 4D"), take(1), play(2, "9D"), play(0, "2D"))
    # The war's target would be seat 1, who sits out: it passes over to seat 2.
    assert game.turn == 2 and game.penalty == 2 and game.lost == [0, 0, 0]


def test_any_card_may_start_and_a_special_one_does_nothing():
    for start in ("2C", "3D", "4H", "JS", "AC", "KH", "KS"):
        game = table("makao", 2, start)
        assert game.penalty == 0 and game.fours == 0 and game.demand_text() is None
        assert game.turn == 0
    game = run(table("makao", 2, "KH"), play(0, "5H"))
    assert game.penalty == 0 and game.turn == 1


def test_with_two_packs_a_war_king_answers_its_twin():
    game = run(table("makao", 3, "9H", options=WIDE_DEMAND | TWO_PACKS), play(0, "KH"))
    run(game, play(1, "KH"))
    assert game.penalty == 10 and game.turn == 2
