# Keys between games, said in words: the choices keyed before a match (A players, B
# target, C games; # starts it), the line that says who won, and what the board waits for;
# and the cards tapped on the web page. ui.crib_keys loads this for each and drops it after:
# the keys run a few times a game, and the page is served only by a board with PSRAM, where
# loading it at each tap costs a little time and no room that matters.
from cards import VALUES, names
from cribbage import events as ev
from cribbage.game import CUT, GAME_OVER, MATCH_OVER, PLAY, SHOW, RuleError
from ui.crib_keys import GAME_CHOICES, PLAYER_CHOICES, TARGET_CHOICES

_PROMPTS = {
    CUT: "key the starter (rank, then suit), or # to count in points",
    PLAY: "key each card as it is laid; # for go (in a points deal: D to peg, # to end)",
    SHOW: "show: answer the questions, key the crib's ranks, or D for points",
    GAME_OVER: "# for the next game",
    MATCH_OVER: "# for a new match",
}


def setup_key(keys, name):
    """A key before a match; returns the line to say once the choices are kept, if they
    changed (they are kept with this module dropped: the settings' code loads then)."""
    if name == "A":
        keys.players = cycle(PLAYER_CHOICES, keys.players)
        if keys.players == 3 and keys.tracks < 3:
            keys.players = 4  # two tracks: 2 players, or 4 as two partnerships
    elif name == "B":
        keys.target = cycle(TARGET_CHOICES, keys.target)
    elif name == "C":
        keys.games = cycle(GAME_CHOICES, keys.games)
    elif name == "#":
        keys._apply(ev.new_match(keys.players, keys.target, keys.games, 0, keys.flags))
        return None
    else:
        return None
    return "next match: %d players, %d points, %d game%s" % (
        keys.players,
        keys.target,
        keys.games,
        "" if keys.games == 1 else "s",
    )


def announce_result(keys, winner):
    match = keys.match
    line = "%s wins the game %d-%d" % (
        keys.side_names[winner],
        match.front[winner],
        min(match.front),
    )
    for side in range(match.sides()):
        if match.skunked(side):
            line += ", %s %s" % (keys.side_names[side], match.skunked(side))
    keys.say(line)
    if match.phase == MATCH_OVER:
        keys.say("%s wins the match" % keys.side_names[match.match_winner()])


def describe(keys):
    """One line for the console: what the board waits for now."""
    match = keys.match
    if match.phase is None:
        return "press # to start a match (A players, B target, C games)"
    return _PROMPTS.get(match.phase, "")


def cycle(choices, current):
    index = choices.index(current) if current in choices else -1
    return choices[(index + 1) % len(choices)]


def card(keys, card, now):
    """A card tapped on the web page, rank and suit at once: the starter at the cut, a
    card laid in the play, a card of the crib at its show. Refusals flash and are said as
    a key's are."""
    keys.overlay.echo_until = 0
    try:
        phase = keys.match.phase
        if phase == CUT:
            keys._apply((ev.STARTER, card))
        elif phase == PLAY:
            player = keys.side_names[keys.match.side_of(keys.match.play.turn)]
            count = keys.match.play.count + VALUES[card >> 2]
            heading = "%s lays %s, count %d" % (player, names([card]), count)
            keys._apply((ev.LAY, card >> 2, card & 3), heading)
        elif phase == SHOW and keys.match.show_seat() < 0 and len(keys.ranks) < 4:
            tap_crib(keys, card)
        else:
            raise RuleError("a card goes in at the cut, in the play or in the crib's show")
    except RuleError as error:
        keys.fail(str(error), now, True)  # a wrong tap costs nothing tapped before it
        return True
    keys._after(now)
    return True


def tap_crib(keys, card):
    if len(keys.crib_suits) != len(keys.ranks):
        raise RuleError("the crib was begun on the keys: key its ranks there")
    for rank, suit in keys.match.seen:
        if rank * 4 + suit == card:
            raise RuleError("%s was already seen this deal" % names([card]))
    for index in range(len(keys.ranks)):
        if keys.ranks[index] * 4 + keys.crib_suits[index] == card:
            raise RuleError("%s is in the crib already" % names([card]))
    keys.ranks.append(card >> 2)
    keys.crib_suits.append(card & 3)
    keys.say("crib: " + names([r * 4 + s for r, s in zip(keys.ranks, keys.crib_suits)]))
    keys._prepare()
