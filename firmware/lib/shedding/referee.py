# Referees a shedding game of the Mau-Mau family from what the players enter: each play, each
# draw, each penalty taken. It keeps whose turn it is, the pending penalty, lost turns, the
# active demand, how many cards each player holds, the stock and the pile, and who has
# finished. One engine; what the cards do comes from a ruleset (shedding/rules.py).
#
# Events are tuples of small ints, like cribbage's, so the same History and journal serve:
#   (NEW, game, players, start card, options, first seat)
#   (PLAY, seat, named rank or 255, named suit or 255, joker stands for or 255, card, ...)
#   (DRAW, seat, 1)  (PASS, seat)  (TAKE, seat)  (CALL, seat)  (CHALLENGE, seat, target)
# A refused event raises RuleError and changes nothing.
from cards import CARDS_IN_PACK, JOKER, RANK_CHARS, SUIT_CHARS, name
from micropython import const
from packing import Packer, Unpacker
from shedding.rules import BY_CODE, CALL_OR_FIRST, FOUR, JACK

NEW = const(1)
PLAY = const(2)
DRAW = const(3)
PASS = const(4)
TAKE = const(5)
CALL = const(6)
CHALLENGE = const(7)
NONE = const(255)
MAKAO_DRAW = const(5)


# What a table is: state() copies these, and a refused action puts them back.
_FIELDS = (
    "counts", "stock", "pile", "top", "turn", "penalty", "direction", "attacker", "fours",
    "demand_rank", "demander", "demand_suit", "lost", "drew", "wild", "finished", "called",
    "challengeable", "over",
)  # fmt: skip
_LISTS = ("counts", "pile", "lost", "finished", "called")
_FLAGS = ("drew", "wild", "over")  # True or False, like each item of "called"


class RuleError(ValueError):
    pass


class Referee:
    def __init__(self):
        self.rules = None
        self.challengeable = -1  # the seat left with one card, uncalled, open to challenge
        self.checkpoint_here = False  # a game just began: a place for a journal checkpoint

    # -- what is on the table ----------------------------------------------------------------

    def state(self):
        """Everything the players can see, as one comparable value."""
        if self.rules is None:
            return None
        values = [self.rules.code]
        for field in _FIELDS:
            value = getattr(self, field)
            values.append(tuple(value) if field in _LISTS else value)
        return tuple(values)

    # -- checkpoints: the whole table in one journal record -----------------------------------

    def snapshot(self):
        packer = Packer()
        if self.rules is None:
            packer.put(-1)
            return bytes(packer.data)
        for value in (self.rules.code, self.options, self.players, self.packs):
            packer.put(value)
        for field in _FIELDS:
            value = getattr(self, field)
            if field in _LISTS:
                packer.put_list(value)
            else:
                packer.put(value)
        return bytes(packer.data)

    def restore(self, data):
        """Takes the table a snapshot() packed; raises ValueError when it cannot be one."""
        unpacker = Unpacker(data)
        code = unpacker.get()
        if code >= 0:
            self.rules = BY_CODE[code]
            self.options = unpacker.get()
            self.players = unpacker.get()
            self.packs = unpacker.get()
            for field in _FIELDS:
                if field in _LISTS:
                    value = unpacker.get_list()
                    if field == "called":
                        value = [bool(v) for v in value]
                else:
                    value = unpacker.get()
                    if field in _FLAGS:
                        value = bool(value)
                setattr(self, field, value)
        unpacker.done()

    def compacted(self, event):
        """For a new game after another: the table the journal keeps in place of the old
        game's events (the old game as it ended), or None."""
        if event[0] != NEW or self.rules is None:
            return None
        return self

    def _restore(self, saved):
        for index in range(len(_FIELDS)):
            field = _FIELDS[index]
            value = saved[index + 1]
            setattr(self, field, list(value) if field in _LISTS else value)

    def pack_size(self):
        return self.packs * CARDS_IN_PACK + self.rules.jokers(self.options)

    def active(self):
        return [s for s in range(self.players) if s not in self.finished]

    def loser(self):
        if not self.over:
            return -1
        left = self.active()
        return left[0] if len(left) == 1 else -1

    # -- events --------------------------------------------------------------------------------

    def apply(self, event):
        code = event[0]
        self.checkpoint_here = False
        if code == NEW:
            self._new(event)
            self.checkpoint_here = True
            return
        if self.rules is None:
            raise RuleError("start a game first")
        if self.over:
            raise RuleError("the game is over")
        saved = self.state()
        try:
            self._dispatch(code, event)
        except (RuleError, IndexError, ValueError) as error:
            self._restore(saved)
            if isinstance(error, RuleError):
                raise
            raise RuleError("not a valid action: %r" % (event,)) from None

    def _dispatch(self, code, event):
        seat = event[1]
        if not 0 <= seat < self.players:
            raise RuleError("no seat %d at this table" % seat)
        if code == CALL:
            self._call(seat)
            return
        if code == CHALLENGE:
            self._challenge(seat, event[2])
            return
        if seat != self.turn:
            raise RuleError("it is seat %d's turn, not seat %d's" % (self.turn, seat))
        if self.challengeable >= 0 and seat != self.challengeable:
            self.challengeable = -1  # the next player acted: too late to challenge
        if code == PLAY:
            self._play(seat, list(event[5:]), event[2], event[3], event[4])
        elif code == DRAW:
            self._draw_instead(seat, event[2])
        elif code == PASS:
            if not self.drew:
                raise RuleError("play, or draw a card first")
            self._advance(seat)
        elif code == TAKE:
            self._take(seat)
        else:
            raise RuleError("unknown action %r" % (event,))
        self._check_end()

    def _new(self, event):
        if len(event) != 6:
            raise RuleError("a new game needs: game, players, start card, options, first seat")
        _, game, players, start, options, first = event
        rules = BY_CODE.get(game)
        if rules is None:
            raise RuleError("no game %r" % game)
        if players not in rules.players:
            raise RuleError("%s is for 2 to 6 players" % rules.name)
        if not 0 <= first < players:
            raise RuleError("no seat %d at this table" % first)
        if not 0 <= start <= JOKER:
            raise RuleError("not a card in this pack: %r" % start)
        if start == JOKER and not rules.jokers(options):
            raise RuleError("this game is played without jokers")
        why = rules.check_start(start)
        if why:
            raise RuleError(why)
        self.rules = rules
        self.options = options
        self.players = players
        self.packs = rules.packs(players, options)
        self.counts = [rules.hand_size] * players
        self.pile = [start]
        self.top = start
        self.stock = self.pack_size() - rules.hand_size * players - 1
        self.turn = first
        self.penalty = 0
        self.direction = 1
        self.attacker = -1
        self.fours = 0
        self.demand_rank = -1
        self.demander = -1
        self.demand_suit = -1
        self.lost = [0] * players
        self.drew = False
        self.wild = False
        self.finished = []
        self.called = [False] * players
        self.challengeable = -1
        self.over = False

    # -- turns -----------------------------------------------------------------------------

    def _next(self, seat, step=1):
        for _ in range(self.players):
            seat = (seat + step) % self.players
            if seat not in self.finished:
                return seat
        return seat

    def _advance(self, seat):
        """Passes the turn on from seat: over finished players, and over lost turns."""
        self.drew = False
        following = self._next(seat)
        for _ in range(sum(self.lost) + 2 * self.players + 1):
            if self.lost[following] > 0:
                self.lost[following] -= 1
                following = self._next(following)
                continue
            if not self.rules.finish_at_once and self.counts[following] == 0 and not self.penalty:
                # Latvian: the turn comes round to an empty hand with no penalty on it.
                self._finish(following)
                if self._game_ends():
                    break
                following = self._next(following)
                continue
            break
        self.turn = following
        self._end_demand_past(seat, following, 1)

    def _end_demand_past(self, seat, following, step):
        """A jack's demand lasts until play comes back to the demander's place, whether the
        demander is still playing or has gone out."""
        demander = self.demander
        if demander < 0 or not self.rules.rank_demand_lasts_round():
            return
        for _ in range(self.players):
            seat = (seat + step) % self.players
            if seat == demander:
                self.demand_rank = -1
                self.demander = -1
                return
            if seat == following:
                return

    def _finish(self, seat):
        if seat not in self.finished:
            self.finished.append(seat)

    def _game_ends(self):
        left = len(self.active())
        if left <= 1:
            return True
        if self.rules.finish_at_once and self.players >= 5 and len(self.finished) >= 3:
            return True
        if not self.rules.finish_at_once and self.options & CALL_OR_FIRST and self.finished:
            return True
        return False

    def _check_end(self):
        if self._game_ends():
            self.over = True

    # -- playing ---------------------------------------------------------------------------

    def _copies(self, card):
        return self.rules.jokers(self.options) if card == JOKER else self.packs

    def _play(self, seat, cards, named_rank, named_suit, stands_for):
        rules = self.rules
        if not cards:
            raise RuleError("lay at least one card")
        if self.drew and len(cards) > 1:
            # The one card drawn is the only one that may go down; the referee does not see
            # hands, but it knows a drawn turn lays one card.
            raise RuleError("after drawing, lay only the card drawn")
        if len(cards) > self.counts[seat]:
            raise RuleError("seat %d holds only %d cards" % (seat, self.counts[seat]))
        for card in cards:
            if not 0 <= card <= JOKER:
                raise RuleError("not a card: %r" % card)
            if card == JOKER and not rules.jokers(self.options):
                raise RuleError("this game is played without jokers")
            if self.pile.count(card) + cards.count(card) > self._copies(card):
                raise RuleError("%s is already in the pile" % name(card, False))
        named_rank = -1 if named_rank == NONE else named_rank
        named_suit = -1 if named_suit == NONE else named_suit
        effective = self._effective(cards, stands_for)
        leading_joker = rules.name == "latvian" and cards[0] == JOKER
        if rules.name == "latvian" and JOKER in cards[1:]:
            raise RuleError("a joker is laid only as the first card of a play")
        body = effective[1:] if leading_joker else effective
        if body:
            for card in body:
                if card >> 2 != body[0] >> 2:
                    raise RuleError("one rank at a time: %s" % _names(cards))
        first = effective[0]
        self._check_first(first, leading_joker, body)
        last = effective[-1]
        demand_rank, demand_suit, why = rules.demand(last, named_rank, named_suit, self.options)
        if why:
            raise RuleError(why)
        # Accepted: lay the cards.
        self.counts[seat] -= len(cards)
        self.called[seat] = self.called[seat] and self.counts[seat] == 1
        self.pile += cards
        self.top = last
        self.drew = False
        self.wild = leading_joker and not body
        if self.demand_suit >= 0:
            self.demand_suit = -1  # answered
        if last >> 2 == JACK and last != JOKER and rules.rank_demand_lasts_round():
            self.demand_rank, self.demander = demand_rank, (seat if demand_rank >= 0 else -1)
        if demand_suit >= 0:
            self.demand_suit = demand_suit
        at_once = 0
        for card in body:
            hit = rules.penalty(card)
            if hit:
                self.penalty += hit[0]
                self.direction = hit[1]
                self.attacker = seat
            if rules.skips_on_accept(card):
                self.fours += 1
            if rules.skips_at_once(card):
                at_once += 1
        if self.counts[seat] == 0 and (rules.finish_at_once or cards == [JOKER]):
            self._finish(seat)
        if self.counts[seat] == 1 and self.options & CALL_OR_FIRST and rules.name == "makao":
            self.challengeable = -1 if self.called[seat] else seat
        if self._game_ends():
            return
        if self.penalty and self.attacker == seat:
            # The war hits the next player in its direction who is not sitting out turns;
            # a player it passes over has sat out one of them.
            target = self._next(seat, self.direction)
            for _ in range(self.players):
                if target == seat or not self.lost[target]:
                    break
                self.lost[target] -= 1
                target = self._next(target, self.direction)
            self.turn = target
            self.drew = False
            self._end_demand_past(seat, target, self.direction)
            return
        if at_once:
            self.lost[self._next(seat)] += at_once
        self._advance(seat)

    def _effective(self, cards, stands_for):
        """The cards as the rules see them: a Makao joker is the card it was declared as."""
        if JOKER not in cards or self.rules.name != "makao":
            return cards
        if stands_for == NONE or not 0 <= stands_for < CARDS_IN_PACK:
            raise RuleError("say which card the joker stands for")
        return [stands_for if card == JOKER else card for card in cards]

    def _check_first(self, first, leading_joker, body):
        rules = self.rules
        top = self.top
        if self.fours:
            if leading_joker or any(card >> 2 != FOUR for card in body):
                raise RuleError("a 4 is pending: add a 4 or take the lost turns")
            return
        if self.penalty:
            if leading_joker or not rules.answers_penalty(top, first, self.options):
                raise RuleError(
                    "%d cards are pending: answer the %s or take them"
                    % (self.penalty, name(top, False))
                )
            return
        if leading_joker or self.wild:
            return
        if self.demand_suit >= 0:
            if first & 3 != self.demand_suit and not rules.suit_answer(first):
                raise RuleError("%s was demanded" % _suit_word(self.demand_suit))
            return
        if self.demand_rank >= 0:
            if first >> 2 != self.demand_rank and first >> 2 != JACK:
                raise RuleError("a %s was demanded" % RANK_CHARS[self.demand_rank])
            return
        if top == JOKER:
            return
        if first >> 2 != top >> 2 and first & 3 != top & 3:
            raise RuleError("%s does not match %s" % (name(first, False), name(top, False)))

    # -- drawing ---------------------------------------------------------------------------

    def _draw_cards(self, seat, wanted):
        got = 0
        for _ in range(wanted):
            if self.stock == 0 and len(self.pile) > 1:
                # The pile but its top card is shuffled into the stock.
                self.stock = len(self.pile) - 1
                self.pile = [self.pile[-1]]
            if self.stock == 0:
                break
            self.stock -= 1
            got += 1
        self.counts[seat] += got
        self.called[seat] = False
        if self.challengeable == seat:
            self.challengeable = -1
        return got

    def _draw_instead(self, seat, count):
        if self.penalty or self.fours:
            raise RuleError("a penalty is pending: answer it or take it")
        if count != 1:
            raise RuleError("draw one card at a time")
        if self.drew:
            raise RuleError("you have drawn: lay a card that fits, or pass")
        self._draw_cards(seat, 1)
        self.drew = True

    def _take(self, seat):
        if self.fours:
            self.lost[seat] += self.fours - 1  # this turn is the first one lost
            self.fours = 0
            self._advance(seat)
            return
        if not self.penalty:
            raise RuleError("nothing to take")
        self._draw_cards(seat, self.penalty)
        self.penalty = 0
        attacker = self.attacker
        self.attacker = -1
        if not self.rules.take_ends_turn:
            self.drew = False
            return  # Latvian: draw and play on
        # The game goes on after the last attacker; when the target was the attacker's
        # successor (or the war went forward, over players sitting out), that is past the
        # target, whose turn the drawing ended.
        if self._next(attacker) == seat or self.direction == 1:
            self._advance(seat)
        else:
            self._advance(attacker)

    # -- Makao calls -------------------------------------------------------------------------

    def _call(self, seat):
        if not (self.rules.name == "makao" and self.options & CALL_OR_FIRST):
            raise RuleError("no Makao call in this game")
        if self.counts[seat] != 1:
            raise RuleError("call Makao with one card left")
        self.called[seat] = True
        if self.challengeable == seat:
            self.challengeable = -1

    def _challenge(self, seat, target):
        if not (self.rules.name == "makao" and self.options & CALL_OR_FIRST):
            raise RuleError("no Makao call in this game")
        if target < 0 or target != self.challengeable or seat == target:
            raise RuleError(
                "nothing to challenge: seat %d called, or the next player acted" % target
            )
        self.challengeable = -1
        self._draw_cards(target, MAKAO_DRAW)

    # -- for the command line and the LEDs -------------------------------------------------------

    def demand_text(self):
        if self.demand_suit >= 0:
            return SUIT_CHARS[self.demand_suit]
        if self.demand_rank >= 0:
            return RANK_CHARS[self.demand_rank]
        return None


def _names(cards):
    return " ".join([name(card, False) for card in cards])


def _suit_word(suit):
    return ("a club", "a diamond", "a heart", "a spade")[suit]
