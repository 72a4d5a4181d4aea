# What redo holds, written as the records a checkpoint leads with (record_format's
# REDO_STACK), so that a boot reading from that checkpoint redoes what the running board
# would. History loads this for a checkpoint written while redo holds anything, and drops it
# after: an undo followed by a deal's start redone is rare, and on the board a module's code
# sits in RAM.
from storage.record_format import REDO_STACK

_LONGEST = 254  # a record's payload is 255 bytes at most, its kind byte included


def records(undone):
    """The REDO_STACK payloads for an EventLog of undone events, cut between events."""
    data = undone.data
    payloads = []
    start = at = 0
    while at < undone.used:
        size = data[at] + 2
        if at + size - start > _LONGEST:
            payloads.append(bytes((REDO_STACK,)) + data[start:at])
            start = at
        at += size
    if at > start:
        payloads.append(bytes((REDO_STACK,)) + data[start:at])
    return payloads
