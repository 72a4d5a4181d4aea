# Whole or nothing for a web request: what its keys may change, kept before them and put
# back when one is refused (web.Board), and the files read for that.
import os


class Snapshot:
    """What a request's keys may change, as it was before them: the keys' half-made entry
    and the LEDs' overlay, and for a request of several keys the files they write (the
    mode's journal, the settings, the statistics), and the console's lines with their
    count (`said`: the lines a refused request took back are not counted). restore() puts
    it back, the game read again from its journal as after a power cut. A refused key
    changes nothing on the keypad either; a request is refused whole, as one key."""

    def __init__(self, app, files):
        self.app = app
        self.names = ()  # type: tuple
        if files:  # one key refused by the rules writes nothing: only its entry is put back
            from cribbage.tally import FILE as STATS_FILE

            self.names = (app.history.journal.name, app.settings.name, STATS_FILE)
        self.files = [_read_file(app.store, name) for name in self.names]
        self.fields = (_fields(app.controller), _fields(app.overlay))
        self.choices = app.choices
        self.log = list(app.log)
        self.said = app.said

    def restore(self):
        app = self.app
        for index in range(len(self.names)):
            # A file that was not there comes back empty: an empty journal or statistics
            # file reads as none (a replace is atomic, so no torn write leaves one empty).
            app.store.replace(self.names[index], self.files[index] or b"")
        if self.names:
            app.history.journal.length = -1  # the journals' lengths are asked afresh
            app.settings.length = -1
            app.history.load()
        _put_fields(app.controller, self.fields[0])
        _put_fields(app.overlay, self.fields[1])
        app.choices = self.choices
        app.log[:] = self.log
        app.said = self.said
        app.dirty = True


def kept_aside(store):
    """The names of the damaged files kept aside (name.bad1 ...), sorted. Here, not a
    FileStore method: every method of that class sits in RAM beside every key, and only the
    page asks this."""
    folder = getattr(store, "folder", None)
    try:
        names = os.listdir(folder) if folder is not None else list(store.files)  # tests' store
    except OSError:
        return []
    return sorted(name for name in names if ".bad" in name and not name.endswith(".tmp"))


def _read_file(store, name):
    handle = store.open(name)
    if handle is None:
        return None
    data = bytearray(store.size(name))
    try:
        handle.readinto(data)
    finally:
        handle.close()
    return bytes(data)


def _fields(thing):
    kept = {}
    fields = thing.__dict__
    for field in fields:
        value = fields[field]
        if isinstance(value, list):
            value = list(value)  # the entry's own lists and dicts change in place
        elif isinstance(value, dict):
            value = dict(value)
        kept[field] = value
    return kept


def _put_fields(thing, kept):
    for field in kept:
        value = kept[field]
        now = getattr(thing, field, None)
        if isinstance(value, list) and isinstance(now, list):
            now[:] = value  # the same list: others may hold it (the side names)
        elif isinstance(value, dict) and isinstance(now, dict):
            now.clear()
            now.update(value)
        else:
            setattr(thing, field, value)
