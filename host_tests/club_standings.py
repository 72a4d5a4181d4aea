"""The American Cribbage Congress's standings, recomputed game by game: the club's tests'
independent account of them."""


def expected_standings(games, byes, players):
    """The American Cribbage Congress's game points, recomputed here game by game: 2 a win,
    3 a win by a skunk (the loser under 91), 0 a loss; spread: 121 less the loser's score,
    plus to the winner, minus to the loser; a bye 2 points and a game won."""
    points = {p: 0 for p in players}
    won = {p: 0 for p in players}
    spread = {p: 0 for p in players}
    played = {p: 0 for p in players}
    for a, b, score_a, score_b in games:
        if score_a == 121:
            winner, loser, loser_score = a, b, score_b
        else:
            winner, loser, loser_score = b, a, score_a
        points[winner] += 3 if loser_score <= 90 else 2
        won[winner] += 1
        spread[winner] += 121 - loser_score
        spread[loser] += loser_score - 121
        played[a] += 1
        played[b] += 1
    for name in byes:
        points[name] += 2
        won[name] += 1
    order = sorted(players, key=lambda p: (-points[p], -won[p], -spread[p], p))
    return [(i + 1, p, points[p], won[p], spread[p], played[p]) for i, p in enumerate(order)]
