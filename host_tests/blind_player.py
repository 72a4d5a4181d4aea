"""A player who follows the board blind: it sees only what a player at the table sees (the
prompt the page shows as `awaiting`, the console's lines, the sign on the status LEDs, the
score on the page) and knows only its real cards. It presses the key the prompt names,
answers the show's questions truthfully, takes back and undoes now and then, cuts the power
between entries, and keeps the score itself with the reference scorer below, written from
the rules (seeds/000_*), not from the firmware: every deal's score must agree.

Used by host_tests/test_blind_player.py (a sample) and tools/bench/bench.py blind (the whole set).
"""

import re

import config
import drivers
import ui.crib_keys as ck
import ui.crib_prompts as cp
from board.layout import Layout
from net import web
from shuffle import Shuffler, deal

RANK_KEYS = "1234567890ABC"  # the keypad's key for ranks A..K
SUIT_KEYS = "1234"  # clubs, diamonds, hearts, spades
SIDE_LETTERS = "ABC"
COLOURS = ("blue", "orange", "yellow")
PLACES = ("the dealer", "left of the dealer", "the dealer's partner", "right of the dealer")
# The sign (the white units LED) each prompt must show, by the prompt's words.
SIGNS = (
    ("deals: key the starter's rank", 1),
    ("its suit? 1 clubs", 2),
    (": D, its points, # (the starter was not keyed)", 3),
    (": key its 4 ranks", None),  # 4 for the crib, 3 for a hand: checked below
    ("all four of one suit?", 5),
    ("the starter's suit too?", 6),
    ("a jack of the starter's suit?", 7),
    (": # to count it", 8),
    ("a deal in points:", 9),
)


# The keys a prompt names, by the words that name them: each must be one the dispatch takes.
NAMED_KEYS = (
    ("# yes", "#"), ("0 no", "0"), ("# to count it", "#"), ("# starts it", "#"),
    ("# for the next game", "#"), ("# if ", "#"), ("# ends the play", "#"), ("# pegs", "#"),
    ("or # to peg", "#"), ("then #", "#"), ("or D and its points", "D"), (": D, its points", "D"),
    ("a deal in points: D", "D"), ("1 clubs", "1"), ("4 spades", "4"), ("A players", "A"),
    ("B target", "B"), ("C games", "C"), ("A blue", "A"), ("B orange", "B"), ("C yellow", "C"),
    ("or # to count this deal", "#"), ("key the starter's rank", "5"), ("key its 4 ranks", "5"),
    ("to lay: the card's rank", "5"), ("a second digit", "5"), ("one or two digits", "5"),
)  # fmt: skip


# -- the reference scorer, from the rules ------------------------------------------------


def value(card):
    return min((card >> 2) + 1, 10)


def show_points(hand, starter, crib):
    """A hand's (or crib's) show: fifteens, pairs, runs, flush, his nobs."""
    cards = list(hand) + [starter]
    points = 0
    for mask in range(1, 32):
        if sum(value(cards[i]) for i in range(5) if mask >> i & 1) == 15:
            points += 2
    ranks = [card >> 2 for card in cards]
    for i in range(5):
        for j in range(i + 1, 5):
            if ranks[i] == ranks[j]:
                points += 2
    counts = [ranks.count(rank) for rank in range(13)]
    best = 0
    for low in range(13):
        length = 0
        while low + length < 13 and counts[low + length]:
            length += 1
        if length >= 3 and length > best:
            best = length
            ways = 1
            for rank in range(low, low + length):
                ways *= counts[rank]
            run_points = length * ways
    if best:
        points += run_points
    suits = [card & 3 for card in hand]
    if len(set(suits)) == 1:
        if suits[0] == starter & 3:
            points += 5
        elif not crib:
            points += 4
    if any(card >> 2 == 10 and card & 3 == starter & 3 for card in hand):
        points += 1
    return points


def lay_points(ranks_in_count, count):
    """What the last card laid scores: fifteen, thirty-one, pairs, runs."""
    points = 0
    if count == 15 or count == 31:
        points += 2
    same = 1
    while same < len(ranks_in_count) and ranks_in_count[-1 - same] == ranks_in_count[-1]:
        same += 1
    points += (0, 0, 2, 6, 12)[same]
    for length in range(len(ranks_in_count), 2, -1):
        tail = sorted(ranks_in_count[-length:])
        if all(tail[i + 1] == tail[i] + 1 for i in range(length - 1)):
            points += length
            break
    return points


class Table:
    """The score as the players keep it: two pegs' worth per side, the game over at the target."""

    def __init__(self, players, target):
        self.players = players
        self.sides = 2 if players == 4 else players
        self.target = target
        self.score = [0] * self.sides
        self.winner = -1

    def side_of(self, seat):
        return seat % 2 if self.players == 4 else seat

    def peg(self, side, points):
        if self.winner >= 0 or points <= 0:
            return
        self.score[side] = min(self.score[side] + points, self.target)
        if self.score[side] == self.target:
            self.winner = side


# -- the player ----------------------------------------------------------------------------


class Blind:
    def __init__(
        self,
        store,
        seed,
        players=2,
        points_deals=0.15,
        slips=0.06,
        cuts=0.03,
        games=1,
        target=121,
        cfg=None,
    ):
        self.store = store
        self.cfg = cfg or config  # a three-track board's for three players
        self.rig = drivers.fast_rig(store, cfg=self.cfg)
        self.rig.app.paint(1000)
        self.random = Shuffler(seed)
        self.players = players
        self.points_deals = points_deals
        self.slips = slips  # a key taken back or an entry undone and redone
        self.cuts = cuts  # a power cut between two entries
        self.layout = Layout(config)
        self.deals = 0
        self.now = 1000
        self.restarts = 0
        self.undos = 0
        self.take_backs = 0
        self.prompts = set()
        self.table = None
        self.games = games  # the games a match is set to (C)
        self.target = target  # the points a game is set to (B)
        self.extra_games = 0  # games played past the set number, the match level at the top
        self.games_won = []
        self.results = []  # each game's result line, as the board said it

    def chance(self, p):
        return self.random.below(10000) < p * 10000

    # What a player sees.
    def awaiting(self):
        board = web.Board(self.rig.app, b"")
        return board.state()

    def sign(self):
        """The white sign on the units LEDs, 0 when none shows (the count, the digits)."""
        lit = []
        for i in range(9):
            colour = self.rig.colour(self.layout.units_led + i)  # wherever the wire has it
            if colour != (0, 0, 0) and colour[0] == colour[1] == colour[2]:
                lit.append(i + 1)
        return lit[0] if len(lit) == 1 else 0

    def press(self, keys, expect_error=False):
        before = len(self.rig.lines)
        pending = self.awaiting()["awaiting"]  # a prompt still unsaid is said first
        said_before = self.rig.app.said
        app = self.rig.app
        for token in keys.split():
            self.now += 2000  # a player's pace: an echo or an error flash is over by the next
            app.overlay.now = self.now
            self.rig.keys(token)
            app.paint(self.now + 1500)
        new = self.rig.lines[-min(len(self.rig.lines), self.rig.app.said - said_before) :]
        while new and new[0] == pending:
            new = new[1:]
        errors = [line for line in new if line.startswith("error: ")]
        assert bool(errors) == expect_error, (keys, new, before)
        return new

    def seen(self):
        state = self.awaiting()
        words = state["awaiting"]
        self.prompts.add(re.sub(r"\d+|blue|orange|yellow|\([^)]*\)", "_", words))
        controller = self.rig.app.controller
        takes = ck._DISPATCH[0][controller.awaiting()]
        for part, key in NAMED_KEYS:
            if part in words:  # no prompt without its key
                assert takes >> cp.key_bit(key, False) & 1, (words, key)
        for part, sign in SIGNS:
            if part in words:
                if sign is None:
                    sign = 4 if "crib" in words else 3
                assert self.sign() == sign, (words, self.sign())
        return state, words

    def restart(self):
        heard = self.rig.lines  # what was said before the cut was heard at the table
        self.rig = drivers.fast_rig(self.store, cfg=self.cfg)
        self.rig.lines[:0] = heard[-(40 - len(self.rig.lines)) :]
        self.rig.app.paint(self.now)
        self.restarts += 1

    def maybe_slip_and_cut(self):
        """After an entry: sometimes undo it and redo it, sometimes a power cut."""
        if self.chance(self.slips):
            front = list(self.awaiting().get("front") or [])
            said = self.press("*")
            assert said[0].startswith("undone: "), said
            said = self.press("hold:*")
            assert said[0].startswith("redone: "), said
            assert list(self.awaiting().get("front") or []) == front
            self.undos += 1
        if self.chance(self.cuts):
            self.restart()

    # A match.
    def play_matches(self, deals):
        while self.deals < deals:
            state, words = self.seen()
            assert words.startswith("new match: "), words
            while "A players (%d)" % self.players not in words:
                said = self.press("A")
                assert said[0].startswith("next match: "), said
                state, words = self.seen()
            while "B target (%d)" % self.target not in words:
                said = self.press("B")
                assert said[0].startswith("next match: "), said
                state, words = self.seen()
            while "C games (%d)" % self.games not in words:
                said = self.press("C")
                assert said[0].startswith("next match: "), said
                state, words = self.seen()
            said = self.press("#")
            first = "blue (the dealer)" if self.players == 4 else "blue"
            assert said[0] == "new match: %d players, %s points, %d game%s; %s deals first%s" % (
                self.players,
                re.search(r"B target \((\d+)\)", words).group(1),
                self.games,
                "" if self.games == 1 else "s",
                first,
                " (the deal passes left, so the sides take turns)" if self.players == 4 else "",
            ), said
            target = int(re.search(r"B target \((\d+)\)", words).group(1))
            self.table = Table(self.players, target)
            self.games_won = [0] * self.table.sides
            self.dealer = self.first_dealer = 0  # the board's first dealer of a match
            self.play_game(deals)

    def play_game(self, deals):
        while True:
            state, words = self.seen()
            if words == "# for the next game":
                assert (
                    self.table.winner >= 0
                    and state["front"][self.table.winner] == self.table.target
                )
                assert state["front"] == self.table.score, (state["front"], self.table.score)
                self.check_result(over=False)
                said = self.press("#")
                self.next_first_dealer()
                self.check_next_game(said[0])
                self.table = Table(self.players, self.table.target)
                continue
            if words.startswith("new match: "):
                assert self.table.winner >= 0 and state["front"] == self.table.score
                self.check_result(over=True)
                return
            if self.deals >= deals:
                return
            self.play_deal()

    def check_result(self, over):
        """The game's result in words: the winner, its score and the best loser's, each
        skunked loser; the match's winner, or why another game is played."""
        table = self.table
        winner = table.winner
        self.games_won[winner] += 1
        losers = [table.score[side] for side in range(table.sides) if side != winner]
        line = "%s wins the game %d-%d" % (COLOURS[winner], table.target, max(losers))
        skunk = 91 if table.target == 121 else 31
        double = 61 if table.target == 121 else 0
        for side in range(table.sides):
            if side != winner and table.score[side] < skunk:
                grade = "double skunk" if table.score[side] < double else "skunk"
                line += ", %s %s" % (COLOURS[side], grade)
        lines = self.rig.lines
        at = max(i for i in range(len(lines)) if " wins the game " in lines[i])
        assert lines[at] == line, (lines[at], line)
        self.results.append(line)
        most = max(self.games_won)
        level = [COLOURS[side] for side in range(table.sides) if self.games_won[side] == most]
        if over:
            assert lines[at + 1] == "%s wins the match" % level[0], lines[at + 1]
            assert len(level) == 1 and sum(self.games_won) >= self.games
        elif sum(self.games_won) >= self.games:
            assert len(level) > 1
            names = ", ".join(level[:-1]) + " and " + level[-1]
            self.level = "%s level on %d game%s" % (names, most, "" if most == 1 else "s")
            assert lines[at + 1] == self.level + ": one more game decides the match"

    def check_next_game(self, said):
        played = sum(self.games_won)
        dealer = COLOURS[self.table.side_of(self.first_dealer)]
        if self.players == 4:
            dealer += " (the dealer)"
        why = "the loser with the lowest score deals" if self.players == 3 else "the loser deals"
        if played < self.games:
            game = "game %d of %d" % (played + 1, self.games)
        else:
            game = "game %d, an extra game (%s)" % (played + 1, self.level)
            self.extra_games += 1
        assert said == "%s: %s deals first (%s)" % (game, dealer, why), said

    def next_first_dealer(self):
        """The loser deals first in the next game (the board's default); with four, the
        losing side's player who comes first after the last game's first dealer."""
        loser = self.table.score.index(min(self.table.score))
        for step in range(1, self.players + 1):
            seat = (self.first_dealer + step) % self.players
            if self.table.side_of(seat) == loser:
                break
        self.dealer = self.first_dealer = seat

    def seat_named(self, words, dealer):
        colour = re.match(r"(?:the hand of )?(\w+)", words).group(1)
        side = COLOURS.index(colour)
        if self.players != 4:
            return side
        place = re.search(r"\(([^)]*)\)", words).group(1)
        seat = (dealer + PLACES.index(place)) % 4
        assert seat % 2 == side, words
        return seat

    def play_deal(self):
        state, words = self.seen()
        assert "deals: key the starter's rank" in words, words
        players = self.players
        dealer = self.dealer
        assert words.startswith(COLOURS[self.table.side_of(dealer)] + " "), (words, dealer)
        if players == 4:
            assert words.startswith(COLOURS[dealer % 2] + " (the dealer) deals"), words
        hands, crib, starter = deal(self.random, players)
        table = self.table
        self.deals += 1
        self.dealer = (dealer + 1) % players  # the deal passes left
        if self.chance(self.points_deals):
            self.points_deal(dealer, hands, crib, starter)
            return
        self.key_starter(starter)
        if starter >> 2 == 10:
            table.peg(table.side_of(dealer), 2)  # his heels
        self.maybe_slip_and_cut()
        self.play(dealer, hands)
        self.show(dealer, hands, crib, starter)

    def key_starter(self, starter):
        if self.chance(self.slips):
            said = self.press(RANK_KEYS[((starter >> 2) + 3) % 13])
            said = self.press("*")
            assert said[0].startswith("taken back: the starter's rank"), said
            self.take_backs += 1
        self.press(RANK_KEYS[starter >> 2])
        state, words = self.seen()
        assert words.startswith("starter ") and "its suit?" in words, words
        said = self.press(SUIT_KEYS[starter & 3])

    def play(self, dealer, hands):
        """The play, as the table plays it: each player in turn lays a card that fits or
        says go; the points as the rules give them, kept by the table."""
        table = self.table
        left = [list(hand) for hand in hands]
        count = 0
        ranks = []
        last = -1
        reset_due = False
        while True:
            state, words = self.seen()
            if not re.search(r" to lay: ", words):
                break
            if reset_due and state["count"] == 0:  # the count starts again, as the LEDs show
                count, ranks, reset_due = 0, [], False
            seat = self.seat_named(words, dealer)
            fits = [card for card in left[seat] if count + value(card) <= 31]
            if not fits:
                self.press("#")
            else:
                card = fits[self.random.below(len(fits))]
                left[seat].remove(card)
                count += value(card)
                ranks.append(card >> 2)
                last = seat
                table.peg(table.side_of(seat), lay_points(ranks, count))
                self.press(RANK_KEYS[card >> 2])
            # A go: nobody holding cards can lay on this count (or it is 31).
            if not reset_due and (
                count == 31 or not any(count + value(card) <= 31 for hand in left for card in hand)
            ):
                if count != 31:
                    table.peg(table.side_of(last), 1)  # go, or the last card
                reset_due = True
            self.maybe_slip_and_cut()
        assert not any(left) or table.winner >= 0, (words, left)

    def show(self, dealer, hands, crib, starter):
        table = self.table
        order = [(dealer + i) % self.players for i in range(1, self.players + 1)] + [-1]
        for seat in order:
            state, words = self.seen()
            if table.winner >= 0:
                return
            if seat < 0:
                assert words.startswith(
                    "%s's crib: key its 4 ranks" % COLOURS[table.side_of(dealer)]
                ), words
                cards = crib
                self.key_crib(cards)
            else:
                assert self.seat_named(words, dealer) == seat, (words, seat)
                cards = hands[seat]
            side = table.side_of(dealer if seat < 0 else seat)
            self.answer(cards, starter, seat < 0)
            table.peg(side, show_points(cards, starter, seat < 0))
            state = self.awaiting()
            assert state["front"] == table.score, (state["front"], table.score, words)
            self.maybe_slip_and_cut()

    def key_crib(self, cards):
        for i, card in enumerate(cards):
            self.press(RANK_KEYS[card >> 2])
            if i == 1 and self.chance(self.slips):
                said = self.press("*")
                assert said[0] == "taken back: the %s keyed" % "A23456789TJQK"[card >> 2], said
                self.take_backs += 1
                self.press(RANK_KEYS[card >> 2])

    def answer(self, cards, starter, crib):
        suits = [card & 3 for card in cards]
        whose = self.seen()[1].split(": ")[0]
        while True:
            state, words = self.seen()
            if not words.startswith(whose + ": "):
                return  # counted with the last answer: the next hand's prompt
            if ": key its 4 ranks" in words:
                self.key_crib(cards)  # the crib's count undone: its ranks are asked again
                continue
            if words.endswith("all four of one suit? # yes, 0 no"):
                yes = len(set(suits)) == 1
            elif words.endswith("the starter's suit too? # yes, 0 no"):
                yes = suits[0] == starter & 3
            elif words.endswith("a jack of the starter's suit? # yes, 0 no"):
                yes = (10 * 4 + (starter & 3)) in cards
            elif words.endswith(": # to count it"):
                self.press("#")
                return
            else:
                return  # counted with the last answer
            if self.chance(self.slips):
                self.press("0" if yes else "#")
                said = self.press("*")
                if said[0].startswith("undone: "):
                    # That wrong answer was the hand's last: counted with it, undone whole.
                    colour = re.search(r"blue|orange|yellow", whose).group(0)
                    kind = "the crib" if whose.endswith("crib") else colour + "'s hand"
                    assert said[0] == "undone: " + kind, (said, whose)
                    self.undos += 1
                    continue
                assert said[0].startswith("taken back: the answer "), said
                self.take_backs += 1
            self.press("#" if yes else "0")

    def points_deal(self, dealer, hands, crib, starter):
        """The starter not keyed: the table pegs the play and counts each show by hand."""
        table = self.table
        self.press("#")
        state, words = self.seen()
        assert words.startswith("a deal in points: "), words
        pone = (dealer + 1) % self.players
        if starter >> 2 == 10:
            self.peg_by_hand(table.side_of(dealer), 2, pone)
        # The play at the table: each in turn lays the first card that fits.
        left = [list(hand) for hand in hands]
        pegged = [0] * table.sides
        count, ranks, last, seat = 0, [], -1, pone
        while any(left):
            fits = [card for card in left[seat] if count + value(card) <= 31]
            if fits:
                card = fits[0]
                left[seat].remove(card)
                count += value(card)
                ranks.append(card >> 2)
                last = seat
                pegged[table.side_of(seat)] += lay_points(ranks, count)
            if count == 31 or not any(count + value(c) <= 31 for hand in left for c in hand):
                if count != 31:
                    pegged[table.side_of(last)] += 1
                count, ranks = 0, []
                seat = last
            seat = (seat + 1) % self.players
        for side in range(table.sides):
            self.peg_by_hand(side, pegged[side], pone)
        state, words = self.seen()
        if table.winner >= 0:
            return
        self.press("#" if self.random.below(2) else "hold:#")
        order = [(dealer + i) % self.players for i in range(1, self.players + 1)] + [-1]
        for seat in order:
            state, words = self.seen()
            if table.winner >= 0:
                return
            assert words.endswith(": D, its points, # (the starter was not keyed)"), words
            cards = crib if seat < 0 else hands[seat]
            side = table.side_of(dealer if seat < 0 else seat)
            points = show_points(cards, starter, seat < 0)
            self.press("D")
            state, words = self.seen()
            assert words.startswith("points for %s: " % COLOURS[side]), words
            self.press(" ".join(str(points)) + " #")
            table.peg(side, points)
            if points == 0:
                assert any(
                    line
                    == "%s: %s for 0, now %d"
                    % (COLOURS[side], "crib" if seat < 0 else "hand", table.score[side])
                    for line in self.rig.lines[-3:]
                ), self.rig.lines[-3:]
            self.maybe_slip_and_cut()

    def peg_by_hand(self, side, points, pone):
        table = self.table
        while points > 0 and table.winner < 0:
            chunk = min(points, 31)
            keys = "D"
            if side != self.table.side_of(pone):
                keys += " " + SIDE_LETTERS[side]
            self.press(keys)
            state, words = self.seen()
            assert words.startswith("points for %s: " % COLOURS[side]), words
            self.press(" ".join(str(chunk)) + " #")
            table.peg(side, chunk)
            points -= chunk
            self.maybe_slip_and_cut()
