"""The firmware's layers (docs/ARCHITECTURE.md): every import under firmware/lib, the
string imports through rarely.run among them, checked against the layer table. Fails on an
import cycle or an import of a higher layer that is not one of the known exceptions below,
and on a known exception that no longer exists (so the list only shrinks).

  python tools/layers.py            check (exit 1 on a new cycle or upward import)
  python tools/layers.py --graph    print every firmware import, one a line
"""

import ast
import os
import sys

from _paths import FIRMWARE

LIB = os.path.join(FIRMWARE, "lib")
# Bottom up: a module may import its own layer and those below.
LAYERS = (
    ("platform", ("clock", "packing", "cards", "eventlog", "rarely", "hardware", "profiles")),
    ("storage", ("store", "journal", "recall", "history")),
    ("rules", ("cribbage", "shedding")),
    ("board", ("board",)),
    ("keys", ("ui",)),
    ("app", ("app", "modes", "boardmain")),
    ("network", ("pairing", "wifi_choice", "wifi", "web_http", "web_whole", "web")),
)
# Known, to be removed (ARCHITECTURE.md says why each is there).
KNOWN_UPWARD = {
    ("hardware", "ui.keys"),  # the keypad's scan lives with the keys' debouncer
    ("app", "wifi"),  # hold 9 and hold 0, and the radio the app starts
}
KNOWN_CYCLES = {
    frozenset(("app", "modes")),  # modes reads app.MODE_NAMES; app runs modes through rarely
    frozenset(("ui.crib_keys", "ui.crib_match", "ui.crib_words")),
    frozenset(("history", "journal", "recall")),
    frozenset(("board.layout", "board.layout_build")),
}
# Rules on storage: cribbage.tally reads the journal's checksum. Below the rules, so not
# upward by the table, but it ties the rules to a file format: listed to be moved.
RULES_ON_STORAGE = {("cribbage.tally", "journal")}
RUNNERS = ("run", "_rarely")  # rarely.run(module, name), and app's _rarely(name): modes


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
            elif called_name == "run" and args and isinstance(args[0], ast.Constant):
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
    for source, target in sorted(upward - KNOWN_UPWARD):
        found.append(
            "%s (%s) imports %s (%s), a layer above"
            % (source, LAYERS[layer_of(source)][0], target, LAYERS[layer_of(target)][0])
        )
    for source, target in sorted(KNOWN_UPWARD - upward):
        found.append(
            "known exception gone: %s -> %s (take it off KNOWN_UPWARD)" % (source, target)
        )
    for source, targets in edges.items():
        for target in targets:
            rules_on_storage = layer_of(source) == 2 and layer_of(target) == 1
            if rules_on_storage and (source, target) not in RULES_ON_STORAGE:
                found.append(
                    "%s (rules) imports %s (storage): rules stay free of storage"
                    % (source, target)
                )
    groups = cycles(edges)
    for group in groups:
        if group not in KNOWN_CYCLES:
            found.append("import cycle: %s" % " <-> ".join(sorted(group)))
    for group in KNOWN_CYCLES - set(groups):
        found.append("known cycle gone: %s (take it off KNOWN_CYCLES)" % ", ".join(sorted(group)))
    return found


def main(argv):
    edges = graph()
    if "--graph" in argv:
        for source, targets in edges.items():
            for target in targets:
                print("%s -> %s" % (source, target))
        return 0
    found = problems(edges)
    for line in found:
        print("layers: " + line)
    if found:
        return 1
    print("layers: no new import cycle, no new upward import (%d modules)" % len(edges))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
