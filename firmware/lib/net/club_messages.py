# What a board and its club say to each other over MQTT (docs/club-night.md has the topics):
# the result a board sends, Home Assistant's discovery, and the pairing the club sends back,
# read as hostile (a broker or anyone on it may send anything): checked whole before a board
# uses it, refused in words. The link (club_link.py) moves them; this says what they hold.
import json
import sys

from micropython import const

# A player's name: 1 to LONGEST_NAME characters (not bytes), each printable and below
# U+0800 (Latin with every accent, Greek, Cyrillic, Armenian, Hebrew, Arabic): two bytes a
# character at most in UTF-8, so a result with two such names fits one record of the
# flash's journal (255 bytes). The club's program takes the same names (club_night.night).
LONGEST_NAME = const(40)
LAST_ROUND = const(999)  # a pairing's round: a night has a dozen; three digits on the LEDs
LONGEST_MESSAGE = const(256)  # bytes of a club message: a pairing's two names and round fit
# The matches a board plays (ui.crib_keys.CHOICES, pinned equal by a test): a pairing names
# one of them, as the club plays it, or the board refuses the pairing.
TARGETS = (121, 61, 62)
MATCH_GAMES = (1, 3, 5, 7, 9)
# CPython's json escapes every letter past ASCII in six bytes; MicroPython's writes UTF-8,
# and takes no ensure_ascii. The same bytes on both (the simulator's flash and the board's).
_CPYTHON = sys.implementation.name == "cpython"
HA_PREFIX = "homeassistant"  # Home Assistant's discovery prefix, its default
HA_STATUS = HA_PREFIX + "/status"  # where Home Assistant says "online" when it starts


def dump(value):
    """`value` as JSON in UTF-8 bytes, the same on the board and on CPython."""
    if _CPYTHON:
        return json.dumps(value, ensure_ascii=False).encode()
    return json.dumps(value).encode()


def name_problem(name):
    """The words for a player's name a board cannot carry, or None."""
    if not isinstance(name, str) or not 0 < len(name) <= LONGEST_NAME:
        return "a player's name is 1 to %d characters" % LONGEST_NAME
    for char in name:
        code = ord(char)
        if code < 32 or 127 <= code < 160 or code >= 0x800:
            return (
                "a player's name holds letters of the Latin, Greek, Cyrillic, Armenian, Hebrew"
                " or Arabic alphabets, digits and marks (not %r)" % char
            )
    return None


def _whole(value, low, high):
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def pairing(text):
    """The club's pairing message -> [round, blue, orange, target, games], or the words why
    it is refused."""
    try:
        message = json.loads(text)
        number = message["round"]
        blue, orange = message["players"]
        target = message["target"]
        games = message["games"]
    except (ValueError, KeyError, TypeError, IndexError, RuntimeError):
        return "the club's pairing is not one this board reads: %s" % text[:60]
    if not _whole(number, 1, LAST_ROUND):
        return "the club's pairing has no round number from 1 to %d: %s" % (LAST_ROUND, text[:60])
    for name in (blue, orange):
        problem = name_problem(name)
        if problem:
            return "round %d's pairing: %s" % (number, problem)
    if not _whole(target, 0, 999) or target not in TARGETS:
        return "round %d's pairing is a match to %s points: this board plays to 121, 61 or 62" % (
            number, str(target)[:12])  # fmt: skip
    if not _whole(games, 0, 99) or games not in MATCH_GAMES:
        return "round %d's pairing is a match of %s games: this board plays 1, 3, 5, 7 or 9" % (
            number, str(games)[:12])  # fmt: skip
    return [number, blue, orange, target, games]


def refusal(text):
    """The club's refusal of a result, {"id", "why"} -> (id, words), or None when it is
    not one this board reads."""
    try:
        message = json.loads(text)
        token = message["id"]
        words = message["why"]
    except (ValueError, KeyError, TypeError, IndexError, RuntimeError):
        return None
    if not isinstance(token, str) or not isinstance(words, str):
        return None
    return token, words[:120]


def result(board, fields):
    """A finished game's message, from the fields the board keeps on the flash for it."""
    token, number, blue, orange, score_blue, score_orange, target, skunk, first, _, _ = fields
    return dump(
        {
            "id": token,
            "round": number,
            "board": board,
            "players": [blue, orange],
            "scores": [score_blue, score_orange],
            "target": target,
            "skunk": ("", "skunk", "double skunk")[skunk],
            "dealt_first": (blue, orange)[first],
        }
    )


def discovery(club, board, where):
    """Home Assistant's device-based MQTT discovery for the board, (topic, message): the board
    as one device, its components (each side's score, the game) read from the state topic,
    unavailable with the board."""
    unique = "cribbage_%s_%s" % (club, board)
    components = {}
    for key, name, template in (
        ("score_blue", "Blue score", "{{ value_json.scores[0] }}"),
        ("score_orange", "Orange score", "{{ value_json.scores[1] }}"),
        ("game", "Game", "{{ value_json.phase }}"),
    ):
        components[key] = {
            "p": "sensor", "name": name, "unique_id": "%s_%s" % (unique, key),
            "value_template": template,
        }  # fmt: skip
    config = {
        "dev": {"ids": [unique], "name": "Cribbage board %s" % board,
                "mdl": "LED cribbage board"},
        "o": {"name": "cribbage board firmware"},  # what sent it: Home Assistant logs it
        "cmps": components,
        "state_topic": where + "state",
        "availability_topic": where + "availability",
    }  # fmt: skip
    topic = "%s/device/%s/config" % (HA_PREFIX, unique)
    return topic.encode(), json.dumps(config).encode()


def why(error):
    """A broker's refusal or a failed exchange, in words."""
    code = error.args[0] if error.args else None
    if type(error).__name__ == "MQTTException" and code in (24, 25):
        return "it refused the board's password: set the one the club's program printed"
    words = str(error)
    return words or type(error).__name__
