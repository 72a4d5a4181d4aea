# A cribbage match as a fold over events: Match().apply(event) checks the event against the
# rules, then changes the state and returns what it scored. A refused event raises RuleError
# and changes nothing, so it never reaches the journal.
from array import array

from cards import RANK_CHARS, make, names
from cribbage import events as ev
from cribbage import show_check
from cribbage.pegging import Play, PlayError
from cribbage.show import show_total
from micropython import const
from packing import Packer, Unpacker
from rarely import run

CUT = "cut"
PLAY = "play"
SHOW = "show"
GAME_OVER = "game over"
MATCH_OVER = "match over"

IMPOSSIBLE_SHOWS = (19, 25, 26, 27)
TARGETS = (61, 62, 121)
MATCH_LENGTHS = (1, 3, 5, 7, 9)
PHASES = (None, CUT, PLAY, SHOW, GAME_OVER, MATCH_OVER)
# This match's statistics, figure by figure per side (cribbage.tally reads them out; its
# figures are numbered the same). Kept here as constants: the board loads no module for them.
_HANDS = const(0)
_HAND_POINTS = const(1)
_CRIBS = const(2)
_CRIB_POINTS = const(3)
_DEALS = const(4)
_PEGGED = const(5)
_TWENTY_NINES = const(6)
_BIG_HANDS = const(7)  # 20 points or more
_HEELS = const(8)
_SKUNKS_GIVEN = const(9)
_SKUNKS_TAKEN = const(10)
_FIELDS = const(11)
_TALLY_BYTES = const(66)  # 3 sides of 11 figures of 2 bytes
KEPT_MATCHES = 8  # finished matches remembered after compaction: the heap stays flat
_JACK = const(10)  # cards.RANK_CHARS's "J"

_AWARDS = []  # type: list  # what a card laid scores, read at once: one list for every card


class RuleError(ValueError):
    pass


class Match:
    finished = None  # (number, tally) of the match the last new match ended

    def __init__(self):
        self.players = 0
        self.phase = None
        self.past_matches = []  # games won per side of each compacted match
        self.news = []  # (side, points, reason, seat or -1) scored by the last event
        self.missed = 0  # points the last show entered in points left out (muggins)
        self.missed_by = -1
        self.games_won = []  # type: list
        self.laid_by = []  # type: list
        self.settings_id = 0
        # The last event began a deal or ended its play: a place for a journal checkpoint.
        # Two a deal keep an undo past one short: it replays the play or the shows, not both.
        self.checkpoint_here = False
        self.match_number = 0  # matches begun on this board: the statistics file's key
        self.tally = array("H", bytes(_TALLY_BYTES))  # this match's statistics per side

    # -- the shape of the table ------------------------------------------------------------

    def sides(self):
        return 2 if self.players == 4 else self.players

    def side_of(self, seat):
        return seat % 2 if self.players == 4 else seat

    def show_seat(self):
        """The seat whose hand is shown next, or -1 when the crib is next."""
        if self.show_index >= self.players:
            return -1
        return (self.dealer + 1 + self.show_index) % self.players

    def state(self):
        """Everything a player can see, as one comparable value."""
        if self.phase is None:
            return (None, tuple(tuple(m) for m in self.past_matches))
        play = self.play
        return (
            self.phase,
            tuple(self.front),
            tuple(self.rear),
            self.dealer,
            tuple(self.games_won),
            self.games_played,
            self.starter,
            play.count,
            play.turn,
            tuple(play.laid),
            tuple(play.said_go),
            self.show_index,
            tuple(self.seen),
            self.missed,
            tuple(tuple(m) for m in self.past_matches),
        )

    # -- checkpoints: the whole state in one journal record ------------------------------------

    def snapshot(self):
        packer = Packer()
        packer.put(len(self.past_matches))
        for games in self.past_matches:
            packer.put_list(games)
        packer.put(PHASES.index(self.phase))
        if self.phase is None:
            packer.put_wide(self.match_number)
            return bytes(packer.data)
        starter = -1 if self.starter == ev.NO_CARD else self.starter
        packer.put_all((
            self.players, self.target, self.games, self.flags, self.skunk,
            self.double_skunk, self.game_first_dealer, self.games_played, self.dealer,
            starter, self.show_index, self.missed, self.missed_by,
        ))  # fmt: skip
        for values in (self.games_won, self.front, self.rear):
            packer.put_list(values)
        # Each game's winner with its skunk and first dealer, in one byte (older checkpoints
        # hold the winner alone: the same value with no skunk and dealer 0).
        packer.put_list(
            [self.results[i] + 3 * self.game_marks[i] for i in range(len(self.results))]
        )
        packer.put_list([rank * 5 + suit for rank, suit in self.seen])
        for laid in self.laid_by:
            packer.put_list([rank * 5 + suit for rank, suit in laid])
        self.play.pack(packer)
        packer.put_wide(self.match_number)
        # The figures as the array holds them (little-endian on the ESP32 and the hosts
        # alike): one copy, where a figure at a time cost a call each, at every checkpoint.
        packer.data.extend(memoryview(self.tally)[: self.sides() * _FIELDS])
        packer.put_list(self.runner_up)
        return bytes(packer.data)

    def restore(self, data):
        """Takes the state a snapshot() packed; raises ValueError when it cannot be one."""
        unpacker = Unpacker(data)
        self.past_matches = [unpacker.get_list() for _ in range(unpacker.get())]
        self.phase = PHASES[unpacker.get()]
        if self.phase is not None:
            (
                self.players, self.target, self.games, self.flags, self.skunk,
                self.double_skunk, self.game_first_dealer, self.games_played, self.dealer,
                starter, self.show_index, self.missed, self.missed_by,
            ) = unpacker.get_all(13)  # fmt: skip
            self.starter = ev.NO_CARD if starter < 0 else starter
            self.games_won = unpacker.get_list()
            self.front = unpacker.get_list()
            self.rear = unpacker.get_list()
            games = unpacker.get_list()
            self.results = [value % 3 for value in games]
            self.game_marks = [value // 3 for value in games]
            self.runner_up = [0] * len(games)  # unknown in checkpoints made before
            self.seen = [(v // 5, v % 5) for v in unpacker.get_list()]
            self.laid_by = [
                [(v // 5, v % 5) for v in unpacker.get_list()] for _ in range(self.players)
            ]
            self.play = Play(self.players, 0)
            self.play.unpack(unpacker)
            self.settings_id = self._settings_id()
        self.tally = array("H", bytes(_TALLY_BYTES))
        if not unpacker.done_yet():  # checkpoints written before the statistics have none
            self.match_number = unpacker.get_wide()
            if self.phase is not None:
                at = unpacker.at
                size = self.sides() * _FIELDS * 2
                memoryview(self.tally)[: size // 2] = array("H", data[at : at + size])
                unpacker.at = at + size
                self.runner_up = unpacker.get_list()
        unpacker.done()

    def _settings_id(self):
        # One number for what the table looks like all match long: views redraw their
        # background (skunk lines) only when it changes.
        return ((self.target * 128 + self.skunk) * 128 + self.double_skunk) * 8 + self.players

    def _count(self, side, figure, amount=1):
        at = side * _FIELDS + figure
        self.tally[at] = min(self.tally[at] + amount, 0xFFFF)

    def _keep_match(self, games_won):
        self.past_matches.append(list(games_won))
        if len(self.past_matches) > KEPT_MATCHES:
            self.past_matches.pop(0)

    # -- applying events -------------------------------------------------------------------

    def apply(self, event):
        self.news.clear()  # read by the caller before the next event: one list, not one each
        self.checkpoint_here = False
        code = event[0]
        # Missed points can be claimed only by the event right after the show that missed them.
        pending = self.missed if self.phase is not None else 0
        if self.phase is not None:
            self.missed = 0
        try:
            self._dispatch(code, event, pending)
        except RuleError:
            if self.phase is not None:
                self.missed = pending
            raise
        return self.news

    def _dispatch(self, code, event, pending):
        if code == ev.NEW_MATCH:
            self._new_match(event)
        elif code == ev.SUMMARY:
            self._keep_match(event[1:])
        elif self.phase is None:
            raise RuleError("start a match first")
        elif code == ev.NEXT_GAME:
            self._next_game()
        elif self.phase in (GAME_OVER, MATCH_OVER):
            raise RuleError("the game is over")
        elif code == ev.PEGGED:
            self._pegged(event[1], event[2])
        elif code == ev.MUGGINS:
            self._muggins(event[1], pending)
        elif code == ev.STARTER:
            self._starter(event[1])
        elif code in (ev.LAY, ev.GO, ev.PLAY_DONE):
            self._play_event(event)
        elif code in (ev.SHOW_CARDS, ev.SHOW_POINTS):
            self._show_event(event)
        else:
            raise RuleError("unknown event %r" % (event,))

    def compacted(self, event):
        """For a new match: the state the journal keeps in place of the old match (its
        result among the kept ones), or None when the event starts no new match."""
        if event[0] != ev.NEW_MATCH or self.phase is None:
            return None
        kept = Match()
        kept.match_number = self.match_number
        kept.past_matches = [list(m) for m in self.past_matches]
        kept._keep_match(self.games_won)
        return kept

    def _new_match(self, event):
        if len(event) != 8:
            raise RuleError("a new match needs 7 settings")
        _, players, target, games, first_dealer, flags, skunk, double = event
        if players not in (2, 3, 4):
            raise RuleError("2, 3 or 4 players (4 play as two partnerships)")
        if target not in TARGETS:
            raise RuleError("a game is played to 61, 62 or 121")
        if games not in MATCH_LENGTHS:
            raise RuleError("a match is 1, 3, 5, 7 or 9 games")
        if not 0 <= first_dealer < players:
            raise RuleError("no seat %d at this table" % first_dealer)
        if not (0 <= double <= skunk < target):
            raise RuleError("skunk lines must be below the target")
        if self.phase is not None:
            self._keep_match(self.games_won)
            self.finished = (self.match_number, self.tally)
        self.match_number = (self.match_number + 1) & 0xFFFF or 1
        self.tally = array("H", bytes(_TALLY_BYTES))
        self.players = players
        self.target = target
        self.games = games
        self.flags = flags
        self.skunk = skunk
        self.double_skunk = double
        self.settings_id = self._settings_id()
        self.games_won = [0] * self.sides()
        self.games_played = 0
        self.results = []  # the winning side of each game (only appended to: views rely on it)
        self.game_marks = []  # each game's skunk (0 none, 1 skunk, 2 double) * 4 + first dealer
        self.runner_up = []  # each game's best losing score
        self.game_first_dealer = first_dealer
        self._new_game(first_dealer)

    def _new_game(self, dealer):
        self.front = [0] * self.sides()
        self.rear = [0] * self.sides()
        self.game_first_dealer = dealer
        self.missed = 0
        self.missed_by = -1
        self._new_deal(dealer)

    def _new_deal(self, dealer):
        self.dealer = dealer
        self.phase = CUT
        self.starter = ev.NO_CARD
        self.seen = []  # (rank, suit) of every card seen this deal, in order
        self.laid_by = [[] for _ in range(self.players)]  # (rank, suit) each seat laid
        self.play = Play(self.players, (dealer + 1) % self.players)
        self.show_index = 0
        self.checkpoint_here = True

    def _score(self, side, points, reason, seat=-1):
        # Counting out: once a side reaches the target nothing more is added.
        if points <= 0 or self.phase in (GAME_OVER, MATCH_OVER):
            return
        self.rear[side] = self.front[side]
        self.front[side] = min(self.front[side] + points, self.target)
        self.news.append((side, points, reason, seat))
        if self.front[side] >= self.target:
            self._end_game(side)

    def _end_game(self, winner):
        if self.phase == PLAY:
            self._count_deal()  # won in the play: that deal was played
        losers = [self.front[s] for s in range(self.sides()) if s != winner]
        grade = 2 if min(losers) < self.double_skunk else 1 if min(losers) < self.skunk else 0
        credit = 1 + grade if self.flags & ev.SKUNK_COUNTS_DOUBLE else 1
        for side in range(self.sides()):
            if side != winner and self.front[side] < self.skunk:
                self._count(side, _SKUNKS_TAKEN)
                self._count(winner, _SKUNKS_GIVEN)
        self.games_won[winner] += credit
        self.games_played += 1
        self.results.append(winner)
        self.game_marks.append(grade * 4 + self.game_first_dealer)
        self.runner_up.append(max(losers))
        self.phase = MATCH_OVER if self._match_decided() else GAME_OVER

    def skunked(self, side):
        """'double skunk', 'skunk' or '' for a side that lost the finished game."""
        if self.phase not in (GAME_OVER, MATCH_OVER) or self.front[side] >= self.target:
            return ""
        if self.front[side] < self.double_skunk:
            return "double skunk"
        return "skunk" if self.front[side] < self.skunk else ""

    def _match_decided(self):
        ordered = sorted(self.games_won)
        leader, runner_up = ordered[-1], ordered[-2]
        if self.games_played >= self.games:
            return leader > runner_up  # a tie at the top plays one more game
        if self.flags & ev.END_EARLY:
            most_per_game = 3 if self.flags & ev.SKUNK_COUNTS_DOUBLE else 1
            return leader > runner_up + (self.games - self.games_played) * most_per_game
        return False

    def match_winner(self):
        if self.phase != MATCH_OVER:
            return -1
        return self.games_won.index(max(self.games_won))

    def _next_game(self):
        if self.phase != GAME_OVER:
            raise RuleError(
                "finish this game first" if self.phase != MATCH_OVER else "the match is over"
            )
        if self.flags & ev.LOSER_DEALS:
            # The losing side with the lowest score deals; in partnerships, its seat that
            # comes first after the last first dealer.
            loser = self.front.index(min(self.front))
            dealer = self.game_first_dealer
            for step in range(1, self.players + 1):
                seat = (self.game_first_dealer + step) % self.players
                if self.side_of(seat) == loser:
                    dealer = seat
                    break
        else:
            dealer = (self.game_first_dealer + 1) % self.players
        self._new_game(dealer)

    def _pegged(self, side, points):
        if not 0 <= side < self.sides():
            raise RuleError("no side %d at this table" % side)
        if not 1 <= points <= 31:
            raise RuleError("peg 1 to 31 points at a time")
        self._count(side, _PEGGED, points)
        self._score(side, points, "pegged")

    def _muggins(self, side, missed):
        if not self.flags & ev.MUGGINS_ON:
            raise RuleError("muggins is not played in this match")
        if not missed:
            raise RuleError("no points were missed in the last show")
        if side == self.missed_by or not 0 <= side < self.sides():
            raise RuleError("only an opponent can claim muggins")
        self._score(side, missed, "muggins")

    # -- the cut and the play --------------------------------------------------------------

    def _check_card_unseen(self, rank, suit):
        same_rank = 0
        for seen_rank, seen_suit in self.seen:
            if seen_rank == rank:
                same_rank += 1
                if suit != ev.UNKNOWN_SUIT and seen_suit == suit:
                    raise RuleError("%s was already seen this deal" % names([make(rank, suit)]))
        if same_rank >= 4:
            raise RuleError("all four %ss were already seen this deal" % RANK_CHARS[rank])

    def _starter(self, card):
        if self.phase != CUT:
            raise RuleError("the starter is cut before the play")
        if card != ev.NO_CARD:
            if not 0 <= card < 52:
                raise RuleError("not a card: %r" % card)
            self.starter = card
            self.seen.append((card >> 2, card & 3))
        self.phase = PLAY
        # show.his_heels's rule, inline: importing it would give this module's table one
        # more name beside every key (host_tests/test_prompt_names.py pins _JACK).
        if card != ev.NO_CARD and card >> 2 == _JACK:
            self._count(self.side_of(self.dealer), _HEELS)
            self._score(self.side_of(self.dealer), 2, "his heels", self.dealer)

    def _play_event(self, event):
        if self.phase != PLAY:
            if self.phase == CUT:
                raise RuleError("cut the starter first")
            raise RuleError("the play is over: every card has been laid")
        code = event[0]
        try:
            if code == ev.LAY:
                rank, suit = event[1], event[2]
                if not (0 <= rank < 13 and 0 <= suit <= ev.UNKNOWN_SUIT):
                    raise RuleError("not a card")
                self._check_card_unseen(rank, suit)
                seat = self.play.turn
                awards = self.play.lay(rank, None, _AWARDS)
                card = (rank, suit)  # one tuple in both lists
                self.seen.append(card)
                self.laid_by[seat].append(card)
            elif code == ev.GO:
                awards = self.play.go(None, _AWARDS)
            else:
                awards = _AWARDS
                awards.clear()
                self.play.finished = True
        except PlayError as error:
            raise RuleError(str(error)) from None
        for seat, points, reason in awards:
            self._count(self.side_of(seat), _PEGGED, points)
            self._score(self.side_of(seat), points, reason, seat)
        if self.play.finished and self.phase == PLAY:
            self.phase = SHOW
            self.checkpoint_here = True
            self._count_deal()

    def _count_deal(self):
        # A deal counts in the statistics once its play is over (or a win ended it), so
        # "pegged per deal" divides by the deals played, not by one still at its cut.
        for side in range(self.sides()):
            self._count(side, _DEALS)

    # -- the show --------------------------------------------------------------------------

    def _show_event(self, event):
        if self.phase != SHOW:
            raise RuleError("the show comes after the play")
        seat = self.show_seat()
        crib = seat < 0
        side = self.side_of(self.dealer if crib else seat)
        if event[0] == ev.SHOW_CARDS:
            hand = event[1:5]
            known = event[5] if len(event) > 5 else 15  # bit i: card i's suit was seen
            why = show_check.refusal(self, hand, seat, known)
            if why:
                raise RuleError(why)
            show_check.see_shown(self, hand, seat, known)
            points = show_total(hand, self.starter, crib, True)  # checked just above
            missed = 0
        else:
            points = event[1]
            if not 0 <= points <= 29 or points in IMPOSSIBLE_SHOWS:
                raise RuleError("no show scores %d" % points)
            missed = 0
            if seat >= 0 and self.starter != ev.NO_CARD and len(self.laid_by[seat]) == 4:
                # The play showed the hand's ranks: what they can make is checked by code
                # loaded for it and dropped after (a show entered in points, with its cards
                # laid in the play, is rare; its code beside every key is not).
                missed, why = run("cribbage.show_points", "check_points", self, seat, points)
                if why:
                    raise RuleError(why)
        self._count(side, _CRIBS if crib else _HANDS)
        self._count(side, _CRIB_POINTS if crib else _HAND_POINTS, points)
        if points >= 20:
            self._count(side, _BIG_HANDS)
        if points == 29:
            self._count(side, _TWENTY_NINES)
        reason = "crib" if crib else "hand"
        if points:
            self._score(side, points, reason, self.dealer if crib else seat)
        elif self.phase == SHOW:
            self.news.append((side, 0, reason, self.dealer if crib else seat))  # said too
        if missed:
            self.missed = missed
            self.missed_by = side
            self.news.append((side, missed, "missed", seat))
        if self.phase == SHOW:
            self.show_index += 1
            if self.show_index > self.players:
                self._new_deal((self.dealer + 1) % self.players)
