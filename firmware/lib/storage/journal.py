# An append-only log of records on flash that survives a power cut at any byte, read back
# one record at a time through a fixed window, so a long file never has to fit the heap.
#
# File: MAGIC, then records of [length 1..255][payload][check: CRC-32 of length+payload, low
# 16 bits]. The CRC is binascii's, in C on the board: a boot reads the whole file, and a
# checksum summed in Python cost 40 times more per byte than everything else it does.
# A cut mid-append leaves a short record at the end. A record whose checksum fails, or
# anything unreadable, ends the good part: mend() keeps the whole file aside (never deleted)
# and cuts the journal back to its good part.
#
# The file system comes in as a `store` (see store.py), so tests can cut power at any byte.
from binascii import crc32

import rarely
from micropython import const
from storage.record_format import MAGIC, MAGIC_SIZE, TRAILER

_LONGEST = const(258)  # length byte, 255 payload bytes, checksum
_WINDOW = const(516)  # holds a longest record and a refill of at least as much again


def checksum(data, start=0, end=-1):
    if end < 0:
        end = len(data)
    return crc32(memoryview(data)[start:end]) & 0xFFFF


def encode(payload):
    if not 1 <= len(payload) <= 255:
        raise ValueError("a record holds 1 to 255 bytes")
    framed = bytearray(len(payload) + 3)
    framed[0] = len(payload)
    framed[1 : len(payload) + 1] = payload
    total = checksum(framed, 0, len(payload) + 1)
    framed[-2] = total >> 8
    framed[-1] = total & 0xFF
    return framed  # a bytearray: written as it is, no copy


_BUFFERS = (bytes, bytearray)  # made once: a tuple in the call would be made at each


def _put(buffer, at, values):
    # Bytes, or a tuple of byte values (an event as the rules take it): copied in place.
    if isinstance(values, _BUFFERS):
        buffer[at : at + len(values)] = values
        return at + len(values)
    for value in values:
        buffer[at] = value
        at += 1
    return at


_shared_window = []  # type: list


def _window():
    # One window, and a view of it, for every journal: the board reads one journal at a
    # time, and a window per journal would be allocated anew at every boot (four of them),
    # in a heap already split. An append frames its record in it too (after room for the
    # file's magic): nothing is read while a record is written, and a save (one a key)
    # then leaves one view behind, not the record's copies.
    if not _shared_window:
        window = bytearray(_WINDOW)
        _shared_window.append(window)
        _shared_window.append(memoryview(window))
    return _shared_window[0]


class Journal:
    def __init__(self, store, name):
        self.store = store
        self.name = name
        self.window = _window()  # records are read through it, never all at once
        self.damage = None  # what the last whole scan found: None, "torn" or "corrupt"
        self.good = 0  # the length of the file's good part after the last whole scan
        self.problem = None  # what mend() did, in words, or None
        # The file's length, known after this object's own appends and rewrites (-1: ask
        # the store): a save then costs no stat of the file, which took a path string and a
        # tuple of the heap each time (and a read of the flash on the board).
        self.length = -1

    def size(self):
        if self.length < 0:
            self.length = self.store.size(self.name)
        return self.length

    def records(self, offset=0):
        """Yields (file offset, start, end) for each good record from `offset` (0: the
        file's start); its payload is self.window[start:end] until the next step. A whole
        scan from 0 leaves what it found in self.damage and self.good."""
        self.damage = None
        self.good = 0
        if not offset:
            self.length = -1  # a whole scan (a boot, a check) asks the store afresh
        handle = self.store.open(self.name)
        if handle is None:
            return
        try:
            window = self.window
            at = 0
            if offset:
                handle.seek(offset)
            filled = handle.readinto(window) or 0
            if not offset:
                head = bytes(window[: min(filled, MAGIC_SIZE)])
                if head != MAGIC:
                    if filled < MAGIC_SIZE and MAGIC.startswith(head):
                        self.damage = "torn" if filled else None
                    else:
                        self.damage = "corrupt"
                    return
                at = offset = MAGIC_SIZE
            base = offset - at  # the file offset of window[0]
            self.good = offset
            while True:
                if filled - at < _LONGEST and filled == len(window):
                    # Move what is left to the front and refill behind it.
                    left = filled - at
                    window[:left] = window[at:filled]
                    base += at
                    at = 0
                    more = handle.readinto(_shared_window[1][left:]) or 0
                    filled = left + more
                if at >= filled:
                    return
                size = window[at]
                end = at + 1 + size + TRAILER
                if size == 0:
                    self.damage = "corrupt"
                    return
                if end > filled:
                    self.damage = "torn"
                    return
                stored = (window[end - 2] << 8) | window[end - 1]
                if checksum(window, at, end - TRAILER) != stored:
                    self.damage = "corrupt"
                    return
                yield base + at, at + 1, end - TRAILER
                at = end
                self.good = base + at
        finally:
            handle.close()

    def check(self):
        """Reads the whole journal and mends any damage; returns the last good record's
        payload (None when there is none). Raises OSError when the mending cannot be saved."""
        return rarely.run("storage.recall", "check", self)

    def checking(self):
        """check() in steps (recall.checking)."""
        return (yield from rarely.stepping("storage.recall", "checking", self))

    def append(self, payload, tail=b""):
        """Appends one record, `payload` then `tail` (each bytes, or byte values in a tuple);
        returns its file offset."""
        size = len(payload) + len(tail)
        if not 1 <= size <= 255:
            raise ValueError("a record holds 1 to 255 bytes")
        framed = self.window
        view = _shared_window[1]
        framed[MAGIC_SIZE] = size
        end = _put(framed, _put(framed, MAGIC_SIZE + 1, payload), tail)
        total = crc32(view[MAGIC_SIZE:end]) & 0xFFFF
        framed[end] = total >> 8
        framed[end + 1] = total & 0xFF
        before = offset = self.size()
        start = MAGIC_SIZE
        if not offset:
            framed[:MAGIC_SIZE] = MAGIC
            start = 0
            offset = MAGIC_SIZE
        self.length = -1  # unknown, should the write fail part way
        self.store.append(self.name, view[start : end + TRAILER])
        self.length = before + end + TRAILER - start
        return offset

    def rewrite(self, payloads, keep=0):
        """Replaces the journal at once (the store makes this atomic) with its first `keep`
        bytes followed by `payloads`; returns each new record's file offset."""
        offsets = []
        at = keep if keep else MAGIC_SIZE
        parts = [] if keep else [MAGIC]
        for payload in payloads:
            record = encode(payload)
            offsets.append(at)
            at += len(record)
            parts.append(record)
        self.length = -1
        self.store.cut(self.name, keep, b"".join(parts))
        self.length = at
        return offsets
