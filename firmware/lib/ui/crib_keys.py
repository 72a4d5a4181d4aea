# What each key means during a cribbage match, and the events it turns into.
#
# What the board waits for, and the keys each state takes with what they do, are one table
# (ui.crib_prompts): the sign on the LEDs and this dispatch come from it, the prompt's words
# (ui.crib_words) name its states. A key the state does not take, or one the rules refuse, is
# refused with the error flash and a line saying why, and changes nothing: the half-made entry
# stays as it was before the key (docs/players-guide.md, "a refused key").
# `*` takes back the last key of a half-made entry (a digit, the side letter, the D, the
# starter's rank, a crib rank, an answer), and with none pending undoes the last entry.
import rarely
from board.overlay import HAND_29, WIN
from cards import RANK_CHARS, VALUES, names
from cribbage import events as ev
from cribbage.game import CUT, GAME_OVER, MATCH_OVER, PLAY, SHOW, RuleError
from keypad import KEY_NAMES
from micropython import const
from storage.history import NothingToUndo
from ui import RANK_KEYS, SUIT_KEYS, crib_choices, crib_show
from ui import suits as sq

# The states of ui.crib_prompts, by the same numbers (a test pins them): private constants,
# folded into the code where they are used.
_NEW_MATCH = const(0)
_NEXT_GAME = const(1)
_STARTER = const(2)
_SUIT = const(3)
_LAY = const(4)
_POINTS_PLAY = const(5)
_CRIB_RANKS = const(6)
_HAND_UNSEEN = const(7)  # HAND_RANKS
_FLUSH = const(8)
_COUNT = const(11)
_SHOW_POINTS = const(12)
_POINTS_SIDE = const(13)
_POINTS_SHOW = const(14)
_POINTS_DIGITS = const(15)
_HOLD_OK = const(16)
_HOLD_UNDO = const(17)

# What A, B and C cycle through before a match: players, target, games, by the key's place.
CHOICES = ((2, 3, 4), (121, 61, 62), (1, 3, 5, 7, 9))
ALL_OPTIONS = ev.END_EARLY | ev.SKUNK_COUNTS_DOUBLE | ev.LOSER_DEALS | ev.MUGGINS_ON
# Lists refilled, not made, at each key: one board, one show and one event at a time.
_SCORES = [0, 0, 0]  # each side's score as the items of one event are said
# Per state, the keys it takes (bits: ui.crib_prompts.key_bit) and its sign on the LEDs:
# ui.crib_prompts.dispatch_tables() of its table, written out here so that the board never
# builds the table (loading it at this module's import was the heap's peak in a mode
# switch). host_tests/core/test_prompt_table.py fails when the two differ.
_DISPATCH = (
    (153736, 151552, 196607, 135191, 262143, 249856, 245759, 245759)
    + (258048, 258048, 258048, 249856, 233472, 196607, 194423, 194423),
    b"\x00\x00\x01\x02\x00\t\x04\x03\x05\x06\x07\x08\x03\x00\x00\x00",
)


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
        self.unsaid_question = 0  # the prompt changed: said after the last key's words
        self.unsaid_result = -1  # the winner of a game the last key ended, said after it
        self.game_begun = 0  # a new match or game began: its first words come with the prompt
        self.prompt_said = -1  # which prompt the console said last (see _after)
        self._reset_entry()

    def _reset_entry(self):
        self.digits = -1  # points being keyed, -1 when not in points entry
        self.points_keys = ""  # the keys pressed since D: a side letter, then the digits
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

    def entry(self):
        """The half-made entry as bytes, saved with the game (History.note_entry): b"D" and
        the keys since D; b"S" and the starter's rank; b"R", the show's ranks keyed, their
        suits tapped, then each answer as question * 2 + yes. b"" when none."""
        if self.digits >= 0:
            return b"D" + self.points_keys.encode()
        if self.starter_rank >= 0:
            return bytes((83, self.starter_rank))  # 83: "S"
        if not (self.ranks or self.answers):
            return b""
        answers = [question * 2 + self.answers[question] for question in self.answers]
        answers.sort()  # asked in their order: take_back finds the last as the highest
        ranks, suits = self.ranks, self.crib_suits
        return bytes([82, len(ranks)] + ranks + [len(suits)] + suits + answers)  # 82: "R"

    # -- keys ------------------------------------------------------------------------------

    def key(self, name, long, now):
        """Handles one key press; returns True when anything visible changed."""
        self.settle()  # the last show's words before this key's
        self.overlay.echo_until = 0  # the next key ends the echo of the last
        long = long and name in "#*"  # other keys held count as pressed
        state = self.awaiting()
        bit = _HOLD_OK if long and name == "#" else _HOLD_UNDO if long else KEY_NAMES.index(name)
        if not _DISPATCH[0][state] >> bit & 1:
            # A key that means nothing here: its line names what the board waits for.
            why = rarely.run("ui.crib_words", "refusal", self, state, name, long)
            self.fail(why, now)
            return True
        try:
            if name == "*" and long:
                open_entry = self._entry_open()
                self._step(True)
                if open_entry:  # redo goes on from the entry redone: the half-made one goes
                    _between("say_dropped", self)
                self._reset_entry()
            elif name == "*":
                if self._entry_open():
                    _between("take_back", self)  # the half-made entry's last key
                else:
                    self._step(False)
                    self._reset_entry()  # the question asked, if any, is asked anew
            elif name == "D":
                self._toggle_points()
            elif self.digits >= 0:
                refused = self._points_key(name)
                if refused:
                    self.fail(refused, now)
                    return True
            else:
                self._phase_key(name, long)
        except (RuleError, NothingToUndo) as error:
            self.fail(str(error), now, True)
            return True
        self._after(now)
        return True

    def _entry_open(self):
        return self.digits >= 0 or self.starter_rank >= 0 or self.answers or self.ranks

    def awaiting(self):
        """What the board waits for now: a state of ui.crib_prompts (by its number)."""
        match = self.match
        phase = match.phase
        if self.digits >= 0:
            if self.points_keys and self.points_keys[-1] in "0123456789":
                return _POINTS_DIGITS
            return _POINTS_SHOW if phase == SHOW else _POINTS_SIDE
        if phase is None or phase == MATCH_OVER:
            return _NEW_MATCH
        if phase == GAME_OVER:
            return _NEXT_GAME
        if phase == CUT:
            return _SUIT if self.starter_rank >= 0 else _STARTER
        if phase == PLAY:
            return _POINTS_PLAY if match.starter == ev.NO_CARD else _LAY
        if match.starter == ev.NO_CARD:
            return _SHOW_POINTS
        question = self.overlay.question
        if question == sq.CONFIRM:
            return _COUNT
        if question:
            return _FLUSH + question - 1  # the questions' states in their order
        return _CRIB_RANKS if match.show_seat() < 0 else _HAND_UNSEEN

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
        winner = self.unsaid_result
        if winner >= 0:
            self.unsaid_result = -1
            _between("announce_result", self, winner)
        if self.unsaid_question:
            self.unsaid_question = 0
            import gc

            # What the idle moment made before (a checkpoint written, a show's words with
            # their code) goes before the words' code loads: App.poll collects after it.
            gc.collect()
            rarely.run("ui.crib_words", "say_prompt", self, self.awaiting())

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

    def fail(self, why, now, by_rules=False):
        """Refuses a key or tap: the error flash and its words; it changed nothing. The
        rules' words do not say what comes next, so after them the question still awaited
        is said again (the console's last question is the one the next key answers)."""
        self.overlay.flash_error(now)
        self.say("error: " + why)
        if by_rules:
            self.say(self.describe())

    def _phase_key(self, name, long):
        phase = self.match.phase
        if phase is None or phase == MATCH_OVER:
            if name == "#":  # a new match: here, not with the choices, to load no code for it
                self.apply(ev.new_match(self.players, self.target, self.games, 0, self.flags))
                return
            chosen = crib_choices.choose(self, name, CHOICES)  # A, B or C
            if chosen:
                self.remember_choices()
                self.say(chosen)
        elif phase == GAME_OVER:
            if name == "#":
                self.apply((ev.NEXT_GAME,))
        elif phase == CUT:
            self._cut_key(name)
        elif phase == PLAY:
            player = self.side_names[self.match.side_of(self.match.play.turn)]
            if name == "#":
                # In a deal counted in points the players peg the play themselves: # ends it.
                done = long or self.match.starter == ev.NO_CARD
                self.apply(
                    (ev.PLAY_DONE,) if done else (ev.GO,), None if done else player + ": go"
                )
                if self.match.phase != PLAY:
                    self.say("the play is over: the show")
            elif name in RANK_KEYS:
                rank = RANK_KEYS.index(name)
                count = self.match.play.count + VALUES[rank]
                heading = "%s lays %s, count %d" % (player, RANK_CHARS[rank], count)
                self.apply((ev.LAY, rank, ev.UNKNOWN_SUIT), heading)
        elif phase == SHOW:
            crib_show.key(self, name, long)

    def choices(self):
        """The next match's players, target, games and options, as kept on flash."""
        return bytes([self.players, self.target, self.games, self.flags])

    def remember_choices(self):
        if self.remember is not None:
            self.remember(self.choices())

    def _cut_key(self, name):
        if self.starter_rank < 0:
            if name == "#":
                # The players count for themselves.
                self.apply((ev.STARTER, ev.NO_CARD), "no starter: this deal is counted in points")
            else:
                self.starter_rank = RANK_KEYS.index(name)
                self.overlay.show_number(self.starter_rank + 1, self.overlay.now)
        else:
            card = self.starter_rank * 4 + SUIT_KEYS.index(name)
            self.apply((ev.STARTER, card), "starter " + names([card]))
            self.overlay.show_number(SUIT_KEYS.index(name) + 1, self.overlay.now)

    # -- points ----------------------------------------------------------------------------

    def _toggle_points(self):
        if self.digits >= 0:
            self._reset_entry()
            self.say("points entry closed")
            return
        self._reset_entry()  # the dispatch let D through only in the cut, the play, the show
        self._points_from("")

    def _points_from(self, keyed):
        """Points entry as the keys since D leave it (`*` takes the last one back): the
        side the D chose (the shown hand's, or the player in turn's), a letter's, digits."""
        match = self.match
        if match.phase == SHOW:
            seat = match.show_seat()
            side = match.side_of(match.dealer if seat < 0 else seat)
        else:
            side = match.side_of(match.play.turn)
        digits = 0
        for key in keyed:
            if key in "ABC":
                side = "ABC".index(key)
            else:
                digits = digits * 10 + int(key)
        self.points_keys = keyed
        self.digits = digits
        self.peg_side = side
        self.overlay.preview_side = side
        self.overlay.preview_points = digits

    def _points_key(self, name):
        """A key in points entry (the dispatch let it through); the words of a refusal."""
        keyed = self.points_keys
        if name == "#":
            if not keyed or keyed[-1] in "ABC":
                return "key the points first, then # (0 for none)"
            points, side = self.digits, self.peg_side
            if self.match.phase == SHOW:
                self.apply((ev.SHOW_POINTS, points))
            else:
                self.apply((ev.PEGGED, side, points))
            return None
        if name in "ABC":
            if "ABC".index(name) >= self.match.sides():
                return "%s would be yellow's points: no yellow side at this table" % name
        elif len(keyed) >= 2 and keyed[-2] in "0123456789":
            return "points are one or two digits: # pegs %d, * takes the last back" % self.digits
        self._points_from(keyed + name)
        return None

    # -- applying --------------------------------------------------------------------------

    def apply(self, event, heading=None):
        """Applies and saves an event; says `heading` (what was accepted) and what scored.
        The half-made entry that made it goes once the rules took it: refused, it stays."""
        before = self.match.phase
        scores = _SCORES
        if before is not None:
            for side in range(len(self.match.front)):
                scores[side] = self.match.front[side]
        news = self.history.apply(event)
        self._reset_entry()
        if event[0] == ev.NEW_MATCH or event[0] == ev.NEXT_GAME:
            self.game_begun = 1
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
            crib_show.prepare(self)
        state = self.awaiting()
        self.overlay.prompt = _DISPATCH[1][state]  # the sign: 0 when the count or digits show
        # The prompt is said when what is awaited, or from whom, changed: each hand of the
        # show, each side keying points, each turn of the play (the console and the page's
        # `awaiting` say the same).
        match = self.match
        if state == _POINTS_DIGITS:
            said = 256 + self.digits
        elif state >= _POINTS_SIDE:
            said = state * 16 + self.peg_side
        elif state >= _CRIB_RANKS:  # the show's states, after the cut's and the play's
            said = state * 16 + match.show_index
        elif state == _LAY or state == _POINTS_PLAY:  # whose turn it is, card by card
            said = state * 16 + match.play.turn
        else:
            said = state * 16
        if said != self.prompt_said:
            self.prompt_said = said
            self.unsaid_question = 1  # said at settle, after the key's own words

    def describe(self):
        """The prompt in words: what the board waits for now, from whom."""
        return rarely.run("ui.crib_words", "words", self, self.awaiting())


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
