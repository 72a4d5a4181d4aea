# Files in one folder, with the few operations the journal needs. On the ESP32 the folder
# is on littlefs, where os.rename is atomic and survives a power cut; replace() relies on it.
import os


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class FileStore:
    def __init__(self, folder):
        self.folder = folder
        if not _exists(folder):
            os.mkdir(folder)

    def path(self, name):
        return self.folder + "/" + name

    def read(self, name):
        try:
            with open(self.path(name), "rb") as handle:
                return handle.read()
        except OSError:
            return None

    def size(self, name):
        try:
            return os.stat(self.path(name))[6]
        except OSError:
            return 0

    def append(self, name, data):
        with open(self.path(name), "ab") as handle:
            handle.write(data)

    def replace(self, name, data):
        temporary = self.path(name + ".tmp")
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.rename(temporary, self.path(name))

    def keep_aside(self, name, data):
        """Saves data under the first free name.bad, name.bad2 ...; returns that name."""
        number = 1
        while True:
            aside = name + (".bad" if number == 1 else ".bad%d" % number)
            if not _exists(self.path(aside)):
                break
            number += 1
        with open(self.path(aside), "wb") as handle:
            handle.write(data)
        return aside
