"""What feeds the LEDs is named when deploying (crib-deploy --supply), and the board boots with
that supply's budget: a tenth below it, a USB port's 450 mA for a board fed by USB alone, never
the 2 A supply's 1800 mA; a later deploy without --supply keeps the board's choice; a supply
too small for the panel, or a name that is no supply, is refused in words before anything is
copied."""

import os
import subprocess
import sys
from io import StringIO

import pytest

import config
import deploy
from where import ROOT

FAKE = os.path.join(ROOT, "host_tests", "fakes", "mpremote_fake.py")
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")


@pytest.fixture
def fake_board(fake_board, tmp_path, monkeypatch):
    """conftest.py's board, with each test's own folder for supply.py, as a port of its own
    would have."""
    monkeypatch.setattr(deploy, "_deploy_folder", lambda port: str(tmp_path))
    return fake_board


def boots_with(board):
    """CURRENT_BUDGET_MA as the board's config.py gives it at start, on MicroPython, from the
    deployed files themselves."""
    done = subprocess.run(
        [MICROPYTHON, "-c", "import sys; sys.path[:0] = ['%s', '%s/lib']; import config;"
         " print(config.CURRENT_BUDGET_MA)" % (board, board)],
        capture_output=True, text=True, cwd=str(board),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return int(done.stdout)


@pytest.mark.parametrize(
    "named, budget, line",
    [
        ("2A", 1800, "fed by a 2000 mA supply: CURRENT_BUDGET_MA 1800 (10 % below it); its fuse"
         " a 2 A slow-blow, above the budget"),
        ("2000mA", 1800, "fed by a 2000 mA supply: CURRENT_BUDGET_MA 1800 (10 % below it); its"
         " fuse a 2 A slow-blow, above the budget"),
        ("3A", 2700, "fed by a 3000 mA supply: CURRENT_BUDGET_MA 2700 (10 % below it); its fuse"
         " a 3.15 A slow-blow, above the budget"),
    ],
)  # fmt: skip
def test_a_barrel_supply_sets_the_budget_a_tenth_below_it_and_a_fuse_above(named, budget, line):
    text, said = deploy.supply_choice(named)
    assert said == line
    assert "CURRENT_BUDGET_MA = %d\n" % budget in text


def test_usb_alone_is_450_ma_for_the_hand_wired_board_and_refused_for_the_panel(monkeypatch):
    monkeypatch.setattr(config, "LEDS", "hand-wired")
    text, said = deploy.supply_choice("usb")
    assert "CURRENT_BUDGET_MA = 450\n" in text
    assert said == (
        "fed by a USB port alone: CURRENT_BUDGET_MA 450 (10 % below it); no barrel socket, no"
        " fuse: the port limits itself"
    )
    monkeypatch.setattr(config, "LEDS", "panel")
    with pytest.raises(deploy.DeployError) as refused:
        deploy.supply_choice("usb")
    assert str(refused.value) == (
        "--supply usb: a USB port alone less 10 % is 450 mA, but the 256 LEDs dark and the board"
        " draw 456 mA before one lights: feed the LEDs from a barrel supply (the reference:"
        " --supply 2A); nothing was copied."
    )


@pytest.mark.parametrize("named", ["banana", "0A", "-2A", "2 volts", "infA", "nanA", "25A"])
def test_a_name_that_is_no_supply_is_refused_and_nothing_is_copied(fake_board, capsys, named):
    assert deploy.main(["--supply=" + named]) == 1
    assert capsys.readouterr().err == (
        "--supply %s: name what feeds the LEDs: usb (a USB port alone, 500 mA) or a barrel"
        " supply's current, such as 2A or 2000mA; nothing was copied.\n" % named
    )
    assert os.listdir(fake_board) == []


def test_a_board_named_as_fed_by_usb_boots_with_450_and_keeps_it(fake_board, monkeypatch):
    monkeypatch.setattr(config, "LEDS", "hand-wired")
    out = StringIO()
    deploy.deploy(port="/dev/ttyUSB7", out=out, supply="usb")
    assert "/dev/ttyUSB7: fed by a USB port alone: CURRENT_BUDGET_MA 450" in out.getvalue()
    assert boots_with(fake_board) == 450
    assert " supply.py\n" in (fake_board / ".deployed").read_text()
    # Deployed again without --supply: the board's choice stays, copied or removed never.
    out = StringIO()
    deploy.deploy(port="/dev/ttyUSB7", out=out)
    assert ": 0 files to copy" in out.getvalue() and ", 0 to remove" in out.getvalue()
    assert boots_with(fake_board) == 450
    # Named again, the barrel supply's.
    deploy.deploy(port="/dev/ttyUSB7", out=StringIO(), supply="2A")
    assert boots_with(fake_board) == 1800


def test_a_board_never_named_a_supply_boots_with_the_reference_supplys_budget(fake_board):
    deploy.deploy(port="/dev/ttyUSB7", out=StringIO())
    assert not (fake_board / "supply.py").exists()
    assert boots_with(fake_board) == 1800 == config.CURRENT_BUDGET_MA


def test_the_dry_run_writes_the_supply_by_name_with_config_py(monkeypatch, tmp_path):
    monkeypatch.setattr(deploy, "run_mpremote", lambda argv: pytest.fail("asked the board"))
    monkeypatch.setattr(deploy, "build", lambda **_: None)
    monkeypatch.setattr(deploy, "_deploy_folder", lambda port: str(tmp_path))
    out = StringIO()
    deploy.deploy(port="/dev/ttyUSB0", dry_run=True, out=out, supply="2A")
    lines = out.getvalue().splitlines()
    assert lines[0] == (
        "/dev/ttyUSB0: fed by a 2000 mA supply: CURRENT_BUDGET_MA 1800 (10 % below it); its fuse"
        " a 2 A slow-blow, above the budget"
    )
    source = os.path.relpath(str(tmp_path / "supply.py"), ROOT)
    assert "  + fs cp -f %s :supply.py.new \\" % source in lines
    assert (
        (tmp_path / "supply.py")
        .read_text()
        .endswith("SUPPLY = '2a'\nSUPPLY_MA = 2000\nCURRENT_BUDGET_MA = 1800\n")
    )
