# A request of several keys from the page, whole across a power cut. While its keys run, what
# they write is held in memory (Held: reads see it, the flash does not); a refused request
# then drops it, having written nothing. A kept one is written as one intent file, made whole
# under another name and renamed (the commit), then carried out file by file, then the
# intent removed. A request also leaves a mark (the same file, saying only that it began)
# before its first key, so that a boot after a cut can say what it did (finish, below):
#   no file           nothing to do
#   the mark          the request never reached its commit: nothing of it is on flash
#   a whole intent    the commit was made: each file is written again from it, whole
# Why this design, not a begin and a commit record in the journal: ARCHITECTURE.md,
# "whole or nothing".
from binascii import crc32

PENDING = "request.pending"
_MAGIC = b"CRQ1"
BEGUN = _MAGIC + b"begun"  # the mark: a request's keys run, nothing of them on flash yet
_WRITES = b"W"  # an intent: then per file [name length][name][kept: 4][written: 4][bytes]

UNFINISHED = (
    "the last request from a phone was not finished when the power went: nothing of it was kept"
)
FINISHED = (
    "the last request from a phone was whole when the power went: it was kept, its writes"
    " finished now"
)


class _Reader:
    """A held file read back: the flash file's first `kept` bytes, then what was written."""

    def __init__(self, handle, kept, written):
        self.handle = handle
        self.kept = kept
        self.written = written
        self.at = 0

    def seek(self, offset):
        self.at = offset
        if self.handle is not None and offset < self.kept:
            self.handle.seek(offset)

    def readinto(self, buffer):
        view = memoryview(buffer)
        got = 0
        if self.at < self.kept and self.handle is not None:
            got = self.handle.readinto(view[: min(len(view), self.kept - self.at)]) or 0
            self.at += got
        if got < len(view) and self.at >= self.kept:
            start = self.at - self.kept
            more = max(0, min(len(view) - got, len(self.written) - start))
            view[got : got + more] = memoryview(self.written)[start : start + more]
            got += more
            self.at += more
        return got

    def close(self):
        if self.handle is not None:
            self.handle.close()


class Held:
    """A file store whose writes wait in memory until commit(). Each file written is its
    flash file's first `kept` bytes followed by the bytes written since."""

    def __init__(self, store):
        self.store = store
        self.files = {}  # type: dict  # name: [bytes of the flash file kept, bytes after]

    def _held(self, name):
        entry = self.files.get(name)
        if entry is None:
            entry = self.files[name] = [self.store.size(name), bytearray()]
        return entry

    def size(self, name):
        entry = self.files.get(name)
        if entry is None:
            return self.store.size(name)
        return entry[0] + len(entry[1])

    def open(self, name):
        entry = self.files.get(name)
        if entry is None:
            return self.store.open(name)
        handle = self.store.open(name) if entry[0] else None
        return _Reader(handle, entry[0], entry[1])

    def append(self, name, data):
        self._held(name)[1].extend(data)

    def cut(self, name, keep, extra=b""):
        entry = self._held(name)
        if keep <= entry[0]:
            entry[0] = keep
            entry[1] = bytearray(extra)
        else:
            entry[1] = entry[1][: keep - entry[0]] + extra

    def replace(self, name, data):
        self.cut(name, 0, data)

    def keep_aside(self, name):
        return self.store.keep_aside(name)  # a damaged file's copy: kept whatever happens

    def intent(self):
        parts = [_MAGIC, _WRITES]
        for name in self.files:
            kept, written = self.files[name]
            label = name.encode()
            parts.append(bytes((len(label),)) + label)
            parts.append(kept.to_bytes(4, "big") + len(written).to_bytes(4, "big"))
            parts.append(written)
        body = b"".join(parts)
        return body + (crc32(body) & 0xFFFFFFFF).to_bytes(4, "big")

    def commit(self):
        """Writes what is held: the intent whole (an OSError here leaves the flash as it
        was), then each file, then the intent removed. Returns the error of a write after
        the intent (the boot finishes it), or None."""
        store = self.store
        store.replace(PENDING, self.intent())
        try:
            for name in self.files:
                kept, written = self.files[name]
                carry_out(store, name, kept, written)
            store.remove(PENDING)
        except OSError as error:
            return error
        return None


def begin(store):
    """Leaves the mark before a request's first key; returns the store to write through."""
    try:
        store.replace(PENDING, BEGUN)
    except OSError:
        pass  # a flash that refuses this refuses the commit too: nothing is then kept
    return Held(store)


def drop(store):
    """A request refused: nothing of it reached the flash but the mark, removed here."""
    try:
        store.remove(PENDING)
    except OSError:
        pass  # the next boot finds the mark and drops it, saying so


def carry_out(store, name, kept, written):
    """The file made its first `kept` bytes followed by `written`: appended when it is that
    long (a request's keys only append, and so the commit copies nothing), else written anew
    (a new match; a boot finishing an append a cut left short, whatever it left)."""
    if store.size(name) == kept:
        if written:
            store.append(name, written)
    else:
        store.cut(name, kept, written)


def _writes(data):
    # The files of a whole intent as (name, kept, written), or None for anything else.
    if len(data) < 9 or data[:5] != _MAGIC + _WRITES:
        return None
    if (crc32(memoryview(data)[:-4]) & 0xFFFFFFFF).to_bytes(4, "big") != bytes(data[-4:]):
        return None
    files = []
    at = 5
    end = len(data) - 4
    while at < end:
        size = data[at]
        name = bytes(data[at + 1 : at + 1 + size]).decode()
        at += 1 + size
        kept = int.from_bytes(data[at : at + 4], "big")
        length = int.from_bytes(data[at + 4 : at + 8], "big")
        at += 8
        files.append((name, kept, memoryview(data)[at : at + length]))
        at += length
    return files if at == end else None


def finish(store):
    """At a boot, before any journal is read: a request a power cut interrupted made whole
    (kept if its intent was, else dropped), and the temporary files a cut left removed.
    Returns what happened in words, or None when there was nothing."""
    try:
        return _finish(store)
    except OSError as error:
        return "a request from a phone was cut short by the power; finishing it failed (%s)" % (
            error,
        )


def _finish(store):
    for name in file_names(store):
        if name.endswith(".tmp"):
            store.remove(name)  # a rename never made: the file it was to replace stands
    handle = store.open(PENDING)
    if handle is None:
        return None
    data = bytearray(store.size(PENDING))
    try:
        handle.readinto(data)
    finally:
        handle.close()
    files = _writes(data)
    if files is not None:
        for name, kept, written in files:
            carry_out(store, name, kept, written)
    store.remove(PENDING)
    return UNFINISHED if files is None else FINISHED


def file_names(store):
    """The names of the files in the store's folder (none where it cannot be listed). Here,
    not a FileStore method: every method of that class sits in RAM beside every key, and
    only the boot and the page ask this."""
    import os

    folder = getattr(store, "folder", None)
    try:
        return os.listdir(folder) if folder is not None else list(store.files)  # tests' store
    except OSError:
        return []
