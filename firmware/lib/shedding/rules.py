# The two shedding games as rulesets: what each card does, what answers what, how a player
# finishes. The referee (shedding/referee.py) is one engine that asks these questions.
from cards import JOKER
from micropython import const

TWO = const(1)
THREE = const(2)
FOUR = const(3)
SIX = const(5)
SEVEN = const(6)
JACK = const(10)
QUEEN = const(11)
KING = const(12)
ACE = const(0)
HEARTS = const(2)
SPADES = const(3)
KING_OF_HEARTS = const(50)  # KING * 4 + HEARTS
KING_OF_SPADES = const(51)

# Option bits, as the NEW event carries them.
JOKERS = const(1)
WIDE_DEMAND = const(2)  # Makao: a jack may demand a queen too. Latvian: mixed-rank penalties.
CALL_OR_FIRST = const(4)  # Makao: the "Makao" call. Latvian: stop at the first winner.
TWO_PACKS = const(8)


class Makao:
    name = "makao"
    code = 1
    hand_size = 5
    players = (2, 3, 4, 5, 6)
    default_options = WIDE_DEMAND | CALL_OR_FIRST
    take_ends_turn = True  # the target of a war draws and its turn ends
    finish_at_once = True

    def packs(self, players, options):
        return 2 if options & TWO_PACKS or players >= 5 else 1

    def jokers(self, options):
        return 2 if options & JOKERS else 0

    def check_start(self, card):
        return None  # the seed turns up any card; a special one does nothing as the start

    def penalty(self, card):
        """(cards to draw, direction to the target: 1 next, -1 previous) or None."""
        rank = card >> 2
        if rank == TWO:
            return (2, 1)
        if rank == THREE:
            return (3, 1)
        if card == KING_OF_HEARTS:
            return (5, 1)
        if card == KING_OF_SPADES:
            return (5, -1)
        return None

    def answers_penalty(self, top, card, options):
        """May `card` be laid on the war card `top`?"""
        rank, suit = card >> 2, card & 3
        top_rank, top_suit = top >> 2, top & 3
        war_king_of = (KING << 2) | top_suit if top_suit in (HEARTS, SPADES) else -1
        if top_rank == TWO:
            return rank == TWO or (rank == THREE and suit == top_suit) or card == war_king_of
        if top_rank == THREE:
            return rank == THREE or (rank == TWO and suit == top_suit) or card == war_king_of
        if top in (KING_OF_HEARTS, KING_OF_SPADES):
            if rank in (TWO, THREE) and suit == top_suit:
                return True
            # With two packs a war king answers its twin too: "the next can add Kings".
            return card in (KING_OF_HEARTS, KING_OF_SPADES)
        return False

    def skips_on_accept(self, card):
        return card >> 2 == FOUR

    def skips_at_once(self, card):
        return False

    def demand(self, card, named_rank, named_suit, options):
        """(rank demanded, suit demanded, error): what a card's player may name."""
        rank = card >> 2
        if rank == JACK and named_rank >= 0:
            allowed = (4, 5, 6, 7, 8, 9) + ((QUEEN,) if options & WIDE_DEMAND else ())
            if named_rank not in allowed:
                return (
                    -1,
                    -1,
                    "a jack may demand 5 to 10%s" % (" or Q" if options & WIDE_DEMAND else ""),
                )
            return named_rank, -1, None
        if rank == ACE and named_suit >= 0:
            return -1, named_suit, None
        if named_rank >= 0 or named_suit >= 0:
            return -1, -1, "only a jack names a rank and only an ace a suit"
        return -1, -1, None

    def suit_answer(self, card):
        """Besides the named suit, what else answers a suit demand: another ace."""
        return card >> 2 == ACE

    def rank_demand_lasts_round(self):
        return True  # until play returns to the demander

    def penalty_passes(self, top, card, options):
        return self.answers_penalty(top, card, options)


class Latvian:
    name = "latvian"
    code = 2
    hand_size = 6
    players = (2, 3, 4, 5, 6)
    default_options = JOKERS
    take_ends_turn = False  # the target draws and plays on, on a spent top card
    finish_at_once = False  # a player wins when their turn comes with no cards

    def packs(self, players, options):
        return 1

    def jokers(self, options):
        return 2 if options & JOKERS else 0

    def check_start(self, card):
        return None  # any card; a joker start lets the first player lay anything

    def penalty(self, card):
        rank = card >> 2
        if card == JOKER:
            return None
        if rank == KING:
            return (5, 1)
        if rank == SEVEN:
            return (2, 1)
        if rank == SIX:
            return (1, 1)
        return None

    def answers_penalty(self, top, card, options):
        if card == JOKER or self.penalty(card) is None:
            return False
        return bool(options & WIDE_DEMAND) or card >> 2 == top >> 2

    def skips_on_accept(self, card):
        return False

    def skips_at_once(self, card):
        return card != JOKER and card >> 2 == ACE

    def demand(self, card, named_rank, named_suit, options):
        if card != JOKER and card >> 2 == QUEEN:
            if named_suit < 0:
                return -1, -1, "name the suit the next player must lay"
            return -1, named_suit, None
        if named_rank >= 0 or named_suit >= 0:
            return -1, -1, "only a queen names a suit"
        return -1, -1, None

    def suit_answer(self, card):
        return card != JOKER and card >> 2 == QUEEN

    def rank_demand_lasts_round(self):
        return False

    def penalty_passes(self, top, card, options):
        return self.answers_penalty(top, card, options)


RULESETS = {"makao": Makao(), "latvian": Latvian()}  # type: dict
BY_CODE = {1: RULESETS["makao"], 2: RULESETS["latvian"]}  # type: dict
