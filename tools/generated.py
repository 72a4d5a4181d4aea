# Files the project generates and commits (the show table, package.json): written, or with
# --check compared, so that the test command fails when one is stale.
import os


def write_or_check(path, text, argv, how_to_make):
    name = os.path.basename(path)
    if "--check" in argv:
        with open(path) as current:
            if current.read() != text:
                print("%s is stale: run %s" % (name, how_to_make))
                return 1
        print("%s is up to date" % name)
        return 0
    with open(path, "w") as out:
        out.write(text)
    print("wrote", name)
    return 0
