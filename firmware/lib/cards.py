# A card is one small int, so hands fit in a bytes object and need no heap per card:
# card = rank_index * 4 + suit, rank_index 0..12 for A..K, suit 0..3 for C D H S.
# JOKER sits just past the 52 normal cards; shedding games that use two packs repeat ints.
from micropython import const

JOKER = const(52)
CARDS_IN_PACK = const(52)
RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"
_SUIT_INPUT = "CDHS\u2663\u2666\u2665\u2660"
_RANK_BYTES = RANK_CHARS.encode()
_SUIT_BYTES = SUIT_CHARS.encode()
_SUIT_UTF8 = SUIT_SYMBOLS.encode()
# Counting value in cribbage: court cards count ten.
VALUES = bytes((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))


class CardError(ValueError):
    pass


def make(rank_index, suit):
    return rank_index * 4 + suit


def rank_of(card):
    return card >> 2


def suit_of(card):
    return card & 3


def parse_rank(text):
    """'A', '2'..'9', 'T' or '10', 'J', 'Q', 'K' (any case) -> rank index 0..12."""
    word = text.strip().upper()
    if word == "10":
        word = "T"
    if len(word) == 1:
        index = RANK_CHARS.find(word)
        if index >= 0:
            return index
    raise CardError("bad rank: " + repr(text))


def parse(text):
    """'5H', '10♣', 'td', 'JOKER' -> card int; a CardError names the bad token."""
    word = text.strip().upper()
    if word == "JOKER":
        return JOKER
    if len(word) >= 2:
        suit = _SUIT_INPUT.find(word[-1])
        if suit >= 0:
            try:
                return parse_rank(word[:-1]) * 4 + (suit & 3)
            except CardError:
                pass
    raise CardError("bad card: " + repr(text))


def parse_many(text):
    return [parse(token) for token in text.split()]


def name(card, symbols=True):
    """Short name: '5♥' (or '5H' with symbols=False); tens are 'T'."""
    if card == JOKER:
        return "JOKER"
    if not 0 <= card < CARDS_IN_PACK:
        raise CardError("not a card: " + repr(card))
    suits = SUIT_SYMBOLS if symbols else SUIT_CHARS
    return RANK_CHARS[card >> 2] + suits[card & 3]


def names(cards, symbols=True):
    """'5♥ T♣ ...': the names of cards, as one string made at once (the console says a few
    at every show: a string per card and the join would each cost the heap)."""
    text = bytearray()
    for card in cards:
        if text:
            text.append(32)
        if not 0 <= card < CARDS_IN_PACK:
            text.extend(name(card).encode())  # the joker's name, or the error for a non-card
            continue
        text.append(_RANK_BYTES[card >> 2])
        if symbols:
            at = 3 * (card & 3)  # each suit symbol is 3 bytes of UTF-8
            text.append(_SUIT_UTF8[at])
            text.append(_SUIT_UTF8[at + 1])
            text.append(_SUIT_UTF8[at + 2])
        else:
            text.append(_SUIT_BYTES[card & 3])
    return text.decode()


def rank_names(cards):
    """The ranks alone, as "5 T", for cards whose suits nobody keyed."""
    text = bytearray()
    for card in cards:
        if text:
            text.append(32)
        text.append(_RANK_BYTES[card >> 2])
    return text.decode()
