# Files in one folder, with the few operations the journal needs. On the ESP32 the folder
# is on littlefs, where os.rename is atomic and survives a power cut; cut() relies on it.
# Files are copied through one small buffer: a journal never has to fit the heap whole.
# The file last appended to stays open, flushed after each append (on littlefs a flush
# commits the file as a close does): opening it again at every key cost the heap a file
# object and its cache each time. Anything else done to that file closes it first.
import os

from micropython import const

_CHUNK = const(256)
_PATHS_KEPT = const(8)  # the journals, the statistics and the PIN; not every .bad copy


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class FileStore:
    def __init__(self, folder):
        self.folder = folder
        self.paths = {}  # type: dict
        self.appending = None  # the name of the file kept open for appends, and its handle
        self.appender = None
        if not _exists(folder):
            try:
                os.mkdir(folder)
            except OSError:
                pass  # a flash that refuses it: every save then fails and says so

    def path(self, name):
        # The journals' paths are made once: a save would otherwise make one each time.
        path = self.paths.get(name)
        if path is None:
            path = self.folder + "/" + name
            if len(self.paths) < _PATHS_KEPT:
                self.paths[name] = path
        return path

    def release(self, name=None):
        """Closes the file kept open for appends (when it is `name`, if given)."""
        handle = self.appender
        if handle is None or (name is not None and name != self.appending):
            return
        self.appender = self.appending = None
        try:
            handle.close()
        except OSError:
            pass  # every append was flushed: what it could not write, it said then

    def open(self, name):
        """The file opened for reading, or None when there is none."""
        self.release(name)
        try:
            return open(self.path(name), "rb")
        except OSError:
            return None

    def size(self, name):
        self.release(name)
        try:
            return os.stat(self.path(name))[6]
        except OSError:
            return 0

    def append(self, name, data):
        handle = self.appender
        if handle is None or name != self.appending:
            self.release()
            handle = open(self.path(name), "ab")
            self.appender = handle
            self.appending = name
        try:
            handle.write(data)
            handle.flush()
        except OSError:
            self.release()  # what reached the file is unknown: the next append opens it anew
            raise

    def _copy(self, source, target, length):
        # Copies the first `length` bytes of the open file `source` into the open `target`.
        # Its buffer is made here: a copy is rare (a new match, a file kept aside), and a
        # buffer kept would sit in the heap beside every key.
        view = memoryview(bytearray(_CHUNK))
        while length > 0:
            got = source.readinto(view[: min(length, _CHUNK)])
            if not got:
                break
            target.write(view[:got])
            length -= got

    def cut(self, name, keep, extra=b""):
        """Replaces the file, at once, by its first `keep` bytes followed by `extra`."""
        self.release(name)
        temporary = self.path(name + ".tmp")
        with open(temporary, "wb") as target:
            if keep:
                with open(self.path(name), "rb") as source:
                    self._copy(source, target, keep)
            target.write(extra)
        os.rename(temporary, self.path(name))

    def replace(self, name, data):
        self.cut(name, 0, data)

    def remove(self, name):
        """Removes the file, if there is one."""
        self.release(name)
        path = self.path(name)
        if _exists(path):
            os.remove(path)

    def keep_aside(self, name):
        """Copies the file under the first free name.bad1, name.bad2 ...; returns that
        name, or None when there is no file. The copy is made under a temporary name and
        renamed once whole, so a copy cut short is never taken for one; and when the newest
        copy already holds the same bytes (an earlier boot kept it and then could not mend
        the file), that copy's name is returned and nothing is written."""
        size = self.size(name)
        if not _exists(self.path(name)):
            return None
        number = 1
        while _exists(self.path(name + ".bad%d" % number)):
            number += 1
        newest = name + ".bad%d" % (number - 1)
        if number > 1 and self._same(name, newest, size):
            return newest
        aside = name + ".bad%d" % number
        temporary = self.path(name + ".bad.tmp")
        try:
            with open(self.path(name), "rb") as source:
                with open(temporary, "wb") as target:
                    self._copy(source, target, size)
            os.rename(temporary, self.path(aside))
        except OSError:
            try:
                os.remove(temporary)
            except OSError:
                pass
            raise
        return aside

    def _same(self, name, other, size):
        if self.size(other) != size:
            return False
        mine = bytearray(_CHUNK)
        theirs = bytearray(_CHUNK)
        with open(self.path(name), "rb") as first:
            with open(self.path(other), "rb") as second:
                while True:
                    got = first.readinto(mine)
                    if not got:
                        return True
                    if second.readinto(theirs) != got:
                        return False
                    if memoryview(mine)[:got] != memoryview(theirs)[:got]:
                        return False
