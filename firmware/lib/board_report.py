# The board measures itself (crib-deploy --report; tools/bench/board_report.py copies the
# journal, runs this over the USB cable and reads its lines): what docs/figures.md estimates
# from counted instructions, timed with the chip's own clock, and the heap at the evening's
# worst points. Never imported by the game: it runs instead of it, on a copy of a journal.
import gc
import time


def _quiet(line):
    pass


def largest_block():
    """The largest block the heap gives now, in bytes: found by asking (MicroPython has no
    call that says it), halving the gap each time."""
    gc.collect()
    low, high = 0, gc.mem_free()
    while low < high:
        middle = (low + high + 1) // 2
        try:
            bytearray(middle)  # dropped at once: only whether the heap had it
        except MemoryError:
            high = middle - 1
        else:
            low = middle
    gc.collect()
    return low


def run(config, hardware, folder, keys, say=print):
    """Boots the game from the journal in `folder` (a copy taken at a deal's start), times its
    boot, a repaint, an undo and its redo, each of `keys` with its repaint (the board's idle
    work and a collection between two, as the game's loop does) and a journal append, and
    says each as "report NAME VALUE" (microseconds, or bytes for the heap)."""
    from app import App
    from storage.store import FileStore

    def heap(when):
        gc.collect()
        say("report heap-free-%s %d" % (when, gc.mem_free()))
        say("report heap-largest-%s %d" % (when, largest_block()))

    heap("start")
    store = FileStore(folder)
    start = time.ticks_us()
    app = App(config, hardware, store, say=_quiet)
    app.boot(0)
    app.paint(0)
    say("report boot-us %d" % time.ticks_diff(time.ticks_us(), start))
    app.settle()
    heap("booted")
    gc.collect()
    start = time.ticks_us()
    app.dirty = True
    app.paint(10)
    say("report repaint-us %d" % time.ticks_diff(time.ticks_us(), start))
    gc.collect()
    start = time.ticks_us()
    app.press("*")
    app.paint(20)
    say("report undo-us %d" % time.ticks_diff(time.ticks_us(), start))
    app.settle()
    app.press("*", True)  # the redo: the deal as it was
    app.paint(30)
    app.settle()
    now = 100
    for key in keys:
        gc.collect()
        start = time.ticks_us()
        app.press(key)
        app.paint(now)
        say("report key-us %d %s" % (time.ticks_diff(time.ticks_us(), start), key))
        app.settle()
        now += 100
    heap("keyed")
    start = time.ticks_us()
    store.append("report.log", b"0123456789abcdef")
    say("report append-us %d" % time.ticks_diff(time.ticks_us(), start))
    store.release()
    store.remove("report.log")
    say("report done %d" % len(keys))
