"""The show counted the way the rules are written in a book: (rank, suit) pairs and
itertools, sharing no code with firmware/ (the independent account the fast counters are
checked against)."""

import itertools


def reference_show(hand, starter, crib):
    cards = [(c // 4 + 1, c % 4) for c in list(hand) + [starter]]
    value = [min(rank, 10) for rank, _ in cards]
    points = 0
    for size in range(2, 6):
        for combo in itertools.combinations(range(5), size):
            if sum(value[i] for i in combo) == 15:
                points += 2
    for first, second in itertools.combinations(cards, 2):
        if first[0] == second[0]:
            points += 2
    for size in (5, 4, 3):
        runs = 0
        for combo in itertools.combinations(cards, size):
            ranks = sorted(rank for rank, _ in combo)
            if ranks == list(range(ranks[0], ranks[0] + size)):
                runs += 1
        if runs:
            points += runs * size
            break
    hand_suits = {suit for _, suit in cards[:4]}
    if len(hand_suits) == 1:
        if cards[4][1] in hand_suits:
            points += 5
        elif not crib:
            points += 4
    if (11, cards[4][1]) in cards[:4]:
        points += 1
    return points
