"""A round's pairing: nobody meets the same opponent twice in a night while another pairing
of the round avoids it (an exhaustive search, the cheapest repeats first when none does); the
bye to the lowest-placed player who has not had one."""


def pair_round(ranked, met, had_bye):
    """(tables [(a, b)], the bye or None) for players in standing order: the fewest repeated
    opponents there can be (none while a pairing avoids them), each player with the nearest
    in the standings it may meet; the bye to the lowest placed without one."""
    candidates = [None]
    if len(ranked) % 2:
        without = [p for p in reversed(ranked) if p not in had_bye]
        candidates = without + [p for p in reversed(ranked) if p in had_bye]
    for repeats in range(len(ranked) // 2 + 1):
        for bye in candidates:
            players = tuple(p for p in ranked if p != bye)
            tables = _match(players, met, repeats, set())
            if tables is not None:
                return tables, bye
    raise AssertionError("unreachable: every pairing is allowed once repeats are")


def _match(players, met, repeats, failed):
    """Tables for players (in order) with at most `repeats` pairs that met already, or None;
    failed: the (players, repeats) already found to have none."""
    if not players:
        return []
    if (players, repeats) in failed:
        return None
    first, rest = players[0], players[1:]
    for index in range(len(rest)):
        partner = rest[index]
        cost = frozenset((first, partner)) in met
        if cost > repeats:
            continue
        found = _match(rest[:index] + rest[index + 1 :], met, repeats - cost, failed)
        if found is not None:
            return [(first, partner)] + found
    failed.add((players, repeats))
    return None
