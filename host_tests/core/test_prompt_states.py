# Every state of the prompt table, and a refusal of each kind in each: after it the console's
# last question, the LEDs' sign and the page's `awaiting` name the same thing, nothing keyed
# before it is lost, and the key the prompt names does what it says. Played on the real key
# path (the app's press and idle moment), on both interpreters.
import ui.crib_keys as ck
from board_rig import Rig
from keypad import KEY_NAMES

LAY = 4
CRIB_RANKS = 6
HAND_RANKS = 7
HOLD_IT = "its 4 ranks hold it"

# Per state of ui.crib_prompts (by its number): the keys that reach it from a new board; a
# key the rules refuse there, with the rule's words (None where no key the state takes can
# be refused by the rules); and a key the prompt names, with the state it leads to.
STATES = (
    (0, "", ("*", "nothing to undo"), ("#", 2)),
    (1, "B C # # D A 3 1 # D A 3 0 #", None, ("#", 2)),
    (2, "#", ("hold:*", "nothing to redo"), ("5", 3)),
    (3, "# 5", ("hold:*", "nothing to redo"), ("4", 4)),
    (4, "# 5 4 C B 9", ("3", "32 would take the count past 31"), ("hold:#", 7)),
    (5, "# #", ("hold:*", "nothing to redo"), ("#", 12)),
    (6, "# 5 4 5 5 5 hold:# D 2 # D 4 #", ("5", "all four 5s were already seen this deal"), None),
    (7, "# 5 4 5 hold:# 7 8 9", ("0", "that hand laid 5 in the play: " + HOLD_IT), ("5", 8)),
    (8, "# 5 3 5 C 0 6 A 6 4 2", ("hold:#", "muggins is not played in this match"), ("0", 10)),
    (9, "# 5 3 1 2 3 4 6 7 8 C #", ("hold:#", "muggins is not played in this match"), ("*", 8)),
    (10, "# 5 3 5 C 0 6 A 6 4 2 0", ("hold:#", "muggins is not played in this match"), ("*", 8)),
    (11, "# 5 4 5 5 5 A # # 4 6 7 8", ("hold:#", "muggins is not played in this match"), ("#", 8)),
    (12, "# # #", ("hold:*", "nothing to redo"), ("D", 14)),
    (13, "# D", ("hold:*", "nothing to redo"), ("3", 15)),
    (14, "# # # D", ("hold:*", "nothing to redo"), ("3", 15)),
    (15, "# D 3 5", ("#", "peg 1 to 31 points at a time"), ("*", 15)),
)  # fmt: skip


def reach(keys):
    rig = Rig(through_contacts=False)
    rig.app.settle()  # the boot's idle moment: its prompt said
    rig.keys(keys)
    return rig


def entry(keys):
    """The half-made entry: what a refused key must leave as it was."""
    return (
        keys.digits,
        keys.points_keys,
        keys.peg_side,
        keys.starter_rank,
        list(keys.ranks),
        sorted(keys.answers.items()),
        keys.overlay.question,
    )


def agree(rig, state):
    """The console's last line, the LEDs' sign and the page's words name `state`."""
    keys = rig.app.controller
    words = keys.describe()
    assert keys.awaiting() == state, (keys.awaiting(), state)
    assert rig.app.overlay.prompt == ck._DISPATCH[1][state], state
    said = rig.lines[-1]
    if state in (CRIB_RANKS, HAND_RANKS) and not said.endswith(words):
        # The ranks keyed are said as they come ("hand: 7 8 9"), the question once.
        keyed = " ".join(["A23456789TJQK"[rank] for rank in keys.ranks])
        assert said == ("crib: " if state == CRIB_RANKS else "hand: ") + keyed, said
        return words
    if state == LAY and not said.endswith(words):
        # In the play the question is said when the play starts, not at each card: the
        # LEDs show whose turn it is. The last question said is the play's.
        said = [line for line in rig.lines if " to lay: " in line][-1]
        assert said.endswith(" to lay: the card's rank; # if %s cannot lay" % said.split(" ")[0])
        assert rig.lines[-1].startswith(said.split(" ")[0]) or " lays " in rig.lines[-1]
        return words
    assert said.endswith(words), (said, words)
    return words


def refused_keys(state):
    mask = ck._DISPATCH[0][state]
    names = [KEY_NAMES[bit] for bit in range(16) if not mask >> bit & 1]
    return names + [("hold:#", "hold:*")[bit - 16] for bit in (16, 17) if not mask >> bit & 1]


def test_every_state_is_reached_and_named_alike_on_the_console_the_leds_and_the_page():
    assert len(STATES) == 16
    for state, keys, _, _ in STATES:
        rig = reach(keys)
        agree(rig, state)


def test_a_key_a_state_does_not_take_changes_nothing_and_names_the_state_again():
    for state, keys, _, _ in STATES:
        rig = reach(keys)
        controller = rig.app.controller
        before = (rig.match.state(), entry(controller))
        words = agree(rig, state)
        for name in refused_keys(state):
            rig.keys(name)
            assert (rig.match.state(), entry(controller)) == before, (state, name)
            shown = name.replace(":", " ")
            assert rig.lines[-1] == "error: %s does nothing now: %s" % (shown, words), (
                state,
                name,
            )
            agree(rig, state)


def test_a_key_the_rules_refuse_changes_nothing_then_the_question_awaited_is_said_again():
    for state, keys, refusal, _ in STATES:
        if refusal is None:  # nothing a state takes can be refused by the rules there
            continue
        name, why = refusal
        rig = reach(keys)
        controller = rig.app.controller
        before = (rig.match.state(), entry(controller))
        words = agree(rig, state)
        rig.keys(name)
        assert (rig.match.state(), entry(controller)) == before, (state, name)
        assert rig.lines[-2:] == ["error: " + why, words], (state, rig.lines[-2:])
        agree(rig, state)


def test_after_a_refusal_the_key_the_prompt_names_does_what_it_says():
    for state, keys, refusal, follow in STATES:
        if follow is None:
            continue
        rig = reach(keys)
        for name in refused_keys(state)[:1] + ([refusal[0]] if refusal else []):
            rig.keys(name)  # refused
        next_key, next_state = follow
        rig.keys(next_key)
        assert rig.app.controller.awaiting() == next_state, (state, next_key)
        agree(rig, next_state)
