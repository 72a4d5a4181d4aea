# The board's rarely run part: the boot (the settings read, every journal checked), a
# mode's family of game modules loaded, a finished match's statistics saved. App imports it
# for each of these and drops it after: on the board a module's code sits in RAM, and this
# one's would sit beside every key for nothing.
import gc
import sys

from rarely import run, unload
from storage.journal import Journal

# The collector runs once after each key (App.poll), and after every 8 KB allocated, for a
# key that leaves more. Garbage then goes while it lies in small holes the next allocations
# fill, not once the heap is full and split into pieces too small for a block.
COLLECT_EVERY = 8192
# Modules only cribbage, or only the shedding games, use. On the board a module's code sits
# in RAM, so the family the board is not playing is unloaded: about 25 KB either way.
FAMILY_MODULES = (
    (
        "board.peg_view", "ui.crib_keys", "ui.crib_choices", "ui.crib_show", "ui.suits",
        "cribbage.game",
        "cribbage.pegging",
        "cribbage.score", "cribbage.show", "cribbage.show_check", "cribbage.show_items",
        "cribbage.show_points",
        "cribbage.show_table",
        "cribbage.multiset",
        "cribbage.events", "cribbage.tally", "cribbage",
    ),
    ("board.shed_view", "ui.shed_keys", "shedding.referee", "shedding.rules", "shedding"),
)  # fmt: skip


def family(mode):
    return 0 if mode == 0 else 1


def booting(app, now):
    """The boot's first stage in steps (App.booting collects between them): the settings
    read, every journal checked. Returns the mode the board was last in."""
    if hasattr(gc, "threshold"):  # MicroPython's; CPython's collector is its own
        gc.threshold(COLLECT_EVERY)
    app.overlay.now = now
    # config.py holds its board profile's names (profiles/): the profile's module itself
    # would sit in RAM for nothing (336 bytes on the chip; host_tests/core/test_app.py pins it).
    unload([name for name in sys.modules if name.startswith("profiles")])
    finished = run("storage.held", "finish", app.store)  # before any file is read
    if finished:
        app.tell(finished)
    saved = yield from checking(app, app.settings, "settings", now)
    mode = 0
    if saved and saved[0] < len(app.MODE_NAMES):
        mode = saved[0]
        app.choices = saved[1:5] if len(saved) > 3 and saved[1] else b""
        if len(saved) >= 7 and saved[5:7] != bytes([app.renderer.brightness, 0]):
            run("board.colours", "apply", app, saved[5], saved[6])
    for index in range(len(app.MODE_NAMES)):
        if index != mode:  # open_mode reads this one
            name = app.MODE_NAMES[index]
            yield from checking(app, Journal(app.store, name + ".log"), name + " journal", now)
    # The board's other journals: a damaged one is kept aside and said, never replaced
    # without a word (the home network forgotten, phones no longer paired).
    yield from checking(app, Journal(app.store, "wifi.log"), "the Wi-Fi choice", now)
    yield from checking(app, Journal(app.store, "phones.log"), "the paired phones", now)
    yield from checking(app, Journal(app.store, "clubset.log"), "the club's settings", now)
    return mode  # App.open_mode opens it, once this module is dropped


def checking(app, journal, what, now):
    """Reads a journal through in steps and mends it; damage is said and flashed, whatever
    the mode, and a flash that refuses the mending does not stop the boot."""
    try:
        last = yield from journal.checking()
    except OSError as error:
        last = None
        journal.problem = "%s; mending it failed (%s)" % (journal.problem, error)
    if journal.problem:
        app.tell("%s: %s" % (what, journal.problem))
        app.overlay.flash_error(now)
    return last


def close_family(app):
    """Drops the family of games the board is leaving. App.opening collects before the new
    family loads, so that it (the 6 KB show table among it) finds room in one piece."""
    app.history = app.controller = app.view = None
    unload(FAMILY_MODULES[family(app.mode)])


def open_family(app, mode):
    """The mode's history (its journal not read yet), with the modules of its family of
    games loaded. Its keys and view come after the journal is read (open_keys): reading it
    is the peak, and their code is not needed for it."""
    from storage.history import History

    app.mode = mode
    app.controller = app.view = None  # the mode's own come with open_keys
    if mode == 0:
        from cribbage.game import Match

        app.history = History(Match, Journal(app.store, "cribbage.log"))
        app.history.before_compacting = app.archive_match
    else:
        from shedding.referee import Referee

        app.history = History(Referee, Journal(app.store, app.MODE_NAMES[mode] + ".log"))


def open_keys(app, mode):
    """The mode's keys and view, once its journal is read."""
    if mode == 0:
        from board import peg_view
        from ui.crib_keys import CribbageKeys

        app.controller = CribbageKeys(
            app.history, app.overlay, app.tell, app.side_names, app.layout.tracks, app.choices,
            app.remember_choices,
        )  # fmt: skip
        app.view = peg_view.draw_base
    else:
        from board import shed_view
        from ui.shed_keys import SheddingKeys

        app.controller = SheddingKeys(app.MODE_NAMES[mode], app.history, app.overlay, app.tell)
        app.view = shed_view.draw_base


def archive_match(app, match):
    if match.finished is None:
        return
    from cribbage import tally

    try:
        aside = tally.archive(app.store, match.finished[0], match.finished[1])
        if aside is not None:
            line = "the statistics file was damaged: kept as %s; the totals start again" % aside
            app.tell(line)
            app.overlay.flash_error(app.overlay.now)
    except OSError as error:
        app.tell("statistics not saved (%s)" % error)
        app.overlay.flash_error(app.overlay.now)
    finally:
        # Dropped with this module: loaded here, it stayed in RAM for the rest of the evening
        # (at every new match, the first one too, which has nothing to archive).
        unload(("cribbage.tally",))
