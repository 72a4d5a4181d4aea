import gc

import config
from board.layout import Layout
from board_rig import Rig
from memstore import MemoryStore

LAYOUT = Layout(config)


def lit(rig, leds):
    return [led for led in leds if rig.colour(led) != (0, 0, 0)]


def makao_table(rig):
    rig.hold("D")  # cribbage -> Makao
    assert rig.lines[-2:] == ["mode: makao", "makao: A for players (2), then key the start card"]
    rig.keys("A")  # 3 players
    rig.keys("9 1")  # start card 9 of clubs
    return rig.app.history.state


def test_hold_d_switches_to_makao_with_its_own_journal_and_leds():
    store = MemoryStore()
    rig = Rig(store)
    rig.press("#")  # a cribbage match first
    referee = makao_table(rig)
    assert referee.players == 3 and referee.counts == [5, 5, 5]
    assert rig.colour(LAYOUT.mode_led) != (0, 0, 0)
    # Each seat's part of the holes: 40 each; 5 cards dim, the player in turn bright first.
    holes = LAYOUT.track_leds
    assert lit(rig, holes[0:40]) == list(holes[0:6])
    assert lit(rig, holes[40:80]) == list(holes[41:46])
    rig.keys("2 1 #")  # seat 1 lays the 2 of clubs: 2 for seat 2
    assert referee.penalty == 2 and referee.turn == 1
    tens, units = LAYOUT.tens_led, LAYOUT.units_led
    assert lit(rig, [units, units + 1, units + 2]) == [units, units + 1]  # "2" pending
    rig.keys("#")  # seat 2 takes
    assert referee.counts == [4, 7, 5] and referee.turn == 2
    assert store.size("makao.log") > 0 and store.size("cribbage.log") > 0
    assert tens not in lit(rig, [tens])


def test_the_mode_and_each_game_survive_a_restart():
    store = MemoryStore()
    rig = Rig(store)
    rig.keys("# 5 4 0 5")  # cribbage: blue has 2
    makao_table(rig)
    rig.keys("9 2 #")  # seat 1 lays the 9 of diamonds
    del rig  # a restart: the old app is gone, as on the board
    gc.collect()
    again = Rig(store)
    assert again.app.mode == 1
    assert again.app.history.state.counts == [4, 5, 5]
    again.hold("D")
    again.hold("D")  # Makao -> Latvian -> cribbage
    assert again.app.mode == 0 and again.match.front == [2, 0]


def test_a_jack_asks_for_the_rank_demanded_and_errors_flash():
    rig = Rig()
    referee = makao_table(rig)
    rig.keys("A 1 #")  # jack of clubs ...
    assert rig.lines[-1] == "demand a rank? key it, or # for none"
    rig.keys("7")  # ... demanding sevens
    assert referee.demand_text() == "7" and referee.turn == 1
    rig.keys("5 1 #")  # a 5 of clubs is not a 7
    assert rig.lines[-1] == "error: a 7 was demanded"
    assert referee.counts == [4, 5, 5]
    # The refusal changed nothing, the card keyed included: * clears it, as its line says.
    assert rig.app.controller.keyed == [4 * 4 + 0]
    rig.keys("*")
    assert rig.lines[-1] == "cards cleared"
    rig.keys("7 2 #")
    assert referee.turn == 2


def test_a_wrong_key_in_a_shedding_game_is_refused_in_words_and_keeps_the_card_half_keyed():
    # Each wrong key flashes the error and says what the board waits for; the rank keyed
    # before it stays, and the suit after it makes the card.
    rig = Rig()
    rig.hold("D")
    rig.keys("9 1 3")
    assert rig.lines[-1] == "3: its suit? 1 clubs 2 diamonds 3 hearts 4 spades"
    for key, words in (("5", "5"), ("#", "#"), ("D", "D")):
        rig.app.overlay.error_until = 0
        rig.keys(key)
        assert rig.lines[-1] == (
            "error: the 3 keyed waits for its suit: 1 clubs 2 diamonds 3 hearts 4 spades,"
            " not %s; * clears it" % words
        )
        assert rig.app.overlay.error_until != 0  # the error flash, each time
    rig.hold("#")
    assert rig.lines[-1].endswith("not hold #; * clears it")
    rig.keys("1")
    assert rig.lines[-1] == "keyed: 3\u2663; # lays, or key another card; * clears"
    assert rig.app.history.state.counts == [5, 5]
    # In the set-up, a stray key after the start card's rank is refused the same way.
    fresh = Rig()
    fresh.hold("D")
    fresh.keys("C 0")
    assert fresh.lines[-1] == (
        "error: the start card K keyed waits for its suit: 1 clubs 2 diamonds 3 hearts"
        " 4 spades, not 0; * clears it"
    )
    fresh.keys("#")  # still waiting for the suit: # neither starts nor does anything else
    assert fresh.app.history.state.rules is None
    fresh.keys("*")
    assert fresh.lines[-1] == "cards cleared"
    fresh.keys("#")
    assert fresh.lines[-1] == (
        "error: # does nothing before a game: A for players (2), then key the start card"
    )


def test_a_latvian_game_starts_on_a_joker_from_the_keys_and_makao_refuses_one():
    rig = Rig()
    rig.hold("D")
    rig.keys("D")  # Makao is played without jokers
    assert rig.lines[-1] == "error: this game is played without jokers"
    assert rig.app.history.state.rules is None
    rig.hold("D")  # the Latvian game
    rig.keys("D")
    referee = rig.app.history.state
    assert referee.top == 52 and referee.turn == 0
    rig.keys("C 4 #")  # the first player lays anything on a joker: K♠
    assert referee.counts[0] == 5


def test_the_latvian_game_on_the_keys_with_a_joker_and_a_queen():
    rig = Rig()
    rig.hold("D")
    rig.hold("D")
    assert rig.lines[-2:] == [
        "mode: latvian",
        "latvian: A for players (2), then key the start card",
    ]
    rig.keys("9 1")  # 2 players, start 9 of clubs
    referee = rig.app.history.state
    rig.keys("D 5 2 #")  # joker, then the 5 of diamonds
    assert referee.top == 17 and referee.counts == [4, 6]
    rig.keys("B 2 #")  # queen of diamonds: the board asks for a suit
    rig.keys("4")  # spades
    assert referee.demand_text() == "S" and referee.turn == 0
    rig.hold("#")  # seat 0 draws ...
    rig.keys("#")  # ... and passes
    assert referee.turn == 1 and referee.counts == [5, 5]


# Code that runs only at the boot or between games: loaded for that, then dropped, since on
# the board a module's code sits in RAM beside every key.
RARELY_RUN = (
    "modes", "storage.recall", "board.layout_build", "ui.crib_match", "ui.crib_taps",
    "ui.crib_words", "cribbage.show_points",
)  # fmt: skip


def loaded(names):
    import sys

    return [name for name in names if name in sys.modules]


def test_the_code_a_boot_or_a_mode_switch_runs_is_dropped_after_it():
    store = MemoryStore()
    rig = Rig(store)
    assert rig.lines[-2:] == [
        "mode: cribbage",
        "new match: A players (2), B target (121), C games (1); # starts it",
    ]  # ui.crib_words' words, said once the boot is done
    assert loaded(RARELY_RUN) == []
    rig.keys("C #")  # a match of 3 games chosen and started, with ui.crib_match's words
    assert rig.lines[-3:] == [
        "next match: 2 players, 121 points, 3 games",
        "new match: 2 players, 121 points, 3 games; blue deals first",
        "blue deals: key the starter's rank, or # to count this deal in points",
    ]
    assert rig.app.history.state.games == 3 and loaded(RARELY_RUN) == []
    makao_table(rig)
    assert loaded(RARELY_RUN) == []
    assert loaded(["ui.crib_keys", "ui.crib_choices", "ui.crib_show", "cribbage.game"]) == []
    rig.hold("D")
    rig.hold("D")  # back to cribbage: its journal read again by recall
    assert "mode: cribbage" in rig.lines and rig.app.history.state.games == 3
    assert loaded(RARELY_RUN) == [] and loaded(["ui.shed_keys", "shedding.referee"]) == []
    again = Rig(store)  # a restart: the boot reads the settings and every journal
    assert again.app.mode == 0 and again.app.history.state.games == 3
    assert loaded(RARELY_RUN) == []


def test_makao_and_the_latvian_game_speak_as_the_page_does():
    rig = Rig()
    referee = makao_table(rig)  # 3 players, 9 of clubs
    rig.keys("4 1 #")  # player 1 lays the 4 of clubs: the next loses a turn, or answers
    assert rig.lines[-1] == "player 2 to play on 4\u2663; cards 4 5 5; 1 turn to lose"
    rig.keys("4 2 #")  # player 2 answers with the 4 of diamonds: 2 for player 3
    assert rig.lines[-1] == "player 3 to play on 4\u2666; cards 4 4 5; 2 turns to lose"
    rig.keys("#")  # player 3 takes them
    rig.keys("1 2 #")  # player 1: the ace of diamonds asks for a suit
    assert rig.lines[-1] == "name a suit: 1 clubs 2 diamonds 3 hearts 4 spades, or # for none"
    rig.keys("3")
    assert rig.lines[-1].endswith("; \u2665 demanded") and referee.demand_text() == "H"
    rig.hold("D")  # the Latvian game: no Makao call, so hold B and hold C mean nothing
    rig.keys("9 1")
    rig.hold("B")
    assert rig.lines[-1] == "error: hold B does nothing in this game: it has no Makao call"


def test_a_play_keyed_holds_at_most_the_cards_its_player_holds():
    # The cards keyed are saved with the game (one journal record): a sixth card keyed by a
    # player holding five is refused in words, the five kept.
    rig = Rig()
    rig.hold("D")
    rig.keys("9 1")
    rig.keys("2 1 2 2 2 3 2 4 D")
    assert (
        rig.lines[-1]
        == "keyed: 2\u2663 2\u2666 2\u2665 2\u2660 JOKER; # lays, or key another card; * clears"
    )
    rig.keys("3 1")
    assert rig.lines[-1] == "error: player 1 holds 5 cards: * clears the cards keyed"
    assert len(rig.app.controller.keyed) == 5 and rig.app.controller.rank == 3 - 1
