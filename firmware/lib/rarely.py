# Code the board runs rarely (the boot, the time between games, a tap on the web page) lives
# in modules of its own, loaded when it is needed and dropped after: on the board a module's
# code sits in RAM, and these would otherwise sit beside every key for nothing.
import sys


def unload(names):
    """Drops modules (and their parent package's name for them), so their code's RAM goes
    at the next collection once nothing else refers to it."""
    for name in names:
        if sys.modules.pop(name, None) is None:
            continue  # never loaded: on the board the laptop-only modules never are
        parent, _, child = name.rpartition(".")
        if parent in sys.modules:
            try:
                delattr(sys.modules[parent], child)
            except (AttributeError, KeyError):  # MicroPython's modules raise KeyError
                pass


def stepping(module, name, *args):
    """`yield from` module.name(*args), a generator, with the module loaded while it runs and
    dropped after; returns what it returns."""
    loaded = __import__(module, None, None, (name,))
    try:
        return (yield from getattr(loaded, name)(*args))
    finally:
        unload((module,))


def finish(steps):
    """Runs a generator of steps to its end; returns what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def run(module, name, *args):
    """module.name(*args), with the module loaded for the call and dropped after."""
    loaded = __import__(module, None, None, (name,))
    try:
        return getattr(loaded, name)(*args)
    finally:
        unload((module,))
