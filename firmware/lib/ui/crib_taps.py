# Cards tapped on the web page, rank and suit at once. Only a board with PSRAM serves the
# page, so ui.crib_keys loads this for each tap and drops it after: on a small board its
# code never takes RAM, and the code between games (ui.crib_match) loads without it.
from cards import VALUES, names
from cribbage import events as ev
from cribbage.game import CUT, PLAY, SHOW, RuleError
from ui import crib_show


def card(keys, card, now):
    """A card tapped on the web page, rank and suit at once: the starter at the cut, a
    card laid in the play, a card of the crib at its show. Refusals flash and are said as
    a key's are."""
    keys.overlay.echo_until = 0
    try:
        phase = keys.match.phase
        if phase == CUT:
            keys.apply((ev.STARTER, card))
        elif phase == PLAY:
            player = keys.side_names[keys.match.side_of(keys.match.play.turn)]
            count = keys.match.play.count + VALUES[card >> 2]
            heading = "%s lays %s, count %d" % (player, names([card]), count)
            keys.apply((ev.LAY, card >> 2, card & 3), heading)
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
    crib_show.prepare(keys)
