# The words printed on the faceplate, and shown by the page beside the same LEDs and keys: the
# key map, and the words under every LED of the status line. One source for
# tools/maker/faceplate.py (the drawing), tools/upkeep/docs_pictures.py (the keypad picture)
# and web.py (the page's keypad and its status LEDs). Loaded by those only: never beside the keys.
from board import signs

# The keys, as the keypad is laid out: (key, what it means at the table).
KEY_ROWS = (
    ("1", "A"), ("2", "2"), ("3", "3"), ("A", "J"),
    ("4", "4"), ("5", "5"), ("6", "6"), ("B", "Q"),
    ("7", "7"), ("8", "8"), ("9", "9"), ("C", "K"),
    ("*", "back"), ("0", "T / no"), ("#", "go / yes"), ("D", "points"),
)  # fmt: skip
# The long presses, with what each does in cribbage and in the shedding games ("" where it
# does nothing: Makao's calls in cribbage).
HOLD_ROWS = (
    ("#", "end the play \u00b7 muggins", "draw"),
    ("B", "", "Makao!"),
    ("C", "", "challenge"),
    ("D", "next game", "next game"),
)  # fmt: skip
# The words under each units LED for the signs of board/signs.py, by the sign's name.
SIGN_WORDS = {
    "STARTER": "starter",
    "SUIT": "its suit",
    "HAND": "hand: D pts",
    "CRIB": "crib ranks",
    "FLUSH": "flush?",
    "STARTER_SUIT": "+starter?",
    "NOBS": "nobs?",
    "COUNT": "# count",
    "POINTS": "points",
}
SIDE_NAMES = ("blue", "orange", "yellow")  # as printed: the default colours
SUITS = ("1 clubs", "2 diamonds", "3 hearts", "4 spades")


def sign_names():
    """[(number, name)] of board/signs.py, in order."""
    found = []
    for name in dir(signs):
        if name.isupper():
            found.append((getattr(signs, name), name))
    return sorted(found)


def status_words(layout):
    """{LED: [label lines]} for every LED of the status line."""
    words = {}
    mode, _ = layout.status["mode"]
    words[mode] = ["mode"]
    for part, first_word in (("dealer", "dealer"), ("turn", "turn/hand")):
        first, count = layout.status[part]
        for i in range(count):
            words[first + i] = [first_word if i == 0 else "", SIDE_NAMES[i]]
    first, count = layout.status["tens"]
    for i in range(count):
        words[first + i] = ["%d" % (10 * (i + 1)), "count" if i == 0 else ""]
    first, count = layout.status["units"]
    by_number = dict(sign_names())
    for i in range(count):
        sign = by_number.get(i + 1, "")
        words[first + i] = ["%d" % (i + 1), SIGN_WORDS.get(sign, "")]
    first, count = layout.status["tally"]
    for i in range(count):
        words[first + i] = ["games" if i == 0 else "", ""]
    words[layout.status["save"][0]] = ["saving"]
    words[layout.status["error"][0]] = ["error"]
    return words
