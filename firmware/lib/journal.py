# An append-only log of records on flash that survives a power cut at any byte.
#
# File: MAGIC, then records of [length 1..255][payload][Fletcher-16 of length+payload, 2 bytes].
# A cut mid-append leaves a short record at the end: it is dropped on load. A record whose
# checksum fails, or anything unreadable, ends the good part: the rest of the file is kept
# aside (never deleted) and the journal is rewritten with the good part only.
#
# The file system comes in as a `store` (see store.py), so tests can cut power at any byte.
from micropython import const

MAGIC = b"CRJ1"
_HEADER = const(1)
_TRAILER = const(2)


def checksum(data):
    # Fletcher-16 seeded with 1, so a run of zero bytes (erased or zeroed flash) never passes.
    low = 1
    high = 0
    for byte in data:
        low = (low + byte) % 255
        high = (high + low) % 255
    return (high << 8) | low


def encode(payload):
    if not 1 <= len(payload) <= 255:
        raise ValueError("a record holds 1 to 255 bytes")
    framed = bytes([len(payload)]) + bytes(payload)
    total = checksum(framed)
    return framed + bytes([total >> 8, total & 0xFF])


def decode(data):
    """(payloads, good_length, problem): problem is None, 'torn' or 'corrupt'."""
    if len(data) < len(MAGIC):
        return [], 0, ("torn" if MAGIC.startswith(data) else "corrupt") if data else None
    damaged = data[: len(MAGIC)] != MAGIC  # the records after it may still be good
    payloads = []  # type: list
    offset = len(MAGIC)
    while offset < len(data):
        size = data[offset]
        end = offset + _HEADER + size + _TRAILER
        if size == 0:
            return payloads, offset, "corrupt"
        if end > len(data):
            return payloads, offset, "torn"
        stored = (data[end - 2] << 8) | data[end - 1]
        if checksum(data[offset : end - _TRAILER]) != stored:
            return payloads, offset, "corrupt"
        payloads.append(bytes(data[offset + _HEADER : end - _TRAILER]))
        offset = end
    return payloads, offset, "corrupt" if damaged else None


class Journal:
    def __init__(self, store, name):
        self.store = store
        self.name = name
        self.problem = None  # what load() found and mended, in words, or None

    def load(self):
        """The payloads of every good record; mends the file so appends start clean."""
        data = self.store.read(self.name)
        self.problem = None
        if data is None:
            return []
        payloads, good, problem = decode(data)
        if problem is None:
            return payloads
        # Whatever is dropped is kept aside first: a torn last record is what a power cut
        # leaves, but a damaged length byte looks just the same.
        aside = self.store.keep_aside(self.name, data) if len(data) > len(MAGIC) else None
        if problem == "torn":
            self.problem = "dropped %d bytes of an unfinished record" % (len(data) - good)
        else:
            self.problem = "damaged journal at byte %d: kept %d records" % (good, len(payloads))
        if aside:
            self.problem += ", the file as it was is saved as " + aside
        kept = MAGIC + b"".join([encode(p) for p in payloads]) if payloads else b""
        self.store.replace(self.name, kept)
        return payloads

    def append(self, payload):
        record = encode(payload)
        if not self.store.size(self.name):
            record = MAGIC + record
        self.store.append(self.name, record)

    def rewrite(self, payloads):
        """Replaces the whole journal at once (the store makes this atomic)."""
        data = MAGIC + b"".join([encode(p) for p in payloads])
        self.store.replace(self.name, data)
