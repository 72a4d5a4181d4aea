from cards import JOKER, CardError, name, names, parse, parse_many, parse_rank, rank_of, suit_of
from check import raises


def test_every_spelling_of_a_card_parses_to_the_same_int():
    five_of_hearts = parse("5H")
    for text in ("5h", " 5H ", "5\u2665"):
        assert parse(text) == five_of_hearts
    assert parse("TC") == parse("10C") == parse("10\u2663") == parse("tc")
    assert rank_of(five_of_hearts) == 4 and suit_of(five_of_hearts) == 2


def test_all_52_cards_round_trip_through_their_names():
    seen = []
    for card in range(52):
        assert parse(name(card)) == card
        assert parse(name(card, symbols=False)) == card
        seen.append(name(card))
    assert len(set(seen)) == 52
    assert name(parse("AS")) == "A\u2660"
    assert name(parse("10D"), symbols=False) == "TD"


def test_joker_has_room_beside_the_pack():
    assert parse("joker") == JOKER
    assert name(JOKER) == "JOKER"
    assert JOKER not in range(52)


def test_bad_text_names_the_bad_token():
    for token in ("1H", "5X", "11C", "", "H", "5", "JOKERS", "QQ"):
        error = raises(CardError, parse, token)
        assert repr(token) in str(error), str(error)
    error = raises(CardError, parse_many, "5H 6H ZZ 7H")
    assert "'ZZ'" in str(error)
    assert "'1'" in str(raises(CardError, parse_rank, "1"))


def test_names_joins_cards_in_order():
    assert names(parse_many("5H TC JD")) == "5\u2665 T\u2663 J\u2666"
