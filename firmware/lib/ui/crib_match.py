# Keys between games, said in words: the choices keyed before a match (A players, B
# target, C games; # starts it, in ui.crib_keys) and the line that says who won.
# ui.crib_keys loads this for each and drops it after: they run a few times a game.
from cribbage.game import MATCH_OVER
from ui.crib_keys import CHOICES


def setup_key(keys, name):
    """A key before a match; returns the line to say once the choices are kept, if they
    changed (they are kept with this module dropped: the settings' code loads then)."""
    if name == "A":
        keys.players = cycle(CHOICES[0], keys.players)
        if keys.players == 3 and keys.tracks < 3:
            keys.players = 4  # two tracks: 2 players, or 4 as two partnerships
    elif name == "B":
        keys.target = cycle(CHOICES[1], keys.target)
    elif name == "C":
        keys.games = cycle(CHOICES[2], keys.games)
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


def cycle(choices, current):
    index = choices.index(current) if current in choices else -1
    return choices[(index + 1) % len(choices)]
