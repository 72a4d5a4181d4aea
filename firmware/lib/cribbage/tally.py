# Statistics per side: what a match's hands, cribs and pegging were worth. The match counts
# its own (cribbage.game, figure by figure as numbered here) in its checkpoints, fixed in
# size whatever the match's length; every earlier match's figures are summed into one small
# file when the journal compacts a finished match away, so they outlive the events they were
# counted from. Loaded only to read the figures out or to sum a finished match in.
from binascii import crc32

from micropython import const

HANDS = const(0)
HAND_POINTS = const(1)
CRIBS = const(2)
CRIB_POINTS = const(3)
DEALS = const(4)
PEGGED = const(5)
TWENTY_NINES = const(6)
BIG_HANDS = const(7)  # hands and cribs of 20 points or more
HEELS = const(8)
SKUNKS_GIVEN = const(9)
SKUNKS_TAKEN = const(10)
FIELDS = const(11)
SIDES = const(3)

FILE = "stats.bin"
_MAGIC = b"CST1"
_WIDE = const(4)  # bytes per figure in the file: a board's lifetime fits
_SIZE = const(4 + 2 + SIDES * FIELDS * 4 + 2)  # magic, last match, figures, checksum


def figures(tally, side):
    """One side's figures as the web page shows them."""
    at = side * FIELDS
    hands, cribs, deals = tally[at + HANDS], tally[at + CRIBS], tally[at + DEALS]
    return {
        "hands": hands,
        "average_hand": round(tally[at + HAND_POINTS] / hands, 2) if hands else None,
        "cribs": cribs,
        "average_crib": round(tally[at + CRIB_POINTS] / cribs, 2) if cribs else None,
        "deals": deals,
        "pegged": tally[at + PEGGED],
        "pegged_per_deal": round(tally[at + PEGGED] / deals, 2) if deals else None,
        "twenty_nines": tally[at + TWENTY_NINES],
        "big_hands": tally[at + BIG_HANDS],
        "his_heels": tally[at + HEELS],
        "skunks_given": tally[at + SKUNKS_GIVEN],
        "skunks_taken": tally[at + SKUNKS_TAKEN],
    }


# -- the file of earlier matches ---------------------------------------------------------------


def _checksum(data):
    """CRC-32's low 16 bits over all but the last two bytes (binascii's: C on the board)."""
    return crc32(memoryview(data)[: len(data) - 2]) & 0xFFFF


def read(store):
    """(number of the last match summed in, its figures as a list) from the file; (0, zeros)
    when there is none. A damaged file raises ValueError and is left as it is."""
    totals = [0] * (SIDES * FIELDS)
    if not store.size(FILE):  # none yet (or an empty one: a web request put back)
        return 0, totals
    handle = store.open(FILE)
    if handle is None:
        return 0, totals
    data = bytearray(_SIZE)
    try:
        got = handle.readinto(data)
    finally:
        handle.close()
    total = data[-2] << 8 | data[-1]
    if got != _SIZE or store.size(FILE) != _SIZE or data[:4] != _MAGIC or _checksum(data) != total:
        raise ValueError("the statistics file is damaged")
    for index in range(SIDES * FIELDS):
        totals[index] = int.from_bytes(data[6 + index * _WIDE : 10 + index * _WIDE], "big")
    return data[4] << 8 | data[5], totals


def archive(store, number, tally):
    """Sums a finished match (its number and tally) into the file; a match already summed is
    not summed twice. Written whole under another name and renamed, so a power cut leaves
    the old file or the new one. Returns the name a damaged file was kept aside as, or None."""
    aside = None
    try:
        last, totals = read(store)
    except ValueError:
        aside = store.keep_aside(FILE)  # never lost: the damaged figures stay beside the new
        last, totals = 0, [0] * (SIDES * FIELDS)
    if number == last:
        return aside
    data = bytearray(_SIZE)
    data[:4] = _MAGIC
    data[4] = number >> 8
    data[5] = number & 0xFF
    for index in range(SIDES * FIELDS):
        value = min(totals[index] + tally[index], 0xFFFFFFFF)
        data[6 + index * _WIDE : 10 + index * _WIDE] = value.to_bytes(_WIDE, "big")
    total = _checksum(data)
    data[-2] = total >> 8
    data[-1] = total & 0xFF
    store.replace(FILE, data)
    return aside
