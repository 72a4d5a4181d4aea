# Undo, redo and saving for any game whose state is a fold over events, in memory and time
# bounded by a stretch of one deal, however long the match.
#
# The state is a checkpoint (the whole state packed, see packing.py) plus the few events
# applied since, each a record of the journal (record_format.py lists them): a checkpoint is
# written at every deal's start (on the board, when idle after the key) and after STRETCH
# events; an undo that reaches past the checkpoint writes the state it left and the event
# it took back (for redo).
#
# So a boot hops over the length bytes to the last checkpoint, reads and checks from there,
# and folds only the events after it; an undo folds at most a stretch; an undo past a
# checkpoint reads one stretch back from flash (and stops at a damaged record). When the
# flash refuses a write the game goes on in memory, and the next save that succeeds writes
# the checkpoint and its events after the part of the file saved last (nothing already
# saved is touched).
import rarely
from micropython import const
from storage.eventlog import EventLog
from storage.record_format import (
    BACK,
    CHECKPOINT,
    ENTRY,
    NOWHERE,
    REDO,
    REDO_STACK,
    START,
    STRETCH,
    UNDO,
    before_at,
)

REDO_KEPT = const(48)  # undone events kept for redo; older ones are forgotten
# What History.checkpoint_due holds, as bits: a checkpoint is due; a new match's journal is
# to be written afresh.
_CHECKPOINT_DUE = const(1)
_COMPACTION_DUE = const(2)


_UNDO_RECORD = bytes((UNDO,))
_REDO_HEAD = bytes((REDO,))
_ENTRY_HEAD = bytes((ENTRY,))


class NothingToUndo(ValueError):
    pass


def _head(kind, offset, count):
    # A checkpoint's first bytes (kind, before), as a tuple: the record is framed by
    # Journal.append, so a checkpoint makes no bytes of its own.
    if offset < 0 or offset >= NOWHERE:
        offset, count = NOWHERE, 0
    return (kind, offset >> 16, (offset >> 8) & 0xFF, offset & 0xFF, count)


class History:
    def __init__(self, new_state, journal=None):
        self.new_state = new_state
        self.journal = journal
        self.save_error = None  # the store's last refusal; cleared by the next good save
        self.version = 0  # counts changes to the state, so views can tell it changed
        self.done = EventLog()  # events applied since the checkpoint
        self.undone = EventLog()  # what redo applies again, last undone last
        self.before_compacting = None  # called with the state before a compaction
        # A deal's checkpoint, and a new match's journal written afresh, wait for settle()
        # (the board calls it when idle, once the key's frame is shown, before it reads the
        # next key); a checkpoint after STRETCH events is written at once.
        self.defer_checkpoints = False
        self.checkpoint_due = 0
        self._start()

    def _start(self):
        self.state = self.new_state()
        self.base = None  # the checkpoint's packed state; None: a new game's empty state
        self.base_offset = -1  # where the checkpoint is on flash, or -1
        self.before = (NOWHERE, 0)  # where the state before the checkpoint's is on flash
        self.saved = 0  # the journal's length up to its last good record
        # The keys' half-made entry as last saved (their bytes; b"": none). Saved with the
        # game so that a board booted afresh answers the next key as the running one would.
        self.entry = b""
        self.done.clear()
        self.undone.clear()
        self.checkpoint_due = 0
        self.version += 1

    def _restored(self, base):
        state = self.new_state()
        if base is not None:
            state.restore(base)
        return state

    def _restored_in_place(self):
        """The checkpoint's state in the live state's object, made afresh: its attribute
        table (256 bytes for a match on the chip) is kept, not allocated again while the old
        state's lists leave the heap full of holes. The live state is lost either way."""
        state = self.state
        if state is None:
            return self._restored(self.base)
        state.__init__()
        if self.base is not None:
            state.restore(self.base)
        return state

    # -- loading ---------------------------------------------------------------------------

    def load(self, upto=-1):
        """Reads the journal back; returns a problem in words (or None). A record the rules
        refuse ends the good part like a damaged one. `upto`: read only what lies before."""
        return rarely.finish(self.loading(upto))

    def loading(self, upto=-1):
        """load() in steps: the read, each event folded, the mending; yields between them,
        where the boot collects (App.booting). Returns the problem in words (or None)."""
        offsets = []  # type: list  # where each of self.done's events is on flash
        records, refused, why, damage = rarely.run("storage.recall", "read", self, upto, offsets)
        yield
        # The state is folded with the reader dropped: restoring it is the load's peak.
        if refused < 0:
            refused, why = yield from self._folding(offsets)
        if upto >= 0 or (refused < 0 and not damage):
            return None
        yield
        return rarely.run("storage.recall", "mend_after", self, records, refused, why)

    def _folding(self, offsets):
        """The live state: the checkpoint with its events applied, yielding after each.
        Returns where a refused record is on flash and why (-1 when none is). The empty
        state load() began with is reused: the restored one takes its room, not room beside
        it."""
        try:
            state = self._restored_in_place()
        except (ValueError, IndexError, KeyError) as error:
            self.state = self.new_state()
            return self.base_offset, error
        index = 0
        for event in self.done:
            yield
            try:
                state.apply(event)
            except (ValueError, IndexError) as error:
                self.state = self.new_state()
                return offsets[index], error
            index += 1
        self.state = state
        return -1, None

    # -- changes ---------------------------------------------------------------------------

    def apply(self, event):
        """Applies an event and saves it; the rules' error leaves everything as it was."""
        if self.checkpoint_due & _COMPACTION_DUE:
            self._compact()
        kept = self.state.compacted(event) if hasattr(self.state, "compacted") else None
        kept_base = kept.snapshot() if kept is not None else None
        news = self.state.apply(event)
        self.version += 1
        self.entry = b""  # the event's record ends any entry saved before it
        self.undone.clear()
        if kept_base is not None:
            # A new match or game: the journal starts afresh from what it keeps.
            self.base = kept_base
            self.base_offset = -1
            self.before = (NOWHERE, 0)
            self.done.clear()
            self.done.append(event)
            self.saved = 0
            if self.defer_checkpoints:
                self.checkpoint_due = _COMPACTION_DUE  # 40 ms of flash and code on a key
            else:
                self._compact()
        else:
            self.done.append(event)
            self._save(event)
        self._checkpoint_if_due()
        return news

    def _compact(self):
        # Anything kept beside the journal (the statistics) is saved first, then the journal
        # is written anew from what it keeps and the events since.
        self.checkpoint_due &= ~_COMPACTION_DUE
        if self.before_compacting is not None:
            self.before_compacting(self.state)
        self._save_all()

    def undo(self):
        if self.checkpoint_due & _COMPACTION_DUE:
            self._compact()
        self.checkpoint_due = 0  # the next checkpoint comes with the next deal
        self.entry = b""
        if len(self.done):
            self._push_undone(self.done.pop())
            self._rebuild()
            self._save(_UNDO_RECORD)
            return
        # Past the checkpoint: the stretch before it comes back from flash.
        offset, count = self.before
        if offset == NOWHERE or self.journal is None:
            raise NothingToUndo("nothing to undo")
        base, before, stretch = self._read_stretch(offset)
        if len(stretch) <= count:
            raise NothingToUndo("the journal holds nothing more to undo")
        state = self._restored(base)
        index = 0
        for event in stretch:
            if index == count:
                taken = event
                break
            state.apply(event)
            index += 1
        self.state = state
        self.version += 1
        self.base = state.snapshot()
        self.before = (offset, count - 1) if count else before
        self.done.clear()
        self._push_undone(taken)
        self._save_checkpoint(BACK, (len(taken),) + taken)

    def redo(self):
        if self.checkpoint_due & _COMPACTION_DUE:
            self._compact()
        if not len(self.undone):
            raise NothingToUndo("nothing to redo")
        event = self.undone.pop()
        self.state.apply(event)
        self.version += 1
        self.entry = b""
        self.done.append(event)
        self._save(_REDO_HEAD, event)
        self._checkpoint_if_due()

    def step(self, forward):
        """Redo when forward, else undo; returns the word for the console."""
        if forward:
            self.redo()
            return "redo"
        self.undo()
        return "undo"

    def note_entry(self, entry):
        """Saves the keys' half-made entry (bytes; b"" for none) when it changed: a board
        booted from the journal then holds the same entry, and its next key, its `*`, mean
        what they mean here."""
        if entry == self.entry:
            return
        self.entry = entry
        self._save(_ENTRY_HEAD, entry)

    def _push_undone(self, event):
        if len(self.undone) >= REDO_KEPT:
            self.undone.drop_first()
        self.undone.append(event)

    def _rebuild(self):
        self.version += 1
        state = self._restored_in_place()
        for event in self.done:
            state.apply(event)
        self.state = state

    def _read_stretch(self, offset):
        """The checkpoint at `offset`: its state, its `before`, and the events of its
        stretch as they stood when the next checkpoint was written."""
        journal = self.journal
        base = before = None
        if offset == START:
            before = (NOWHERE, 0)
        stretch = EventLog()
        records = journal.records(offset)
        for at, start, end in records:
            window = journal.window
            kind = window[start]
            if before is None:
                if at != offset or kind not in (CHECKPOINT, BACK):
                    break
                before = before_at(window, start + 1)
                skip = 5 if kind == CHECKPOINT else 6 + window[start + 5]
                base = bytes(window[start + skip : end])
            elif kind == CHECKPOINT or kind == BACK:
                break
            elif kind == ENTRY or kind == REDO_STACK:
                continue  # not events: the keys' entry, what redo held, at that moment
            elif kind == UNDO:
                stretch.pop()
            elif kind == REDO:
                stretch.append(window[start + 1 : end])
            else:
                stretch.append(window[start:end])
        records.close()
        if before is None:
            raise NothingToUndo("the journal holds nothing more to undo")
        return base, before, stretch

    # -- saving ----------------------------------------------------------------------------

    def _checkpoint_if_due(self):
        if len(self.done) >= STRETCH:
            self._checkpoint()
        elif getattr(self.state, "checkpoint_here", False):
            if self.defer_checkpoints:
                self.checkpoint_due |= _CHECKPOINT_DUE
            else:
                self._checkpoint()

    def settle(self):
        """Writes what a change made due, when checkpoints are deferred: a new match's
        journal afresh, a checkpoint."""
        if self.checkpoint_due & _COMPACTION_DUE:
            self._compact()
        if self.checkpoint_due and len(self.done):
            self._checkpoint()

    def _checkpoint(self):
        self.checkpoint_due = 0
        self.before = (self.base_offset if self.base is not None else START, len(self.done) - 1)
        self.base = self.state.snapshot()
        self.done.clear()
        self._save_checkpoint(CHECKPOINT, ())

    def _redo_stack(self):
        """What redo holds, as the REDO_STACK records a checkpoint leads with (none when it
        holds nothing: the module that packs them is loaded only when it does)."""
        if not len(self.undone):
            return []
        return rarely.run("storage.redo_stack", "records", self.undone)

    def _save_checkpoint(self, kind, extra):
        if kind == CHECKPOINT and self.save_error is None:  # else _save_all writes them
            for payload in self._redo_stack():
                self._save(payload)
        self.base_offset = -1
        head = _head(kind, self.before[0], self.before[1]) + extra
        offset = self._save(head, self.base)
        if self.save_error is None:
            self.base_offset = offset

    def _save(self, payload, tail=b""):
        """Appends one record, `payload` then `tail` (bytes, or tuples of byte values);
        returns its offset (-1 when nothing could be saved)."""
        if self.journal is None:
            return -1
        if self.save_error is not None:
            # A failed append may have left half a record: write anew after the good part.
            return self._save_all()
        try:
            offset = self.journal.append(payload, tail)
        except OSError as error:
            self.save_error = error
            return -1
        self.saved = offset + len(payload) + len(tail) + 3
        return offset

    def _save_all(self):
        # Writes the checkpoint and the events since, after the part of the file saved last
        # (an atomic replace, so that part stays whole if this fails too), and the keys'
        # entry after them. Returns where the last of those records went (not the entry's).
        # Used for a new match, and to recover from a full flash.
        if self.journal is None:
            return -1
        payloads = [bytes(e) for e in self.done]
        keep = 0  # the first stretch is written whole, from the file's start
        at_base = 0  # where the checkpoint is among the payloads
        if self.base is not None:
            keep = self.saved
            offset, count = self.before
            if not 0 <= self.base_offset < self.saved:
                offset = NOWHERE  # its stretch on flash may not be the one it came from
            head = bytes(_head(CHECKPOINT, offset, count))
            payloads.insert(0, head + self.base)
            redo_stack = self._redo_stack()
            payloads[0:0] = redo_stack
            at_base = len(redo_stack)
        last = len(payloads) - 1
        if self.entry:
            payloads.append(_ENTRY_HEAD + self.entry)
        try:
            offsets = self.journal.rewrite(payloads, keep)
        except OSError as error:
            self.save_error = error
            return -1
        self.save_error = None
        if self.base is not None:
            self.base_offset = offsets[at_base]
        self.saved = self.journal.size()
        return offsets[last] if last >= 0 else -1
