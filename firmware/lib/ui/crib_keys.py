# What each key means during a cribbage match, and the events it turns into.
#
#   1..9 0 A B C   ranks A..9 T J Q K (the play: one key per card; the show: the crib)
#   #              OK: go in the play, yes to a question, confirm points, next game
#   0              no, to a question
#   1 2 3 4        clubs, diamonds, hearts, spades when the starter's suit is asked
#   D              count points instead of cards (digits, then #)
#   * / hold *     undo / redo
#   hold #         end the play early; after a show entered in points: muggins
#   A B C (setup)  players, target, games before a match;  # starts it
import rarely
from board import signs
from board.overlay import HAND_29, WIN
from cards import RANK_CHARS, VALUES
from cribbage import events as ev
from cribbage.game import CUT, GAME_OVER, MATCH_OVER, PLAY, SHOW, RuleError
from history import NothingToUndo
from ui import suits as sq

RANK_KEYS = "1234567890ABC"  # index = rank: A 2 .. 9 T J Q K
SUIT_KEYS = "1234"
# What A, B and C cycle through before a match: players, target, games. One name, not
# three: each name at a module's level is a slot of a table its loading allocates.
CHOICES = ((2, 3, 4), (121, 61, 62), (1, 3, 5, 7, 9))
ALL_OPTIONS = ev.END_EARLY | ev.SKUNK_COUNTS_DOUBLE | ev.LOSER_DEALS | ev.MUGGINS_ON
# Lists refilled, not made, at each key: one board, one show and one event at a time.
_HAND_RANKS = [0, 0, 0, 0]  # the ranks of the hand being shown (_show_ranks)
_SCORES = [0, 0, 0]  # each side's score as the items of one event are said


class CribbageKeys:
    def __init__(self, history, overlay, say, side_names, tracks=2, choices=b"", remember=None):
        self.tracks = tracks  # three players need a third track on the board
        self.history = history
        self.overlay = overlay
        self.say = say
        self.side_names = side_names
        self.remember = remember  # called with the choices whenever A, B or C changes one
        self.players = 2
        self.target = 121
        self.games = 1
        self.flags = ev.LOSER_DEALS  # the match options (events.py), set on the web page
        # Choices saved by an earlier boot (players, target, games[, options]), when they fit.
        if len(choices) >= 3 and choices[0] in CHOICES[0] and choices[1] in CHOICES[1]:
            if choices[2] in CHOICES[2] and (choices[0] != 3 or tracks >= 3):
                self.players, self.target, self.games = choices[0], choices[1], choices[2]
                if len(choices) > 3:
                    self.flags = choices[3] & ALL_OPTIONS
        self.ranks = []  # the crib's ranks keyed so far
        self.crib_suits = []  # their suits, when the crib's cards were tapped on the web page
        self.answers = {}  # the show's questions answered so far
        # The last show (cards, starter, crib, suits known, side, score before), itemised
        # once its key is painted (settle); and the next show's question, said after it.
        self.unsaid = None
        self.unsaid_question = 0
        self.unsaid_result = -1  # the winner of a game the last key ended, said after it
        self._reset_entry()

    def _reset_entry(self):
        self.digits = -1  # points being keyed, -1 when not in points entry
        self.peg_side = -1
        self.starter_rank = -1
        self.ranks.clear()  # emptied, not replaced: every key passes here
        self.crib_suits.clear()
        self.answers.clear()
        self.overlay.question = 0
        self.overlay.preview_side = -1
        self.overlay.preview_points = 0

    @property
    def match(self):
        return self.history.state

    # -- keys ------------------------------------------------------------------------------

    def key(self, name, long, now):
        """Handles one key press; returns True when anything visible changed."""
        self.settle()  # the last show's words before this key's
        self.overlay.echo_until = 0  # the next key ends the echo of the last
        try:
            if name == "*" and self._entry_pending():
                self._reset_entry()  # a half-keyed entry goes first, the history stays
                self.say("entry cleared")
            elif name == "*":
                self._reset_entry()
                self._step(long)  # hold * to redo
            elif name == "D":
                self._toggle_points()
            elif self.digits >= 0:
                self._points_key(name)
            else:
                self._phase_key(name, long)
        except (RuleError, NothingToUndo) as error:
            self.fail(str(error), now)
            return True
        self._after(now)
        return True

    def card(self, card, now):
        """A card tapped on the web page (see ui.crib_taps.card)."""
        self.settle()
        return rarely.run("ui.crib_taps", "card", self, card, now)

    def settle(self):
        """What the last key left to say, once it is painted (App.settle): a show itemised
        (said on the console and counted out on the LEDs item by item; the rules scored it
        in the key, its items are the costliest part of a show's key, and the pegs need only
        the total), who won a game it ended, and the next question. The words' code is
        loaded for them and dropped after."""
        shown = self.unsaid
        if shown is not None:
            self.unsaid = None
            cards, starter, crib, known, side, before = shown
            totals = rarely.run(
                "cribbage.show_items", "say_items", cards, starter, crib, known, self.say
            )
            if totals:
                self.overlay.count_out(side, before, totals, self.overlay.now)
        if self.unsaid_result >= 0:
            winner = self.unsaid_result
            self.unsaid_result = -1
            _between("announce_result", self, winner)
        if self.unsaid_question:
            self.say(_QUESTIONS[self.unsaid_question])
            self.unsaid_question = 0

    def _step(self, forward):
        """Undo (or redo, held): the pegs move back (or on), the console names the entry."""
        if forward:
            if not len(self.history.undone):
                raise NothingToUndo("nothing to redo")
            what = self._entry_words(self.history.undone.last())
            self.history.redo()
            self.say("redone: " + what)
        else:
            self.history.undo()
            self.say("undone: " + self._entry_words(self.history.undone.last()))

    def _entry_words(self, event):
        # Said with the match as it stands before the entry: whose turn or show it was.
        match = self.match
        code = event[0]
        if code == ev.LAY or code == ev.GO:
            seat = match.play.turn
            name = self.side_names[match.side_of(seat)]
            return "%s's %s" % (name, RANK_CHARS[event[1]] if code == ev.LAY else "go")
        if code == ev.SHOW_CARDS or code == ev.SHOW_POINTS:
            seat = match.show_seat()
            if seat < 0:
                return "the crib"
            return "%s's hand" % self.side_names[match.side_of(seat)]
        if code == ev.PEGGED:
            return "%d points pegged by %s" % (event[2], self.side_names[event[1]])
        return _ENTRY_NAMES.get(code, "the last entry")

    def _entry_pending(self):
        return self.digits >= 0 or self.starter_rank >= 0 or (self.ranks and len(self.ranks) < 4)

    def fail(self, why, now, keep_entry=False):
        if not keep_entry:
            self._reset_entry()
        self.overlay.flash_error(now)
        self.say("error: " + why)

    def _phase_key(self, name, long):
        phase = self.match.phase
        if phase is None or phase == MATCH_OVER:
            if name == "#":  # a new match: here, not with the choices, to load no code for it
                self._apply(ev.new_match(self.players, self.target, self.games, 0, self.flags))
                return
            chosen = _between("setup_key", self, name)
            if chosen:
                self.remember_choices()
                self.say(chosen)
        elif phase == GAME_OVER:
            if name == "#":
                self._apply((ev.NEXT_GAME,))
        elif phase == CUT:
            self._cut_key(name)
        elif phase == PLAY:
            player = self.side_names[self.match.side_of(self.match.play.turn)]
            if name == "#":
                # In a deal counted in points the players peg the play themselves: # ends it.
                points_deal = self.match.starter == ev.NO_CARD and self.match.play.count == 0
                done = long or points_deal
                self._apply(
                    (ev.PLAY_DONE,) if done else (ev.GO,), None if done else player + ": go"
                )
                if self.match.phase != PLAY:
                    self.say("the play is over: the show")
            elif name in RANK_KEYS:
                rank = RANK_KEYS.index(name)
                count = self.match.play.count + VALUES[rank]
                heading = "%s lays %s, count %d" % (player, RANK_CHARS[rank], count)
                self._apply((ev.LAY, rank, ev.UNKNOWN_SUIT), heading)
        elif phase == SHOW:
            self._show_key(name, long)

    def choices(self):
        """The next match's players, target, games and options, as kept on flash."""
        return bytes([self.players, self.target, self.games, self.flags])

    def remember_choices(self):
        if self.remember is not None:
            self.remember(self.choices())

    def _cut_key(self, name):
        if self.starter_rank < 0:
            if name == "#":
                self._apply((ev.STARTER, ev.NO_CARD))  # the players count for themselves
            elif name in RANK_KEYS:
                self.starter_rank = RANK_KEYS.index(name)
                self.overlay.show_number(self.starter_rank + 1, self.overlay.now)
                self.say(
                    "starter %s: its suit? 1 clubs 2 diamonds 3 hearts 4 spades"
                    % RANK_CHARS[self.starter_rank]
                )
        elif name in SUIT_KEYS:
            card = self.starter_rank * 4 + SUIT_KEYS.index(name)
            self.starter_rank = -1
            self._apply((ev.STARTER, card))
            self.overlay.show_number(SUIT_KEYS.index(name) + 1, self.overlay.now)

    # -- the show --------------------------------------------------------------------------

    def _show_ranks(self):
        """The ranks of the hand being shown when the board knows them all (in one list
        refilled: every key of the show asks), else the crib's ranks keyed so far."""
        seat = self.match.show_seat()
        if seat >= 0 and len(self.match.laid_by[seat]) == 4:
            ranks = _HAND_RANKS
            laid = self.match.laid_by[seat]
            for i in range(4):
                ranks[i] = laid[i][0]
            return ranks
        return self.ranks

    def _show_key(self, name, long):
        match = self.match
        if long and name == "#":  # muggins: the next side claims what the show missed
            self._apply((ev.MUGGINS, (match.missed_by + 1) % match.sides()))
            return
        if match.starter == ev.NO_CARD:
            raise RuleError("the starter was not entered: press D and key the points")
        if len(self._show_ranks()) < 4:
            if name in RANK_KEYS:
                rank = RANK_KEYS.index(name)
                self._check_rank_left(rank)
                self.ranks.append(rank)
                self.overlay.show_number(rank + 1, self.overlay.now)
                self.say("crib: " + " ".join([RANK_CHARS[r] for r in self.ranks]))
                self._prepare()
            return
        question = self.overlay.question
        if question == sq.CONFIRM:
            if name == "#":
                self._count_show()
            return
        if name not in "#0":
            return
        self.answers[question] = name == "#"
        self._prepare()
        if self.overlay.question == sq.CONFIRM:
            self._count_show()  # the last answer was the confirmation

    def _known_cards(self):
        """The four cards being shown, suits and all, when every suit was seen (tapped on the
        web page): nothing to ask. None otherwise."""
        seat = self.match.show_seat()
        if seat < 0:
            if len(self.crib_suits) != 4:
                return None
            return [self.ranks[i] * 4 + self.crib_suits[i] for i in range(4)]
        laid = self.match.laid_by[seat]
        if len(laid) != 4:
            return None
        for _, suit in laid:
            if suit == ev.UNKNOWN_SUIT:
                return None
        return [rank * 4 + suit for rank, suit in laid]

    def _check_rank_left(self, rank):
        """A crib rank keyed must have a card left: four of a rank in all."""
        out = self.ranks.count(rank)
        for seen_rank, _ in self.match.seen:
            if seen_rank == rank:
                out += 1
        if out >= 4:
            raise RuleError("all four %ss were already seen this deal" % RANK_CHARS[rank])

    def _prepare(self):
        """Sets the question the show waits for, and says it."""
        match = self.match
        if match.phase != SHOW or self.digits >= 0 or match.starter == ev.NO_CARD:
            self.overlay.question = 0
            return
        ranks = self._show_ranks()
        if len(ranks) < 4:
            self.overlay.question = 0
            return
        crib = match.show_seat() < 0
        if self._known_cards() is not None:
            question = sq.CONFIRM
        else:
            question = sq.next_question(ranks, match.starter, crib, self.answers) or sq.CONFIRM
        if question != self.overlay.question or question != sq.CONFIRM:
            if self.unsaid is None:
                self.say(_QUESTIONS[question])
            else:
                self.unsaid_question = question  # said after the last show's words
        self.overlay.question = question

    def _count_show(self):
        match = self.match
        seat = match.show_seat()
        crib = seat < 0
        cards = self._known_cards()
        known = cards is not None
        if not known:
            ranks = self._show_ranks()
            own = () if crib else match.laid_by[seat]  # its own suits are its cards' own
            cards = sq.choose_suits(ranks, match.starter, self.answers, match.seen, own)
            if cards is None:
                raise RuleError("those answers do not fit the cards seen this deal")
        side = match.side_of(match.dealer if seat < 0 else seat)
        shown = (cards, match.starter, crib, known, side, match.front[side])
        self._apply((ev.SHOW_CARDS,) + tuple(cards) + (15 if known else 0,))
        self.unsaid = shown  # itemised once the key is painted (settle)

    # -- points ----------------------------------------------------------------------------

    def _toggle_points(self):
        if self.digits >= 0:
            self._reset_entry()
            self.say("points entry closed")
            return
        phase = self.match.phase
        if phase not in (PLAY, SHOW, CUT):
            return
        self._reset_entry()
        self.digits = 0
        if phase == SHOW:
            seat = self.match.show_seat()
            self.peg_side = self.match.side_of(self.match.dealer if seat < 0 else seat)
        else:
            self.peg_side = self.match.side_of(self.match.play.turn)
        self.overlay.preview_side = self.peg_side
        self.say("points for %s: digits, then #" % self.side_names[self.peg_side])

    def _points_key(self, name):
        if name in "0123456789" and self.digits < 10:
            self.digits = self.digits * 10 + int(name)
        elif name in "ABC" and self.match.phase != SHOW and "ABC".index(name) < self.match.sides():
            self.peg_side = "ABC".index(name)
        elif name == "#":
            points, side = self.digits, self.peg_side
            self._reset_entry()
            if self.match.phase == SHOW:
                self._apply((ev.SHOW_POINTS, points))
            elif points:
                self._apply((ev.PEGGED, side, points))
            return
        self.overlay.preview_side = self.peg_side
        self.overlay.preview_points = self.digits

    # -- applying --------------------------------------------------------------------------

    def _apply(self, event, heading=None):
        """Applies and saves an event; says `heading` (what was accepted) and what scored."""
        self._reset_entry()
        before = self.match.phase
        scores = _SCORES
        if before is not None:
            for side in range(len(self.match.front)):
                scores[side] = self.match.front[side]
        news = self.history.apply(event)
        if heading:
            self.say(heading)
        target = self.match.target
        for side, points, reason, _ in news:
            name = self.side_names[side]
            if reason == "missed":
                self.say("%s missed %d: hold # for muggins" % (name, points))
                continue
            # The score after this item: several items can come from one event.
            scores[side] = min(scores[side] + points, target) if before is not None else points
            self.say("%s: %s for %d, now %d" % (name, reason, points, scores[side]))
            if reason in ("hand", "crib") and points == 29:
                self.overlay.celebrate(HAND_29, side, self.overlay.now)
        if self.history.save_error is not None:
            self.say("saving failed (%s): the game goes on in memory" % self.history.save_error)
        phase = self.match.phase
        if phase in (GAME_OVER, MATCH_OVER) and before != phase:
            winner = self.match.results[-1]
            self.overlay.celebrate(WIN, winner, self.overlay.now)
            self.unsaid_result = winner

    def ready(self, now):
        """The mode became active, or the board booted: ask what the show waits for."""
        self._after(now)

    def _after(self, now):
        self.overlay.save_failed = self.history.save_error is not None
        if self.overlay.question == 0 and self.digits < 0:
            self._prepare()
        self.overlay.prompt = self._prompt()

    def _prompt(self):
        """The sign (board.signs) of what the board waits for now, from whom: 0 when the
        LEDs say it otherwise (the count in the play, the digits while points are keyed)."""
        match = self.match
        phase = match.phase
        if self.digits >= 0:
            return 0
        if phase == CUT:
            return signs.SUIT if self.starter_rank >= 0 else signs.STARTER
        if phase == PLAY and match.starter == ev.NO_CARD and match.play.count == 0:
            return signs.POINTS  # a deal in points: D pegs, # ends the play
        if phase != SHOW:
            return 0
        question = self.overlay.question
        if question:
            # The questions (ui.suits: 1 flush, 2 starter's suit, 3 nobs; 4 CONFIRM) in the
            # order of their signs, from FLUSH on.
            return signs.FLUSH + question - 1
        if match.show_seat() < 0 and match.starter != ev.NO_CARD:
            return signs.CRIB
        return signs.HAND

    def describe(self):
        """One line for the console: what the board waits for now. Here, not in
        ui.crib_match: a mode switch says it, and loading that module then was its peak."""
        phase = self.match.phase
        if phase is None:
            return "press # to start a match (A players, B target, C games)"
        return _PROMPTS.get(phase, "")


_PROMPTS = {
    CUT: "key the starter (rank, then suit), or # to count in points",
    PLAY: "key each card as it is laid; # for go (in a points deal: D to peg, # to end)",
    SHOW: "show: answer the questions, key the crib's ranks, or D for points",
    GAME_OVER: "# for the next game",
    MATCH_OVER: "# for a new match",
}


_QUESTIONS = {
    sq.CONFIRM: "# to count it",
    sq.FLUSH: "all four of one suit? # yes, 0 no",
    sq.FLUSH_STARTER: "the starter's suit too? # yes, 0 no",
    sq.NOBS: "a jack of the starter's suit? # yes, 0 no",
}
_ENTRY_NAMES = {
    ev.NEW_MATCH: "the new match",
    ev.STARTER: "the starter",
    ev.PLAY_DONE: "the end of the play",
    ev.MUGGINS: "muggins",
    ev.NEXT_GAME: "the next game",
}


def _between(name, *args):
    """Runs ui.crib_match.<name>: loaded for the call and dropped after."""
    return rarely.run("ui.crib_match", name, *args)
