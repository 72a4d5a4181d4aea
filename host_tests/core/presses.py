# A key pressed on the fake keypad while the board's loop runs: what the rigs share
# (board_rig for the app tests, evening_rig for the whole evening in a strict heap).
import config
import fake_machine
from keypad import KEY_NAMES
from rarely import finish

POLL_MS = 10
PAINT_MS = 20  # as App.paint_task


def staging(app):
    """Has the debouncer hand each key to the rig instead of to App.press, so that waiting()
    runs the key's stages (App.pressing: a mode switch has several) as steps of their own,
    a driver collecting between them as App.press does. Returns the keys waiting."""
    keyed = []
    app.debouncer.on_key = lambda index, long: keyed.append((KEY_NAMES[index], long))
    return keyed


def waiting(app, now, ms, keyed=None):
    """Polls the keys every POLL_MS and repaints every PAINT_MS for `ms` (the ticks wrap as
    on the board), then repaints; yields after each poll and each repaint, a pass of the
    board's loop, and after each stage of a key the poll found when `keyed` is staging's;
    returns the clock."""
    for step in range(1, ms // POLL_MS + 1):
        now = (now + POLL_MS) & 0x3FFFFFFF
        app.poll(now)
        yield
        while keyed:
            name, long = keyed.pop(0)
            yield from app.pressing(name, long)
            yield
        if step % (PAINT_MS // POLL_MS) == 0:
            app.paint(now)
            yield
    app.paint(now)
    yield
    return now


def pressing(app, now, name, hold_ms=60, keyed=None):
    """Holds the key `name` down for `hold_ms`, lets it go for 60 ms; yields as waiting()
    and returns the clock."""
    index = KEY_NAMES.index(name)
    fake_machine.press(config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4])
    now = yield from waiting(app, now, hold_ms, keyed)
    fake_machine.release_all()
    return (yield from waiting(app, now, 60, keyed))


def wait(app, now, ms, keyed=None):
    return finish(waiting(app, now, ms, keyed))


def press(app, now, name, hold_ms=60, keyed=None):
    return finish(pressing(app, now, name, hold_ms, keyed))
