# A shedding game on the LEDs. The 120 holes are shared out among the players, in seat
# order along blue's track and then orange's: each player's part shows the cards they hold
# (one dim LED per card), a bright first LED when it is their turn, faint LEDs at its far
# end for turns they will lose, and, once they are out, their finishing place (1, 2, 3 LEDs
# in white). The loser's part glows vermillion. The status line shows the mode, a pending
# penalty (white, tens and units), lost turns waiting in a chain of 4s (pale yellow), a
# demanded rank (its number, in the mode's colour) or suit (one LED: clubs, diamonds,
# hearts, spades, left to right, in the games-tally place).
from board import frame
from board import render as rd
from cards import JOKER

SEAT_COLOURS = (0, 1, 2, rd.MODE_CRIBBAGE, rd.MODE_MAKAO, rd.MODE_LATVIAN)
_RANK_NUMBERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


def draw_base(renderer, layout, referee, mode_colour):
    renderer.span_count = 0
    leds = renderer.leds
    entries = renderer.entries
    if renderer.background_key != mode_colour:
        renderer.begin_background()
        renderer.light(layout.mode_led, mode_colour, rd.DIM)
        renderer.end_background()
        renderer.background_key = mode_colour
    n = 0
    if referee.rules is None:
        return n
    players = referee.players
    holes = layout.track_leds
    share = len(holes) // players
    loser = referee.loser()
    for seat in range(players):
        colour = SEAT_COLOURS[seat]
        first = seat * share
        if seat in referee.finished:
            for i in range(referee.finished.index(seat) + 1):
                leds[n] = holes[first + i]
                entries[n] = rd.WHITE * 3 + rd.DIM
                n += 1
            continue
        if seat == loser:
            for i in range(share):
                leds[n] = holes[first + i]
                entries[n] = rd.ERROR * 3 + rd.DIM
                n += 1
            continue
        shown = min(referee.counts[seat], share - 2)
        for i in range(shown):
            leds[n] = holes[first + 1 + i]
            entries[n] = colour * 3 + rd.DIM
            n += 1
        if seat == referee.turn and not referee.over:
            leds[n] = holes[first]
            entries[n] = colour * 3 + rd.FULL
            n += 1
        for i in range(min(referee.lost[seat], 3)):
            leds[n] = holes[first + share - 1 - i]
            entries[n] = rd.WHITE * 3 + rd.FAINT
            n += 1
    if referee.penalty:
        renderer.show_number(0, layout.tens_led, rd.WHITE * 3 + rd.DIM, referee.penalty)
    elif referee.fours:
        renderer.show_number(0, layout.tens_led, (rd.PALE_0 + 2) * 3 + rd.DIM, referee.fours)
    elif referee.demand_rank >= 0:
        renderer.show_number(
            0, layout.tens_led, mode_colour * 3 + rd.DIM, _RANK_NUMBERS[referee.demand_rank]
        )
    if referee.demand_suit >= 0:
        leds[n] = layout.tally_led + referee.demand_suit
        entries[n] = rd.WHITE * 3 + rd.FULL
        n += 1
    if referee.top == JOKER and referee.wild:
        leds[n] = layout.tally_led + 4  # anything may be laid
        entries[n] = rd.WHITE * 3 + rd.DIM
        n += 1
    return n


def draw(renderer, layout, referee, overlay, version, mode_colour):
    """The shedding-game frame (see frame.draw)."""
    return frame.draw(renderer, layout, referee, overlay, version, draw_base, mode_colour)
