# Whole or nothing for a web request: what its keys may change, kept before them and put
# back when one is refused (web.Board).


class Snapshot:
    """What a request's keys may change, as it was before them: the keys' half-made entry
    and the LEDs' overlay, the console's lines with their count (`said`: the lines a refused
    request took back are not counted), and for a request of several keys what the mode's
    History knows (the checkpoint, the events since, what redo holds), with the files its
    keys write (the mode's journal, the settings, the statistics) held in memory until the
    request is kept (storage/held.py). restore() puts it back; keep() writes the request
    whole. A refused key changes nothing on the keypad either; a request is refused whole,
    as one key.

    A refused request of several keys so writes nothing but the mark it began with, and
    reads nothing back: putting it back costs what the request did, never the match's
    journal, and a power cut at any byte of it leaves the game before the request or after
    it, never between (ARCHITECTURE.md, "whole or nothing")."""

    def __init__(self, app, files):
        self.app = app
        self.held = None
        if files:  # one key refused by the rules writes nothing: only its entry is put back
            from storage import held

            history = app.history
            self.history = history
            self.mark = _mark(history)
            self.store = app.store
            self.held = held.begin(app.store)
            _writing_through(app, self.held)
        self.fields = (_fields(app.controller), _fields(app.overlay))
        self.choices = app.choices
        self.log = list(app.log)
        self.said = app.said

    def keep(self):
        """Writes a request kept (storage.held: its intent whole, then its files). Returns
        None, or the words of a flash that refused its intent: the request is then put
        back. A write refused after the intent leaves the request in memory, the History's
        save_error set (the next boot finishes it)."""
        store = self.held
        if store is None:
            return None
        self.held = None
        _writing_through(self.app, self.store)
        try:
            error = store.commit()
        except OSError as refused:
            self.held = store
            self.restore()
            return "none of the request's keys was kept: the flash refused it (%s)" % refused
        self._forget_lengths()
        if error is not None:
            self.history.save_error = error
        return None

    def restore(self):
        app = self.app
        if self.held is not None:
            from storage import held

            self.held = None
            _writing_through(app, self.store)
            held.drop(self.store)
            _put_back(self.history, self.mark)
            self._forget_lengths()
        _put_fields(app.controller, self.fields[0])
        _put_fields(app.overlay, self.fields[1])
        # A refused key of its own may have saved the entry it changed: saved back as it was.
        app.history.note_entry(app.controller.entry())
        app.choices = self.choices
        app.log[:] = self.log
        app.said = self.said
        app.dirty = True

    def release(self):
        """The request is over: anything still held (a request that ended in an error
        before it was kept) is put back, never half written."""
        if self.held is not None:
            self.restore()

    def _forget_lengths(self):
        # The files' lengths the journals knew were the held ones: asked afresh.
        journal = self.history.journal
        if journal is not None:
            journal.length = -1
        self.app.settings.length = -1


def _mark(history):
    # What undo, redo and saving know (storage/history.py), a few hundred bytes whatever the
    # match. Here, not History methods: only the page (the S3's) sends several keys, and a
    # History's methods sit in RAM on every board.
    return (
        history.base, history.base_offset, history.before, history.saved,
        _events(history.done), _events(history.undone), history.checkpoint_due,
        history.save_error, history.entry,
    )  # fmt: skip


def _events(log):
    return bytes(log.data[: log.used]), log.count


def _put_back(history, mark):
    # The state mark() was made at, its events since the checkpoint folded again (a stretch
    # at most): nothing is read from flash.
    history.base, history.base_offset, history.before, history.saved = mark[:4]
    history.checkpoint_due, history.save_error, history.entry = mark[6], mark[7], mark[8]
    for log, (data, count) in ((history.done, mark[4]), (history.undone, mark[5])):
        log.data = bytearray(data) if len(data) > len(log.data) else log.data
        log.data[: len(data)] = data
        log.used = len(data)
        log.count = count
    history._rebuild()


def _writing_through(app, store):
    # Everything a key may write goes through the app's store, the settings' journal and
    # the mode's journal (a request of several keys never switches mode: web_routes.ALONE).
    app.store = store
    app.settings.store = store
    journal = app.history.journal
    if journal is not None:
        journal.store = store


def kept_aside(store):
    """The names of the damaged files kept aside (name.bad1 ...), sorted. Here, not a
    FileStore method: every method of that class sits in RAM beside every key, and only the
    page asks this."""
    from storage.held import file_names

    return sorted(n for n in file_names(store) if ".bad" in n and not n.endswith(".tmp"))


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
