# Whole or nothing for a web request: what its keys may change, kept before them and put
# back when one is refused (web.Board), and the files read for that.
import os


class Snapshot:
    """What a request's keys may change, as it was before them: the keys' half-made entry
    and the LEDs' overlay, and for a request of several keys the files they write (the
    mode's journal, the settings, the statistics), and the console's lines with their
    count (`said`: the lines a refused request took back are not counted). restore() puts
    it back, the game read again from its journal as after a power cut. A refused key
    changes nothing on the keypad either; a request is refused whole, as one key.

    The journal is not read: its keys only append to it, so its length is kept and the file
    cut back to it. Only a key that writes the journal anew from further back (a new match
    or game; a full flash's recovery) has the old file copied aside on flash first, through
    the store's small buffer. So a request costs the heap what its keys do, never the
    match's journal (ARCHITECTURE.md, "whole or nothing")."""

    def __init__(self, app, files):
        self.app = app
        self.journal = None
        self.small = ()  # type: tuple
        if files:  # one key refused by the rules writes nothing: only its entry is put back
            from cribbage.tally import FILE as STATS_FILE

            journal = app.history.journal
            if journal is not None:
                self.journal = journal
                self.length = journal.size()
                self.aside = None
                journal.guard = self
            # A few dozen bytes each: the settings' one record, the statistics' totals.
            self.small = tuple(
                (name, _read_file(app.store, name)) for name in (app.settings.name, STATS_FILE)
            )
        self.fields = (_fields(app.controller), _fields(app.overlay))
        self.choices = app.choices
        self.log = list(app.log)
        self.said = app.said

    def rewriting(self, journal, keep):
        """Told by the journal before it is written anew from its first `keep` bytes."""
        if self.aside is None and keep < self.length:
            # Named only once it is whole: a copy the flash refused leaves the journal as it
            # was (the rewrite is not made), and cutting it back is then enough.
            _copy(journal.store, journal.name, journal.name + ASIDE)
            self.aside = journal.name + ASIDE

    def restore(self):
        app = self.app
        journal = self.journal
        if journal is not None:
            journal.guard = None
            if self.aside is not None:
                _rename(journal.store, self.aside, journal.name)
                self.aside = None
            elif journal.size() != self.length:
                journal.store.cut(journal.name, self.length)
        for name, data in self.small:
            # A file that was not there comes back empty: an empty settings or statistics
            # file reads as none (a replace is atomic, so no torn write leaves one empty).
            app.store.replace(name, data or b"")
        if self.small:
            if journal is not None:
                journal.length = -1  # the journals' lengths are asked afresh
            app.settings.length = -1
            app.history.load()
        _put_fields(app.controller, self.fields[0])
        _put_fields(app.overlay, self.fields[1])
        app.choices = self.choices
        app.log[:] = self.log
        app.said = self.said
        app.dirty = True

    def release(self):
        """The request is over (kept or put back): the journal's copy aside is dropped."""
        journal = self.journal
        if journal is None:
            return
        journal.guard = None
        self.aside = None
        # Always: a copy a power cut left behind is dropped by the next request.
        _remove(journal.store, journal.name + ASIDE)


ASIDE = ".before"  # the journal as a request of several keys found it, while one runs


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


def _copy(store, name, other):
    # `other` made a copy of the file at once (whole under a temporary name, then renamed),
    # through the store's own small buffer.
    folder = getattr(store, "folder", None)
    if folder is None:  # the tests' memory store: its files are a dict
        store.files[other] = bytearray(store.files.get(name, b""))
        return
    store.release(name)
    temporary = store.path(other + ".tmp")
    with open(store.path(name), "rb") as source:
        with open(temporary, "wb") as target:
            store._copy(source, target, store.size(name))
    os.rename(temporary, store.path(other))


def _rename(store, name, other):
    folder = getattr(store, "folder", None)
    if folder is None:
        store.files[other] = store.files.pop(name)
        return
    store.release(name)
    store.release(other)
    os.rename(store.path(name), store.path(other))


def _remove(store, name):
    folder = getattr(store, "folder", None)
    try:
        if folder is None:
            del store.files[name]
        else:
            os.remove(store.path(name))
    except (OSError, KeyError):
        pass


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
