# What each key means while the board referees Makao or the Latvian game.
#
#   1..9 0 A B C  rank of a card (A 2..9 T J Q K), then 1 2 3 4 for its suit; D a joker
#   #             lay the keyed cards; with none keyed: take the penalty (or the lost turns),
#                 or pass after drawing
#   hold #        draw a card
#   * / hold *    clear the keyed cards, else undo / redo
#   hold B        "Makao!" from the player left with one card
#   hold C        challenge a player who did not call Makao
#   A (no game)   number of players; then key the start card to begin
# After a jack (Makao) the board asks for the rank demanded, after an ace (Makao) or a queen
# (Latvian) for the suit: key it, or # for none.
from cards import JOKER, RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS, name
from shedding import referee as rf
from shedding.rules import ACE, CALL_OR_FIRST, JACK, QUEEN, RULESETS
from storage.history import NothingToUndo
from ui import RANK_KEYS, SUIT_KEYS

# Cards of one rank in one play: four of a pack, two packs, and jokers to spare.
_MOST_IN_A_PLAY = 12
ASK_RANK = 1
ASK_SUIT = 2


class SheddingKeys:
    def __init__(self, game, history, overlay, say):
        self.rules = RULESETS[game]
        self.history = history
        self.overlay = overlay
        self.say = say
        self.players = self._players_of_game()  # for the next game: A changes it
        self._clear()

    def _clear(self):
        self.keyed = []  # cards keyed for the next play
        self.rank = -1  # a rank keyed, waiting for its suit
        self.asking = 0  # ASK_RANK or ASK_SUIT after the cards, before they are laid

    @property
    def referee(self):
        return self.history.state

    def entry(self):
        """The half-made entry as bytes, saved with the game (History.note_entry): the
        players chosen (when not the game's own count), the rank keyed plus one, what is
        asked, the cards keyed. b"" when none."""
        if not self.keyed and self.rank < 0 and not self.asking:
            if self.players == self._players_of_game():
                return b""
        return bytes([self.players, self.rank + 1, self.asking] + self.keyed)

    def _players_of_game(self):
        counts = self.referee.counts if self.referee.rules is not None else ()
        return len(counts) if counts else 2

    def key(self, name_, long, now):
        """Handles one key press. A key refused (by these keys or by the rules) flashes the
        error and says why, and changes nothing: not even the cards half keyed."""
        kept = (list(self.keyed), self.rank, self.asking, self.players)
        try:
            self._key(name_, long)
        except (rf.RuleError, NothingToUndo) as error:
            self.keyed[:] = kept[0]
            self.rank, self.asking, self.players = kept[1], kept[2], kept[3]
            self.overlay.flash_error(now)
            self.say("error: " + str(error))
        self.overlay.save_failed = self.history.save_error is not None
        return True

    def _key(self, key, long):
        referee = self.referee
        if key == "*":
            if self.keyed or self.rank >= 0 or self.asking:
                self._clear()
                self.say("cards cleared")
            else:
                self.say(self.history.step(long))  # hold * to redo
            return
        if referee.rules is None or referee.over:
            self._setup_key(key)
            return
        seat = referee.turn
        if self.asking:
            self._answer(key)
        elif self.rank >= 0 and (long or key not in SUIT_KEYS):
            raise rf.RuleError(_suit_awaited("the " + RANK_CHARS[self.rank], key, long))
        elif long and key == "#":
            if self.keyed:
                raise rf.RuleError("hold # draws, but cards are keyed: # lays them, * clears")
            self._apply((rf.DRAW, seat, 1))
        elif long and key in "BC" and not self._calls():
            raise rf.RuleError("hold %s does nothing in this game: it has no Makao call" % key)
        elif long and key == "B":
            seat = referee.challengeable if referee.challengeable >= 0 else seat
            self._apply((rf.CALL, seat), True)
        elif long and key == "C":
            if referee.challengeable < 0:
                raise rf.RuleError("nobody to challenge: no one is left with one card uncalled")
            self._apply((rf.CHALLENGE, seat, referee.challengeable), True)
        elif key == "#":
            self._lay_or_take(seat)
        elif self.rank >= 0:  # a suit (the branch above refused anything else)
            self._room_for_a_card(seat)
            self.keyed.append(self.rank * 4 + SUIT_KEYS.index(key))
            self.rank = -1
            self.say("keyed: %s; # lays, or key another card; * clears" % _names(self.keyed))
        elif key == "D":
            self._room_for_a_card(seat)
            self.keyed.append(JOKER)
            self.say("keyed: %s; # lays, or key another card; * clears" % _names(self.keyed))
        elif key in RANK_KEYS:
            self.rank = RANK_KEYS.index(key)
            self.say("%s: its suit? %s" % (RANK_CHARS[self.rank], _SUITS))

    def _room_for_a_card(self, seat):
        # A play is at most the cards its player holds: the entry saved with the game
        # (one journal record) stays small whatever is keyed.
        held = self.referee.counts[seat]
        if len(self.keyed) >= _MOST_IN_A_PLAY:
            raise rf.RuleError("a play is one rank: 12 cards at most; * clears the cards keyed")
        if len(self.keyed) >= held:
            raise rf.RuleError(
                "player %d holds %d card%s: * clears the cards keyed"
                % (seat + 1, held, "" if held == 1 else "s")
            )

    def _setup_key(self, key):
        if self.rank >= 0:
            if key not in SUIT_KEYS:
                raise rf.RuleError(_suit_awaited("the start card " + RANK_CHARS[self.rank], key))
            self._start(self.rank * 4 + SUIT_KEYS.index(key))
        elif key == "A":
            self.players = self.players % 6 + 1 if self.players < 6 else 2
            self.say("%s for %d players: key the start card" % (self.rules.name, self.players))
        elif key == "D":
            self._start(JOKER)  # the rules refuse it in a game without jokers
        elif key in RANK_KEYS:
            self.rank = RANK_KEYS.index(key)
            self.say("start card %s: its suit? %s" % (RANK_CHARS[self.rank], _SUITS))
        else:
            raise rf.RuleError(
                "%s does nothing before a game: A for players (%d), then key the start card"
                "%s" % (key, self.players, ", or D for a joker" if self._jokers() else "")
            )

    def _start(self, card):
        options = self.rules.default_options
        self._apply((rf.NEW, self.rules.code, self.players, card, options, 0))

    def _jokers(self):
        return self.rules.jokers(self.rules.default_options)

    def _lay_or_take(self, seat):
        referee = self.referee
        if not self.keyed:
            if referee.penalty or referee.fours:
                self._apply((rf.TAKE, seat))
            elif referee.drew:
                self._apply((rf.PASS, seat))
            else:
                raise rf.RuleError("key the cards first, or hold # to draw")
            return
        last = self.keyed[-1]
        if last != JOKER and self._names_rank(last):
            self.asking = ASK_RANK
            self.say("demand a rank? key it, or # for none")
        elif last != JOKER and self._names_suit(last):
            self.asking = ASK_SUIT
            self.say(
                "name a suit: 1 clubs 2 diamonds 3 hearts 4 spades%s"
                % ("" if self.rules.name == "latvian" else ", or # for none")
            )
        else:
            self._lay(rf.NONE, rf.NONE)

    def _calls(self):
        return self.rules.name == "makao" and self.referee.options & CALL_OR_FIRST

    def _names_rank(self, card):
        return self.rules.name == "makao" and card >> 2 == JACK

    def _names_suit(self, card):
        rank = card >> 2
        return (self.rules.name == "makao" and rank == ACE) or (
            self.rules.name == "latvian" and rank == QUEEN
        )

    def _answer(self, key):
        if key == "#" and (self.asking == ASK_RANK or self.rules.name != "latvian"):
            self._lay(rf.NONE, rf.NONE)
        elif self.asking == ASK_RANK and key in RANK_KEYS:
            self._lay(RANK_KEYS.index(key), rf.NONE)
        elif self.asking == ASK_SUIT and key in SUIT_KEYS:
            self._lay(rf.NONE, SUIT_KEYS.index(key))
        elif self.asking == ASK_RANK:
            raise rf.RuleError("demand a rank: its key, or # for none; * clears the cards")
        else:
            raise rf.RuleError(
                "name a suit: 1 clubs 2 diamonds 3 hearts 4 spades%s; * clears the cards"
                % ("" if self.rules.name == "latvian" else ", or # for none")
            )

    def _lay(self, rank, suit):
        cards = tuple(self.keyed)
        seat = self.referee.turn
        self._clear()
        self._apply((rf.PLAY, seat, rank, suit, rf.NONE) + cards)

    def _apply(self, event, keep_entry=False):
        """Applies and saves an event; the cards keyed go with it, but for a call or a
        challenge, which lays none."""
        if not keep_entry:
            self._clear()
        before = len(self.referee.finished) if self.referee.rules else 0
        self.history.apply(event)
        referee = self.referee
        self.say(self.describe_table())
        if referee.rules and len(referee.finished) > before:
            self.say(
                "player %d is out, %s" % (referee.finished[-1] + 1, _place(len(referee.finished)))
            )
        if referee.over:
            loser = referee.loser()
            self.say("game over" + (": player %d loses" % (loser + 1) if loser >= 0 else ""))
        if self.history.save_error is not None:
            self.say("saving failed (%s): the game goes on in memory" % self.history.save_error)

    def describe_table(self):
        referee = self.referee
        if referee.rules is None:
            return "%s: A for players (%d), then key the start card" % (
                self.rules.name,
                self.players,
            )
        top = "JOKER" if referee.top == JOKER else name(referee.top)
        line = "player %d to play on %s; cards %s" % (
            referee.turn + 1,
            top,
            " ".join([str(c) for c in referee.counts]),
        )
        if referee.penalty:
            line += "; %d to take" % referee.penalty
        if referee.fours:
            line += "; %d turn%s to lose" % (referee.fours, "" if referee.fours == 1 else "s")
        demand = referee.demand_text()
        if demand:
            # A suit as the cards name it everywhere else (♣ ♦ ♥ ♠), a rank as its letter.
            line += "; %s demanded" % (
                SUIT_SYMBOLS[SUIT_CHARS.index(demand)] if demand in "CDHS" else demand
            )
        return line

    def settle(self):
        """Nothing here waits for the board to be idle (see CribbageKeys.settle)."""

    def ready(self, now):
        self.overlay.question = 0
        self.overlay.preview_side = -1
        self.say(self.describe_table())

    def describe(self):
        return self.describe_table()


_SUITS = "1 clubs 2 diamonds 3 hearts 4 spades"


def _suit_awaited(card, key, long=False):
    return "%s keyed waits for its suit: %s, not %s%s; * clears it" % (
        card,
        _SUITS,
        "hold " if long else "",
        key,
    )


def _names(cards):
    return " ".join(["JOKER" if c == JOKER else name(c) for c in cards])


def _place(number):
    return ("first", "second", "third", "fourth", "fifth")[number - 1] if number <= 5 else "out"
