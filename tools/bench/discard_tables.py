"""The discard coach's expert model (tools/coach/coach_expert.py) beside the published crib
tables (host_tests/published_discards.py): docs/discard-tables.md.

  python tools/bench/discard_tables.py            write it
  python tools/bench/discard_tables.py --check    exit 1 when it is stale
"""

import os
import sys

import where
from coach_expert import PAIR_INDEX, PAIRS, Model, fixed_point


def comparison(model=None):
    """The page docs/discard-tables.md: the expert model's tables beside the published ones,
    with the largest and the mean difference."""
    from published_discards import (
        CRIBBAGE_PRO_OWN_CRIB,
        HESSEL_OPPONENTS_CRIB,
        RANKS,
        SCHELL_OPPONENTS_CRIB,
    )

    model = model or Model()
    own, theirs, rounds, _, _ = fixed_point(model)
    uniform = model.uniform_table()

    def published(table, pair):
        return table[pair[0]][pair[1]]

    def gap(ours, table):
        differences = [abs(float(ours[p]) - published(table, PAIRS[p])) for p in range(len(PAIRS))]
        worst = max(range(len(PAIRS)), key=lambda p: differences[p])
        return max(differences), sum(differences) / len(differences), worst

    def name(pair):
        return "%s-%s" % (RANKS[pair[0]], RANKS[pair[1]])

    lines = [
        "# The coach's crib tables beside the published ones",
        "",
        "Written by `python tools/bench/discard_tables.py` (`tools/check` runs it with"
        " `--check`);",
        "the model is in `tools/coach/coach_expert.py`'s docstring. The published figures and"
        " their"
        " sources",
        "are in `host_tests/published_discards.py`. The expert model settled in %d rounds."
        % rounds,
        "",
        "| | largest difference | mean difference |",
        "|---|---|---|",
    ]
    for label, ours, table in (
        ("expert, to the opponent's crib, against Hessel", theirs, HESSEL_OPPONENTS_CRIB),
        ("uniform, against Hessel's opponent's crib", uniform, HESSEL_OPPONENTS_CRIB),
        ("expert, to one's own crib, against Cribbage Pro", own, CRIBBAGE_PRO_OWN_CRIB),
        ("uniform, against Cribbage Pro's own crib", uniform, CRIBBAGE_PRO_OWN_CRIB),
    ):
        largest, mean, worst = gap(ours, table)
        lines.append("| %s | %.2f (%s) | %.3f |" % (label, largest, name(PAIRS[worst]), mean))
    schell = [abs(float(theirs[PAIR_INDEX[pair]]) - value) for pair, value in
              sorted(SCHELL_OPPONENTS_CRIB.items())]  # fmt: skip
    lines.append(
        "| expert, to the opponent's crib, against Schell's five quoted throws | %.2f | %.3f |"
        % (max(schell), sum(schell) / len(schell))
    )
    lines += [
        "",
        "| throw | uniform | expert, own crib | Cribbage Pro, own | expert, opponent's crib"
        " | Hessel, opponent's | Schell, opponent's |",
        "|---|---|---|---|---|---|---|",
    ]
    for p, pair in enumerate(PAIRS):
        schell = SCHELL_OPPONENTS_CRIB.get(pair)
        lines.append(
            "| %s | %.2f | %.2f | %.1f | %.2f | %.2f | %s |"
            % (
                name(pair), float(uniform[p]), float(own[p]),
                published(CRIBBAGE_PRO_OWN_CRIB, pair), float(theirs[p]),
                published(HESSEL_OPPONENTS_CRIB, pair), "%.2f" % schell if schell else "",
            )
        )  # fmt: skip
    return "\n".join(lines) + "\n"


TABLE_PAGE = os.path.join(where.ROOT, "docs", "discard-tables.md")


def main(argv):
    from generated import checking, write_or_check

    check = checking(argv, __doc__)
    return write_or_check(TABLE_PAGE, comparison(), check, "python tools/bench/discard_tables.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
