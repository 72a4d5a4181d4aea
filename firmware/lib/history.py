# Undo, redo and saving for any game whose state is a fold over events.
#
# The journal holds every accepted event plus UNDO/REDO markers, so undo and redo survive a
# restart. The live state is rebuilt by replaying events: one mechanism for undo, power
# safety and history. When the flash refuses a write the game goes on in memory and the
# journal is written anew at the next save that succeeds (nothing already saved is touched).
from eventlog import EventLog
from micropython import const

UNDO = const(0xF0)
REDO = const(0xF1)


class NothingToUndo(ValueError):
    pass


class History:
    def __init__(self, new_state, journal=None):
        self.new_state = new_state
        self.journal = journal
        self.events = EventLog()
        self.undone = []
        self.save_error = None  # the store's last refusal; cleared by the next good save
        self.state = new_state()
        self.version = 0  # counts changes to the state, so views can tell it changed

    # -- loading ---------------------------------------------------------------------------

    def load(self):
        """Replays the journal; returns a problem in words (or None). A record the rules
        refuse ends the replay like a damaged one."""
        self.events = EventLog()
        self.undone = []
        self.state = self.new_state()
        self.version += 1
        if self.journal is None:
            return None
        payloads = self.journal.load()
        problem = self.journal.problem
        for index in range(len(payloads)):
            payload = payloads[index]
            try:
                self._replay_one(payload)
            except (ValueError, IndexError) as error:  # a marker with nothing to undo too
                store = self.journal.store
                aside = store.keep_aside(self.journal.name, store.read(self.journal.name))
                self.journal.rewrite(payloads[:index])
                problem = "journal record %d refused on replay (%s): kept %d records, " % (
                    index,
                    error,
                    index,
                ) + ("the file as it was is saved as " + aside)
                self.load()
                break
        return problem

    def _replay_one(self, payload):
        if payload[0] == UNDO:
            self.undone.append(self.events.pop())
            self._rebuild()
        elif payload[0] == REDO:
            event = self.undone.pop()
            self.state.apply(event)
            self.events.append(event)
        else:
            event = tuple(payload)
            self.state.apply(event)
            self.events.append(event)
            self.undone = []

    # -- changes ---------------------------------------------------------------------------

    def apply(self, event):
        """Applies an event and saves it; the rules' error leaves everything as it was."""
        compacted = self.state.compacted(event) if hasattr(self.state, "compacted") else None
        news = self.state.apply(event)
        self.version += 1
        event = tuple(event)
        self.undone = []
        if compacted is not None:
            self.events = EventLog(list(compacted) + [event])
            self._save_all()
        else:
            self.events.append(event)
            self._save(bytes(event))
        return news

    def undo(self):
        if not self.events:
            raise NothingToUndo("nothing to undo")
        self.undone.append(self.events.pop())
        self._rebuild()
        self._save(bytes([UNDO]))

    def redo(self):
        if not self.undone:
            raise NothingToUndo("nothing to redo")
        event = self.undone.pop()
        self.state.apply(event)
        self.version += 1
        self.events.append(event)
        self._save(bytes([REDO]))

    def step(self, forward):
        """Redo when forward, else undo; returns the word for the console."""
        if forward:
            self.redo()
            return "redo"
        self.undo()
        return "undo"

    def _rebuild(self):
        self.version += 1
        state = self.new_state()
        for event in self.events:
            state.apply(event)
        self.state = state

    # -- saving ----------------------------------------------------------------------------

    def _save(self, record):
        if self.journal is None:
            return
        if self.save_error is not None:
            self._save_all()  # a failed append may have left half a record: start clean
            return
        try:
            self.journal.append(record)
        except OSError as error:
            self.save_error = error

    def _save_all(self):
        # Writes the journal anew from the live events (an atomic replace, so the saved file
        # stays whole if this fails too). Used by compaction and to recover from a full flash.
        if self.journal is None:
            return
        try:
            self.journal.rewrite([bytes(e) for e in self.events])
            self.save_error = None
        except OSError as error:
            self.save_error = error
