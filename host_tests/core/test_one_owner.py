# One card, one owner, per deal: a suit the show's answers fix (the jack of the starter's
# suit that nobs names, a flush in the starter's suit) is that hand's alone for the rest of
# the deal, through undo, redo and a restart. A question whose answer could only be "no" is
# not asked; a card given a second owner is refused in words (MicroPython and CPython).
from board_rig import Rig
from memstore import MemoryStore

NOBS_QUESTION = "a jack of the starter's suit? # yes, 0 no"
STARTER_SUIT_QUESTION = "the starter's suit too? # yes, 0 no"
J_CLUBS = (10, 0)
A_CLUBS = (0, 0)

# Blue deals; the starter is K♣; orange holds J 2 3 4, blue J 5 6 7 (the jacks' suits
# unseen). The play, then orange's show: not a flush, nobs.
NOBS_DEAL = "# C 1 A A 2 5 3 # # 6 4 7"
ORANGE_NOBS = "0 #"


def test_nobs_is_scored_once_a_deal():
    # The keys: # C 1 A A 2 5 3 # # 6 4 7 0 # 0 #. Orange takes nobs with the one
    # J♣; blue, asked only whether its hand is a flush, is counted at that answer, and the
    # last # (meant for a second nobs) is refused in words.
    rig = Rig()
    rig.keys(NOBS_DEAL + " " + ORANGE_NOBS)
    assert "  nobs 8 (J)" in rig.lines
    assert rig.match.front == [3, 9]
    rig.lines.clear()  # the console from here on
    rig.keys("0")
    rig.wait(300)
    words = rig.lines
    assert words[0] == "blue: hand for 7, now 10", words
    assert not [line for line in words if NOBS_QUESTION in line]
    assert "  nobs 8 (J)" not in words
    rig.lines.clear()
    rig.press("#")
    rig.wait(300)
    assert rig.lines == [
        "error: # does nothing now: blue's crib: key its 4 ranks, or D and its points"
    ]
    assert rig.match.front == [10, 9]
    assert rig.match.seen.count(J_CLUBS) == 1


def test_the_crib_is_not_asked_for_the_jack_a_hand_took():
    rig = Rig()
    rig.keys(NOBS_DEAL + " " + ORANGE_NOBS + " 0")  # blue's hand counted at its answer
    rig.lines.clear()  # the console from here on
    rig.keys("A 8 9 B 0")  # the crib J 8 9 Q, not a flush: counted at once
    rig.wait(300)
    words = rig.lines
    assert not [line for line in words if NOBS_QUESTION in line], words
    assert "blue: crib for 3, now 13" in words
    assert rig.match.front == [13, 9]


def test_the_jack_nobs_took_cannot_be_tapped_into_the_crib():
    rig = Rig()
    rig.keys(NOBS_DEAL + " " + ORANGE_NOBS + " 0")
    keys = rig.app.controller
    keys.card(10 * 4 + 0, rig.now)  # J♣, tapped on the page as the crib's first card
    rig.wait(300)
    assert "error: J♣ was already seen this deal" in rig.lines[-2:]
    assert keys.ranks == [] and keys.crib_suits == []
    keys.card(10 * 4 + 1, rig.now)  # J♦ is anyone's
    assert keys.ranks == [10] and keys.crib_suits == [1]


def test_the_jack_nobs_took_stays_taken_after_a_restart():
    store = MemoryStore()
    rig = Rig(store)
    rig.keys(NOBS_DEAL + " " + ORANGE_NOBS)
    again = Rig(store)  # the power cut after orange's show
    assert again.match.seen.count(J_CLUBS) == 1
    again.lines.clear()  # the console from here on
    again.keys("0")
    again.wait(300)
    assert "blue: hand for 7, now 10" in again.lines
    assert not [line for line in again.lines if NOBS_QUESTION in line]


def test_undoing_the_hand_that_took_nobs_frees_the_jack_and_redo_takes_it_again():
    rig = Rig()
    rig.keys(NOBS_DEAL + " " + ORANGE_NOBS)
    rig.press("*")  # orange's hand undone: the J♣ is nobody's
    assert J_CLUBS not in rig.match.seen and rig.match.front == [3, 1]
    rig.hold("*")  # redone: orange's again
    assert rig.match.seen.count(J_CLUBS) == 1 and rig.match.front == [3, 9]
    rig.press("*")
    rig.keys("0 0")  # this time orange has no nobs: blue may
    rig.lines.clear()  # the console from here on
    rig.keys("0")
    rig.wait(300)
    assert [line for line in rig.lines if NOBS_QUESTION in line]
    rig.keys("#")
    rig.wait(300)
    assert rig.match.front == [11, 8]
    assert rig.match.seen.count(J_CLUBS) == 1


def test_a_flush_in_the_starters_suit_keeps_its_cards_from_the_crib():
    # The keys: # C 1 1 2 3 4 5 6 7 # 9 # # 0 1 8 0 B # #. The starter K♣; orange's
    # flush of clubs holds A♣, so the crib A 8 T Q can be a flush of another suit (worth
    # nothing in a crib) but not of clubs: that question is not asked.
    rig = Rig()
    rig.keys("# C 1 1 2 3 4 5 6 7 # 9 # # 0 1 8 0 B")
    assert "orange: hand for 9, now 27" in rig.lines
    assert rig.match.seen.count(A_CLUBS) == 1
    rig.lines.clear()  # the console from here on
    rig.press("#")  # all four of one suit: yes
    rig.wait(300)
    words = rig.lines
    assert not [line for line in words if STARTER_SUIT_QUESTION in line], words
    assert words[0] == "blue: crib for 0, now 15", words
    assert rig.match.front == [15, 27]


def test_points_keyed_for_a_second_nobs_are_refused_in_words_and_change_nothing():
    rig = Rig()
    rig.keys(NOBS_DEAL + " " + ORANGE_NOBS + " D 8")  # blue keys its hand in points
    state = rig.match.state()
    rig.lines.clear()
    rig.press("#")
    rig.wait(300)
    assert rig.lines == [
        "error: the ranks laid make 7 or 11 with a flush, whatever the suits: not 8",
        "points for blue: 8; a second digit, or # to peg",
    ]
    assert rig.match.state() == state and rig.app.controller.digits == 8
    rig.keys("* 7 #")  # the 8 taken back: 7, as its ranks make without the J♣
    assert rig.match.front == [10, 9]
