"""A copy of the project's files for a test whose commands write where they run: the
editable install's path points at this checkout, so a command run in a copy is given the
copy's folders first (PYTHONPATH, the folders pyproject.toml's .pth lists), as its own
install would give them."""

import os

import tomllib

from where import ROOT


def installed_folders():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        project = tomllib.load(handle)
    return project["tool"]["hatch"]["build"]["targets"]["wheel"]["dev-mode-dirs"]


def environment_in(copy):
    """os.environ with the copy's folders ahead of this checkout's."""
    paths = [os.path.join(str(copy), folder) for folder in installed_folders()]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
