# Files the project generates and commits (the show table, package.json): written, or with
# --check compared, so that the test command fails when one is stale.
import os


def write_or_check(path, text, argv, how_to_make):
    name = os.path.basename(path)
    if "--check" in argv:
        try:
            with open(path, encoding="utf-8") as current:
                written = current.read()
        except OSError:  # not made yet: as stale as a wrong one
            written = None
        if written != text:
            print("%s is stale: run %s" % (name, how_to_make))
            return 1
        print("%s is up to date" % name)
        return 0
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)
    print("wrote", name)
    return 0
