# Deals from a seeded shuffle, the same on every interpreter (its own random numbers). Free
# of the firmware's modules, so a test can hold a shuffler while the board unloads them.


class Shuffler:
    """A 31-bit linear congruential generator: the same deals on every interpreter."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def below(self, limit):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % limit

    def pack(self):
        cards = list(range(52))
        for i in range(51, 0, -1):
            j = self.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards


def deal(shuffler, players):
    """(hands of four kept cards, the crib, the starter) for one deal: 6 cards each for two
    players (2 to the crib), 5 for three or four (1 each; with three, 1 from the pack)."""
    pack = shuffler.pack()
    each = 6 if players == 2 else 5
    hands = [pack[seat * each : seat * each + 4] for seat in range(players)]
    crib = []
    for seat in range(players):
        crib += pack[seat * each + 4 : seat * each + each]
    if players == 3:
        crib.append(pack[15])
    return hands, crib, pack[40]
