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

from micropython import const

MAGIC = b"CRJ2"
_MAGIC_SIZE = const(4)
_TRAILER = const(2)
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


_shared_window = []  # type: list


def _window():
    # One window for every journal: the board reads one journal at a time, and a window per
    # journal would be allocated anew at every boot (four of them), in a heap already split.
    if not _shared_window:
        _shared_window.append(bytearray(_WINDOW))
    return _shared_window[0]


class Journal:
    def __init__(self, store, name):
        self.store = store
        self.name = name
        self.window = _window()  # records are read through it, never all at once
        self.damage = None  # what the last whole scan found: None, "torn" or "corrupt"
        self.good = 0  # the length of the file's good part after the last whole scan
        self.problem = None  # what mend() did, in words, or None

    def size(self):
        return self.store.size(self.name)

    def records(self, offset=0):
        """Yields (file offset, start, end) for each good record from `offset` (0: the
        file's start); its payload is self.window[start:end] until the next step. A whole
        scan from 0 leaves what it found in self.damage and self.good."""
        self.damage = None
        self.good = 0
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
                head = bytes(window[: min(filled, _MAGIC_SIZE)])
                if head != MAGIC:
                    if filled < _MAGIC_SIZE and MAGIC.startswith(head):
                        self.damage = "torn" if filled else None
                    else:
                        self.damage = "corrupt"
                    return
                at = offset = _MAGIC_SIZE
            base = offset - at  # the file offset of window[0]
            self.good = offset
            while True:
                if filled - at < _LONGEST and filled == len(window):
                    # Move what is left to the front and refill behind it.
                    left = filled - at
                    window[:left] = window[at:filled]
                    base += at
                    at = 0
                    more = handle.readinto(memoryview(window)[left:]) or 0
                    filled = left + more
                if at >= filled:
                    return
                size = window[at]
                end = at + 1 + size + _TRAILER
                if size == 0:
                    self.damage = "corrupt"
                    return
                if end > filled:
                    self.damage = "torn"
                    return
                stored = (window[end - 2] << 8) | window[end - 1]
                if checksum(window, at, end - _TRAILER) != stored:
                    self.damage = "corrupt"
                    return
                yield base + at, at + 1, end - _TRAILER
                at = end
                self.good = base + at
        finally:
            handle.close()

    def last_start(self, kind, upto=-1):
        """The file offset of the last record (before `upto`, when given) whose payload
        starts with the byte `kind`, or 0 when there is none. It hops from length byte to
        length byte without checking anything: a boot then reads and checks only from there,
        and reads the whole file (records(0)) only when what it finds there is not good."""
        handle = self.store.open(self.name)
        if handle is None:
            return 0
        found = 0
        try:
            window = self.window
            filled = handle.readinto(window) or 0
            if filled < _MAGIC_SIZE or bytes(window[:_MAGIC_SIZE]) != MAGIC:
                return 0
            base = 0  # the file offset of window[0]
            at = _MAGIC_SIZE
            while True:
                if at + 2 > filled:
                    if filled < len(window):
                        return found  # the end of the file
                    base += at
                    at = 0
                    handle.seek(base)
                    filled = handle.readinto(window) or 0
                    continue
                size = window[at]
                if size == 0 or 0 <= upto <= base + at:
                    return found
                if window[at + 1] == kind:
                    found = base + at
                at += 1 + size + _TRAILER
        finally:
            handle.close()

    def check(self):
        """Reads the whole journal and mends any damage; returns the last good record's
        payload (None when there is none). Raises OSError when the mending cannot be saved."""
        last = None
        kept = 0
        for _, start, end in self.records():
            last = (start, end)
            kept += 1
        payload = bytes(self.window[last[0] : last[1]]) if last else None
        self.problem = None
        if self.damage:
            self.mend(kept)
        return payload

    def mend(self, kept):
        """After a whole scan found damage: keeps the file aside as it was, then cuts the
        journal back to its good part. `kept` counts the good records, for the words."""
        good = self.good if self.good > _MAGIC_SIZE else 0
        if self.damage == "torn":
            self.problem = "dropped %d bytes of an unfinished record" % (self.size() - good)
        else:
            self.problem = "damaged journal at byte %d: kept %d records" % (self.good, kept)
        aside = self.store.keep_aside(self.name)
        if aside:
            self.problem += ", the file as it was is saved as " + aside
        self.store.cut(self.name, good)

    def append(self, payload):
        """Appends one record; returns its file offset."""
        record = encode(payload)
        offset = self.size()
        if not offset:
            record = MAGIC + record
            offset = _MAGIC_SIZE
        self.store.append(self.name, record)
        return offset

    def rewrite(self, payloads, keep=0):
        """Replaces the journal at once (the store makes this atomic) with its first `keep`
        bytes followed by `payloads`; returns each new record's file offset."""
        offsets = []
        at = keep if keep else _MAGIC_SIZE
        parts = [] if keep else [MAGIC]
        for payload in payloads:
            record = encode(payload)
            offsets.append(at)
            at += len(record)
            parts.append(record)
        self.store.cut(self.name, keep, b"".join(parts))
        return offsets
