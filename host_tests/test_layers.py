"""tools/upkeep/layers.py: the firmware's imports against docs/ARCHITECTURE.md's layers."""

import os
import shutil
import subprocess
import sys

import pytest

import layers
from project_copy import environment_in
from where import ROOT


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


def test_the_laptops_half_has_no_cycle_no_upward_import_and_no_path_edit():
    assert layers.host_problems(layers.host_graph()) == []


def test_each_room_of_the_laptops_half_is_a_folder_that_says_whom_it_serves():
    rooms = {room: folders for room, folders, _ in layers.HOST_ROOMS}
    assert rooms["player"] == ("tools/player",) and rooms["maker"] == ("tools/maker",)
    assert rooms["director"] == ("tools/director",) and rooms["bench"] == ("tools/bench",)
    # Every file of tools/ but its three entry scripts and their set-up is in a room.
    roomed = {folder for folders in rooms.values() for folder in folders}
    for name in sorted(os.listdir(os.path.join(ROOT, "tools"))):
        if name in ("run", "check", "club", "tools-venv.sh", "__pycache__"):
            continue
        assert "tools/" + name in roomed, name


def test_a_test_imported_an_upward_import_a_path_edit_and_a_host_cycle_are_each_caught(
    tmp_path, monkeypatch
):
    edges = layers.host_graph()
    edges["test_club_board"] = edges["test_club_board"] + ["test_club"]
    assert layers.host_problems(edges) == [
        "test_club_board imports the test module test_club: share it through a support module"
        " or conftest.py"
    ]
    edges = layers.host_graph()
    edges["deploy"] = edges["deploy"] + ["memstore"]  # the maker's deploy on a test rig
    assert layers.host_problems(edges) == [
        "deploy (maker) imports memstore (rigs): an upward import"
    ]
    edges = layers.host_graph()
    edges["crib"] = edges["crib"] + ["bench_common"]  # the player's command on a benchmark
    assert layers.host_problems(edges) == [
        "crib (player) imports bench_common (bench): an upward import"
    ]
    edges = layers.host_graph()
    edges["club"] = edges["club"] + ["simulator"]  # the director's on the player's
    assert layers.host_problems(edges) == [
        "club (director) imports simulator (player): an upward import"
    ]
    edges = layers.host_graph()
    edges["web_sim"] = edges["web_sim"] + ["web_support"]  # web_support imports web_sim
    found = layers.host_problems(edges)
    assert "web_sim (player) imports web_support (rigs): an upward import" in found
    assert "import cycle: web_sim <-> web_support" in found


def test_a_planted_upward_import_and_a_planted_path_edit_fail_the_check_command(tmp_path):
    """The check as tools/check runs it, on a copy of the project's files with a deploy that
    imports a test rig and a benchmark that edits sys.path: exit 1, each named."""
    copy = tmp_path / "project"
    for folder in ("firmware", "tools", "host_tests"):
        shutil.copytree(
            os.path.join(ROOT, folder), copy / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    deploy = copy / "tools" / "maker" / "deploy.py"
    deploy.write_text(
        deploy.read_text().replace("import argparse\n", "import argparse\n\nimport memstore\n", 1)
    )
    bench = copy / "tools" / "bench" / "bench_ram.py"
    bench.write_text(bench.read_text() + "\nsys.path.insert(0, 'host_tests')\n")
    done = subprocess.run(
        [sys.executable, "tools/upkeep/layers.py"], capture_output=True, text=True, cwd=str(copy),
        env=environment_in(copy),
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert "layers: deploy (maker) imports memstore (rigs): an upward import\n" in done.stdout
    assert (
        "layers: tools/bench/bench_ram.py:%d changes sys.path" % (bench.read_text().count("\n"))
        in done.stdout
    )
