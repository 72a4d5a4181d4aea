# A request of several keys from the page is one unit on flash: a power cut at every byte
# of every write it makes (and before every removal) boots the board into the game as it was
# before the request, or as the request left it whole, never between; the boot says which
# when it had anything to do, and leaves no temporary file. Requests kept and refused: a
# points match won in one request, a new match refused at its last key (its statistics and
# its journal written anew, both held), a new match kept, and on a deal keyed card by card
# an undo burst over the deal's start refused at its last key, then one kept, then redone.
import sys

import drivers
import key_player
from memstore import RecordingStore, cut_at
from net import web
from net.web_http import WebError
from storage.held import FINISHED, PENDING, UNFINISHED

# Every byte under pytest; on MicroPython every 4th byte (and every removal) keeps the core
# run short, as the journal's own cut test does.
STRIDE = 1 if sys.implementation.name == "cpython" else 4
SAID = ("", UNFINISHED, FINISHED)


class Recorder:
    """Records the keys key_player presses, to send them from a page instead."""

    def __init__(self, rig):
        self.rig = rig
        self.pressed = []
        self.match = rig.match

    def press(self, name, hold_ms=60):
        self.pressed.append(name)
        self.rig.press(name, hold_ms)
        self.match = self.rig.match

    @property
    def app(self):
        return self.rig.app


def dealt_keys(seed):
    """The keys of a match's first deal, keyed card by card, from the start of the match."""
    from memstore import MemoryStore
    from shuffle import Shuffler

    rig = drivers.fast_rig(MemoryStore())
    rig.keys("#")
    recorder = Recorder(rig)
    key_player.play_to_the_show(recorder, Shuffler(seed))
    return ["#"] + recorder.pressed


def weight(store):
    return store.bytes_written + store.removes  # the units of a budget (memstore.cut_at)


def cut_everywhere(store, request, before, after):
    """Boots from a cut at every unit of the request's writes; returns the cuts tried and
    the words the boots said (each one of SAID)."""
    start, end, log_end = request
    tried = 0
    said = set()
    for budget in list(range(start, end + 1, STRIDE)) + [end]:
        cut = cut_at(store.log[:log_end], budget)
        rig = drivers.fast_rig(cut)
        state = drivers.persistent_state(rig.app)
        assert state in (before, after), "a cut at unit %d of %d kept part" % (
            budget - start,
            end - start,
        )
        lines = [line for line in rig.lines if "request" in line or "journal" in line]
        assert len(lines) <= 1 and (lines[0] if lines else "") in SAID, lines
        if lines:
            said.add(lines[0])
        if lines and lines[0] == UNFINISHED:
            assert state == before
        leftovers = [name for name in cut.files if name == PENDING or name.endswith(".tmp")]
        assert leftovers == [], leftovers
        tried += 1
    return tried, said


def sent(board, rig, store, keys, refusal=None):
    """Sends `keys` as one request; returns (its writes in budget units and log entries,
    the state before, the state after)."""
    before = drivers.persistent_state(rig.app)
    start, first = weight(store), len(store.log)
    try:
        board.press(keys)
        words = None
    except WebError as error:
        words = error.words
    assert words == refusal, words
    after = drivers.persistent_state(rig.app)
    if refusal is not None:
        assert after == before
    return (start, weight(store), len(store.log)), before, after, first


def test_a_cut_anywhere_in_a_points_match_and_a_new_match_keeps_a_request_whole_or_not_at_all():
    store = RecordingStore()
    rig = drivers.fast_rig(store)
    board = web.Board(rig.app, b"")
    stories = [
        ("B # # D 3 1 # D 3 0 #", None),  # a 61-point match won in one request
        (
            "# # D 3 1 # 5",
            "key 7 of 7 (5): 5 does nothing now: a deal in points: D, the points,"
            " # pegs them for orange (D A, D B ...: whose); # ends the play; none of the request's"
            " keys was kept",
        ),  # fmt: skip
        ("# # D 3 1 #", None),  # a new match kept: statistics and journal written anew
    ]
    tried = 0
    said = set()
    for keys, refusal in stories:
        request, before, after, _ = sent(board, rig, store, keys.split(), refusal)
        if refusal is None:
            assert after != before
        more, words = cut_everywhere(store, request, before, after)
        tried += more
        said |= words
    assert rig.match.phase == "play" and rig.match.front == [0, 31]
    assert said == set(SAID[1:]) and tried > 900 // STRIDE, (said, tried)


def test_a_cut_anywhere_in_an_undo_burst_over_a_deals_start_keeps_it_whole_or_not_at_all():
    store = RecordingStore()
    rig = drivers.fast_rig(store)
    board = web.Board(rig.app, b"")
    keys = dealt_keys(seed=5)
    sent(board, rig, store, keys[:3])  # the match and the deal's starter
    sent(board, rig, store, keys[3:])  # the play, card by card
    played = rig.match.state()
    undone = len(keys) - 1  # back to before the starter: past the deal's checkpoint
    tried = 0
    said = set()
    refused = "key %d of %d (*): nothing to undo; none of the request's keys was kept" % (
        undone + 1, undone + 1,
    )  # fmt: skip
    for names, refusal in (
        (["*"] * (undone + 1), refused),  # one undo more than the match holds: refused whole
        (["*"] * undone, None),  # back before the match began, kept
        (["hold:*"] * 5, None),  # five entries redone
    ):
        request, before, after, _ = sent(board, rig, store, names, refusal)
        if names == ["*"] * undone:
            assert rig.match.phase is None  # back before the match began
        more, words = cut_everywhere(store, request, before, after)
        tried += more
        said |= words
    assert rig.match.state() != played and rig.match.phase == "play"
    assert said == set(SAID[1:]), said
