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
        self.removes = 0  # removals done: each one unit of a budget (remove)
        # Operations that fail (EIO) as a damaged or read-only flash would: "write" (any
        # bytes written), "rename" (a replaced file's last step), "remove", "keep_aside"
        # (which then leaves half a copy behind, as a real copy cut short would).
        self.failing = ()

    def _fail(self, operation):
        if operation in self.failing:
            raise OSError(5, "EIO: %s refused" % operation)

    def _write(self, name, data, start):
        self._fail("write")
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
        self._fail("rename")
        self.files[name] = self.files.pop(name + ".tmp")

    def replace(self, name, data):
        self.cut(name, 0, data)

    def remove(self, name):
        # Whole or not at all, as on littlefs: a cut may come before it (one unit of the
        # budget, so that a cut between a write and a removal is tried too).
        if self.budget == 0:
            raise PowerCut()
        if self.budget > 0:
            self.budget -= 1
        self._remove(name)
        self.removes += 1

    def keep_aside(self, name):
        """As FileStore.keep_aside: a copy under the first free name.badN, made under a
        temporary name and renamed whole; the newest copy again when it holds the same."""
        if name not in self.files:
            return None
        number = 1
        while name + ".bad%d" % number in self.files:
            number += 1
        newest = name + ".bad%d" % (number - 1)
        if number > 1 and self.files[newest] == self.files[name]:
            return newest
        temporary = name + ".bad.tmp"
        data = bytes(self.files[name])
        if "keep_aside" in self.failing or "write" in self.failing:
            self.files[temporary] = data[: len(data) // 2]  # a copy cut short
            self._remove(temporary)
            raise OSError(5, "EIO: the copy was refused")
        self.files[temporary] = data
        self._fail("rename")
        self.files[name + ".bad%d" % number] = self.files.pop(temporary)
        return name + ".bad%d" % number

    def _remove(self, name):
        self._fail("remove")
        self.files.pop(name, None)


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

    def remove(self, name):
        self.log.append(("remove", name))
        MemoryStore.remove(self, name)


def cut_at(log, budget):
    """The store as a power cut after `budget` bytes of the logged writes left it."""
    store = MemoryStore(budget)
    try:
        for entry in log:
            if entry[0] == "append":
                store.append(entry[1], entry[2])
            elif entry[0] == "remove":
                store.remove(entry[1])
            else:
                store.cut(entry[1], entry[2], entry[3])
    except PowerCut:
        pass
    store.budget = -1
    store.bytes_written = 0
    store.removes = 0
    return store
