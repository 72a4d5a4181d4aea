# The next match's choices, keyed before it: A players, B target, C games (# starts it, in
# ui.crib_keys).


def choose(keys, name, choices):
    """A, B or C: the next of its `choices` (ui.crib_keys.CHOICES, handed in: this module
    imports nothing of the keys that run it); returns the line to say once the choices are
    kept (they are kept with this module dropped), or None for another key."""
    if name == "A":
        keys.players = _next(choices[0], keys.players)
        if keys.players == 3 and keys.tracks < 3:
            keys.players = 4  # two tracks: 2 players, or 4 as two partnerships
    elif name == "B":
        keys.target = _next(choices[1], keys.target)
    elif name == "C":
        keys.games = _next(choices[2], keys.games)
    else:
        return None
    return "next match: %d players, %d points, %d game%s" % (
        keys.players,
        keys.target,
        keys.games,
        "" if keys.games == 1 else "s",
    )


def _next(choices, current):
    index = choices.index(current) if current in choices else -1
    return choices[(index + 1) % len(choices)]
