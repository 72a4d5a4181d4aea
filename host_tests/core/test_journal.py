import scripted
from check import raises
from cribbage import events as ev
from cribbage.game import Match, RuleError
from memstore import MemoryStore
from power_cuts import NAME, fresh, power_cut_everywhere
from storage.history import REDO_KEPT, History, NothingToUndo
from storage.journal import Journal, encode
from storage.record_format import CHECKPOINT, MAGIC, STRETCH
from storage.store import FileStore


def payloads(journal):
    """Every good record, read one at a time through the journal's window, then mended."""
    read = [bytes(journal.window[start:end]) for _, start, end in journal.records()]
    journal.check()
    return read


def test_records_round_trip_through_a_window_smaller_than_the_file():
    store = MemoryStore()
    journal = Journal(store, NAME)
    written = [bytes([1 + n % 200]) * (1 + n * 7 % 255) for n in range(40)]
    offsets = [journal.append(payload) for payload in written]
    assert store.size(NAME) > 4 * len(journal.window)
    assert payloads(journal) == written
    assert journal.problem is None
    assert store.read(NAME)[:4] == MAGIC
    # Reading can start at any record.
    start = [bytes(journal.window[s:e]) for _, s, e in journal.records(offsets[30])]
    assert start == written[30:]


def test_a_torn_last_record_is_dropped_at_every_byte():
    whole = MAGIC + encode(b"\x01\x02") + encode(b"\x03\x04\x05")
    first = len(MAGIC) + len(encode(b"\x01\x02"))
    for cut in range(first, len(whole)):
        store = MemoryStore()
        store.files[NAME] = whole[:cut]
        journal = Journal(store, NAME)
        assert payloads(journal) == [b"\x01\x02"]
        assert (journal.problem is None) == (cut == first)
        assert store.read(NAME) == whole[:first]  # mended: the next append starts clean


def test_garbage_in_the_middle_keeps_the_good_part_and_the_file_aside():
    good = MAGIC + encode(b"\x01\x02")
    damaged = good + b"\x02\xff\xff\x00\x00" + encode(b"\x07")
    store = MemoryStore()
    store.files[NAME] = damaged
    journal = Journal(store, NAME)
    assert payloads(journal) == [b"\x01\x02"]
    assert "damaged journal at byte 9: kept 1 records" in journal.problem
    assert store.files[NAME + ".bad1"] == damaged
    assert store.read(NAME) == good


def test_a_file_that_is_not_a_journal_is_kept_aside_whole():
    store = MemoryStore()
    store.files[NAME] = b"hello world"
    journal = Journal(store, NAME)
    assert payloads(journal) == []
    assert store.files[NAME + ".bad1"] == b"hello world"


def test_undo_and_redo_reach_back_to_the_start_and_survive_a_restart():
    store = MemoryStore()
    history, _ = fresh(store)
    history.apply(ev.new_match(first_dealer=1))
    history.apply((ev.STARTER, ev.NO_CARD))
    history.apply((ev.PEGGED, 0, 5))
    history.apply((ev.PEGGED, 1, 7))
    history.undo()
    history.undo()
    assert history.state.front == [0, 0]
    history.redo()
    assert history.state.front == [5, 0]
    restarted, problem = fresh(store)
    assert problem is None
    assert restarted.state.state() == history.state.state()
    restarted.redo()  # the redo stack came back with the journal
    assert restarted.state.front == [5, 7]
    for _ in range(4):
        restarted.undo()
    assert restarted.state.phase is None
    raises(NothingToUndo, restarted.undo)


def test_a_refused_input_never_reaches_the_journal():
    store = MemoryStore()
    history, _ = fresh(store)
    history.apply(ev.new_match())
    size = store.size(NAME)
    raises(RuleError, history.apply, (ev.SHOW_POINTS, 19))
    raises(RuleError, history.apply, (ev.GO,))
    assert store.size(NAME) == size


def test_a_new_match_compacts_the_finished_one_to_its_summary():
    store = MemoryStore()
    history, _ = fresh(store)
    events, _ = scripted.game_events(seed=3)
    for event in events:
        history.apply(event)
    long_journal = store.size(NAME)
    history.apply(ev.new_match(games=3))
    # two checkpoints (the second with the new match's 44 bytes of statistics), the new match
    assert store.size(NAME) < 150 < long_journal
    restarted, _ = fresh(store)
    assert restarted.state.past_matches == [[1, 0]]
    assert restarted.state.state() == history.state.state()


def test_power_cut_at_every_byte_leaves_the_state_of_the_last_complete_entry():
    # Every 7th byte here keeps the MicroPython run short; pytest's copy cuts at every byte.
    tried, matched, total = power_cut_everywhere(seed=11, stride=7)
    assert tried == total // 7 + 1 and matched == tried, (tried, matched)


def test_a_full_flash_keeps_the_game_in_memory_and_the_saved_file_whole():
    store = MemoryStore()
    history, _ = fresh(store)
    history.apply(ev.new_match(first_dealer=1))
    history.apply((ev.STARTER, ev.NO_CARD))
    saved = store.read(NAME)
    store.full = True
    history.apply((ev.PEGGED, 0, 5))
    history.apply((ev.PEGGED, 1, 6))
    assert history.save_error is not None and history.state.front == [5, 6]
    assert store.read(NAME) == saved
    store.full = False
    history.apply((ev.PEGGED, 0, 1))
    assert history.save_error is None
    restarted, _ = fresh(store)
    assert restarted.state.front == [6, 6]


def counting_applies(history):
    """Counts the events the rules fold from now on, in every state History builds."""
    calls = [0]
    make = history.new_state

    def new_state():
        state = make()
        apply = state.apply

        def counted(event):
            calls[0] += 1
            return apply(event)

        state.apply = counted
        return state

    history.new_state = new_state
    return calls


def test_a_long_match_boots_from_its_last_checkpoint_and_undoes_back_to_its_start():
    events, _ = scripted.game_events(seed=4, target=61, points_every=2)
    store = MemoryStore()
    history, _ = fresh(store)
    states = [0] * (len(events) + 1)  # in one piece while the heap is young
    states[0] = hash(history.state.state())
    for index in range(len(events)):
        history.apply(events[index])
        states[index + 1] = hash(history.state.state())
        assert len(history.done) < STRETCH  # memory bounded by a stretch of a deal
    assert history.state.phase == "match over"
    # Boot folds only the events after the last checkpoint, however long the match.
    restarted = History(Match, Journal(store, NAME))
    applied = counting_applies(restarted)
    assert restarted.load() is None
    assert hash(restarted.state.state()) == states[-1]
    assert applied[0] <= STRETCH
    # Undo walks back through every entry, past every checkpoint, with a restart halfway.
    for back in range(len(events) - 1, -1, -1):
        restarted.undo()
        assert hash(restarted.state.state()) == states[back], back
        if back == len(events) // 2:
            restarted, _ = fresh(store)
            assert hash(restarted.state.state()) == states[back]
    assert restarted.state.phase is None
    raises(NothingToUndo, restarted.undo)
    # Redo comes back as far as it keeps undone events, and survives a restart.
    for forward in range(1, REDO_KEPT + 1):
        restarted.redo()
        assert hash(restarted.state.state()) == states[forward]
    raises(NothingToUndo, restarted.redo)
    restarted, _ = fresh(store)
    assert hash(restarted.state.state()) == states[REDO_KEPT]


def test_undo_markers_cost_nothing_at_boot():
    events, _ = scripted.game_events(seed=6, points_every=3)
    store = MemoryStore()
    history, _ = fresh(store)
    for event in events[:40]:
        history.apply(event)
    expected = history.state.state()
    for _ in range(200):
        history.undo()
        history.redo()
    assert history.state.state() == expected
    restarted = History(Match, Journal(store, NAME))
    applied = counting_applies(restarted)
    restarted.load()
    assert restarted.state.state() == expected
    assert applied[0] <= STRETCH  # the 400 markers were not replayed one by one


def test_a_checkpoint_holds_the_whole_state_and_nothing_else():
    events, _ = scripted.game_events(seed=8, players=4, games=1)
    match = Match()
    for event in events:
        match.apply(event)
        copy = Match()
        copy.restore(match.snapshot())
        assert copy.state() == match.state() and copy.snapshot() == match.snapshot()
        assert len(match.snapshot()) < 200  # one journal record
    raises(ValueError, Match().restore, match.snapshot() + b"\x01")


def played_match(seed=4):
    events, _ = scripted.game_events(seed=seed, target=61, points_every=2)
    store = MemoryStore()
    history, _ = fresh(store)
    for event in events:
        history.apply(event)
    return store, history


def test_a_boot_checks_only_the_records_from_the_last_checkpoint_on():
    store, history = played_match()
    journal = Journal(store, NAME)
    every = len(payloads(journal))
    read = [0]
    records = journal.records

    def counted(offset=0):
        for record in records(offset):
            read[0] += 1
            yield record

    journal.records = counted
    restarted = History(Match, journal)
    assert restarted.load() is None
    assert restarted.state.state() == history.state.state()
    assert read[0] <= STRETCH + 1 and every >= 5 * read[0], (every, read[0])


def test_damage_before_the_last_checkpoint_costs_nothing_entered():
    store, history = played_match()
    every = len(payloads(Journal(store, NAME)))
    data = store.files[NAME]
    middle = len(data) // 3
    at = 4
    while at < middle:  # the record that holds the middle byte
        at += data[at] + 3
    data[at + 1] ^= 0x5A  # its first payload byte: a bit flip, not the length
    restarted, problem = fresh(store)
    assert problem is None and restarted.state.state() == history.state.state()
    # Undo reads back from flash and stops at the damage: it never folds a damaged record.
    undone = 0
    try:
        while True:
            restarted.undo()
            undone += 1
    except NothingToUndo as refusal:
        assert "nothing more to undo" in str(refusal)
    assert 0 < undone < every


def test_a_damaged_length_byte_sends_the_boot_back_to_a_whole_read():
    store, history = played_match()
    data = store.files[NAME]
    at = 4
    while at < len(data) // 2:
        at += data[at] + 3
    data[at] = 0  # a length no record has: the hop stops there
    kept = bytes(data)
    restarted, problem = fresh(store)
    assert "damaged journal at byte %d" % at in problem
    assert store.files[NAME + ".bad1"] == kept
    assert restarted.state.phase is not None  # the good part before the damage, folded


def test_a_checkpoint_refuses_a_value_it_cannot_hold_and_reads_back_what_it_holds():
    from packing import Packer, Unpacker

    packer = Packer()
    packer.put_list([-1, 0, 254])
    packer.put_wide(65535)
    for bad in ([255], [-2], [3, 300]):
        raises(ValueError, packer.put_list, bad)  # never wrapped into a wrong byte
    raises(ValueError, packer.put, 255)
    unpacker = Unpacker(bytes(packer.data))
    assert unpacker.get_list() == [-1, 0, 254] and unpacker.get_wide() == 65535
    unpacker.done()
    raises(ValueError, Unpacker(b"\x05\x01").get_list)  # a list longer than the record


def test_a_deferred_checkpoint_waits_for_settle_and_an_undo_drops_it():
    store = MemoryStore()
    history, _ = fresh(store)
    history.defer_checkpoints = True
    for event in (ev.new_match(first_dealer=0), (ev.STARTER, 20)):
        history.apply(event)
    kinds = [p[0] for p in payloads(Journal(store, NAME))]
    history.apply((ev.PLAY_DONE,))  # the play's end: a checkpoint is due
    assert history.checkpoint_due
    assert [p[0] for p in payloads(Journal(store, NAME))] == kinds + [ev.PLAY_DONE]
    history.undo()  # taken back before the board was idle: no checkpoint for it
    history.settle()
    assert not history.checkpoint_due and len(history.done) == 2  # the match, the starter
    history.redo()
    history.settle()
    journal_kinds = [p[0] for p in payloads(Journal(store, NAME))]
    assert journal_kinds[-1] == CHECKPOINT and len(history.done) == 0
    restarted, problem = fresh(store)
    assert problem is None and restarted.state.state() == history.state.state()
    restarted.undo()  # back past the checkpoint: the play's end taken back from flash
    assert restarted.state.phase == "play"


def test_an_event_as_a_tuple_is_saved_as_its_bytes_and_a_record_too_long_changes_nothing():
    as_bytes, as_tuple = MemoryStore(), MemoryStore()
    Journal(as_bytes, NAME).append(b"\x05\x01\x04")
    Journal(as_bytes, NAME).append(b"\xf2\x00\x00\x04\x02" + b"\x07" * 30)
    Journal(as_tuple, NAME).append((5, 1, 4))
    journal = Journal(as_tuple, NAME)
    assert journal.append((0xF2, 0, 0, 4, 2), b"\x07" * 30) == len(MAGIC) + 6
    assert as_tuple.read(NAME) == as_bytes.read(NAME)
    assert as_tuple.read(NAME) == MAGIC + encode(b"\x05\x01\x04") + encode(
        b"\xf2\x00\x00\x04\x02" + b"\x07" * 30
    )
    before = bytes(as_tuple.read(NAME))
    raises(ValueError, journal.append, (1,) * 200, b"\x00" * 56)  # 256 bytes: one too many
    raises(ValueError, journal.append, ())
    assert as_tuple.read(NAME) == before
    assert payloads(Journal(as_tuple, NAME))[1] == b"\xf2\x00\x00\x04\x02" + b"\x07" * 30


def _empty_folder(name):
    try:
        import tempfile

        return tempfile.mkdtemp()
    except ImportError:  # MicroPython
        import os
        import time

        folder = "/tmp/%s-%d" % (name, time.ticks_us())
        os.mkdir(folder)
        return folder


def _remove_folder(folder):
    import os

    for name in os.listdir(folder):
        os.remove(folder + "/" + name)
    os.rmdir(folder)


class _RefusingFile:
    def write(self, data):
        raise OSError(28, "ENOSPC")

    def flush(self):
        pass

    def close(self):
        self.closed = True


def test_the_journal_file_stays_open_between_saves_and_what_it_saved_is_on_flash():
    folder = _empty_folder("journal-open")
    store = FileStore(folder)
    history = History(Match, Journal(store, NAME))
    history.load()
    for event in (ev.new_match(first_dealer=0), (ev.STARTER, 20), (ev.LAY, 3, 4)):
        history.apply(event)
    kept = store.appender
    assert kept is not None and store.appending == NAME
    history.apply((ev.LAY, 9, 4))
    assert store.appender is kept  # one file open for every save, not one each
    # Another board on the same flash (a power cut now) reads every entry: each was flushed.
    other, problem = fresh(FileStore(folder))
    assert problem is None and other.state.state() == history.state.state()
    # Reading the journal closes it; the next save opens it again, after what is there.
    assert len(payloads(Journal(store, NAME))) == 5 and store.appender is None
    history.apply((ev.LAY, 4, 4))
    assert store.appender is not None
    assert fresh(FileStore(folder))[0].state.state() == history.state.state()
    # A write the flash refuses closes the file: the game goes on in memory, and the next
    # save writes the whole checkpoint afresh after the part saved last.
    refusing = _RefusingFile()
    store.appender = refusing
    history.apply((ev.LAY, 1, 4))
    assert refusing.closed and store.appender is None and history.save_error is not None
    history.apply((ev.LAY, 0, 4))
    assert history.save_error is None
    assert fresh(FileStore(folder))[0].state.state() == history.state.state()
    store.release()
    _remove_folder(folder)


# Left out of `bash tools/check quick` (host_tests/conftest.py reads it).
SLOW = ("test_power_cut_at_every_byte_leaves_the_state_of_the_last_complete_entry",)
