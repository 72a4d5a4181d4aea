from cards import CardError, parse, parse_many
from check import raises
from cribbage.score import score
from cribbage.show import his_heels
from cribbage.show_items import count_show, item_words, total_of


def show(text, crib=False):
    cards = parse_many(text)
    return score(cards[:4], cards[4], crib)


def words(text, crib=False):
    cards = parse_many(text)
    return [item_words(item) for item in count_show(cards[:4], cards[4], crib)]


def test_the_29_hand():
    assert show("5C 5D 5S JH 5H") == 29
    assert show("5C 5D 5S JH 5H", crib=True) == 29


def test_four_fives_and_a_ten_card_is_28():
    for starter in ("TC", "JC", "QD", "KS"):
        assert show("5C 5D 5S 5H " + starter) == 28


def test_the_24_hands():
    for text in ("4C 4D 5S 5H 6C", "7C 7D 7S 7H AC", "3C 3D 3S 3H 9C", "6C 7D 7S 8H 8C"):
        assert show(text) == 24, text


def test_double_triple_and_double_double_runs():
    assert show("7C 8D 8H 9S 2C") == 12  # double run 8, fifteens 4
    assert show("3C 3D 3H 4S 5C") == 21  # triple run 15, fifteens 6
    assert show("4C 4D 5S 5H 6C") == 24  # double double run 16, fifteens 8
    assert show("AC 2D 3H 4S 5C") == 7  # run of five and one fifteen


def test_a_hand_flush_needs_four_and_a_crib_flush_needs_five():
    assert show("2H 4H 6H 8H KC") == 4
    assert show("2H 4H 6H 8H KC", crib=True) == 0
    assert show("2H 4H 6H 8H KH") == 5
    assert show("2H 4H 6H 8H KH", crib=True) == 5
    assert show("2H 4H 6H 8C KH") == 0  # four of a suit counting the starter is no flush


def test_nobs_is_the_jack_of_the_starters_suit_in_hand():
    assert show("JH 2C 4D 6S 8H") == 1
    assert show("JH 2C 4D 6S 8C") == 0
    assert show("2C 4D 6S 8H JH") == 0  # a jack turned up is his heels, not nobs


def test_his_heels_scores_two_for_a_jack_cut():
    assert his_heels(parse("JD")) == 2
    assert his_heels(parse("QD")) == 0
    raises(CardError, his_heels, 52)


def test_a_zero_hand():
    assert show("2C 4D 6S 8H KC") == 0
    assert words("2C 4D 6S 8H KC") == []
    assert total_of([]) == 0


def test_breakdown_in_the_words_players_use():
    assert words("4C 5H 6D JS 6S") == [
        "fifteen 2 (5\u2665 J\u2660)",
        "fifteen 4 (4\u2663 5\u2665 6\u2666)",
        "fifteen 6 (4\u2663 5\u2665 6\u2660)",
        "pair 8 (6\u2666 6\u2660)",
        "run of 3 for 11 (4\u2663 5\u2665 6\u2666)",
        "run of 3 for 14 (4\u2663 5\u2665 6\u2660)",
        "nobs 15 (J\u2660)",
    ]
    assert words("3C 3D 3H 8S KC")[-1] == "pair royal 6 (3\u2663 3\u2666 3\u2665)"
    assert (
        words("2H 4H 6H 8H KH")[-1] == "flush of 5 for 5 (2\u2665 4\u2665 6\u2665 8\u2665 K\u2665)"
    )
    assert words("2H 4H 6H 8H KC")[-1] == "flush of 4 for 4 (2\u2665 4\u2665 6\u2665 8\u2665)"


def test_the_breakdown_total_matches_the_fast_count_on_a_deterministic_slice():
    # Every show whose five cards come from a stride through the pack; the exhaustive proof
    # is in test_show_exhaustive.py (CPython only, it needs minutes on MicroPython).
    checked = 0
    for first in range(0, 52, 7):
        for step in (1, 3, 5, 11):
            picked = [(first + step * i) % 52 for i in range(5)]
            if len(set(picked)) < 5:
                continue
            for crib in (False, True):
                hand, starter = picked[:4], picked[4]
                assert score(hand, starter, crib) == total_of(count_show(hand, starter, crib))
                checked += 1
    assert checked > 40


def test_a_bad_show_is_refused_and_names_the_fault():
    error = raises(CardError, show, "5C 5C 5S JH 5H")
    assert "duplicate card: 5\u2663" in str(error)
    error = raises(CardError, show, "5C 6C 7S JH 5C")
    assert "duplicate" in str(error)
    error = raises(CardError, score, parse_many("5C 6C 7S"), parse("5H"))
    assert "4 cards in hand" in str(error)
    error = raises(CardError, score, parse_many("5C 6C 7S 8S 9S"), parse("5H"))
    assert "got 5" in str(error)
    raises(CardError, count_show, parse_many("5C 6C 7S 8S"), parse("5C"))
    raises(CardError, score, parse_many("5C 6C 7S 8S"), 52)
    raises(CardError, score, [1, 2, 3, -4], 9)


def test_the_boards_own_count_on_every_interpreter():
    from cribbage.show import show_total

    # (hand, starter, crib?, points): counted by hand from the rules (seeds/000_*).
    cases = (
        ("5H 5D 5S JC", "5C", False, 29),  # the best hand: nobs with the starter's suit
        ("5H 5D 5S JC", "5C", True, 29),  # a crib has nobs too
        ("5H 5D 5S JH", "5C", True, 28),  # a jack not of the starter's suit: no nobs
        ("2H 4H 6H 8H", "KH", True, 5),  # a crib's flush needs the starter's suit too
        ("2H 4H 6H 8H", "KS", True, 0),  # four of a suit in a crib count nothing
        ("2H 4H 6H 8H", "KS", False, 4),  # in a hand they are a flush of 4
        ("AH 2S 3C 4H", "5H", False, 7),  # a run of five and fifteen 2
        ("3H 3S 4C 5H", "6D", False, 14),  # a double run of 4 (8), a pair (2), two fifteens (4)
        ("TH JS QC KH", "9D", False, 5),  # a run of five, no fifteen
    )
    for hand, starter, crib, points in cases:
        total = show_total(parse_many(hand), parse(starter), crib)
        assert total == points, (hand, starter, crib, total)
