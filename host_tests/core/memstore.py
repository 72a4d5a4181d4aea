# An in-memory stand-in for store.FileStore that can lose power after any byte, and can
# run out of space: the journal's guarantees are tested against it.


class _Reader:
    """A file opened for reading, without copying it (the heap in the tests is the board's)."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    def seek(self, offset):
        self.at = offset

    def readinto(self, buffer):
        got = max(0, min(len(buffer), len(self.data) - self.at))  # past the end: nothing
        buffer[:got] = memoryview(self.data)[self.at : self.at + got]
        self.at += got
        return got

    def close(self):
        pass


class PowerCut(Exception):
    """Not an OSError: nothing in the firmware can catch a power cut."""


class MemoryStore:
    def __init__(self, budget=-1):
        self.files = {}
        self.budget = budget  # bytes that reach flash before the power goes; -1: never
        self.full = False  # True: every write fails (errno) before writing anything
        self.errno = 28  # ENOSPC; 5 is EIO
        self.bytes_written = 0

    def _write(self, name, data, start):
        if self.full:
            raise OSError(self.errno, "ENOSPC" if self.errno == 28 else "EIO")
        keep = data
        if self.budget >= 0 and len(data) > self.budget:
            keep = data[: self.budget]
        if start:
            start.extend(keep)  # in place: the files here share the heap with the firmware
        else:
            self.files[name] = bytearray(keep)
        self.bytes_written += len(keep)
        if self.budget >= 0:
            self.budget -= len(keep)
            if len(keep) < len(data):
                raise PowerCut()

    def read(self, name):
        return self.files.get(name)

    def open(self, name):
        data = self.files.get(name)
        return None if data is None else _Reader(data)

    def size(self, name):
        return len(self.files.get(name, b""))

    def append(self, name, data):
        self._write(name, data, self.files.get(name))

    def cut(self, name, keep, extra=b""):
        # Written to a temporary file first; the rename happens only once it is whole.
        self._write(name + ".tmp", self.files.get(name, b"")[:keep] + extra, None)
        self.files[name] = self.files.pop(name + ".tmp")

    def replace(self, name, data):
        self.cut(name, 0, data)

    def keep_aside(self, name):
        if name not in self.files:
            return None
        number = 1
        while name + ".bad%d" % number in self.files:
            number += 1
        self.files[name + ".bad%d" % number] = bytes(self.files[name])
        return name + ".bad%d" % number


class RecordingStore(MemoryStore):
    """A MemoryStore that remembers every write, so a run can be cut short afterwards at
    any byte without running it again (see cut_at)."""

    def __init__(self):
        MemoryStore.__init__(self)
        self.log = []

    def append(self, name, data):
        self.log.append(("append", name, bytes(data)))
        MemoryStore.append(self, name, data)

    def cut(self, name, keep, extra=b""):
        self.log.append(("cut", name, keep, bytes(extra)))
        MemoryStore.cut(self, name, keep, extra)


def cut_at(log, budget):
    """The store as a power cut after `budget` bytes of the logged writes left it."""
    store = MemoryStore(budget)
    try:
        for entry in log:
            if entry[0] == "append":
                store.append(entry[1], entry[2])
            else:
                store.cut(entry[1], entry[2], entry[3])
    except PowerCut:
        pass
    store.budget = -1
    store.bytes_written = 0
    return store
