"""The firmware's layers (docs/ARCHITECTURE.md): every import under firmware/lib, the
string imports through rarely.run and rarely.stepping among them, checked against the layer
table. Fails on an import cycle, an import of a higher layer, and rules that import storage.
The laptop's half too: tools/ and host_tests/ (its support modules and fakes) have no import
cycle, nothing imports a test module (tests share helpers through support modules and
conftest.py), and a tool imports nothing from host_tests/ but those listed in TOOLS_ON_TESTS.

  python tools/layers.py            check (exit 1 on a cycle or an upward import)
  python tools/layers.py --graph    print every firmware import, one a line
"""

import ast
import os
import sys

from _paths import FIRMWARE, ROOT

LIB = os.path.join(FIRMWARE, "lib")
# Bottom up: a module may import its own layer and those below.
LAYERS = (
    ("platform", ("clock", "packing", "cards", "rarely", "keypad", "hardware", "profiles")),
    ("storage", ("storage",)),
    ("rules", ("cribbage", "shedding")),
    ("board", ("board",)),
    ("keys", ("ui",)),
    ("network", ("net",)),
    ("app", ("app", "modes", "boardmain")),
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
    raise SystemExit("error: %s is in no layer of tools/layers.py" % name)


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


HOST_FOLDERS = (
    ("tools", os.path.join(ROOT, "tools")),
    ("tests", os.path.join(ROOT, "host_tests")),
    ("tests", os.path.join(ROOT, "host_tests", "core")),
    ("tests", os.path.join(ROOT, "host_tests", "fakes")),
)
# The tools that still reach into host_tests/ (each for a rig, a player or published data it
# measures with), until the benchmarks move apart with their own rigs: none may join them.
TOOLS_ON_TESTS = (
    "bench_board", "bench_club", "bench_evening", "bench_peg", "bench_play", "bench_storage",
    "coach_expert", "peg_compare", "web_pictures",
)  # fmt: skip


def host_modules():
    """{module name: (its side, "tools" or "tests"; path)} for the laptop's half, the
    packages in tools/ by their dotted names."""
    found = {}
    for side, folder in HOST_FOLDERS:
        for file in sorted(os.listdir(folder)):
            path = os.path.join(folder, file)
            if file.endswith(".py"):
                found.setdefault(file[:-3], (side, path))
            elif side == "tools" and os.path.exists(os.path.join(path, "__init__.py")):
                for inner in sorted(os.listdir(path)):
                    if inner.endswith(".py"):
                        name = file if inner == "__init__.py" else file + "." + inner[:-3]
                        found[name] = (side, os.path.join(path, inner))
    return found


def _host_target(name, known):
    """The laptop's module an import names: the longest known prefix of its dotted name."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in known:
            return ".".join(parts[:end])
    return None


def host_graph():
    """{module: [the laptop's modules it imports]}: the firmware's and libraries' left out."""
    known = host_modules()
    edges = {}
    for name, (_, path) in known.items():
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(_host_target(alias.name, known) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.update(
                    _host_target(node.module + "." + alias.name, known) for alias in node.names
                )
        found.discard(None)
        edges[name] = sorted(target for target in found if target != name)
    return edges


def host_problems(edges):
    known = host_modules()
    found = []
    for source, targets in sorted(edges.items()):
        for target in targets:
            if target.startswith("test_"):
                found.append(
                    "%s imports the test module %s: share it through a support module or"
                    " conftest.py" % (source, target)
                )
            elif (
                known[source][0] == "tools"
                and known[target][0] == "tests"
                and source not in TOOLS_ON_TESTS
            ):
                found.append("tools/%s.py imports %s from host_tests/" % (source, target))
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
        " no test module imported (%d modules)" % (len(edges), len(host))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
