# A whole Makao or Latvian game as keys, chosen from the referee's own answers: every kind of
# move a table makes (draw, pass, take a penalty, demand a rank or a suit, a joker, call
# Makao, challenge an uncalled Makao) and then plain cards that fit until the game is over.
# Recorded on one board (key by key), replayed on another (the page's buttons) and compared.
from ui import RANK_KEYS, SUIT_KEYS

# Ranks (index) that ask nothing of the next player in each game: 5 to 10 in Makao; 2 to 5,
# 8 to J in the Latvian game.
PLAIN = {"makao": (4, 5, 6, 7, 8, 9), "latvian": (1, 2, 3, 4, 7, 8, 9, 10)}
OPENINGS = {
    # 3 players, the 9 of clubs starts; P1 draws and passes; P2 lays the 2 of clubs; P3 takes
    # the 2 cards; P1 lays the jack of clubs and demands 8s; 8s follow; the ace of hearts
    # names hearts.
    "makao": "A 9 1 hold:# # 2 1 # # A 1 # 8 8 1 # 8 2 # 8 3 # 1 3 # 3",
    # 3 players, the 9 of clubs starts; P1 draws and passes; P2 lays a joker; P3 lays the
    # queen of clubs and names spades.
    "latvian": "A 9 1 hold:# # D # B 1 # 4",
}


def play(rig, game, limit=300):
    """Presses a whole game's keys on `rig` (its press(name, hold_ms)); returns them as the
    tokens pressed ("5", "hold:#")."""
    pressed = []

    def press(token):
        pressed.append(token)
        if token.startswith("hold:"):
            rig.press(token[5:], 800)
        else:
            rig.press(token)

    for token in OPENINGS[game].split():
        press(token)
    referee = rig.app.history.state
    challenged = False
    for step in range(limit):
        if referee.over:
            return pressed
        seat = referee.turn
        if referee.penalty or referee.fours or referee.counts[seat] == 0:
            press("#")  # take it, or a player out passes the turn
            continue
        if game == "makao" and referee.challengeable >= 0 and not challenged:
            target = referee.challengeable  # went to one card without calling Makao
            before = referee.counts[target]
            press("hold:C")
            assert referee.counts[target] > before, "the challenge was refused"
            challenged = True
            continue
        top = referee.pile[-1]
        fits = []
        for rank in PLAIN[game]:
            for suit in range(4):
                if referee.demand_suit >= 0:
                    fitting = suit == referee.demand_suit
                elif referee.demand_rank >= 0:
                    fitting = rank == referee.demand_rank
                else:
                    fitting = top >= 52 or rank == top >> 2 or suit == top & 3  # on a joker: any
                if fitting and rank * 4 + suit not in referee.pile:
                    fits.append(rank * 4 + suit)
        if not fits:
            press("hold:#")  # draw
            if referee.turn == seat and referee.drew:
                press("#")  # and pass
            continue
        card = fits[step % len(fits)]
        for token in (RANK_KEYS[card >> 2], SUIT_KEYS[card & 3], "#"):
            press(token)
        if game == "makao" and referee.counts[seat] == 1 and challenged:
            press("hold:B")  # Makao! (the first time it is left uncalled, to be challenged)
    raise AssertionError("the game did not end in %d moves" % limit)
