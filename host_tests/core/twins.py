# Restart equivalence: the running board against its own flash booted afresh. A board is
# driven step by step (a step is a few keys); before each step a twin is booted from a copy
# of the running board's flash. The two must be one board: the same mode, game, half-made
# entry, redo depth and prompt, and the same words for every key of the next step. At the
# end, both undo to the bottom and redo to the top in lockstep, which compares the undo
# depth too. Runs on both interpreters (host_tests/core/test_restart.py) and under
# hypothesis (host_tests/test_restart_equivalence.py).
import drivers
from memstore import MemoryStore


def copy_of(store):
    copy = MemoryStore()
    for name in store.files:
        copy.files[name] = bytearray(store.files[name])
    return copy


REQUEST = "request:"  # a step sent from the page as one request: "request:# D 5 #"


def keys_of(step):
    """A step's actions: each key by name, or one request of several keys."""
    if step.startswith(REQUEST):
        return [step]
    return step.split()


def seen(rig):
    """What a player can tell apart between two boards at rest: the mode, the game, the
    half-made entry, how many entries redo would apply, and the prompt."""
    app = rig.app
    history = app.history
    return (
        app.mode,
        history.state.state(),
        entry_of(app.controller),
        len(history.undone),
        app.controller.describe(),
    )


def entry_of(keys):
    """The half-made entry, read off the keys' fields (not through the code that saves it)."""
    if hasattr(keys, "digits"):  # cribbage
        answers = sorted([(q, keys.answers[q]) for q in keys.answers])
        return (
            keys.points_keys if keys.digits >= 0 else None,
            keys.peg_side if keys.digits >= 0 else None,
            keys.starter_rank,
            tuple(keys.ranks),
            tuple(keys.crib_suits),
            tuple(answers),
            keys.overlay.question,
        )
    return (tuple(keys.keyed), keys.rank, keys.asking, keys.players)


class Differ(AssertionError):
    pass


def _said_by(rig, keys):
    """The console's words for `keys`, each key's apart."""
    words = []
    for key in keys:
        rig.lines.clear()  # the rig keeps 40 lines: a request's are read before any goes
        if key.startswith(REQUEST):
            words.append(_sent(rig, key[len(REQUEST) :].split()))
        else:
            rig.keys(key)
        words.append(list(rig.lines))
    return words


def _sent(rig, keys):
    """Sends keys from the page as one request (web.Board.press, as /api/keys does); its
    answer: "kept", or the refusal's status and words."""
    from net import web
    from net.web_http import WebError

    try:
        web.Board(rig.app, b"").press(keys)
    except WebError as error:
        return "%d %s" % (error.status, error.words)
    return "kept"


def _lines_kept(rig):
    # The rig keeps the last 40 lines; a step's words are read from its end.
    rig.lines.clear()


def booted(store):
    """A board booted from `store`, past the idle moment after its boot (where cribbage says
    its prompt), its console emptied."""
    rig = drivers.fast_rig(store)
    rig.app.settle()
    rig.lines.clear()
    return rig


def check(steps, start=None):
    """Plays `steps` (each a string of keys by name, or a list of them) on a running board,
    booting a twin from its flash before every step. Raises Differ naming the first step at
    which the two were not one board. Returns the running rig."""
    running = booted(start if start is not None else MemoryStore())
    done = []
    for step in list(steps) + [None]:
        twin = booted(copy_of(running.store))
        _compare_at_rest(running, twin, done)
        if step is None:
            break
        keys = keys_of(step)
        _lines_kept(running)
        _lines_kept(twin)
        _compare_words(running, twin, keys, done, step)
        done.append(step)
    # Undo depth and redo depth: both step to the bottom, then to the top, in lockstep.
    twin = booted(copy_of(running.store))
    for key in ("*", "hold:*"):
        for _ in range(400):
            _lines_kept(running)
            _lines_kept(twin)
            _compare_words(running, twin, [key], done, key)
            _compare_at_rest(running, twin, done + [key])
            if running.app.refusal is not None and "nothing to" in running.app.refusal:
                break
    return running


def _compare_at_rest(running, twin, done):
    mine, its = seen(running), seen(twin)
    if mine != its:
        raise Differ(
            "after %r the running board and its flash booted afresh differ:\n running %r\n"
            " rebooted %r" % (done, mine, its)
        )


def _compare_words(running, twin, keys, done, step):
    mine = _said_by(running, keys)
    its = _said_by(twin, keys)
    if mine != its:
        raise Differ(
            "after %r, step %r: the running board said %r, the rebooted one %r"
            % (done, step, mine, its)
        )


# Steps a player makes, as the generators choose them: a whole deal in points, undo and
# redo bursts, a new match or a choice before it, a mode switch, a shedding game's keys, and
# any key at all.
KEYS = "0 1 2 3 4 5 6 7 8 9 A B C D # *".split()
HELD = ("hold:#", "hold:*", "hold:B", "hold:C", "hold:D")


def points_deal(a, b, c):
    """A deal counted in points: no starter, the play's points pegged for the side in turn,
    the play ended, each hand's points and the crib's (two digits at most each)."""
    return "# D %s # hold:# D %s # D %s # D 0 #" % (_digits(a), _digits(b), _digits(c))


def _digits(points):
    return " ".join(str(points))


def random_steps(shuffler, count):
    """`count` steps drawn by the seeded shuffler (the core test's generator; hypothesis
    draws the same kinds of step in host_tests/test_restart_equivalence.py)."""
    steps = []
    for _ in range(count):
        kind = shuffler.below(15)
        if kind < 2:
            steps.append(points_deal(shuffler.below(30), shuffler.below(30), shuffler.below(30)))
        elif kind < 4:
            steps.append(" ".join(["*"] * (1 + shuffler.below(7))))
        elif kind == 4:
            steps.append(" ".join(["hold:*"] * (1 + shuffler.below(4))))
        elif kind == 5:
            steps.append("#")
        elif kind == 6:
            steps.append(HELD[shuffler.below(len(HELD))])
        elif kind == 7:  # a card: a starter, a card laid, a shedding game's start or play
            steps.append("%s %s" % (KEYS[shuffler.below(13)], KEYS[shuffler.below(4)]))
        elif kind == 8:  # a card laid in a shedding game, or a rank and a stray key
            steps.append("%s %s #" % (KEYS[shuffler.below(13)], KEYS[shuffler.below(4)]))
        elif kind == 9:  # a choice before a match or a shedding game: A, B, C
            steps.append("ABC"[shuffler.below(3)])
        elif kind == 10:  # a rank laid in the play, or keyed in the show
            steps.append(KEYS[shuffler.below(13)])
        elif kind == 11:  # a request from the page: a few of the steps above, whole or not at all
            keys = " ".join(random_steps(shuffler, 1 + shuffler.below(3))).split()
            kept = [key for key in keys if key != "hold:D" and not key.startswith(REQUEST)]
            steps.append(REQUEST + " ".join(kept or ["#"]))
        else:
            steps.append(KEYS[shuffler.below(len(KEYS))])
    return steps
