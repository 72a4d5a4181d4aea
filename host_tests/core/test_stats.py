# The statistics per side outlive the journal's compaction of a finished match.
from board_rig import Rig
from check import raises
from cribbage import tally as tl
from cribbage.game import MATCH_OVER
from key_player import play_match
from memstore import MemoryStore


def played_match(store):
    rig = Rig(store)
    rig.keys("B #")  # a game to 61: the journal in the memory store stays short
    play_match(rig, seed=7)
    assert rig.match.phase == MATCH_OVER
    return rig


def test_a_new_match_sums_the_finished_one_into_the_statistics_file():
    store = MemoryStore()
    rig = played_match(store)
    finished = list(rig.match.tally)
    assert rig.match.match_number == 1 and sum(finished) > 0
    assert store.open(tl.FILE) is None  # nothing is written while the match can be undone
    rig.press("#")  # a new match: the journal forgets the old one's events
    assert rig.match.match_number == 2
    assert tl.read(store) == (1, finished)
    again = Rig(store)  # a restart reads the compacted journal
    assert again.match.match_number == 2
    # The new match's first deal is at its cut: not played, so not counted yet.
    assert again.match.tally[tl.DEALS] == 0 and again.match.tally[tl.HANDS] == 0
    tl.archive(store, 1, again.match.tally)  # the same match again: not summed twice
    assert tl.read(store) == (1, finished)


def test_a_damaged_statistics_file_is_kept_aside_and_started_afresh():
    store = MemoryStore()
    rig = played_match(store)
    store.replace(tl.FILE, b"CST1 not figures")
    assert "damaged" in str(raises(ValueError, tl.read, store))
    finished = list(rig.match.tally)
    rig.press("#")
    assert tl.read(store) == (1, finished)
    assert store.read(tl.FILE + ".bad1") == b"CST1 not figures"


def test_a_flash_that_refuses_the_statistics_says_so_and_the_new_match_starts():
    store = MemoryStore()
    rig = played_match(store)
    store.failing = ("write",)
    rig.press("#")
    assert any(line.startswith("statistics not saved") for line in rig.lines)
    assert rig.match.match_number == 2
