# What the board says it waits for is what its keys do: each prompt said only while the board
# waits for it, `*` taking back the last key before the last entry, keys that mean nothing
# refused with a reason. Played on the real keys (board_rig), on both interpreters.
import config
from board.layout import Layout
from board_rig import Rig

LAYOUT = Layout(config)
ERROR = "error: "


def said_after(rig, keys):
    """Presses the keys; returns the lines said from the first of them on."""
    rig.wait(300)
    rig.lines.append("--")  # a marker: the rig keeps only the last 40 lines
    rig.keys(keys)
    rig.wait(500)
    lines = rig.lines
    at = len(lines) - 1
    while at >= 0 and lines[at] != "--":
        at -= 1
    return lines[at + 1 :]


def error_flashing(rig):
    return rig.colour(LAYOUT.error_led) != (0, 0, 0)


def test_no_count_prompt_is_said_once_the_last_answer_counted_the_hand():
    rig = Rig()
    # Starter A♦; orange J 6 A 8, blue 5 4 3 2 laid; orange's hand asks one question.
    rig.keys("# 1 2 A 5 6 4 1 3 # 2 8")
    rig.wait(500)
    assert rig.lines[-1] == "orange's hand: all four of one suit? # yes, 0 no"
    said = said_after(rig, "#")  # a flush: that answer counts the hand at once
    assert said[0] == "orange: hand for 10, now 11"
    assert said[-1] == "blue's hand: all four of one suit? # yes, 0 no"
    assert not [line for line in said if "# to count it" in line]
    # Blue holds 2♥ 3♠ 4♣ 5♥: "no" is the truth, and the hand is 7 (run of 5, fifteen 2).
    said = said_after(rig, "0")
    assert said[0] == "blue: hand for 7, now 20"


def test_after_the_crib_the_board_asks_for_the_next_starter_not_a_count():
    rig = Rig()
    said = said_after(rig, "# 5 3 5 C 0 6 A 6 4 2 0 0 # 3 9 7 8 0")
    assert said[-1] == "orange deals: key the starter's rank, or # to count this deal in points"
    assert rig.match.phase == "cut" and rig.app.overlay.prompt == 1  # sign 1: the starter


def test_star_takes_back_an_answer_before_it_undoes_an_entry():
    rig = Rig()
    rig.keys("# 5 3 5 C 0 6 A 6 4 2 0")  # orange's hand: one question answered of two
    rig.wait(500)
    before = rig.match.state()
    assert rig.lines[-1] == "orange's hand: a jack of the starter's suit? # yes, 0 no"
    said = said_after(rig, "*")
    assert said == [
        "taken back: the answer no",
        "orange's hand: all four of one suit? # yes, 0 no",
    ]
    assert rig.match.state() == before  # the play and its points untouched
    assert rig.app.overlay.prompt == 5  # sign 5 again: "all four of one suit?"


def test_star_takes_back_the_last_crib_rank_only():
    rig = Rig()
    rig.keys("# 5 3 5 C 0 6 A 6 4 2 0 0 # 3 9")  # the crib: two ranks keyed
    said = said_after(rig, "*")
    assert said == ["taken back: the 9 keyed"]  # the crib's prompt stands, as its sign does
    assert rig.app.overlay.prompt == 4
    assert rig.app.controller.ranks == [2]


def test_star_takes_back_the_starters_rank_and_digits_one_key_at_a_time():
    rig = Rig()
    rig.keys("# 5")
    assert said_after(rig, "*")[0] == "taken back: the starter's rank 5"
    assert rig.app.overlay.prompt == 1  # sign 1: the starter again
    rig.keys("5 4 D 1 2")
    said = said_after(rig, "*")
    assert said == ["taken back: 2", "points for orange: 1; a second digit, or # to peg"]
    said = said_after(rig, "* *")
    assert said[0] == "taken back: 1" and said[-2] == "taken back: D (points entry closed)"
    assert rig.app.controller.digits == -1 and rig.match.front == [0, 0]


def test_a_third_side_and_a_third_digit_are_refused_with_the_error_flash():
    rig = Rig()
    rig.keys("# #")  # a deal in points
    said = said_after(rig, "D C")
    assert said[-1] == ERROR + "C would be yellow's points: no yellow side at this table"
    rig.now += 50
    rig.app.paint(rig.now)
    assert error_flashing(rig)
    rig.keys("3 #")
    assert rig.match.front == [0, 3]  # the entry stayed orange's: C changed nothing
    said = said_after(rig, "D 1 2 3")
    assert said[-1] == ERROR + "points are one or two digits: # pegs 12, * takes the last back"
    rig.keys("#")
    assert rig.match.front == [0, 15]


def test_a_side_letter_after_d_is_said_and_only_right_after_d():
    rig = Rig()
    rig.keys("# #")
    said = said_after(rig, "D B")
    assert said[-1].startswith("points for orange: one or two digits, then #")
    said = said_after(rig, "A")  # blue instead, still before the digits
    assert said[-1].startswith("points for blue: ")
    said = said_after(rig, "4 B")
    assert said[-1].startswith(ERROR + "B does nothing now: points for blue: 4; a second digit")


def test_a_hand_of_nothing_is_said():
    rig = Rig()
    rig.keys("# # D 3 1 # #")  # a deal in points: orange pegs 31, the play ends
    said = said_after(rig, "D 0 #")
    assert said[-2:] == [
        "orange: hand for 0, now 31",
        "blue's hand: D, its points, # (the starter was not keyed)",
    ]


def test_a_hand_the_play_did_not_show_whole_asks_for_its_ranks_in_words():
    rig = Rig()
    rig.keys("# 5 4 5")  # orange lays a 5
    rig.hold("#")  # the play ended early
    rig.wait(500)
    said = rig.lines[-1:]
    assert said[-1] == "orange's hand: key its 4 ranks, or D and its points"
    assert rig.app.overlay.prompt == 3
    said = said_after(rig, "7 8 9")  # three ranks: the fourth must be the 5 it laid
    assert said == ["hand: 7", "hand: 7 8", "hand: 7 8 9"]
    said = said_after(rig, "0")  # refused at its key, the three before it kept
    assert said == [
        ERROR + "that hand laid 5 in the play: its 4 ranks hold it",
        "orange's hand: key its 4 ranks (7 8 9 so far), or D and its points",
    ]
    assert rig.app.controller.ranks == [6, 7, 8]
    assert rig.app.overlay.prompt == 3  # the sign still asks for the hand's ranks
    said = said_after(rig, "5")
    assert said[-1] == "orange's hand: all four of one suit? # yes, 0 no"


def test_keys_that_mean_nothing_are_refused_and_change_nothing():
    rig = Rig()
    said = said_after(rig, "5")  # before a match
    assert said == [
        ERROR + "5 does nothing now: new match: A players (2), B target (121), C games (1); "
        "# starts it"
    ]
    rig.keys("# 5")
    said = said_after(rig, "D")  # the starter's suit is asked
    assert said == [
        ERROR + "D does nothing now: starter 5: its suit? 1 clubs 2 diamonds 3 hearts 4 spades"
    ]
    assert rig.app.controller.starter_rank == 4  # the rank keyed is kept


def test_a_match_start_says_the_choices_and_who_deals_and_the_starter():
    rig = Rig()
    said = said_after(rig, "# 5 4")
    assert said == [
        "new match: 2 players, 121 points, 1 game; blue deals first",
        "blue deals: key the starter's rank, or # to count this deal in points",
        "starter 5: its suit? 1 clubs 2 diamonds 3 hearts 4 spades",
        "starter 5\u2660",
        "orange to lay: the card's rank; # if orange cannot lay",
    ]


def test_four_players_are_named_by_colour_and_by_where_they_sit():
    rig = Rig()
    rig.keys("A")  # 4 players
    said = said_after(rig, "# 5 4")
    assert said[0].endswith(
        "blue (the dealer) deals first (the deal passes left, so the sides take turns)"
    )
    assert (
        said[-1] == "orange (left of the dealer) to lay: the card's rank; "
        "# if orange (left of the dealer) cannot lay"
    )


def test_the_statistics_count_a_deal_once_it_is_played():
    rig = Rig()
    rig.keys("# # D 1 5 # #")  # a deal in points: orange pegs 15 in the play
    rig.keys("D 0 # D 0 # D 0 #")  # the shows: nothing
    assert rig.match.phase == "cut"
    from cribbage import tally as tl

    assert rig.match.tally[tl.DEALS] == 1 and rig.match.tally[tl.FIELDS + tl.DEALS] == 1
    rig.keys("# #")  # the next deal's play ends with nothing pegged: two deals played
    rig.keys("D 0 # D 0 # D 0 #")
    assert rig.match.phase == "cut"  # the third deal, at its cut: not played yet
    stats = tl.figures(rig.match.tally, 1)
    assert stats["deals"] == 2 and stats["pegged_per_deal"] == 7.5


def test_his_heels_pegged_by_hand_at_a_matchs_first_cut_does_not_start_the_match_again():
    rig = Rig()
    said = said_after(rig, "#")
    assert said[0] == "new match: 2 players, 121 points, 1 game; blue deals first"
    said = said_after(rig, "D A 2 #")  # his heels, pegged by hand for the dealer
    assert said == [
        "points for orange: one or two digits, then #; first A blue, B orange for another side",
        "points for blue: one or two digits, then #; first A blue, B orange for another side",
        "points for blue: 2; a second digit, or # to peg",
        "blue: pegged for 2, now 2",
        "blue deals: key the starter's rank, or # to count this deal in points",
    ], said


def three_players(games_key_presses):
    """A three-track board's match of three players to 61, `C` pressed to set the games."""
    from config_variant import Config

    rig = Rig(cfg=Config(TRACKS=3, ROWS=6, STRIP_LENGTH=210))
    rig.keys("A B " + games_key_presses)
    return rig


def test_three_players_the_result_names_the_best_losers_score_and_the_lowest_loser_deals():
    rig = three_players("")
    rig.keys("# #")  # the match; its first deal counted in points
    said = said_after(rig, "D B 3 0 # D C 3 0 # D C 2 9 # D A 3 1 # D B 3 1 #")
    assert said[-4:] == [
        "orange: pegged for 31, now 61",
        "orange wins the game 61-59",  # yellow's 59, not blue's 31
        "orange wins the match",
        "new match: A players (3), B target (61), C games (1); # starts it",
    ], said
    assert rig.match.runner_up == [59]


def test_three_players_level_at_the_top_after_the_games_set_play_one_more_and_say_why():
    rig = three_players("C")  # 3 games
    rig.keys("# #")
    # Game 1: orange 61, yellow 59, blue 31.
    said = said_after(rig, "D B 3 0 # D C 3 0 # D C 2 9 # D A 3 1 # D B 3 1 #")
    assert said[-1] == "# for the next game"
    said = said_after(rig, "#")  # blue had the lowest score: blue deals
    assert said[0] == "game 2 of 3: blue deals first (the loser with the lowest score deals)"
    # Game 2: blue 61 from 31 + 30 in a deal counted in points; orange and yellow on 0.
    said = said_after(rig, "# D A 3 1 # D A 3 0 #")
    assert said[-2:] == [
        "blue wins the game 61-0, orange skunk, yellow skunk",
        "# for the next game",
    ]
    said = said_after(rig, "#")  # orange and yellow level on 0: the first of them deals
    assert said[0] == "game 3 of 3: orange deals first (the loser with the lowest score deals)"
    # Game 3: yellow 61. One game each: one more decides the match.
    said = said_after(rig, "# D C 3 1 # D C 3 0 #")
    assert said[-3:] == [
        "yellow wins the game 61-0, blue skunk, orange skunk",
        "blue, orange and yellow level on 1 game: one more game decides the match",
        "# for the next game",
    ], said
    assert rig.match.phase == "game over"
    said = said_after(rig, "#")
    assert said[0] == (
        "game 4, an extra game (blue, orange and yellow level on 1 game): "
        "blue deals first (the loser with the lowest score deals)"
    ), said


def _said(keys):
    """The console's lines for `keys` typed on a new board, each key's after its own."""
    rig = Rig(through_contacts=False)
    rig.app.settle()  # the idle moment after the boot, where it says its prompt
    said = []
    for key in keys.split():
        rig.lines.clear()
        rig.keys(key)
        said.append(list(rig.lines))
    return said


def test_the_console_says_whose_turn_it_is_after_every_card_of_the_play():
    # The page's `awaiting` changed with each card; the console stopped after the first.
    said = _said("# C 1 1 2")
    assert said[3] == [
        "orange lays A, count 1",
        "blue to lay: the card's rank; # if blue cannot lay",
    ]
    assert said[4] == [
        "blue lays 2, count 3",
        "orange to lay: the card's rank; # if orange cannot lay",
    ]


def test_a_later_deal_with_no_score_is_not_announced_as_a_new_match():
    deal = "# # D 0 # D 0 # D 0 #"
    said = _said("# " + deal + " " + deal)
    new_match = [line for lines in said for line in lines if line.startswith("new match:")]
    assert new_match == ["new match: 2 players, 121 points, 1 game; blue deals first"]
    assert said[-1] == [
        "orange: crib for 0, now 0",
        "blue deals: key the starter's rank, or # to count this deal in points",
    ]


def test_a_redo_says_the_half_made_entry_it_drops():
    said = _said("# C 1 1 2 * D 5 hold:*")
    assert said[-1] == [
        "redone: blue's 2",
        "dropped: D 5 (redo goes on from the entry redone)",
        "orange to lay: the card's rank; # if orange cannot lay",
    ]
    # A redo refused (nothing to redo) drops nothing: the starter's rank stays keyed.
    said = _said("# 7 hold:* 1")
    assert said[-2][0] == "error: nothing to redo"
    assert said[-1][0] == "starter 7\u2663"
