# config.py with some numbers changed: a board of another build (a panel, three tracks, a
# longer press), for the tests and the benchmarks that need one.
import config


class Config:
    """config.py with some numbers changed."""

    def __init__(self, **changes):
        for name in dir(config):
            if name.isupper():
                setattr(self, name, getattr(config, name))
        for name, value in changes.items():
            setattr(self, name, value)
