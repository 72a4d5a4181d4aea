"""Command-line cribbage counter: the board's own rules on a laptop.

  python tools/player/crib.py count [--crib] C1 C2 C3 C4 STARTER
  python tools/player/crib.py count --batch [--crib]      (one show a line on stdin)
  python tools/player/crib.py peg [--players N] TOKEN...  (cards, ranks or 'go', in the order laid)
  python tools/player/crib.py peg-advice [--dealer | --pone] HAND.. [--played TOKEN..] [--seen
  CARD..]
  python tools/player/crib.py discard [--dealer | --pone] [--opponent uniform|expert] [--play] C1
  .. C6
  python tools/player/crib.py discard --batch [--dealer | --pone] [--opponent ...]  (a hand a line)

discard prints one line per throw, best first: "T1 T2 hand H crib C net N" (the mean show
of the cards kept, the mean crib, and their sum for the dealer or difference for the pone;
exact, to three decimals). Without --pone the player is the dealer. The crib's figure
assumes the other cards of the crib are any of the unseen (--opponent uniform, the default;
five or six cards), or the throw a sensible player makes (--opponent expert, six cards:
tools/coach/coach_expert.py says how; the line then ends "(uniform crib U net V)" with the
uniform figures beside it; the first run settles the model, a few seconds). --play (six
cards) adds each throw's play: "play P (you Y, them T)", the mean points of the whole play for
the four kept, yours and the other's, by peg-advice's model with the other's four any of the
unseen and the pone leading; P (yours less theirs) is then in the net and the ranking. Without
it the ranking is by hand and crib alone, as published discard tables rank.

peg-advice says which card to lay now in a two-player play: HAND is the cards still held,
--played the play so far in order (cards, ranks or 'go', the pone's first), --seen the other
cards known (the starter, one's own throw). One line per card that may be laid, best first:
"C net N (you Y, them T)", the mean points of the rest of the play (tools/coach/peg_advice.py
says the model); "go" when none fits.

Exit status 0 on success, 2 on bad input (the message on stderr names the bad token or line).
"""

import argparse
import sys

from cards import _SUIT_INPUT, JOKER, RANK_CHARS, CardError, name, parse, parse_many
from cribbage.score import points, score
from cribbage.show_items import count_show, item_words, total_of
from discard_coach import discard_lines
from peg import peg_report

BAD_INPUT = 2
SUIT_LETTERS = {ord("\u2663"): "C", ord("\u2666"): "D", ord("\u2665"): "H", ord("\u2660"): "S"}


class Letters:
    """A stream that writes suits as letters: for a terminal or file that cannot take ♥."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        return self.stream.write(text.translate(SUIT_LETTERS))

    def flush(self):
        self.stream.flush()


def suited(stream):
    """The stream itself when it can encode the suit symbols, else one that writes letters."""
    try:
        "\u2663\u2666\u2665\u2660".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return Letters(stream)
    return stream


def _show_cards(tokens):
    cards = cribbage_cards(" ".join(tokens))
    if len(cards) != 5:
        raise CardError("a show is 4 cards and the starter: got %d cards" % len(cards))
    return cards[:4], cards[4]


def count_one(tokens, crib, out):
    hand, starter = _show_cards(tokens)
    items = count_show(hand, starter, crib)
    for item in items:
        out.write(item_words(item) + "\n")
    out.write("%d\n" % total_of(items))


def token_table():
    """Every card token parse() accepts (any case, T or 10, letters or symbols) -> card."""
    table = {}
    for rank in range(13):
        for rank_text in ("10", "T") if rank == 9 else (RANK_CHARS[rank],):
            for suit_text in _SUIT_INPUT:
                token = rank_text + suit_text
                for variant in (token, token.lower(), rank_text.lower() + suit_text):
                    table[variant] = parse(token)
    return table


TOTALS = ["%d\n" % points for points in range(30)]
CHUNK = 4096  # answers written at a time: a batch streams, whatever its length


def count_batch(lines, crib, out, err):
    # Fast route: a table lookup per token; a line it cannot read goes the slow route,
    # which names the fault. Answers are written as they are known, in chunks.
    cards_of = token_table()
    pending = []
    for number, line in enumerate(lines, 1):
        tokens = line.split()
        if not tokens:
            continue
        try:
            a, b, c, d, starter = tokens
            total = points(
                cards_of[a], cards_of[b], cards_of[c], cards_of[d], cards_of[starter], crib
            )
        except (ValueError, KeyError):
            try:
                hand, starter_card = _show_cards(tokens)
                total = score(hand, starter_card, crib)
            except CardError as error:
                out.write("".join(pending))
                err.write("line %d: %s\n" % (number, error))
                return BAD_INPUT
        pending.append(TOTALS[total])
        if len(pending) >= CHUNK:
            out.write("".join(pending))
            pending.clear()
    out.write("".join(pending))
    return 0


def discard_batch(lines, dealer, out, err, opponent="uniform", play=False):
    # Each hand's answer is written as soon as it is known: a long batch streams.
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            answer = discard_lines(cribbage_cards(line), dealer, opponent, play)
        except CardError as error:
            err.write("line %d: %s\n" % (number, error))
            return BAD_INPUT
        out.write("\n".join(answer) + "\n\n")
    return 0


def cribbage_cards(text):
    """The cards named in `text`; CardError, in words, for a joker (Makao's, not cribbage's)."""
    cards = parse_many(text)
    if JOKER in cards:
        raise CardError("cribbage has no joker: a card is a rank and a suit, as 5H")
    return cards


def peg_advice_lines(hand_tokens, played_tokens, seen_tokens, dealer):
    """The advice for the card to lay now, a line per card (or the go), best first."""
    from cribbage import events as ev
    from cribbage.pegging import Play, PlayError
    from peg import parse_token
    from peg_advice import advise

    hand = cribbage_cards(" ".join(hand_tokens))
    seen = cribbage_cards(" ".join(seen_tokens)) if seen_tokens else []
    me = 1 if dealer else 0  # the pone (seat 0) leads the play
    play = Play(2, 0)
    known = list(hand) + list(seen)
    laid = []  # the ranks laid so far, whoever laid them
    for number, token in enumerate(played_tokens, 1):
        event = parse_token(token)
        try:
            if event[0] == ev.GO:
                play.go()
            else:
                play.lay(event[1])
        except PlayError as error:
            raise CardError("--played token %d %r: %s" % (number, token, error)) from None
        if event[0] == ev.LAY:
            laid.append(event[1])
            if event[2] != ev.UNKNOWN_SUIT:
                known.append((event[1] << 2) | event[2])
    if len(set(known)) != len(known):
        raise CardError("a card is named twice between the hand, --played and --seen")
    if play.finished:
        raise CardError("the play is over: every card has been laid")
    if play.turn != me:
        raise CardError("it is the other player's turn: the advice is for the card you lay")
    if len(hand) != 4 - play.laid[me]:
        raise CardError(
            "you have laid %d cards, so you hold %d: got %d"
            % (play.laid[me], 4 - play.laid[me], len(hand))
        )
    unseen = [4] * 13
    for card in hand + seen:
        unseen[card >> 2] -= 1
    for rank in laid:
        unseen[rank] -= 1
        if unseen[rank] < 0:
            raise CardError(
                "more than four %ss between the hand, --played and --seen" % RANK_CHARS[rank]
            )
    said_go = (play.said_go[me], play.said_go[1 - me])
    last = -1 if not play.ranks else (0 if play.last_seat == me else 1)
    advice = advise(
        [card >> 2 for card in hand], unseen, 4 - play.laid[1 - me], play.count,
        play.ranks, said_go, last,
    )  # fmt: skip
    if not advice:
        return ["go: no card you hold fits at %d" % play.count]
    lines = []
    for rank, mine, theirs, net in advice:
        card = [c for c in hand if c >> 2 == rank][0]
        lines.append(
            "%s net %+.3f (you %.3f, them %.3f)"
            % (name(card, False), float(net), float(mine), float(theirs))
        )
    return lines


def main(argv=None, stdin=None, out=None, err=None):
    stdin = stdin or sys.stdin
    out = suited(out or sys.stdout)
    err = suited(err or sys.stderr)
    parser = argparse.ArgumentParser(prog="crib.py", description="Count cribbage shows and plays.")
    commands = parser.add_subparsers(dest="command", required=True)
    count = commands.add_parser("count", help="count a show (hand and starter)")
    count.add_argument("--crib", action="store_true", help="the crib: only a 5-card flush counts")
    count.add_argument("--batch", action="store_true", help="one show a line on stdin")
    count.add_argument("cards", nargs="*", help="four cards in hand, then the starter")
    peg = commands.add_parser("peg", help="score the play of one deal, card by card")
    peg.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    peg.add_argument("tokens", nargs="+", help="cards, ranks or 'go' in the order laid")
    advice = commands.add_parser("peg-advice", help="which card to lay now in the play")
    advice_seat = advice.add_mutually_exclusive_group()
    advice_seat.add_argument("--dealer", action="store_true", help="you dealt (the default)")
    advice_seat.add_argument("--pone", action="store_true", help="the other player dealt")
    advice.add_argument("hand", nargs="+", help="the cards you still hold")
    advice.add_argument("--played", nargs="*", default=[], help="the play so far, in order")
    advice.add_argument("--seen", nargs="*", default=[], help="other cards you know")
    discard = commands.add_parser("discard", help="rank the throws to the crib of a hand")
    seat = discard.add_mutually_exclusive_group()
    seat.add_argument("--dealer", action="store_true", help="the crib is yours (the default)")
    seat.add_argument("--pone", action="store_true", help="the crib is the other player's")
    discard.add_argument(
        "--opponent",
        choices=("uniform", "expert"),
        default="uniform",
        help="the other crib cards: any of the unseen, or a sensible player's throw",
    )
    discard.add_argument(
        "--play",
        action="store_true",
        help="each throw's play too, counted in its net (the default ranks by hand and crib)",
    )
    discard.add_argument("--batch", action="store_true", help="one hand a line on stdin")
    discard.add_argument("cards", nargs="*", help="the six (or five) cards dealt")
    args = parser.parse_args(argv)
    try:
        if args.command == "discard":
            if args.batch:
                if args.cards:
                    raise CardError("--batch reads the hands from stdin, not the command line")
                return discard_batch(stdin, not args.pone, out, err, args.opponent, args.play)
            cards = cribbage_cards(" ".join(args.cards))
            out.write("\n".join(discard_lines(cards, not args.pone, args.opponent, args.play)))
            out.write("\n")
            return 0
        if args.command == "peg-advice":
            lines = peg_advice_lines(args.hand, args.played, args.seen, not args.pone)
            out.write("\n".join(lines) + "\n")
            return 0
        if args.command == "peg":
            peg_report(args.tokens, args.players, out)
            return 0
        if args.batch:
            if args.cards:
                raise CardError("--batch reads the shows from stdin, not the command line")
            return count_batch(stdin, args.crib, out, err)
        count_one(args.cards, args.crib, out)
        return 0
    except CardError as error:
        err.write("error: %s\n" % error)
        return BAD_INPUT
    except ImportError as error:
        if getattr(error, "name", None) not in ("numba", "numpy"):
            raise
        err.write(
            "error: the expert coach and the play's advice need the coach's extra:"
            " .venv/bin/pip install -e '.[coach]' (Python 3.11 or newer)\n"
        )
        return BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
