# The discard coach's engine on both runtimes: its crib figure against a brute force over
# every card (not ranks), its order, its refusals.
from cards import CardError, parse_many
from check import raises
from cribbage.discard import advise, crib_total
from cribbage.score import score


def brute_crib(thrown, unseen):
    """Every set of the other crib cards, card by card, and every starter left."""
    total = cases = 0
    count = len(unseen)
    for i in range(count):
        for j in range(i + 1, count):
            crib = list(thrown) + [unseen[i], unseen[j]]
            for starter in unseen:
                if starter != unseen[i] and starter != unseen[j]:
                    total += score(crib, starter, True)
                    cases += 1
    return total, cases


def test_a_crib_by_ranks_equals_the_crib_card_by_card():
    # A thrown pair of one suit with a jack: the flush and nobs terms are both at work.
    hand = parse_many("JH 5H 5C 6D 9S KC")
    unseen = [card for card in range(52) if card not in hand]
    thrown = hand[:2]
    assert crib_total(thrown, unseen) == brute_crib(thrown, unseen)


def test_the_best_throw_first_and_every_throw_once():
    cards = parse_many("5H 5D JC 6S 4C KH")
    dealer = advise(cards, True)
    assert len(dealer) == 15
    assert sorted([tuple(t[0]) for t in dealer]) == sorted(
        [(cards[i], cards[j]) for i in range(6) for j in range(i + 1, 6)]
    )
    nets = [(t[1] * t[4] + t[3] * t[2]) for t in dealer]
    assert nets == sorted(nets, reverse=True)
    assert dealer[0][0] == parse_many("JC KH")  # keep 5 5 6 4
    pone = advise(cards, False)
    pone_nets = [(t[1] * t[4] - t[3] * t[2]) for t in pone]
    assert pone_nets == sorted(pone_nets, reverse=True)
    five = advise(parse_many("5H 5D JC 6S 4C"), True)
    assert len(five) == 5 and all(len(t[0]) == 1 for t in five)
    assert five[0][2] == 47 and five[0][4] == 16215 * 44  # C(47, 3) sets, 44 starters


def test_bad_hands_are_refused_by_name():
    assert str(raises(CardError, advise, parse_many("5H 5D JC 6S"))) == (
        "the coach needs 6 cards (two players) or 5 (three or four): got 4"
    )
    assert str(raises(CardError, advise, parse_many("5H 5D JC 6S 4C 5H"))) == (
        "duplicate card: 5H"
    )
    assert str(raises(CardError, advise, [1, 2, 3, 4, 5, 99])) == "not a cribbage card: 99"
