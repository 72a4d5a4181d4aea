"""Command-line cribbage counter: the board's own rules on a laptop.

  python tools/crib.py count [--crib] C1 C2 C3 C4 STARTER
  python tools/crib.py count --batch [--crib]      (one show a line on stdin)
  python tools/crib.py peg [--players N] TOKEN...  (cards, ranks or 'go', in the order laid)
  python tools/crib.py discard [--dealer | --pone] C1 C2 C3 C4 C5 [C6]
  python tools/crib.py discard --batch [--dealer | --pone]  (one hand a line on stdin)

discard prints one line per throw, best first: "T1 T2 hand H crib C net N" (the mean show
of the cards kept, the mean crib, and their sum for the dealer or difference for the pone;
exact, to three decimals). Without --pone the player is the dealer.

Exit status 0 on success, 2 on bad input (the message on stderr names the bad token or line).
"""

import argparse
import sys

import _paths  # noqa: F401,E402
from cards import _SUIT_INPUT, RANK_CHARS, CardError, name, parse, parse_many  # noqa: E402
from cribbage.discard import advise  # noqa: E402
from cribbage.score import points, score  # noqa: E402
from cribbage.show_items import count_show, item_words, total_of  # noqa: E402
from peg import peg_report  # noqa: E402

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
    cards = parse_many(" ".join(tokens))
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


def discard_lines(cards, dealer):
    """The coach's answer for one hand, a line per throw."""
    lines = []
    for thrown, hand, hand_cases, crib, crib_cases in advise(cards, dealer):
        mean_hand = hand / hand_cases
        mean_crib = crib / crib_cases
        net = mean_hand + mean_crib if dealer else mean_hand - mean_crib
        lines.append(
            "%s hand %.3f crib %.3f net %.3f"
            % (" ".join(name(card, False) for card in thrown), mean_hand, mean_crib, net)
        )
    return lines


def discard_batch(lines, dealer, out, err):
    # Each hand's answer is written as soon as it is known: a long batch streams.
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            answer = discard_lines(parse_many(line), dealer)
        except CardError as error:
            err.write("line %d: %s\n" % (number, error))
            return BAD_INPUT
        out.write("\n".join(answer) + "\n\n")
    return 0


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
    discard = commands.add_parser("discard", help="rank the throws to the crib of a hand")
    seat = discard.add_mutually_exclusive_group()
    seat.add_argument("--dealer", action="store_true", help="the crib is yours (the default)")
    seat.add_argument("--pone", action="store_true", help="the crib is the other player's")
    discard.add_argument("--batch", action="store_true", help="one hand a line on stdin")
    discard.add_argument("cards", nargs="*", help="the six (or five) cards dealt")
    args = parser.parse_args(argv)
    try:
        if args.command == "discard":
            if args.batch:
                if args.cards:
                    raise CardError("--batch reads the hands from stdin, not the command line")
                return discard_batch(stdin, not args.pone, out, err)
            out.write("\n".join(discard_lines(parse_many(" ".join(args.cards)), not args.pone)))
            out.write("\n")
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


if __name__ == "__main__":
    sys.exit(main())
