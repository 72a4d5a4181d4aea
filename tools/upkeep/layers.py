"""The firmware's layers (docs/ARCHITECTURE.md): every import under firmware/lib, the
string imports through rarely.run and rarely.stepping among them, checked against the layer
table. Fails on an import cycle, an import of a higher layer, and rules that import storage.
The laptop's half too, room by room (HOST_ROOMS: the shared stand-ins, the coach's, the
maker's, the player's and the director's commands, the tests' rigs, the benchmarks, the
repository's upkeep, the tests): no import cycle, no import of a room not below, nothing
imports a test module (tests share helpers through support modules and conftest.py), and no
file the laptop runs edits sys.path.

  python tools/upkeep/layers.py            check (exit 1 on a cycle or an upward import)
  python tools/upkeep/layers.py --graph    print every firmware import, one a line
"""

import ast
import functools
import os
import sys

from where import FIRMWARE, ROOT

LIB = os.path.join(FIRMWARE, "lib")
# Bottom up: a module may import its own layer and those below.
LAYERS = (
    ("platform", ("clock", "packing", "cards", "rarely", "keypad", "hardware", "profiles")),
    ("storage", ("storage",)),
    ("rules", ("cribbage", "shedding")),
    ("board", ("board",)),
    ("keys", ("ui",)),
    ("network", ("net",)),
    ("app", ("app", "modes", "boardmain", "board_report")),
)
# Rules stay free of storage, though it lies below them.
RULES = [name for name, _ in LAYERS].index("rules")
STORAGE = [name for name, _ in LAYERS].index("storage")
# rarely.run(module, name) and rarely.stepping(module, name): a string import each.
RUNNERS = ("run", "stepping")


def modules():
    """{dotted name: path} for every module under firmware/lib."""
    found = {}
    for folder, _, files in os.walk(LIB):
        for file in files:
            if not file.endswith(".py"):
                continue
            path = os.path.join(folder, file)
            name = os.path.relpath(path, LIB)[:-3].replace(os.sep, ".")
            if name.endswith(".__init__"):
                name = name[: -len(".__init__")]
            found[name] = path
    return found


def imports(name, path, known):
    """The firmware modules `name` imports, string imports through rarely.run included."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            for alias in node.names:
                found.add(node.module + "." + alias.name)  # from board import colours
        elif isinstance(node, ast.Call):
            called = node.func
            called_name = getattr(called, "attr", getattr(called, "id", None))
            args = node.args
            if called_name == "_rarely" and name == "app":
                found.add("modes")
            elif called_name in RUNNERS and args and isinstance(args[0], ast.Constant):
                if isinstance(args[0].value, str):
                    found.add(args[0].value)
    return sorted(module for module in found if module in known and module != name)


def layer_of(name):
    top = name.split(".")[0]
    for index, (_, members) in enumerate(LAYERS):
        if top in members or name in members:
            return index
    raise SystemExit("error: %s is in no layer of tools/upkeep/layers.py" % name)


def graph():
    known = modules()
    return {name: imports(name, path, known) for name, path in sorted(known.items())}


def cycles(edges):
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(frozenset(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def problems(edges):
    found = []
    upward = set()
    for source, targets in edges.items():
        for target in targets:
            if layer_of(target) > layer_of(source):
                upward.add((source, target))
    for source, target in sorted(upward):
        found.append(
            "%s (%s) imports %s (%s), a layer above"
            % (source, LAYERS[layer_of(source)][0], target, LAYERS[layer_of(target)][0])
        )
    for source, targets in sorted(edges.items()):
        for target in targets:
            if layer_of(source) == RULES and layer_of(target) == STORAGE:
                found.append(
                    "%s (rules) imports %s (storage): rules stay free of storage"
                    % (source, target)
                )
    for group in cycles(edges):
        found.append("import cycle: %s" % " <-> ".join(sorted(group)))
    return found


# The laptop's half by whom it serves, each folder a room: (room, its folders, the rooms it
# may import besides its own). Products import no development tool and no test; the rigs
# (host_tests/ modules that are not tests: the fake board, the players that key deals, the
# published figures) are shared by the tests and the benchmarks; a test module is imported by
# nothing.
HOST_ROOMS = (
    ("shared", ("tools/common", "tools/host_shims", "tools/host_shims/cpython_only"), ()),
    ("coach", ("tools/coach",), ("shared",)),
    ("maker", ("tools/maker",), ("shared", "coach")),
    ("player", ("tools/player",), ("shared", "coach", "maker")),
    ("director", ("tools/director",), ("shared",)),
    ("rigs", ("host_tests", "host_tests/core", "host_tests/fakes"),
     ("shared", "coach", "maker", "player", "director")),
    ("bench", ("tools/bench",), ("shared", "coach", "maker", "player", "director", "rigs")),
    ("upkeep", ("tools/upkeep",),
     ("shared", "coach", "maker", "player", "director", "rigs", "bench")),
    ("tests", (), ("shared", "coach", "maker", "player", "director", "rigs", "bench", "upkeep")),
)  # fmt: skip
# Scripts MicroPython runs (the board's interpreter has no installed path: each sets its own,
# as main.py's /lib is set on the board); everywhere else the path is the editable
# install's (pyproject.toml) and pytest's (its pythonpath), never edited in a file.
MICROPYTHON_SCRIPTS = (
    "board_on_micropython", "club_on_micropython", "lfs_cuts", "run_micropython",
    "serial_board_boot",
)  # fmt: skip


def host_room(path):
    """The room of a file of the laptop's half: by its folder; a test module is a test's."""
    name = os.path.basename(path)
    if name.startswith("test_") or name == "conftest.py":
        return "tests"
    folder = os.path.relpath(os.path.dirname(path), ROOT).replace(os.sep, "/")
    for room, folders, _ in HOST_ROOMS:
        if folder in folders:
            return room
    # A package's module (tools/director/club_night/night.py): its package's room.
    return host_room(os.path.dirname(path) + ".py")


def host_modules():
    """{module name: path} for the laptop's half, packages by their dotted names."""
    found = {}
    for _, folders, _ in HOST_ROOMS:
        for folder in folders:
            base = os.path.join(ROOT, folder)
            for file in sorted(os.listdir(base)):
                path = os.path.join(base, file)
                if file.endswith(".py"):
                    found.setdefault(file[:-3], path)
                elif os.path.exists(os.path.join(path, "__init__.py")):
                    for inner in sorted(os.listdir(path)):
                        if inner.endswith(".py"):
                            name = file if inner == "__init__.py" else file + "." + inner[:-3]
                            found[name] = os.path.join(path, inner)
    return found


def _host_target(name, known):
    """The laptop's module an import names: the longest known prefix of its dotted name."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in known:
            return ".".join(parts[:end])
    return None


@functools.lru_cache(maxsize=None)
def _parsed(path):
    """A file's syntax tree, read once a run (the imports and the path edits both walk it)."""
    with open(path, encoding="utf-8") as handle:
        return ast.parse(handle.read())


def host_graph():
    """{module: [the laptop's modules it imports]}: the firmware's and libraries' left out."""
    known = host_modules()
    edges = {}
    for name, path in known.items():
        found = set()
        for node in ast.walk(_parsed(path)):
            if isinstance(node, ast.Import):
                found.update(_host_target(alias.name, known) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.update(
                    _host_target(node.module + "." + alias.name, known) for alias in node.names
                )
        found.discard(None)
        edges[name] = sorted(target for target in found if target != name)
    return edges


def path_edits(path):
    """The lines of a file's code (not its strings: those are MicroPython's programs) that
    change sys.path."""
    lines = []
    for node in ast.walk(_parsed(path)):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "path"
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        ):
            lines.append(node.lineno)
    return sorted(set(lines))


def host_problems(edges):
    known = host_modules()
    allowed = {room: set(below) | {room} for room, _, below in HOST_ROOMS}
    found = []
    for source, targets in sorted(edges.items()):
        room = host_room(known[source])
        for target in targets:
            if target.startswith("test_"):
                found.append(
                    "%s imports the test module %s: share it through a support module or"
                    " conftest.py" % (source, target)
                )
            elif host_room(known[target]) not in allowed[room]:
                found.append(
                    "%s (%s) imports %s (%s): an upward import"
                    % (source, room, target, host_room(known[target]))
                )
    for name, path in sorted(known.items()):
        if name.split(".")[-1] not in MICROPYTHON_SCRIPTS:
            for line in path_edits(path):
                found.append(
                    "%s:%d changes sys.path: the install and pytest's pythonpath give the path"
                    % (os.path.relpath(path, ROOT), line)
                )
    for group in cycles(edges):
        found.append("import cycle: %s" % " <-> ".join(sorted(group)))
    return found


def main(argv):
    edges = graph()
    if "--graph" in argv:
        for source, targets in edges.items():
            for target in targets:
                print("%s -> %s" % (source, target))
        return 0
    found = problems(edges)
    host = host_graph()
    found += host_problems(host)
    for line in found:
        print("layers: " + line)
    if found:
        return 1
    print(
        "layers: no import cycle, no upward import (%d modules); the laptop's half: no cycle,"
        " no upward import, no sys.path edited (%d modules in %d rooms)"
        % (len(edges), len(host), len(HOST_ROOMS))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
