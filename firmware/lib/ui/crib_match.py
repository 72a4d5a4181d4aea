# Keys between games, said in words: a game's first words and the line that says who won;
# and `*` taking back a half-made entry's last key. ui.crib_keys loads this for each and
# drops it after: they run a few times a game.
from cards import RANK_CHARS
from cribbage import events as ev
from cribbage.game import MATCH_OVER


def announce_result(keys, winner):
    match = keys.match
    # The score beside the winner's is the best loser's (the game's runner-up): with three
    # players the other loser's is said by its skunk, if any.
    line = "%s wins the game %d-%d" % (
        keys.side_names[winner],
        match.front[winner],
        match.runner_up[-1],
    )
    for side in range(match.sides()):
        if match.skunked(side):
            line += ", %s %s" % (keys.side_names[side], match.skunked(side))
    keys.say(line)
    if match.phase == MATCH_OVER:
        keys.say("%s wins the match" % keys.side_names[match.match_winner()])
    elif match.games_played >= match.games:
        keys.say("%s: one more game decides the match" % _level(keys))


def _level(keys):
    """Who is level at the top, on how many games: "blue and orange level on 2 games"."""
    won = keys.match.games_won
    most = max(won)
    level = [keys.side_names[side] for side in range(len(won)) if won[side] == most]
    names = ", ".join(level[:-1]) + " and " + level[-1]
    return "%s level on %d game%s" % (names, most, "" if most == 1 else "s")


def announce_start(keys, dealer):
    """A game's first words: the match's choices and who deals first (named as the prompts
    name players)."""
    match = keys.match
    if match.games_played == 0:
        line = "new match: %d players, %d points, %d game%s; %s deals first" % (
            match.players,
            match.target,
            match.games,
            "" if match.games == 1 else "s",
            dealer,
        )
        if match.players == 4:
            line += " (the deal passes left, so the sides take turns)"
        keys.say(line)
        return
    if not match.flags & ev.LOSER_DEALS:
        why = "the deal passes on"
    elif match.sides() > 2:
        why = "the loser with the lowest score deals"
    else:
        why = "the loser deals"
    if match.games_played < match.games:
        game = "game %d of %d" % (match.games_played + 1, match.games)
    else:  # a tie at the top after the games set: one more decides it
        game = "game %d, an extra game (%s)" % (match.games_played + 1, _level(keys))
    keys.say("%s: %s deals first (%s)" % (game, dealer, why))


def take_back(keys):
    """`*` on a half-made entry: its last key goes, said on the console (the LEDs go back
    to what that key found: the sign, the digits). Here, loaded for it: it is rare."""
    if keys.digits >= 0:
        keyed = keys.points_keys
        if not keyed:
            keys._reset_entry()
            keys.say("taken back: D (points entry closed)")
            return
        keys._points_from(keyed[:-1])
        keys.say("taken back: " + keyed[-1])
    elif keys.starter_rank >= 0:
        keys.say("taken back: the starter's rank " + RANK_CHARS[keys.starter_rank])
        keys.starter_rank = -1
    elif keys.answers:
        question = max(keys.answers)  # asked in their order: the last has the highest
        yes = keys.answers.pop(question)
        keys.overlay.question = 0  # asked again (_after)
        keys.say("taken back: the answer " + ("yes" if yes else "no"))
    else:  # a rank of the crib (or of a hand the play did not show whole), in the show
        rank = keys.ranks.pop()
        if len(keys.crib_suits) > len(keys.ranks):
            keys.crib_suits.pop()
        keys.overlay.question = 0
        keys.say("taken back: the %s keyed" % RANK_CHARS[rank])


def say_dropped(keys):
    """Redo went on from the last entry redone, so the half-made entry goes: said, as a
    take-back is."""
    if keys.digits >= 0:
        keyed = " ".join(keys.points_keys)
        what = "D " + keyed if keyed else "D"
    elif keys.starter_rank >= 0:
        what = "the starter's rank " + RANK_CHARS[keys.starter_rank]
    elif keys.ranks:
        what = "the ranks keyed (%s)" % " ".join([RANK_CHARS[r] for r in keys.ranks])
        if keys.answers:
            what += " and the answers"
    else:
        what = "the answers keyed"
    keys.say("dropped: %s (redo goes on from the entry redone)" % what)
