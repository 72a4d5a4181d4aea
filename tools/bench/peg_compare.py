"""The play's model (tools/coach/peg_advice.py) beside published expected-pegging figures drawn
from
real play (host_tests/published_pegging.py): docs/pegging-compared.md.

  python tools/bench/peg_compare.py            write docs/pegging-compared.md
  python tools/bench/peg_compare.py --check    exit 1 when that page is stale

Each model figure is the model's exact mean, to three places: for a kept hand, the points
each player pegs in the whole play, the other's four any four of the cards unseen (the six
dealt are seen), both hands open, the pone leading as the model's pone would
(peg_advice.kept_play); for a lead, the same after the pone's first card, the pone knowing
only its four kept (peg_advice.advise). Laptop only: it reads the leads table in build/,
made at its first use (about a minute).
"""

import os
import sys

import peg_advice  # noqa: E402
import published_pegging as published  # noqa: E402
import where
from cards import RANK_CHARS, parse_many  # noqa: E402

PAGE = os.path.join(where.ROOT, "docs", "pegging-compared.md")


def rank(text):
    return RANK_CHARS.index("T" if text == "10" else text)


def kept_rows(hands, pone):
    """[(the six dealt, the throw, model's (mine, theirs), published (mine, theirs))]."""
    rows = []
    for dealt, *throws in hands:
        ranks = [card >> 2 for card in parse_many(dealt)]
        unseen = peg_advice.unseen_after(ranks)
        for thrown, mine, theirs in throws:
            kept = list(ranks)
            for text in thrown:
                kept.remove(rank(text))
            model = peg_advice.kept_play(kept, unseen, pone)
            rows.append((dealt, thrown, model, (mine, theirs)))
    return rows


def lead_rows():
    """[(the four kept, the lead, model's (pone, dealer), published (pone, dealer))]."""
    rows = []
    for kept, leads in published.PONE_LEADS:
        ranks = [rank(text) for text in kept.split()]
        unseen = peg_advice.unseen_after(ranks)
        advice = peg_advice.advise(ranks, unseen, 4, 0, [], (False, False), -1)
        by_rank = {card: (mine, theirs) for card, mine, theirs, _ in advice}
        for lead, pone, dealer in leads:
            rows.append((kept, lead, by_rank[rank(lead)], (pone, dealer)))
    return rows


def _cards(text):
    return " ".join(card[:-1] if card[-1] in "SHDC" else card for card in text.split())


def page():
    lines = [
        "# The play's model beside published pegging figures",
        "",
        "Written by `python tools/bench/peg_compare.py`; `tools/check` fails when it is stale."
        " The",
        "model is the play's advice's (`tools/player/crib.py peg-advice`, `discard --play`,"
        " written out",
        "in [players-guide.md](players-guide.md#the-play-too---play)); the published figures",
        "are Cribbage Pro's means over games people played on its app, transcribed with their",
        "sources in `host_tests/published_pegging.py`. Points are each player's in the whole",
        "play of a deal (pairs, fifteens, runs, 31, the go and the last card).",
        "",
        "| dealt | as | thrown (kept) | model: mine | published | model: theirs | published |",
        "|---|---|---|---|---|---|---|",
    ]
    differences = []
    agreed = []  # for each hand and for the leads: (the model's best, the published best)
    for pone, hands in ((True, published.PONE_QUIZ), (False, published.DEALER_QUIZ)):
        rows = kept_rows(hands, pone)
        agreed.append(
            (
                "the throw of " + _cards(rows[0][0]),
                "-".join(max(rows, key=lambda row: row[2][0] - row[2][1])[1]),
                "-".join(max(rows, key=lambda row: row[3][0] - row[3][1])[1]),
            )
        )
        for dealt, thrown, model, seen in rows:
            kept = list(_cards(dealt).split())
            for text in thrown:
                kept.remove(text)
            lines.append(
                "| %s | %s | %s (%s) | %.3f | %.2f | %.3f | %.2f |"
                % (_cards(dealt), "pone" if pone else "dealer", "-".join(thrown),
                   "-".join(kept), model[0], seen[0], model[1], seen[1])
            )  # fmt: skip
            differences += [float(model[0]) - seen[0], float(model[1]) - seen[1]]
    lines += [
        "",
        "| pone keeps | leads | model: pone | published | model: dealer | published |",
        "|---|---|---|---|---|---|",
    ]
    leads = lead_rows()
    agreed.append(
        (
            "the lead from " + leads[0][0],
            max(leads, key=lambda row: row[2][0] - row[2][1])[1],
            max(leads, key=lambda row: row[3][0] - row[3][1])[1],
        )
    )
    for kept, lead, model, seen in leads:
        lines.append(
            "| %s | %s | %.3f | %.2f | %.3f | %.2f |"
            % (kept.replace(" ", "-"), lead, model[0], seen[0], model[1], seen[1])
        )
        differences += [float(model[0]) - seen[0], float(model[1]) - seen[1]]
    largest = max(differences, key=abs)
    mean = sum(differences) / len(differences)
    lines += [
        "",
        "Over these %d figures the model differs from the published by %+.2f points on"
        " average, by %+.2f at most. What pegs best net (mine less theirs), model and"
        " published: %s."
        % (
            len(differences),
            mean,
            largest,
            "; ".join(
                "%s, %s and %s (%s)" % (what, model, seen, "the same" if model == seen else "not")
                for what, model, seen in agreed
            ),
        ),
        "",
        "Why they differ, in the model's terms:",
        "",
        "- The model's other player holds any four of the unseen cards, each four as likely;",
        "  a real player kept the best four of six for the hand and the crib (fives, pairs,",
        "  runs and face cards, which peg more). Against the pone's 9-10-J-Q the published",
        "  dealer pegs half a point more than the model's.",
        "- Both hands are open in the model: each player lays knowing the other's cards, so",
        "  it never leads into a pair or a fifteen it could avoid, and never saves a card",
        "  for a run that cannot come. Real players guess, and the figures of their games",
        "  include the guesses that went wrong, for both players.",
        "- A published figure is a mean over the players who chose that throw or that lead,",
        "  as well or as badly as they played the rest; the model's is for one choice,",
        "  played as well as the model plays.",
        "- The published figures are rounded to hundredths and over a sample; the model's",
        "  are exact means in the model (its fractions, printed to three places).",
        "",
    ]
    return "\n".join(lines)


def main(argv):
    from generated import checking, write_or_check

    check = checking(argv, __doc__)
    return write_or_check(PAGE, page(), check, "python tools/bench/peg_compare.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
