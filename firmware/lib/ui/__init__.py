# The keys that enter a card, in every mode: its rank, then its suit.
RANK_KEYS = "1234567890ABC"  # index = rank: A 2 .. 9 T J Q K
SUIT_KEYS = "1234"
