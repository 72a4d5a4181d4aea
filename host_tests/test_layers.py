"""tools/layers.py: the firmware's imports against docs/ARCHITECTURE.md's layers."""

import layers


def test_the_firmware_has_no_new_cycle_or_upward_import():
    assert layers.problems(layers.graph()) == []


def test_a_new_cycle_and_an_upward_import_are_caught_and_a_fixed_one_must_leave_the_list():
    edges = layers.graph()
    edges["cards"] = edges["cards"] + ["app"]  # the platform reaching up to the app
    found = layers.problems(edges)
    assert "cards (platform) imports app (app), a layer above" in found
    assert [line for line in found if line.startswith("import cycle: ") and "cards" in line]
    edges = layers.graph()
    edges["cribbage.pegging"] = edges["cribbage.pegging"] + ["store"]
    assert layers.problems(edges) == [
        "cribbage.pegging (rules) imports store (storage): rules stay free of storage"
    ]
    edges = layers.graph()
    edges["hardware"] = [name for name in edges["hardware"] if name != "ui.keys"]
    assert layers.problems(edges) == [
        "known exception gone: hardware -> ui.keys (take it off KNOWN_UPWARD)"
    ]


def test_string_imports_through_rarely_count_as_imports():
    edges = layers.graph()
    assert "recall" in edges["history"]  # rarely.run("recall", ...)
    assert "modes" in edges["app"]  # app's _rarely(name) runs modes.<name>
