# Files the project generates: those it commits (the show table, package.json), written or
# with --check compared, so that the test command fails when one is stale; and the tables it
# keeps in build/ only, made again when what they are made from changes.
import argparse
import difflib
import os


def checking(argv, doc):
    """A generator's command line: True for --check, False to write (no argument); --help
    prints its docstring, and any other argument is refused, before anything is measured or
    written."""
    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when the file is stale")
    return parser.parse_args(argv).check


def write_or_check(path, text, check, how_to_make):
    name = os.path.basename(path)
    if check:
        try:
            with open(path, encoding="utf-8") as current:
                written = current.read()
        except OSError:  # not made yet: as stale as a wrong one
            written = None
        if written != text:
            print("%s is stale: run %s" % (name, how_to_make))
            # The lines that differ, so that a run elsewhere (CI's) says what moved.
            differ = difflib.unified_diff(
                (written or "").splitlines(), text.splitlines(), "written", "measured", n=0
            )
            for line in list(differ)[:12]:
                print("  " + line[:300])
            return 1
        print("%s is up to date" % name)
        return 0
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)
    print("wrote", name)
    return 0


def keep_in_build(path, write):
    """Writes a table kept in build/ at `path` (its name ends in the key of what it is made
    from, after the last "-"): `write(file)` into a part file first, so that two runs at
    once leave it whole or absent; older ones of the same name are removed."""
    folder, name = os.path.split(path)
    stem = name[: name.rindex("-") + 1]
    ending = os.path.splitext(name)[1]
    os.makedirs(folder, exist_ok=True)
    for old in os.listdir(folder):
        if old.startswith(stem) and old.endswith(ending):
            os.remove(os.path.join(folder, old))
    partial = "%s.%d.part" % (path, os.getpid())
    with open(partial, "wb") as out:
        write(out)
    os.replace(partial, path)
