"""What the boot prints and does when config.py is wrong: boardmain.main() run with some
settings changed, stopped where the board would wait for ever."""

import pytest

import config


def halt(monkeypatch, **changes):
    """Runs boardmain.main() with config changed; returns what it printed."""
    import boardmain

    for name, value in changes.items():
        monkeypatch.setattr(config, name, value)
    printed = []
    monkeypatch.setattr("builtins.print", lambda *a: printed.append(" ".join(map(str, a))))

    class Stop(Exception):
        pass

    def sleep(seconds):
        raise Stop()

    monkeypatch.setattr(boardmain.time, "sleep", sleep)
    with pytest.raises(Stop):  # it waits for ever, quietly: no reset loop
        boardmain.main()
    return printed
