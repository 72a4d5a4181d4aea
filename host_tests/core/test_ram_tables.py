# Tables the board's RAM relies on keeping their sizes (docs/ARCHITECTURE.md, RAM rules).
import sys

from board_rig import Rig
from key_player import play_match

MICROPYTHON = sys.implementation.name == "micropython"


def test_a_match_keeps_to_29_attributes_through_a_whole_match():
    # 29 instance attributes fit a match's table of 29 slots (464 bytes on the 32-bit
    # build); a 30th would make every state restored at an undo ask for a 592-byte block.
    rig = Rig()
    rig.keys("#")
    most = [len(rig.match.__dict__)]
    press = rig.press

    def counted(name, hold_ms=60):
        press(name, hold_ms)
        most[0] = max(most[0], len(rig.match.__dict__))

    rig.press = counted
    play_match(rig, seed=11)
    assert rig.match.phase == "match over"
    assert 25 <= most[0] <= 29  # measured through a whole match, within the table


def test_the_app_keeps_to_29_attributes():
    # The app's instance table has 29 slots (464 bytes on the 32-bit build): refusal is the
    # 25th attribute; a 30th would ask for a 592-byte block beside every key.
    rig = Rig()
    rig.keys("# 5 1 9 9 9 9")  # a refused key sets the refusal's words
    assert rig.app.refusal == "36 would take the count past 31"
    assert len(rig.app.__dict__) <= 29


def test_the_cribbage_keys_tables_keep_their_sizes_on_the_board():
    # ui.crib_keys keeps its module's names and its class's to 29 each (a table of 29 slots:
    # 464 bytes on the 32-bit build, 592 at the 30th). Private const() names take no slot on
    # MicroPython only, so the count is the board's.
    import ui.crib_keys as keys

    if MICROPYTHON:
        assert len(keys.__dict__) <= 29 and len(keys.CribbageKeys.__dict__) <= 29
    else:
        assert len([name for name in keys.CribbageKeys.__dict__ if name[:2] != "__"]) <= 29
