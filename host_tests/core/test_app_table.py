# The board alone at a table: what each key shows on the LEDs and says on the console, and
# the rule gaps closed at the keypad (MicroPython and CPython; split from test_app.py so that
# each file's interpreter holds less at once).
import config
from board.layout import Layout
from board_rig import Rig
from cribbage.game import PLAY
from memstore import MemoryStore

LAYOUT = Layout(config)
BLUE, ORANGE = config.SIDE_COLOURS[0], config.SIDE_COLOURS[1]


def scaled(colour, level):
    step = level * config.BRIGHTNESS // 255
    return tuple(c * step // 255 for c in colour)


def test_the_match_settings_keyed_survive_a_restart():
    store = MemoryStore()
    rig = Rig(store)
    rig.keys("B C")  # 61 points, 3 games
    again = Rig(store)  # a power cut before # was pressed
    again.press("#")
    assert (again.match.target, again.match.games, again.match.players) == (61, 3, 2)
    later = Rig(store)  # and the match after it starts from them too
    assert later.app.controller.target == 61 and later.app.controller.games == 3


def test_a_jack_starter_never_asks_for_nobs():
    # The script: a jack starter, a hand with a jack (laid in the play).
    rig = Rig()
    rig.keys("# A 2 A B C # # 9 5 8 3 # 7 0 # 0")
    said = " ".join(rig.lines)
    assert "a jack of the starter's suit?" not in said
    assert "those answers do not fit" not in said
    from ui import suits as sq

    assert sq.next_question([10, 4, 5, 6], 10 * 4 + 1, False, {sq.FLUSH: False}) == 0


def test_a_fifth_card_of_a_rank_for_the_crib_is_refused_at_its_key():
    rig = Rig()
    rig.keys("# 5 4 5 5 5")  # starter 5S, three 5s laid
    rig.hold("#")  # the play ended
    rig.keys("D 2 # D 4 #")  # both hands in points
    assert rig.match.show_seat() == -1  # the crib: its ranks are keyed
    rig.keys("7")
    rig.press("5")
    rig.wait(300)
    assert rig.lines[-2:] == [
        "error: all four 5s were already seen this deal",
        "blue's crib: key its 4 ranks (7 so far), or D and its points",
    ]
    assert rig.app.controller.ranks == [6]  # the rank keyed before the refused one stays


def test_the_console_gives_the_score_after_each_item():
    rig = Rig()
    rig.keys("# 5 4 5 5")  # starter 5S; 5 (5), 5: pair for 2
    rig.keys("5")  # 15: fifteen for 2 and pair royal for 6, both to orange
    assert rig.lines[-3:] == [
        "orange: fifteen for 2, now 2",
        "orange: pair royal for 6, now 8",
        "blue to lay: the card's rank; # if blue cannot lay",  # the next turn's prompt
    ], rig.lines[-4:]


def test_a_points_deal_ends_its_play_with_one_key():
    rig = Rig()
    rig.keys("# #")  # a match, the deal counted in points
    assert rig.match.phase == PLAY
    rig.keys("D 5 #")  # pegged as the play goes
    rig.press("#")  # the play is over
    assert rig.match.phase == "show" and rig.match.front == [0, 5]
    assert "the play is over" in " ".join(rig.lines[-3:])


def test_one_game_is_said_in_the_singular():
    rig = Rig()
    rig.press("B")
    assert rig.lines[-1] == "next match: 2 players, 61 points, 1 game"


def status_line(rig):
    """The status LEDs a player reads, as letters: W/w white bright/dim, B/b blue, O/o
    orange, R/r vermillion, . dark: 'dealer DD turn TT count TTT|UUUUUUUUU'."""
    names = {(0, 0, 0): "."}
    for letter, colour in (("W", (255, 255, 255)), ("B", BLUE), ("O", ORANGE)):
        names[scaled(colour, 255)] = letter
        names[scaled(colour, 96)] = letter.lower()
    names[scaled(config.ERROR_COLOUR, 255)] = "R"
    names[scaled(config.ERROR_COLOUR, 96)] = "r"

    def read(part, count):
        first, _ = LAYOUT.status_leds(part)
        return "".join([names.get(rig.colour(first + i), "?") for i in range(count)])

    return "dealer %s turn %s count %s|%s" % (
        read("dealer", 2),
        read("turn", 2),
        read("tens", 3),
        read("units", 9),
    )


# A whole deal and a deal in points, key by key, with what the status line says after each
# key (the signs under the units LEDs: 1 starter, 2 its suit, 3 hand: D pts, 4 crib ranks,
# 5 flush?, 6 +starter?, 7 nobs?, 8 # count, 9 points; numbers keyed show as tens/units).
# Blue deals; orange holds 5 5 4 6, blue T J 9 8, the crib 2 3 Q K; the starter is 5S.
A_DEAL_READ_FROM_THE_LEDS = [
    ("#", "dealer b. turn .. count ...|W........", None),  # a match: the starter?
    ("5", "dealer b. turn .. count ...|WWWWW....", "starter 5: its suit?"),  # 5 understood
    ("4", "dealer b. turn .O count ...|WWWW.....", None),  # suit 4 understood; orange leads
    ("5", "dealer b. turn B. count ...|wwwww....", "orange lays 5, count 5"),
    ("0", "dealer b. turn .O count w..|wwwww....", "blue: fifteen for 2, now 2"),
    ("5", "dealer b. turn B. count ww.|.........", "orange lays 5, count 20"),
    ("A", "dealer b. turn .O count www|.........", "blue lays J, count 30"),
    ("#", "dealer b. turn B. count www|.........", "orange: go"),
    ("#", "dealer b. turn .O count ...|.........", "blue: go for 1, now 3"),
    ("4", "dealer b. turn B. count ...|wwww.....", "orange lays 4, count 4"),
    ("9", "dealer b. turn .O count w..|www......", "blue lays 9, count 13"),
    ("6", "dealer b. turn B. count w..|wwwwwwwww", "orange lays 6, count 19"),
    ("*", "dealer b. turn .O count w..|www......", "undone: orange's 6"),  # taken back
    ("6", "dealer b. turn B. count w..|wwwwwwwww", "orange lays 6, count 19"),
    ("8", "dealer b. turn .O count ...|.......W.", "orange's hand: # to count it"),
    ("#", "dealer b. turn B. count ...|....W....", "blue's hand: all four of one suit?"),
    ("0", "dealer b. turn B. count ...|......W..", "blue's hand: a jack of the starter's suit?"),
    (
        "0",
        "dealer b. turn B. count ...|...W.....",
        "blue's crib: key its 4 ranks",
    ),  # after blue's items
    ("2", "dealer b. turn B. count ...|WW.......", "crib: 2"),  # 2 understood
    ("3", "dealer b. turn B. count ...|WWW......", None),
    ("B", "dealer b. turn B. count W..|WW.......", "crib: 2 3 Q"),  # a queen: 12
    ("C", "dealer b. turn B. count W..|WWW......", "blue's crib: all four of one suit?"),
    ("0", "dealer .o turn .. count ...|W........", "  fifteen 8 (2 3 K)"),  # next deal: starter?
    ("#", "dealer .o turn B. count ...|........W", None),  # a deal in points: 9 points
    ("#", "dealer .o turn B. count ...|..W......", "the play is over: the show"),  # hand: D pts
    ("D", "dealer .o turn B. count ...|........B", "points for blue: one or two digits, then #"),
    ("1", "dealer .o turn B. count ...|B........", None),  # the digits keyed, in blue
    ("5", "dealer .o turn B. count B..|BBBBB....", None),
    ("#", "dealer .o turn .O count ...|..W......", "blue: hand for 15, now 35"),
]


def test_a_deal_can_be_followed_on_the_leds_alone():
    rig = Rig()
    for key, expected, said in A_DEAL_READ_FROM_THE_LEDS:
        del rig.lines[:]  # what this key says, alone
        rig.press(key)
        assert status_line(rig) == expected, (key, status_line(rig), expected)
        if said is not None:
            assert [line for line in rig.lines if line.startswith(said)], (key, said, rig.lines)
    assert rig.match.front == [35, 23] and rig.match.phase == "show"
