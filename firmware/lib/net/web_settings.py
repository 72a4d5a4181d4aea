# The page's settings: read as the page shows them, and changed whole or not at all (every
# field checked before any is kept). Loaded when the page first opens or changes them, as
# the advice is (web_advice.py): a phone at the table seldom does either.
import asyncio

from board.render import LOWEST_BRIGHTNESS
from cribbage.events import END_EARLY, LOSER_DEALS, MUGGINS_ON, SKUNK_COUNTS_DOUBLE
from net import club_choice, wifi_choice
from net.web_http import WebError, text_problem

# The match options (NEW_MATCH's flags), by the names the API gives them.
OPTIONS = (
    ("end_early", END_EARLY), ("skunks_double", SKUNK_COUNTS_DOUBLE),
    ("loser_deals", LOSER_DEALS), ("muggins", MUGGINS_ON),
)  # fmt: skip
TEXT_FIELDS = ("network", "password", "club", "broker", "club_password", "club_board")


def read(board, paired=False):
    """The settings as the page shows them: the next match's choices, the brightness, the side
    colours, the Wi-Fi and the club's (their passwords stay on the board); the home
    network's name only for a phone `paired`, else null."""
    from board.colours import PALETTES

    app = board.app
    choices = app.choices
    keys = app.controller if app.mode == 0 else None
    mode, network, _ = wifi_choice.choice(app.config, app.store)  # the password stays on the board
    flags = keys.flags if keys else (choices[3] if len(choices) > 3 else LOSER_DEALS)
    settings = {
        "players": keys.players if keys else (choices[0] if choices else 2),
        "target": keys.target if keys else (choices[1] if choices else 121),
        "games": keys.games if keys else (choices[2] if choices else 1),
        "brightness": app.renderer.brightness,
        "colours": app.palette,
        "palettes": [list(names) for names in PALETTES],
        "wifi": mode,
        "network": network if paired else None,
    }
    # The club's broker password stays on the board.
    club, broker, _, board = club_choice.choice(app.config, app.store)
    settings["club"], settings["broker"], settings["club_board"] = club, broker, board
    for option, flag in OPTIONS:
        settings[option] = bool(flags & flag)
    return settings


def settle(board, body):
    """Every field of `body` checked, then all of them changed, or none (WebError in words)."""
    from board.colours import PALETTES

    for field in TEXT_FIELDS:
        if field in body:
            problem = text_problem(field, body[field], 64)
            if problem is not None:
                raise WebError(400, problem)
    app = board.app
    wanted = read(board)
    from ui.crib_keys import CHOICES  # what A, B and C cycle through

    for field, allowed in (
        ("players", CHOICES[0]),
        ("target", CHOICES[1]),
        ("games", CHOICES[2]),
        ("colours", tuple(range(len(PALETTES)))),
        ("wifi", wifi_choice.MODES),
    ):
        if field in body:
            # Exactly the type of its choices: 61.0 == 61 and True == 1, but neither is a
            # target or a number of players (they would be stored, then break the journal).
            if type(body[field]) is not type(allowed[0]) or body[field] not in allowed:
                raise WebError(400, "%s: one of %s" % (field, allowed))
            wanted[field] = body[field]
    brightness = body.get("brightness", wanted["brightness"])
    if type(brightness) is not int or not LOWEST_BRIGHTNESS <= brightness <= 255:
        raise WebError(400, "brightness: a whole number from %d to 255" % LOWEST_BRIGHTNESS)
    flags = 0
    for option, flag in OPTIONS:
        value = body.get(option, wanted[option])
        if not isinstance(value, bool):
            raise WebError(400, "%s: true or false" % option)
        flags |= flag if value else 0
    keys = app.controller if app.mode == 0 else None
    if keys is not None and wanted["players"] == 3 and keys.tracks < 3:
        raise WebError(400, "players: 3 need a board with three tracks")
    kept = club_choice.choice(app.config, app.store)
    club = (
        body.get("club", kept[0]),
        body.get("broker", kept[1]),
        body.get("club_password", kept[2]),
        body.get("club_board", kept[3]),
    )
    new_club = club != kept
    if new_club:
        try:
            club_choice.check(*club)
        except ValueError as error:
            raise WebError(400, str(error)) from None
    wifi_fields = ("wifi", "network", "password")
    if any(field in body for field in wifi_fields):
        try:
            wifi_choice.save(
                app.config, app.store, wanted["wifi"], body.get("network"),
                body.get("password"),
            )  # fmt: skip
        except ValueError as error:
            raise WebError(400, str(error)) from None
        except OSError as error:
            raise WebError(507, "not saved: the flash refused it (%s)" % error) from None
        reapply = board.radio is not None
    else:
        reapply = False
    if new_club:
        try:
            club_choice.save(app.store, *club)
        except OSError as error:
            raise WebError(507, "not saved: the flash refused it (%s)" % error) from None
        # On the home network, the radio starts the club's link anew.
        reapply = reapply or (board.radio is not None and board.radio.mode == "home")
    if reapply:
        asyncio.create_task(_wifi_later(board.radio))
    if keys is not None:
        keys.players, keys.target, keys.games, keys.flags = (
            wanted["players"],
            wanted["target"],
            wanted["games"],
            flags,
        )
    if (brightness, wanted["colours"]) != (app.renderer.brightness, app.palette):
        from board import colours

        colours.apply(app, brightness, wanted["colours"])
    # One write keeps the choices, the brightness and the colours together.
    problem = app.remember_choices(
        bytes([wanted["players"], wanted["target"], wanted["games"], flags])
    )
    if problem is not None:
        raise WebError(507, "kept in memory only: the flash refused it (%s)" % problem)


async def _wifi_later(radio):
    # The answer leaves first: a new Wi-Fi mode ends this page's own connection.
    await asyncio.sleep(1)
    radio.apply()
