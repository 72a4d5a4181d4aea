# The half-made entry a boot read back from the journal (History.entry), taken up by the
# mode's keys: the bytes their entry() made. Loaded when a mode opens and dropped after
# (App.opening): on the board a module's code sits in RAM, and this one runs once a boot.


def cribbage(keys, entry):
    """ui.crib_keys' entry: b"D" and the keys since D; b"S" and the starter's rank; b"R",
    the show's ranks keyed, their suits tapped, then each answer as question * 2 + yes."""
    keys._reset_entry()
    kind = entry[0]
    if kind == 68:  # "D"
        keys._points_from(entry[1:].decode())
    elif kind == 83:  # "S"
        keys.starter_rank = entry[1]
    else:
        count = entry[1]
        keys.ranks.extend(entry[2 : 2 + count])
        at = 2 + count
        keys.crib_suits.extend(entry[at + 1 : at + 1 + entry[at]])
        for answer in entry[at + 1 + entry[at] :]:
            keys.answers[answer >> 1] = bool(answer & 1)


def shedding(keys, entry):
    """ui.shed_keys' entry: the players chosen, the rank keyed plus one, what is asked, the
    cards keyed."""
    keys._clear()
    keys.players, keys.rank, keys.asking = entry[0], entry[1] - 1, entry[2]
    keys.keyed.extend(entry[3:])
