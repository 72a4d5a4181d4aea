from cards import parse, parse_many
from check import raises
from cribbage import events as ev
from cribbage.game import CUT, GAME_OVER, MATCH_OVER, PLAY, SHOW, Match, RuleError


def lay(text):
    card = parse(text)
    return (ev.LAY, card >> 2, card & 3)


def shown(text):
    return (ev.SHOW_CARDS,) + tuple(parse_many(text))


def match_with(*events, **settings):
    match = Match()
    match.apply(ev.new_match(**settings))
    for event in events:
        match.apply(event)
    return match


# Seat 1 deals the first deal in these tests, so seat 0 leads and shows first.
def dealt(**settings):
    settings.setdefault("first_dealer", 1)
    return match_with(**settings)


PLAY_ONE_DEAL = [
    (ev.STARTER, parse("5D")),
    lay("TC"),  # seat 0: 10
    lay("5H"),  # seat 1: 15, fifteen for 2
    lay("5S"),  # seat 0: 20, pair for 2
    lay("6C"),  # seat 1: 26
    lay("4C"),  # seat 0: 30, run of 3 (5 6 4)
    (ev.GO,),  # seat 1
    (ev.GO,),  # seat 0: the go, 1 to seat 0
    lay("7D"),  # seat 1 leads: 7
    lay("8H"),  # seat 0's last card: 15, fifteen for 2
    lay("9C"),  # seat 1's last card: 24, run of 3 and the last card
]


def test_a_deal_played_card_by_card_pegs_each_side():
    match = dealt()
    for event in PLAY_ONE_DEAL[:-1]:
        match.apply(event)
    assert match.front == [8, 2] and match.phase == PLAY
    news = match.apply(PLAY_ONE_DEAL[-1])
    assert news == [(1, 3, "run of 3", 1), (1, 1, "last card", 1)]
    assert match.front == [8, 6] and match.rear == [6, 5]
    assert match.phase == SHOW


def test_a_card_past_31_is_refused_and_changes_nothing():
    match = dealt()
    for event in ((ev.STARTER, parse("5D")), lay("TC"), lay("KH"), lay("QS")):
        match.apply(event)
    before = match.state()
    error = raises(RuleError, match.apply, lay("2C"))
    assert str(error) == "32 would take the count past 31"
    assert match.state() == before


def test_his_heels_pegs_two_for_the_dealer():
    match = dealt()
    assert match.apply((ev.STARTER, parse("JH"))) == [(1, 2, "his heels", 1)]
    assert match.front == [0, 2] and match.phase == PLAY


def test_the_show_order_is_left_of_dealer_then_dealer_then_crib():
    match = dealt()
    match.apply((ev.STARTER, parse("5D")))
    match.apply((ev.PLAY_DONE,))
    assert match.show_seat() == 0
    assert match.apply(shown("5C 5S 5H JD")) == [(0, 29, "hand", 0)]
    assert match.show_seat() == 1
    match.apply(shown("4C 4D 6H 6S"))  # 24
    assert match.show_seat() == -1
    match.apply(shown("2H 3H 9H TH"))  # crib: 5 T and 2 3 T make 15s; no 5-card flush
    assert match.front == [29, 24 + 4] and match.phase == CUT
    assert match.dealer == 0  # the deal passes to the left


def test_pegs_leapfrog_front_is_the_score_rear_the_score_before():
    match = dealt()
    match.apply((ev.STARTER, ev.NO_CARD))
    match.apply((ev.PEGGED, 0, 5))
    match.apply((ev.PEGGED, 0, 3))
    assert (match.front[0], match.rear[0]) == (8, 5)
    match.apply((ev.PEGGED, 1, 2))
    assert (match.front[0], match.rear[0]) == (8, 5)
    assert (match.front[1], match.rear[1]) == (2, 0)


def test_impossible_show_points_are_refused_and_change_nothing():
    match = dealt()
    match.apply((ev.STARTER, ev.NO_CARD))
    match.apply((ev.PLAY_DONE,))
    before = match.state()
    for points in (19, 25, 26, 27, 30):
        error = raises(RuleError, match.apply, (ev.SHOW_POINTS, points))
        assert str(error) == "no show scores %d" % points
        assert match.state() == before
    match.apply((ev.SHOW_POINTS, 28))
    assert match.front == [28, 0]


def test_counting_out_ends_the_game_mid_show():
    match = dealt(target=61)
    match.apply((ev.STARTER, ev.NO_CARD))
    match.apply((ev.PEGGED, 0, 31))
    match.apply((ev.PEGGED, 1, 31))
    match.apply((ev.PEGGED, 1, 1))  # 31 and 32
    match.apply((ev.PLAY_DONE,))
    match.apply((ev.SHOW_POINTS, 29))  # seat 0 to 60
    match.apply((ev.SHOW_POINTS, 29))  # seat 1 reaches 61 first
    assert match.phase == MATCH_OVER and match.front == [60, 61]
    assert "over" in str(raises(RuleError, match.apply, (ev.SHOW_POINTS, 4)))
    assert match.match_winner() == 1


def test_the_front_peg_stops_in_the_game_hole():
    match = dealt(target=62)
    match.apply((ev.STARTER, ev.NO_CARD))
    match.apply((ev.PEGGED, 1, 31))
    match.apply((ev.PEGGED, 1, 29))
    match.apply((ev.PEGGED, 1, 5))
    assert match.front[1] == 62 and match.rear[1] == 60


def test_skunk_lines_in_a_121_game():
    match = dealt(games=3, flags=ev.SKUNK_COUNTS_DOUBLE)
    match.apply((ev.STARTER, ev.NO_CARD))
    match.apply((ev.PEGGED, 1, 31))
    match.apply((ev.PEGGED, 1, 25))  # 56: under 61
    for _ in range(4):
        match.apply((ev.PEGGED, 0, 31))
    assert match.phase == GAME_OVER
    assert match.skunked(1) == "double skunk" and match.skunked(0) == ""
    assert match.games_won == [3, 0]


def test_a_match_plays_every_declared_game_unless_told_to_stop_early():
    for flags, phase_after_two in ((0, GAME_OVER), (ev.END_EARLY, MATCH_OVER)):
        match = dealt(games=3, target=61, flags=flags)
        for _ in range(2):
            match.apply((ev.STARTER, ev.NO_CARD))
            match.apply((ev.PEGGED, 0, 31))
            match.apply((ev.PEGGED, 0, 30))
            if match.phase == GAME_OVER:
                match.apply((ev.NEXT_GAME,))
        assert match.games_won == [2, 0]
        assert match.phase == (CUT if phase_after_two == GAME_OVER else MATCH_OVER)


def test_the_loser_deals_first_in_the_next_game():
    match = dealt(games=3, target=61, first_dealer=0)
    match.apply((ev.STARTER, ev.NO_CARD))
    match.apply((ev.PEGGED, 0, 31))
    match.apply((ev.PEGGED, 0, 30))
    match.apply((ev.NEXT_GAME,))
    assert match.dealer == 1 and match.front == [0, 0] and match.phase == CUT
    alternate = dealt(games=3, target=61, first_dealer=1, flags=0)
    alternate.apply((ev.STARTER, ev.NO_CARD))
    alternate.apply((ev.PEGGED, 1, 31))
    alternate.apply((ev.PEGGED, 1, 30))
    alternate.apply((ev.NEXT_GAME,))
    assert alternate.dealer == 0


def test_shown_cards_must_agree_with_the_play():
    match = dealt()
    match.apply((ev.STARTER, parse("5D")))
    for text in ("TC", "5H", "5S", "6C", "4C"):
        match.apply(lay(text))
    match.apply((ev.PLAY_DONE,))
    before = match.state()
    error = raises(RuleError, match.apply, shown("TC 6S 4C 9D"))
    assert str(error) == "that hand laid other ranks in the play"
    error = raises(RuleError, match.apply, shown("TD 5S 4C 9D"))
    assert str(error) == "that hand laid T\u2663 in the play"
    error = raises(RuleError, match.apply, shown("TC 5H 4C 2D"))
    assert "5\u2665 was already seen" in str(error)
    error = raises(RuleError, match.apply, shown("TC 5S 4C 5D"))
    assert "duplicate card: 5\u2666" in str(error)
    assert match.state() == before
    match.apply(shown("TC 5S 4C 9D"))  # the fourth card was never laid: any unseen card
    assert match.front[0] == 5 + 6  # pegged pair and run; fifteen 4 and a pair in the show


def test_hands_shown_as_they_were_laid_keep_every_suit_seen_for_the_crib():
    match = dealt()
    for event in PLAY_ONE_DEAL:
        match.apply(event)
    seen = sorted(match.seen)
    match.apply(shown("TC 5S 4C 8H"))  # seat 0, as laid
    match.apply(shown("5H 6C 7D 9C"))  # seat 1, the dealer, as laid
    assert sorted(match.seen) == seen and match.laid_by[0] == [(9, 0), (4, 3), (3, 0), (7, 2)]
    error = raises(RuleError, match.apply, shown("5H 2D 3D KS"))
    assert str(error) == "5\u2665 was already seen this deal"
    error = raises(RuleError, match.apply, shown("5C 5C 3D KS"))
    assert str(error) == "duplicate card: 5\u2663"
    match.apply(shown("5C 2D 3D KS"))  # the last five: 5 5 5 5 in sight with the starter
    assert match.phase == CUT and match.seen == []


def test_a_card_seen_twice_in_a_deal_is_refused():
    match = dealt()
    match.apply((ev.STARTER, parse("5D")))
    error = raises(RuleError, match.apply, lay("5D"))
    assert str(error) == "5\u2666 was already seen this deal"
    match.apply((ev.LAY, 4, ev.UNKNOWN_SUIT))
    match.apply((ev.LAY, 4, ev.UNKNOWN_SUIT))
    match.apply((ev.LAY, 4, ev.UNKNOWN_SUIT))
    error = raises(RuleError, match.apply, (ev.LAY, 4, ev.UNKNOWN_SUIT))
    assert str(error) == "all four 5s were already seen this deal"


def test_muggins_claims_what_a_show_missed():
    def to_show(flags):
        match = dealt(flags=flags)
        match.apply((ev.STARTER, parse("5D")))
        for text in ("5C", "KH", "5S", "AH", "5H", "2H", "go", "3H", "JD"):
            match.apply((ev.GO,) if text == "go" else lay(text))
        assert match.phase == SHOW
        return match

    match = to_show(ev.MUGGINS_ON)
    news = match.apply((ev.SHOW_POINTS, 20))  # seat 0 holds 5 5 5 J♦: 29
    assert news[-1] == (0, 9, "missed", 0)
    assert match.apply((ev.MUGGINS, 1))[0][:3] == (1, 9, "muggins")
    assert "no points were missed" in str(raises(RuleError, match.apply, (ev.MUGGINS, 1)))
    quiet = to_show(0)
    # Without muggins, points below what the cards laid make are refused outright.
    assert str(raises(RuleError, quiet.apply, (ev.SHOW_POINTS, 20))) == (
        "the cards laid make 29: not 20"
    )
    quiet.apply((ev.SHOW_POINTS, 29))
    assert "not played" in str(raises(RuleError, quiet.apply, (ev.MUGGINS, 1)))


def test_three_players_and_four_in_partnerships():
    three = match_with(players=3, first_dealer=2)
    three.apply((ev.STARTER, ev.NO_CARD))
    for _ in range(3):
        three.apply((ev.LAY, 9, ev.UNKNOWN_SUIT))  # 10 20 30
    three.apply((ev.GO,))
    three.apply((ev.GO,))
    assert three.apply((ev.GO,)) == [(2, 1, "go", 2)]
    four = match_with(players=4, first_dealer=3)
    four.apply((ev.STARTER, ev.NO_CARD))
    four.apply((ev.LAY, 6, ev.UNKNOWN_SUIT))  # seat 0: 7
    four.apply((ev.LAY, 7, ev.UNKNOWN_SUIT))  # seat 1: 15 for 2, side 1
    four.apply((ev.LAY, 7, ev.UNKNOWN_SUIT))  # seat 2: pair for 2, side 0
    assert four.front == [2, 2]
    four.apply((ev.PLAY_DONE,))
    for expected_seat in (0, 1, 2, 3, -1):
        assert four.show_seat() == expected_seat
        four.apply((ev.SHOW_POINTS, 1))
    assert four.front == [4, 5]  # the crib is seat 3's, side 1


def test_bad_settings_are_refused():
    match = Match()
    assert "start a match" in str(raises(RuleError, match.apply, (ev.GO,)))
    for settings in ({"players": 5}, {"target": 100}, {"games": 2}, {"first_dealer": 2}):
        raises(RuleError, match.apply, ev.new_match(**settings))
    assert match.phase is None


def to_points_show(hand_ranks, starter_text, seen=()):
    """Seat 0 laid hand_ranks in the play (ranks only); seat 1 laid 'seen' with suits."""
    match = dealt()
    match.apply((ev.STARTER, parse(starter_text)))
    others = list(seen)
    for rank in hand_ranks:
        match.apply((ev.LAY, rank, ev.UNKNOWN_SUIT))
        if match.phase != PLAY:
            break
        if others:
            match.apply(lay(others.pop(0)))
        elif match.play.turn == 1:
            match.apply((ev.GO,) if match.play.count > 21 else (ev.LAY, 0, ev.UNKNOWN_SUIT))
    if match.phase == PLAY:
        match.apply((ev.PLAY_DONE,))
    return match


def test_points_for_a_hand_known_by_its_ranks_must_be_reachable_with_some_suits():
    # Seat 0 laid J K 5 3; the starter is J of diamonds: 8 from the ranks, 12 with a flush,
    # and never 9 (nobs would need the starter itself).
    match = to_points_show([10, 12, 4, 2], "JD", seen=["AC", "AH", "AS", "2C"])
    assert match.phase == SHOW and match.show_seat() == 0
    before = match.state()
    for points in (9, 10, 11, 13, 20):
        error = raises(RuleError, match.apply, (ev.SHOW_POINTS, points))
        assert str(error) == (
            "the ranks laid make 8 or 12 with a flush, whatever the suits: not %d" % points
        ), str(error)
        assert match.state() == before
    match.apply((ev.SHOW_POINTS, 12))
    assert match.show_seat() == 1


def test_points_for_a_hand_known_in_full_must_be_its_count():
    match = dealt()
    match.apply((ev.STARTER, parse("5D")))
    for text in ("TC", "AH", "2S", "AS", "3C", "2H", "4C"):
        match.apply(lay(text))
    match.apply((ev.PLAY_DONE,))
    error = raises(RuleError, match.apply, (ev.SHOW_POINTS, 24))
    assert str(error) == "the cards laid make 8: not 24"
    match.apply((ev.SHOW_POINTS, 8))  # T 2 3 4 and the 5: fifteen 4, a run of 4 for 8


def test_fewer_points_are_taken_as_missed_only_when_muggins_is_played():
    match = to_points_show([10, 12, 4, 2], "JD", seen=["AC", "AH", "AS", "2C"])
    error = raises(RuleError, match.apply, (ev.SHOW_POINTS, 6))
    assert "not 6" in str(error)
    muggins = dealt(flags=ev.MUGGINS_ON)
    muggins.apply((ev.STARTER, parse("JD")))
    for rank, other in ((10, "AC"), (12, "AH"), (4, "AS"), (2, "2C")):
        muggins.apply((ev.LAY, rank, ev.UNKNOWN_SUIT))
        muggins.apply(lay(other))
    assert muggins.phase == SHOW
    assert muggins.apply((ev.SHOW_POINTS, 6))[-1] == (0, 2, "missed", 0)


def test_the_match_tallies_hands_cribs_pegging_heels_and_skunks_per_side():
    from cribbage import tally as tl

    match = dealt(target=61, games=3)
    match.apply((ev.STARTER, parse("JH")))  # his heels for seat 1, the dealer
    match.apply((ev.PEGGED, 0, 7))
    match.apply((ev.PEGGED, 1, 6))
    match.apply((ev.PLAY_DONE,))
    match.apply(shown("5C 5S 5H JD"))  # seat 0: 22 with the jack of hearts cut (a pair)
    match.apply((ev.SHOW_POINTS, 4))  # seat 1
    match.apply((ev.SHOW_POINTS, 0))  # seat 1's crib: a zero still counts as a crib shown
    match.apply((ev.STARTER, parse("5D")))  # seat 0 deals
    match.apply((ev.PLAY_DONE,))
    match.apply(shown("5C 5S 5H JD"))  # seat 1: 29
    assert match.front == [29, 41]
    match.apply((ev.PEGGED, 1, 20))  # 61: seat 0 is left under the skunk line (31)
    assert match.phase == GAME_OVER
    assert tl.figures(match.tally, 0) == {
        "hands": 1, "average_hand": 22, "cribs": 0, "average_crib": None, "deals": 2,
        "pegged": 7, "pegged_per_deal": 3.5, "twenty_nines": 0, "big_hands": 1,
        "his_heels": 0, "skunks_given": 0, "skunks_taken": 1,
    }  # fmt: skip
    assert tl.figures(match.tally, 1) == {
        "hands": 2, "average_hand": 16.5, "cribs": 1, "average_crib": 0, "deals": 2,
        "pegged": 26, "pegged_per_deal": 13, "twenty_nines": 1, "big_hands": 1,
        "his_heels": 1, "skunks_given": 1, "skunks_taken": 0,
    }  # fmt: skip
    # The game as the match keeps it: seat 1 won, seat 0 skunked on 29, seat 1 dealt first.
    assert (match.results, match.game_marks, match.runner_up) == ([1], [1 * 4 + 1], [29])
    restored = Match()
    restored.restore(match.snapshot())
    assert list(restored.tally) == list(match.tally) and restored.match_number == 1
    assert (restored.results, restored.game_marks, restored.runner_up) == ([1], [5], [29])


def test_the_largest_checkpoint_fits_one_journal_record():
    # Every list at its longest and every figure at its widest: 255 bytes less the
    # checkpoint's own header (5) and an undone event (up to 9) must hold it.
    for players in (2, 3, 4):
        match = match_with(players=players, games=9)
        sides = match.sides()
        match.past_matches = [[9] * sides] * 8
        games = 17  # a 9-game match with ties at the top played on
        match.results = [0] * games
        match.game_marks = [8] * games
        match.runner_up = [120] * games
        cards = players * 4
        match.seen = [(rank % 13, 1) for rank in range(1 + cards + 4)]  # the crib shown last
        match.laid_by = [[(1, 1)] * 4 for _ in range(players)]
        match.play.laid = [1] * cards
        match.play.ranks = [1] * cards
        for index in range(len(match.tally)):
            match.tally[index] = 65535
        assert len(match.snapshot()) <= 255 - 5 - 9, (players, len(match.snapshot()))


def game_won_over(loser_score, target=121, flags=ev.LOSER_DEALS):
    """A game in points: side 1 pegs `loser_score`, then side 0 reaches the target."""
    match = match_with((ev.STARTER, ev.NO_CARD), target=target, flags=flags)
    for side, score in ((1, loser_score), (0, target)):
        while match.front[side] < score:
            match.apply((ev.PEGGED, side, min(31, score - match.front[side])))
    assert match.phase == MATCH_OVER and match.front == [target, loser_score]
    return match


def test_the_skunk_lines_are_exact_at_every_boundary():
    from cribbage import tally as tl

    double = ev.LOSER_DEALS | ev.SKUNK_COUNTS_DOUBLE
    # (target, the loser's score) -> (what the loser is, games won by the winner, grade)
    cases = (
        (121, 92, "", 1, 0),
        (121, 91, "", 1, 0),  # on the line: no skunk
        (121, 90, "skunk", 2, 1),
        (121, 61, "skunk", 2, 1),  # on the double line: a single skunk
        (121, 60, "double skunk", 3, 2),
        (61, 31, "", 1, 0),
        (61, 30, "skunk", 2, 1),
        (61, 0, "skunk", 2, 1),  # a 61-point game has no double skunk
        (62, 31, "", 1, 0),
        (62, 30, "skunk", 2, 1),
    )
    for target, loser, words, won, grade in cases:
        match = game_won_over(loser, target, double)
        assert match.skunked(1) == words, (target, loser)
        assert match.games_won == [won, 0], (target, loser)
        assert match.game_marks[-1] >> 2 == grade, (target, loser)
        taken = 1 if grade else 0
        assert match.tally[tl.FIELDS + tl.SKUNKS_TAKEN] == taken, (target, loser)
        assert match.tally[tl.SKUNKS_GIVEN] == taken, (target, loser)
