"""What a board sends over MQTT, checked before anything is done with it, and the
topics."""

import json

from club_night.night import ClubError

LONGEST_MESSAGE = 1024  # bytes of a result message: a board's are under 300


def parse_message(payload):
    """A message's JSON, read strictly: UTF-8 of at most LONGEST_MESSAGE bytes, no NaN or
    Infinity, no number of more than 9 digits, nesting of 4 at most; ClubError otherwise."""
    if len(payload) > LONGEST_MESSAGE:
        raise ClubError("a message of %d bytes: %d at most" % (len(payload), LONGEST_MESSAGE))
    if payload.count(b"[") + payload.count(b"{") > 4:
        raise ClubError("a result holds 4 brackets ([ or {) at most")

    def constant(name):
        raise ClubError("%s is not a number a result holds" % name)

    def number(digits):
        if len(digits.lstrip("-")) > 9:
            raise ClubError("a number of %d digits: 9 at most" % len(digits))
        return int(digits)

    def no_fraction(digits):
        raise ClubError("%s: a result's numbers are whole" % digits[:20])

    try:
        return json.loads(
            payload.decode("utf-8"), parse_constant=constant, parse_int=number,
            parse_float=no_fraction,
        )  # fmt: skip
    except UnicodeError:
        raise ClubError("a message is text (UTF-8)") from None
    except ValueError as error:
        if isinstance(error, ClubError):
            raise
        raise ClubError("not JSON: %s" % error) from None


def topic(club, board, leaf):
    return "cribbage/%s/%s/%s" % (club, board, leaf)


def parse_state(payload):
    """A board's live state for the director's page, {"refused" (the words of a pairing it
    refused, or None), "phase", "round", "scores"} with only
    what is of its type (text of 20 characters, whole numbers), or None when it is not
    one (read as hostile as a result is)."""
    try:
        state = parse_message(payload)
    except ClubError:
        return None
    if type(state) is not dict:
        return None
    phase = state.get("phase", state.get("mode"))
    number = state.get("round")
    scores = state.get("scores")
    refused = state.get("refused")
    return {
        "refused": refused[:120] if type(refused) is str else None,
        "phase": phase[:20] if type(phase) is str else "",
        "round": number if type(number) is int and 0 < number < 1000 else None,
        "scores": scores if type(scores) is list and len(scores) == 2
        and all(type(score) is int for score in scores) else None,
    }  # fmt: skip
