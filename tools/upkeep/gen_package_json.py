"""Writes package.json, so `mpremote mip install --target=/ github:OWNER/REPO` installs the
firmware from the repository (as source: mip copies files, it does not compile them).
`--check` exits 1 when package.json does not list exactly the files under firmware/.
"""

import json
import os
import sys

from build_mpy import firmware_sources
from generated import checking, write_or_check
from where import ROOT

TARGET = os.path.join(ROOT, "package.json")
VERSION = "0.1.0"


def render():
    urls = [[path, "firmware/" + path] for path in firmware_sources()]
    return json.dumps({"urls": urls, "deps": [], "version": VERSION}, indent=2) + "\n"


def main(argv):
    check = checking(argv, __doc__)
    return write_or_check(TARGET, render(), check, "python tools/upkeep/gen_package_json.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
