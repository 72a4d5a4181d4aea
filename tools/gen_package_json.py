"""Writes package.json, so `mpremote mip install --target=/ github:OWNER/REPO` installs the
firmware from the repository (as source: mip copies files, it does not compile them).
`--check` exits 1 when package.json does not list exactly the files under firmware/.
"""

import json
import os
import sys

from _paths import ROOT
from build_mpy import firmware_sources

TARGET = os.path.join(ROOT, "package.json")
VERSION = "0.1.0"


def render():
    urls = [[path, "firmware/" + path] for path in firmware_sources()]
    return json.dumps({"urls": urls, "deps": [], "version": VERSION}, indent=2) + "\n"


def main(argv):
    text = render()
    if "--check" in argv:
        with open(TARGET) as current:
            if current.read() != text:
                print("package.json is stale: run python tools/gen_package_json.py")
                return 1
        print("package.json is up to date")
        return 0
    with open(TARGET, "w") as out:
        out.write(text)
    print("wrote package.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
