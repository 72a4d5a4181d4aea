# The tables the laptop makes for the board's page (the expert coach's, the play's): where the
# board keeps them (in /tables beside its lib/ folder) and the order of their rows.
from cribbage.multiset import binomial


def path(file):
    """A table's path on this board: `file` ("tables/...") beside the lib/ folder."""
    here = globals().get("__file__", "")
    if "/lib/" in here:
        return here[: here.rindex("/lib/")] + "/" + file
    return "/" + file


def rank_index(ranks):
    """A sorted rank multiset's row among every multiset of its size (the combinatorial number
    system on ranks[i] + i): the tables' order for hands of four and of six."""
    index = 0
    for i in range(len(ranks)):
        index += binomial(ranks[i] + i, i + 1)
    return index
