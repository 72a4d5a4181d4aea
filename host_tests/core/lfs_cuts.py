# Power cuts on the filesystem the ESP32 really uses: littlefs (vfs.VfsLfs2, the same C code
# as the board's) on a RAM block device with the ESP32's 4096-byte blocks. A scripted
# session (cards, undo and redo, a finished match and a new one, which rewrites the journal,
# Makao, a mode switch back) runs once to count the block programs and erases it causes and
# the state after each key; then once per cut: the device stops at program or erase N (that
# operation never happens), littlefs is mounted afresh from the blocks as they are, the app
# boots, and its state must be the state after the last complete key or the key being
# written, with nothing reported damaged.
#
#   micropython host_tests/core/lfs_cuts.py [--mpy] [STRIDE]   (every STRIDE-th operation)
import sys

if __name__ == "__main__":
    firmware = "build/board" if "--mpy" in sys.argv else "firmware"
    for path in ("host_tests/core", "tools/host_shims", firmware + "/lib", firmware):
        sys.path.insert(0, path)

import os  # noqa: E402

import vfs  # noqa: E402

import drivers  # noqa: E402
from storage.store import FileStore  # noqa: E402

BLOCK = 4096  # the ESP32's flash sector, littlefs's block there
BLOCKS = 24
ERASED = b"\xff" * BLOCK
MOUNT = "/flash"
SESSION = (
    "B # 5 4 0 5 5 * hold:* 9 D 6 # "  # a 61-point match: a starter, cards, undo, redo, points
    "D 3 1 # D 3 1 # # "  # orange pegs out: the match is over; a new one (a rewrite)
    "hold:D 9 1 2 1 # 2 2 # "  # Makao: a game started, two plays
    "hold:D 9 1 9 2 # 5 2 # "  # the Latvian game: a game started, two plays
    "hold:D 5 4 * hold:* 0"  # cribbage again: a starter, taken back, put back, a card
)
TORN = True  # a program cut halfway leaves half its bytes (erases are cut before they begin)


class PowerCut(Exception):
    """Not an OSError: nothing in the firmware may catch it."""


class RamFlash:
    """A block device in RAM that counts programs and erases and can stop before one."""

    def __init__(self, data=None, stop_at=-1, torn=False):
        self.data = data if data is not None else bytearray(BLOCK * BLOCKS)
        self.view = memoryview(self.data)
        self.kept = self.data  # the blocks as the power cut left them
        self.operations = 0
        self.erases = 0
        self.stop_at = stop_at
        self.torn = torn  # the program cut off leaves its first half written
        self.dead = False

    def _cut(self):
        # From here on littlefs (files closed as the stack unwinds, or by the collector with
        # the heap locked) works on a scratch copy, byte by byte: what the cut left stays.
        self.dead = True
        self.data = bytearray(self.data)
        raise PowerCut()

    def readblocks(self, block, buffer, offset=0):
        at = block * BLOCK + offset
        if self.dead:
            data = self.data
            for i in range(len(buffer)):
                buffer[i] = data[at + i]
            return
        buffer[:] = self.view[at : at + len(buffer)]

    def writeblocks(self, block, buffer, offset=None):
        at = block * BLOCK + (offset or 0)
        if self.dead:
            data = self.data
            for i in range(len(buffer)):
                data[at + i] = buffer[i]
            return
        if self.operations == self.stop_at:
            if self.torn:
                half = len(buffer) // 2
                self.view[at : at + half] = memoryview(buffer)[:half]
            self._cut()
        self.operations += 1
        self.view[at : at + len(buffer)] = buffer

    def ioctl(self, operation, argument):
        if operation == 4:  # block count
            return BLOCKS
        if operation == 5:  # block size
            return BLOCK
        if operation == 6:  # erase
            at = argument * BLOCK
            if self.dead:
                data = self.data
                for i in range(BLOCK):
                    data[at + i] = 0xFF
                return 0
            if self.operations == self.stop_at:
                self._cut()
            self.operations += 1
            self.erases += 1
            self.view[at : at + BLOCK] = ERASED
            return 0
        return 0


def mount(flash):
    try:
        vfs.umount(MOUNT)
    except OSError:
        pass
    vfs.mount(vfs.VfsLfs2(flash), MOUNT)
    return FileStore(MOUNT + "/data")


def fresh_flash(stop_at=-1):
    flash = RamFlash(stop_at=stop_at)
    vfs.VfsLfs2.mkfs(flash)
    return flash


def play(flash, on_key=None):
    rig = drivers.fast_rig(mount(flash), on_key)
    rig.keys(SESSION)
    return rig


def reference():
    """The session without a cut: (operations so far, state) after each key."""
    flash = fresh_flash()
    steps = []
    rig = drivers.fast_rig(mount(flash))
    steps.append((flash.operations, drivers.persistent_state(rig.app)))
    rig.on_key = lambda r: steps.append((flash.operations, drivers.persistent_state(r.app)))
    rig.keys(SESSION)
    return steps, flash


def boot_after(flash):
    """littlefs mounted afresh from the blocks as the cut left them, and the app booted."""
    survivor = RamFlash(flash.kept)
    rig = drivers.fast_rig(mount(survivor))
    damaged = [line for line in rig.lines if "journal" in line or "settings:" in line]
    return drivers.persistent_state(rig.app), damaged


def cuts(stride=1):
    steps, whole = reference()
    total = whole.operations
    tried = matched = 0
    for attempt in range(0, 2 * total, stride):
        stop, torn = attempt // 2, attempt % 2 == 1
        flash = fresh_flash()
        flash.stop_at = flash.operations + stop  # count from after the format
        flash.torn = torn
        try:
            play(flash)
        except PowerCut:
            pass
        state, damaged = boot_after(flash)
        # Keys whose writes were all done before the cut, and the one being written.
        done = 0
        while done + 1 < len(steps) and steps[done + 1][0] <= flash.operations:
            done += 1
        tried += 1
        good = state in [s for _, s in steps[done : done + 2]] and not damaged
        matched += good
        if not good:
            print(
                "cut at operation %d (torn %s): key %d expected, %r" % (stop, torn, done, damaged)
            )
    return tried, matched, total, whole.erases


# Requests of several keys from the page (web.Board.press), each one unit on flash: kept
# ones and refused ones, as host_tests/core/test_request_cuts.py sends them on a memory store.
REQUESTS = (
    ("B # # D 3 1 # D 3 0 #", True),  # a 61-point match won in one request
    ("# # D 3 1 # 5", False),  # a new match refused at its last key
    ("# # D 3 1 #", True),  # a new match kept: statistics and the journal written anew
    ("# D 5 #", True),  # the next deal
    ("* * * * * *", False),  # an undo burst one past the match's start: refused at its last
    ("* * * * *", True),  # the same less one, kept: back over both deals' starts
)


def _send(board, keys):
    from net.web_http import WebError

    try:
        board.press(keys.split())
        return True
    except WebError:
        return False


def _leftovers(flash):
    from storage.held import PENDING

    store = mount(RamFlash(flash.kept))
    return [name for name in os.listdir(store.folder) if name == PENDING or name.endswith(".tmp")]


def request_cuts(stride=1):
    """Every block program and erase of each request cut off, cleanly and halfway: the boot
    holds the game as before the request or as it left it, says at most what it finished or
    dropped, and leaves no temporary file. Returns (cuts tried, matched, operations, boots
    that finished a request, boots that dropped one)."""
    from net import web
    from storage.held import FINISHED, UNFINISHED

    flash = fresh_flash()
    rig = drivers.fast_rig(mount(flash))
    board = web.Board(rig.app, b"")
    spans = []
    for keys, kept in REQUESTS:
        before = drivers.persistent_state(rig.app)
        first = flash.operations
        if _send(board, keys) != kept:
            raise AssertionError("%r was %s" % (keys, "refused" if kept else "kept"))
        spans.append((first, flash.operations, before, drivers.persistent_state(rig.app)))
    tried = matched = operations = finished = dropped = 0
    for index in range(len(REQUESTS)):
        first, last, before, after = spans[index]
        operations += last - first
        for attempt in range(0, 2 * (last - first), stride):
            flash = fresh_flash()
            flash.stop_at = first + attempt // 2
            flash.torn = attempt % 2 == 1
            try:
                rig = drivers.fast_rig(mount(flash))
                board = web.Board(rig.app, b"")
                for keys, _ in REQUESTS[: index + 1]:
                    _send(board, keys)
            except PowerCut:
                pass
            survivor = RamFlash(flash.kept)
            again = drivers.fast_rig(mount(survivor))
            state = drivers.persistent_state(again.app)
            said = [line for line in again.lines if "request" in line or "journal" in line]
            tried += 1
            good = state in (before, after) and said in ([], [UNFINISHED], [FINISHED])
            good = good and not _leftovers(survivor)
            matched += good
            finished += said == [FINISHED]
            dropped += said == [UNFINISHED]
            if not good:
                print("request %d cut at operation %d (torn %s): %r" % (
                    index, flash.stop_at, flash.torn, said))  # fmt: skip
    return tried, matched, operations, finished, dropped


def full_flash():
    """Fills the filesystem: the game goes on in memory; saving resumes with space."""
    flash = fresh_flash()
    rig = drivers.fast_rig(mount(flash))
    rig.keys("B #")  # a 61-point match, pegged in points
    filler = MOUNT + "/filler"
    chunk = b"x" * 512
    try:
        while True:  # each chunk committed on its own: a failed close gives its space back
            with open(filler, "ab") as handle:
                handle.write(chunk)
    except OSError:
        pass
    keys = 0
    while rig.app.history.save_error is None and keys < 400:
        rig.keys("D 1 #" if rig.app.history.state.phase != "game over" else "#")
        keys += 1
    full = rig.app.history.save_error is not None and rig.app.overlay.save_failed
    in_memory = rig.app.history.state.state()
    os.remove(filler)
    rig.keys("D 1 #")  # space again: this key's save writes what was kept in memory
    saved = rig.app.history.state.state()
    again = drivers.fast_rig(mount(RamFlash(flash.data)))
    back = again.app.history.state.state() == saved and saved != in_memory
    return full, keys, back


def wear(seed=5):
    """Programs and erases of a 121-point game with every card keyed, on littlefs."""
    flash = fresh_flash()
    start_programs, start_erases = flash.operations - flash.erases, flash.erases
    rig = drivers.fast_rig(mount(flash))
    drivers.cribbage_with_cards(rig, seed)
    games = rig.app.history.state.games_played
    programs = flash.operations - flash.erases - start_programs
    return games, programs, flash.erases - start_erases


if __name__ == "__main__" and "--wear" in sys.argv:
    games, programs, erases = wear()
    print(
        "littlefs wear: %d games of 121: %d block programs, %d erases" % (games, programs, erases)
    )
elif __name__ == "__main__" and "--requests" in sys.argv:
    stride = int(sys.argv[-1]) if sys.argv[-1].isdigit() else 1
    tried, matched, operations, finished, dropped = request_cuts(stride)
    print("littlefs power cuts in requests: %d tried, %d states matched" % (tried, matched))
    print("operations in the requests: %d" % operations)
    print("boots that finished a request: %d; that dropped one: %d" % (finished, dropped))
elif __name__ == "__main__":
    stride = int(sys.argv[-1]) if sys.argv[-1].isdigit() else 1
    tried, matched, total, erases = cuts(stride)
    print("littlefs power cuts: %d tried, %d states matched" % (tried, matched))
    print("operations in the session: %d (%d erases)" % (total, erases))
    full, keys, back = full_flash()
    print(
        "full flash: saving failed after %d keys %s; saved again and booted back %s"
        % (keys, full, back)
    )
