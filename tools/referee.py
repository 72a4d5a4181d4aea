"""Referees Makao (seed 002) or the Latvian game (seed 001) from JSON lines.

  python tools/referee.py < game.jsonl

First line: {"game": "makao" | "latvian", "players": N, "start": "9C", "options": {...}}
Then one action a line: {"seat": 0, "play": ["7C", "7D"]} (with "rank": "7" after a Makao
jack, "suit": "S" after a Makao ace or a Latvian queen, "as": "7C" for a Makao joker),
{"seat": 1, "draw": 1}, {"seat": 1, "pass": true}, {"seat": 1, "take": true},
{"seat": 1, "call": true}, {"seat": 2, "challenge": 1}.
One JSON answer a line: the table after the action, or {"ok": false, "error": "..."} with
the table unchanged. Options: jokers, demand_queen (Makao) / mixed_penalties (Latvian),
makao_call (Makao) / first_winner (Latvian), two_packs (Makao), first (the seat to start).
"""

import json
import sys

import _paths  # noqa: F401
from cards import JOKER, CardError, name, parse, parse_rank  # noqa: E402
from shedding import referee as rf  # noqa: E402
from shedding.rules import CALL_OR_FIRST, JOKERS, RULESETS, TWO_PACKS, WIDE_DEMAND  # noqa: E402

OPTION_BITS = {
    "jokers": JOKERS,
    "demand_queen": WIDE_DEMAND,
    "mixed_penalties": WIDE_DEMAND,
    "makao_call": CALL_OR_FIRST,
    "first_winner": CALL_OR_FIRST,
    "two_packs": TWO_PACKS,
}
SUITS = "CDHS"


def new_event(first_line):
    game = first_line.get("game")
    if game not in RULESETS:
        raise CardError('game must be "makao" or "latvian"')
    rules = RULESETS[game]
    options = rules.default_options
    first = 0
    for key, value in (first_line.get("options") or {}).items():
        if key == "first":
            first = int(value)
        elif key in OPTION_BITS:
            options = options | OPTION_BITS[key] if value else options & ~OPTION_BITS[key]
        else:
            raise CardError("unknown option %r" % key)
    players = first_line.get("players")
    if not isinstance(players, int):
        raise CardError("players must be a number")
    return (rf.NEW, rules.code, players, parse(first_line.get("start", "")), options, first)


def action_event(action):
    seat = action.get("seat")
    if not isinstance(seat, int):
        raise CardError("every action names its seat")
    if "play" in action:
        cards = [parse(text) for text in action["play"]]
        rank = parse_rank(action["rank"]) if action.get("rank") is not None else rf.NONE
        suit = rf.NONE
        if action.get("suit") is not None:
            if action["suit"].upper() not in SUITS:
                raise CardError("bad suit: %r" % action["suit"])
            suit = SUITS.index(action["suit"].upper())
        stands_for = parse(action["as"]) if action.get("as") else rf.NONE
        return (rf.PLAY, seat, rank, suit, stands_for) + tuple(cards)
    if "draw" in action:
        return (rf.DRAW, seat, int(action["draw"]))
    if action.get("pass"):
        return (rf.PASS, seat)
    if action.get("take"):
        return (rf.TAKE, seat)
    if action.get("call"):
        return (rf.CALL, seat)
    if "challenge" in action:
        return (rf.CHALLENGE, seat, int(action["challenge"]))
    raise CardError("an action is play, draw, pass, take, call or challenge")


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


def run(lines, out):
    referee = rf.Referee()
    started = False
    for line in lines:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise CardError("each line is one JSON object")
            event = new_event(message) if not started else action_event(message)
            referee.apply(event)
            started = True
            reply = answer(referee)
        except (ValueError, CardError, KeyError, TypeError) as error:
            reply = {"ok": False, "error": str(error)}
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.stdin, sys.stdout))
