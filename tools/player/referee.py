"""Referees Makao (seed 002) or the Latvian game (seed 001) from JSON lines.

  crib-referee < game.jsonl      (or python tools/player/referee.py < game.jsonl)

First line: {"game": "makao" | "latvian", "players": N, "start": "9C", "options": {...}}
Then one action a line: {"seat": 0, "play": ["7C", "7D"]} (with "rank": "7" after a Makao
jack, "suit": "S" after a Makao ace or a Latvian queen, "as": "7C" for a Makao joker),
{"seat": 1, "draw": 1}, {"seat": 1, "pass": true}, {"seat": 1, "take": true},
{"seat": 1, "call": true}, {"seat": 2, "challenge": 1}.
One JSON answer a line, whatever the line holds: the table after the action, or
{"ok": false, "error": "..."} with the table unchanged. Options: jokers, demand_queen
(Makao) / mixed_penalties (Latvian), makao_call (Makao) / first_winner (Latvian), two_packs
(Makao), first (the seat to start). Exit status 2 when a first line was refused, else 0.
"""

import json
import sys

from cards import JOKER, CardError, name, parse, parse_rank
from shedding import referee as rf
from shedding.rules import CALL_OR_FIRST, JOKERS, RULESETS, TWO_PACKS, WIDE_DEMAND

GAME_OPTIONS = {
    "makao": {
        "jokers": JOKERS,
        "demand_queen": WIDE_DEMAND,
        "makao_call": CALL_OR_FIRST,
        "two_packs": TWO_PACKS,
    },
    "latvian": {"jokers": JOKERS, "mixed_penalties": WIDE_DEMAND, "first_winner": CALL_OR_FIRST},
}
HEADER_KEYS = ("game", "players", "start", "options")
ACTIONS = ("play", "draw", "pass", "take", "call", "challenge")
PLAY_EXTRAS = ("rank", "suit", "as")
SUITS = "CDHS"
SHOWN = 40  # the most of a bad value an error repeats
BAD_HEADER_STATUS = 2


class Refusal(ValueError):
    pass


def shown(value):
    """A bad value as an error quotes it: JSON, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def whole_number(value, what):
    # bool is an int to Python, and 1.0 or 1e400 are not whole numbers to a player.
    if type(value) is not int or not 0 <= value <= 255:
        raise Refusal("%s must be a whole number from 0 to 255, not %s" % (what, shown(value)))
    return value


def card(value, what):
    if type(value) is not str:
        raise Refusal('%s must be a card such as "9C", not %s' % (what, shown(value)))
    try:
        return parse(value)
    except CardError:
        raise Refusal("%s: not a card: %s" % (what, shown(value))) from None


def only_keys(message, allowed, where):
    for key in message:
        if key not in allowed:
            raise Refusal("unknown key %s in %s" % (shown(key), where))


def new_event(message):
    only_keys(message, HEADER_KEYS, "the first line")
    game = message.get("game")
    if type(game) is not str or game not in GAME_OPTIONS:
        raise Refusal('game must be "makao" or "latvian", not %s' % shown(game))
    rules = RULESETS[game]
    players = whole_number(message.get("players"), "players")
    start = card(message.get("start"), "start")
    options = message.get("options", {})
    if type(options) is not dict:
        raise Refusal("options must be an object, not %s" % shown(options))
    bits = rules.default_options
    first = 0
    for key, value in options.items():
        if key == "first":
            first = whole_number(value, "first")
        elif key in GAME_OPTIONS[game]:
            if type(value) is not bool:
                raise Refusal("option %s is true or false, not %s" % (key, shown(value)))
            bit = GAME_OPTIONS[game][key]
            bits = bits | bit if value else bits & ~bit
        elif any(key in table for table in GAME_OPTIONS.values()):
            raise Refusal("option %s is not a %s option" % (key, rules.name))
        else:
            raise Refusal("unknown option %s" % shown(key))
    return (rf.NEW, rules.code, players, start, bits, first)


def play_event(seat, message):
    cards = message["play"]
    if type(cards) is not list or not cards:
        raise Refusal('play must be a list of cards such as ["7C"], not %s' % shown(cards))
    laid = tuple(card(text, "play") for text in cards)
    rank = suit = stands_for = rf.NONE
    if "rank" in message:
        value = message["rank"]
        if type(value) is not str:
            raise Refusal('rank must be a rank such as "7", not %s' % shown(value))
        try:
            rank = parse_rank(value)
        except CardError:
            raise Refusal("rank: not a rank: %s" % shown(value)) from None
    if "suit" in message:
        value = message["suit"]
        if type(value) is not str or len(value) != 1 or value.upper() not in SUITS:
            raise Refusal("suit must be one of C, D, H, S, not %s" % shown(value))
        suit = SUITS.index(value.upper())
    if "as" in message:
        stands_for = card(message["as"], "as")
        if stands_for == JOKER:
            raise Refusal("a joker stands for a card of the pack, not another joker")
    return (rf.PLAY, seat, rank, suit, stands_for) + laid


def action_event(message):
    only_keys(message, ("seat",) + ACTIONS + PLAY_EXTRAS, "an action")
    if "seat" not in message:
        raise Refusal("every action names its seat")
    seat = whole_number(message["seat"], "seat")
    chosen = [key for key in ACTIONS if key in message]
    if len(chosen) != 1:
        raise Refusal("an action is one of play, draw, pass, take, call or challenge")
    action = chosen[0]
    if action != "play":
        for key in PLAY_EXTRAS:
            if key in message:
                raise Refusal("%s goes with a play, not with %s" % (key, action))
    value = message[action]
    if action == "play":
        return play_event(seat, message)
    if action == "draw":
        return (rf.DRAW, seat, whole_number(value, "draw"))
    if action == "challenge":
        return (rf.CHALLENGE, seat, whole_number(value, "challenge"))
    if value is not True:
        raise Refusal("%s must be true, not %s" % (action, shown(value)))
    return ({"pass": rf.PASS, "take": rf.TAKE, "call": rf.CALL}[action], seat)


def answer(referee):
    loser = referee.loser()
    return {
        "ok": True,
        "turn": referee.turn,
        "top": "JOKER" if referee.top == JOKER else name(referee.top, False),
        "penalty": referee.penalty,
        "skip": referee.fours,
        "demand": referee.demand_text(),
        "cards": list(referee.counts),
        "finished": list(referee.finished),
        "lost": list(referee.lost),
        "stock": referee.stock,
        "pile": len(referee.pile),
        "over": referee.over,
        "loser": loser if loser >= 0 else None,
    }


class Session:
    """One game: a line of bytes in, one answer (a dict) out."""

    def __init__(self):
        self.referee = rf.Referee()
        self.started = False
        self.bad_header = False

    def handle(self, line):
        try:
            message = self._read(line)
            event = action_event(message) if self.started else new_event(message)
            self.referee.apply(event)
        except (Refusal, rf.RuleError) as error:
            if not self.started:
                self.bad_header = True
            return {"ok": False, "error": str(error)}
        self.started = True
        return answer(self.referee)

    def _read(self, line):
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            raise Refusal("not UTF-8 text") from None
        if not text.strip():
            raise Refusal("an empty line: each line is one JSON object")
        try:
            message = json.loads(text)
        except RecursionError:
            raise Refusal("not JSON that can be read: nested too deep") from None
        except ValueError as error:  # JSONDecodeError, and numbers too long to read
            raise Refusal("not JSON: %s" % str(error)[:SHOWN]) from None
        if type(message) is not dict:
            raise Refusal("each line is one JSON object, not %s" % shown(message))
        return message


def run(lines, out):
    """Answers each line (bytes) of `lines` on `out`; returns the exit status."""
    session = Session()
    for line in lines:
        reply = session.handle(line.rstrip(b"\r\n"))
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return BAD_HEADER_STATUS if session.bad_header else 0


def main(argv=None):
    import argparse

    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args(argv)
    return run(sys.stdin.buffer, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
