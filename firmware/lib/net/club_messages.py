# What a board and its club say to each other over MQTT (docs/club-night.md has the topics):
# the result a board sends, Home Assistant's discovery, and the pairing the club sends back,
# read as hostile (a broker or anyone on it may send anything): checked whole before a board
# uses it, refused in words. The link (club_link.py) moves them; this says what they hold.
import json

from micropython import const

LONGEST_NAME = const(40)  # bytes of a player's name in a pairing: a result fits one record
LAST_ROUND = const(999)  # a pairing's round: a night has a dozen; three digits on the LEDs
LONGEST_MESSAGE = const(256)  # bytes of a club message: a pairing's two names and round fit
HA_PREFIX = "homeassistant"  # Home Assistant's discovery prefix, its default
HA_STATUS = HA_PREFIX + "/status"  # where Home Assistant says "online" when it starts


def pairing(text):
    """The club's pairing message -> [round, blue, orange], or the words why it is refused."""
    try:
        message = json.loads(text)
        number = message["round"]
        blue, orange = message["players"]
    except (ValueError, KeyError, TypeError, IndexError, RuntimeError):
        return "the club's pairing is not one this board reads: %s" % text[:60]
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= LAST_ROUND:
        return "the club's pairing has no round number from 1 to %d: %s" % (LAST_ROUND, text[:60])
    for name in (blue, orange):
        if not isinstance(name, str) or not 0 < len(name.encode()) <= LONGEST_NAME:
            return "round %d's pairing needs two names of 1 to %d letters" % (number, LONGEST_NAME)
    return [number, blue, orange]


def result(board, fields):
    """A finished game's message, from the fields the board keeps on the flash for it."""
    token, number, blue, orange, score_blue, score_orange, target, skunk, first, _, _ = fields
    return json.dumps(
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
    ).encode()


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
