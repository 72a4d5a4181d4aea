# Ranks a sorted 5-card rank multiset (ranks 0..12) as a dense index 0..6187: the
# combinatorial number system applied to the strictly rising ranks[i] + i (0..16).
# POSITION_WEIGHTS[i][card] folds rank extraction and the binomial into one lookup per card.
from micropython import const

TABLE_SIZE = const(6188)  # C(17, 5)


def binomial(n, k):
    """C(n, k), 0 when k > n (no math.comb on the board)."""
    if k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


def multiset_index(ranks):
    index = 0
    for i in range(5):
        index += binomial(ranks[i] + i, i + 1)
    return index


POSITION_WEIGHTS = tuple(
    tuple(binomial((card >> 2) + i, i + 1) for card in range(52)) for i in range(5)
)
