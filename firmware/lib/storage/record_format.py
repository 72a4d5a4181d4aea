# The journal's bytes on flash: written by journal.py (the frame) and history.py (the
# records), read back by them and by recall.py (the boot's reader). Kept apart so the reader
# loaded at a boot depends on the format only, not on the modules that load it.
#
# The file: MAGIC, then records, each framed as [length][payload][TRAILER check bytes].
# A payload's first byte is its kind:
#   an event (below UNDO)   applied; clears what could be redone
#   UNDO                    takes back the last event since the checkpoint
#   REDO, event             an undone event applied again
#   CHECKPOINT, before, state
#                           written at every deal's start and after STRETCH events
#   BACK, before, n, event (n bytes), state
#                           an undo that reached past the checkpoint: the state it left
#                           (a checkpoint) and the event it took back (for redo)
#   REDO_STACK, events      what redo would apply (the undone events as EventLog packs them:
#                           [n][n bytes][n]), in one record or a few, written just before a
#                           checkpoint whose history has any: read with that checkpoint, so
#                           a boot that starts there redoes what the running board would
#   ENTRY, bytes            the half-made entry the keys hold now (their own bytes: the
#                           digits of points, a starter's rank, a show's answers ...); any
#                           record but a checkpoint ends it, so it follows what it belongs to
# `before` (4 bytes) finds the state just before a checkpoint's own on flash: the file
# offset of an earlier checkpoint (3 bytes; NOWHERE: none; START: the new game's empty state,
# whose stretch opens the file) and how many events of that checkpoint's stretch lead to it.
from micropython import const

MAGIC = b"CRJ2"
MAGIC_SIZE = const(4)
TRAILER = const(2)

UNDO = const(0xF0)
REDO = const(0xF1)
CHECKPOINT = const(0xF2)
BACK = const(0xF3)
ENTRY = const(0xF4)
REDO_STACK = const(0xF5)
NOWHERE = const(0xFFFFFF)
START = const(0)  # no record starts at 0: the file's magic does
STRETCH = const(24)  # events after a checkpoint before the next one is written


def before_at(window, at):
    """The `before` of a checkpoint whose 4 bytes start at window[at]: (offset, count)."""
    offset = (window[at] << 16) | (window[at + 1] << 8) | window[at + 2]
    return offset, window[at + 3]
