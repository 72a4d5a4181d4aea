"""tools/layers.py: the firmware's imports against docs/ARCHITECTURE.md's layers."""

import pytest

import layers


def test_the_firmware_has_no_cycle_or_upward_import():
    assert layers.problems(layers.graph()) == []


@pytest.mark.slow
def test_a_cycle_an_upward_import_and_rules_on_storage_are_each_caught():
    edges = layers.graph()
    edges["cards"] = edges["cards"] + ["app"]  # the platform reaching up to the app
    found = layers.problems(edges)
    assert "cards (platform) imports app (app), a layer above" in found
    assert [line for line in found if line.startswith("import cycle: ") and "cards" in line]
    edges = layers.graph()
    edges["cribbage.pegging"] = edges["cribbage.pegging"] + ["storage.store"]
    assert layers.problems(edges) == [
        "cribbage.pegging (rules) imports storage.store (storage): rules stay free of storage"
    ]
    edges = layers.graph()
    # A cycle within one layer, closed by a string import through rarely.run.
    edges["board.layout_build"] = edges["board.layout_build"] + ["board.layout"]
    assert layers.problems(edges) == ["import cycle: board.layout <-> board.layout_build"]
    edges = layers.graph()
    # The boot's reader reaching back to the module that loads it.
    edges["storage.recall"] = edges["storage.recall"] + ["storage.history"]
    assert layers.problems(edges) == ["import cycle: storage.history <-> storage.recall"]


def test_string_imports_through_rarely_count_as_imports():
    edges = layers.graph()
    assert "storage.recall" in edges["storage.history"]  # rarely.run("storage.recall", ...)
    assert "modes" in edges["app"]  # app's _rarely(name) runs modes.<name>


def test_the_laptops_half_has_no_cycle_and_imports_no_test_module():
    assert layers.host_problems(layers.host_graph()) == []


def test_a_test_importing_a_test_a_tool_on_the_tests_and_a_host_cycle_are_each_caught():
    edges = layers.host_graph()
    edges["test_club_board"] = edges["test_club_board"] + ["test_club"]
    assert layers.host_problems(edges) == [
        "test_club_board imports the test module test_club: share it through a support module"
        " or conftest.py"
    ]
    edges = layers.host_graph()
    edges["deploy"] = edges["deploy"] + ["memstore"]  # the maker's deploy on a test fixture
    assert layers.host_problems(edges) == ["tools/deploy.py imports memstore from host_tests/"]
    edges = layers.host_graph()
    edges["web_sim"] = edges["web_sim"] + ["web_support"]  # web_support imports web_sim
    found = layers.host_problems(edges)
    assert "tools/web_sim.py imports web_support from host_tests/" in found
    assert "import cycle: web_sim <-> web_support" in found
