# An in-memory stand-in for store.FileStore that can lose power after any byte, and can
# run out of space: the journal's guarantees are tested against it.


class PowerCut(Exception):
    """Not an OSError: nothing in the firmware can catch a power cut."""


class MemoryStore:
    def __init__(self, budget=-1):
        self.files = {}
        self.budget = budget  # bytes that reach flash before the power goes; -1: never
        self.full = False  # True: every write fails with ENOSPC before writing anything
        self.bytes_written = 0

    def _write(self, name, data, start):
        if self.full:
            raise OSError(28, "ENOSPC")
        keep = data
        if self.budget >= 0 and len(data) > self.budget:
            keep = data[: self.budget]
        self.files[name] = start + keep
        self.bytes_written += len(keep)
        if self.budget >= 0:
            self.budget -= len(keep)
            if len(keep) < len(data):
                raise PowerCut()

    def read(self, name):
        return self.files.get(name)

    def size(self, name):
        return len(self.files.get(name, b""))

    def append(self, name, data):
        self._write(name, data, self.files.get(name, b""))

    def replace(self, name, data):
        # Written to a temporary file first; the rename happens only once it is whole.
        self._write(name + ".tmp", data, b"")
        self.files[name] = self.files.pop(name + ".tmp")

    def keep_aside(self, name, data):
        number = 1
        while name + ".bad%d" % number in self.files:
            number += 1
        self.files[name + ".bad%d" % number] = bytes(data)
        return name + ".bad%d" % number
