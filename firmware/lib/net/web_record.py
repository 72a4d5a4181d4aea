# The match's record as the page shows it: the games so far and the matches kept, and the
# statistics per side. Loaded when the page first opens them, as the settings are
# (web_settings.py): the play view, which a phone shows most, reads neither.


def history(app):
    match = app.history.state if app.mode == 0 else None
    if match is None or match.phase is None:
        past = list(match.past_matches) if match is not None else []
        return {"match": None, "past_matches": past}
    return {
        "match": {
            "players": match.players,
            "target": match.target,
            "games": match.games,
            "games_played": match.games_played,
            "games_won": list(match.games_won),
            "winners": list(match.results),
            "played": [
                {
                    "winner": match.results[i],
                    "skunk": ("", "skunk", "double skunk")[match.game_marks[i] >> 2],
                    "first_dealer": match.side_of(match.game_marks[i] & 3),
                    "runner_up": match.runner_up[i],
                }
                for i in range(len(match.results))
            ],
            "skunk": match.skunk,
            "double_skunk": match.double_skunk,
        },
        "past_matches": [list(games) for games in match.past_matches],
    }


def stats(app):
    from cribbage import tally as tl

    match = app.history.state if app.mode == 0 else None
    problem = None
    try:
        last, totals = tl.read(app.store)
    except ValueError as error:
        last, totals, problem = 0, [0] * (tl.SIDES * tl.FIELDS), str(error)
    this = None
    if match is not None and match.phase is not None:
        this = [tl.figures(match.tally, side) for side in range(match.sides())]
        if match.match_number != last:  # summed in already when a cut hit a new match
            for index in range(len(totals)):
                totals[index] += match.tally[index]
    return {
        "match": this,
        "all": [tl.figures(totals, side) for side in range(tl.SIDES)],
        "problem": problem,
    }
