# Reading a game back from its journal: the boot, a mode switch, a journal checked for
# damage. It runs there only, so History.load and Journal.check, the ways in, load it for
# the call and drop it after (rarely.run): on the board a module's code sits in RAM, and
# this one's would sit beside every key for nothing. The format is record_format.py's.
from rarely import finish
from storage.record_format import (
    BACK,
    CHECKPOINT,
    ENTRY,
    MAGIC,
    MAGIC_SIZE,
    REDO,
    REDO_STACK,
    STRETCH,
    TRAILER,
    UNDO,
    before_at,
)


def read(history, upto, offsets):
    """Reads the journal back into history.base and history.done (and `offsets`: where
    each of those events is on flash, to cut at a refusal); History folds them once this
    module is dropped. Returns (records read, where a record the rules refuse lies or -1,
    why, the damage found). `upto`: read only what lies before."""
    history._start()
    journal = history.journal
    if journal is None:
        return 0, -1, None, None
    # Only the last checkpoint (with the keys' entry and what redo held, just before it)
    # and what follows it make the state: found by a hop over the length bytes, so a boot
    # reads a deal's records, not the match's.
    first = last_start(journal, CHECKPOINT, upto, _LEADS)
    records, refused, why = _read_from(history, first, upto, offsets)
    if first and journal.damage and journal.good == first:
        # Nothing good where the hop landed (the file is damaged before it): read the
        # whole file, which finds the damage and keeps everything before it.
        history._start()
        offsets.clear()
        records, refused, why = _read_from(history, 0, upto, offsets)
    return records, refused, why, journal.damage


def mend_after(history, records, refused, why):
    """After a load that found damage or a refused record: mends the journal; returns the
    problem in words."""
    if refused >= 0:
        return _refused(history, refused, why)
    return _mend(history, records)


def _read_from(history, first, upto, offsets):
    """Reads the records from file offset `first` (0: the whole file); returns how many
    were good, and where a record the rules refuse lies and why (-1, None: none)."""
    journal = history.journal
    records = 0
    _redo_stack.clear()
    reader = journal.records(first)
    try:
        for offset, start, end in reader:
            if 0 <= upto <= offset:
                break
            try:
                _read_record(history, journal.window, start, end, offset, offsets)
            except (ValueError, IndexError) as error:  # an undo with nothing to undo too
                return records, offset, error
            records += 1
    finally:
        reader.close()
    return records, -1, None


# What redo held, from the REDO_STACK records just read: it becomes the history's at the
# checkpoint that follows them, and is dropped if anything else does (a cut before it).
_redo_stack = []  # type: list


def _read_record(history, window, start, end, offset, offsets):
    kind = window[start]
    if kind == REDO_STACK:
        _redo_stack.append(bytes(window[start + 1 : end]))
        history.saved = offset + 3 + end - start
        return
    if kind == CHECKPOINT:
        _take_redo_stack(history.undone)
    _redo_stack.clear()
    if kind == ENTRY:
        history.entry = bytes(window[start + 1 : end])
        history.saved = offset + 3 + end - start
        return
    if kind != CHECKPOINT:
        history.entry = b""  # an event, an undo or a redo ends the entry saved before it
    if kind == CHECKPOINT or kind == BACK:
        history.before = before_at(window, start + 1)
        at = start + 5
        if kind == BACK:
            size = window[at]
            history._push_undone(window[at + 1 : at + 1 + size])
            at += 1 + size
        history.base = bytes(window[at:end])
        history.base_offset = offset
        history.done.clear()
        offsets.clear()
    elif kind == UNDO:
        history._push_undone(history.done.pop())
        offsets.pop()
    elif kind == REDO:
        if history.undone.count:
            history.undone.pop()
        history.done.append(window[start + 1 : end])
        offsets.append(offset)
    elif kind < UNDO:
        history.done.append(window[start:end])
        offsets.append(offset)
        history.undone.clear()
    else:
        raise ValueError("unknown record")
    if history.done.count > STRETCH:
        raise ValueError("too many events without a checkpoint")
    history.saved = offset + 3 + end - start


def _take_redo_stack(undone):
    undone.clear()
    for packed in _redo_stack:
        at = 0
        while at < len(packed):
            size = packed[at]
            undone.append(packed[at + 1 : at + 1 + size])
            at += size + 2


def _mend(history, records):
    try:
        mend(history.journal, records)
    except OSError as error:
        history.save_error = error  # the next save writes after the good part
        return "%s; mending it failed (%s)" % (history.journal.problem, error)
    return history.journal.problem


def _refused(history, offset, why):
    # A record the rules refuse: the file is kept aside and the journal cut before it.
    store = history.journal.store
    name = history.journal.name
    problem = "journal record at byte %d refused on replay (%s)" % (offset, why)
    history.journal.length = -1
    try:
        aside = store.keep_aside(name)
        if aside:
            problem += ", the file as it was is saved as " + aside
        store.cut(name, offset)
    except OSError as error:
        problem += "; mending it failed (%s)" % error
        history.save_error = error  # the next save writes after the good part
    history.load(offset)
    return problem


# The records that belong with the checkpoint after them: the keys' entry (saved by the
# key that made the checkpoint due) and what redo held (History._redo_stack).
_LEADS = (ENTRY, REDO_STACK)


def last_start(journal, kind, upto=-1, leads=()):
    """The file offset of the last record (before `upto`, when given) whose payload
    starts with the byte `kind`, or 0 when there is none; or, when records of the kinds
    `leads` come just before it, the first of those. It hops from length byte to
    length byte without checking anything: a boot then reads and checks only from there,
    and reads the whole file (records(0)) only when what it finds there is not good."""
    handle = journal.store.open(journal.name)
    if handle is None:
        return 0
    found = 0
    leading = -1  # where the records of the kinds `leads` just passed began
    try:
        window = journal.window
        filled = handle.readinto(window) or 0
        if filled < MAGIC_SIZE or bytes(window[:MAGIC_SIZE]) != MAGIC:
            return 0
        base = 0  # the file offset of window[0]
        at = MAGIC_SIZE
        while True:
            if at + 2 > filled:
                if filled < len(window):
                    return found  # the end of the file
                base += at
                at = 0
                handle.seek(base)
                filled = handle.readinto(window) or 0
                continue
            size = window[at]
            if size == 0 or 0 <= upto <= base + at:
                return found
            if window[at + 1] == kind:
                found = leading if leading >= 0 else base + at
            if window[at + 1] not in leads:
                leading = -1
            elif leading < 0:
                leading = base + at
            at += 1 + size + TRAILER
    finally:
        handle.close()


# Records read between two of checking()'s steps: the scan leaves a little garbage per
# record (the record's place, a view for its checksum), collected between steps at the boot.
CHECK_STEP = 32


def check(journal):
    """Reads the whole journal and mends any damage; returns the last good record's
    payload (None when there is none). Raises OSError when the mending cannot be saved."""
    return finish(checking(journal))


def checking(journal):
    """check() in steps: yields after every CHECK_STEP records (App.booting collects
    there); returns the last good record's payload."""
    first = last = kept = 0  # where the last good record's payload is in the window
    for _, start, end in journal.records():
        first, last = start, end
        kept += 1
        if kept % CHECK_STEP == 0:
            yield
    payload = bytes(journal.window[first:last]) if kept else None
    journal.problem = None
    if journal.damage:
        mend(journal, kept)
    return payload


def mend(journal, kept):
    """After a whole scan found damage: keeps the file aside as it was, then cuts the
    journal back to its good part. `kept` counts the good records, for the words."""
    good = journal.good if journal.good > MAGIC_SIZE else 0
    if journal.damage == "torn":
        journal.problem = "dropped %d bytes of an unfinished record" % (journal.size() - good)
    else:
        journal.problem = "damaged journal at byte %d: kept %d records" % (journal.good, kept)
    aside = journal.store.keep_aside(journal.name)
    if aside:
        journal.problem += ", the file as it was is saved as " + aside
    journal.length = -1
    journal.store.cut(journal.name, good)
    journal.length = good
