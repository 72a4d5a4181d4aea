import config
import fake_machine
from board.layout import Layout
from board.overlay import WIN
from board_rig import Rig
from cards import parse
from cribbage.game import CUT, MATCH_OVER, PLAY, SHOW
from key_player import play_match
from keypad import KEY_NAMES, Debouncer
from memstore import MemoryStore
from storage.journal import Journal
from storage.record_format import CHECKPOINT

LAYOUT = Layout(config)
BLUE, ORANGE = config.SIDE_COLOURS[0], config.SIDE_COLOURS[1]


def scaled(colour, level):
    """A palette colour at a peg level, as the renderer writes it (no dimming needed)."""
    step = level * config.BRIGHTNESS // 255
    return tuple(c * step // 255 for c in colour)


# -- keys ----------------------------------------------------------------------------------

# Recorded from cheap tactile switches: (ms since the first edge, contact closed?).
BOUNCY_PRESS = [(0, 1), (1, 0), (3, 1), (4, 0), (5, 1), (9, 0), (10, 1), (80, 0), (81, 1),
                (83, 0), (86, 1), (88, 0)]  # fmt: skip
NOISY_CONTACT = [(0, 1), (2, 0), (7, 1), (9, 0), (14, 1), (18, 0), (25, 1), (27, 0)]


def replay(trace, key=5, end=400, long_ms=700):
    events = []
    debouncer = Debouncer(lambda k, is_long: events.append((k, is_long)), 30, long_ms)
    level = 0
    position = 0
    for now in range(0, end):
        while position < len(trace) and trace[position][0] <= now:
            level = trace[position][1]
            position += 1
        debouncer.feed(level << key, now)
    return events


def test_a_bouncing_press_gives_exactly_one_short_event():
    assert replay(BOUNCY_PRESS) == [(5, False)]


def test_contact_noise_shorter_than_the_debounce_gives_nothing():
    assert replay(NOISY_CONTACT) == []


def test_a_held_key_gives_one_long_event_and_nothing_on_release():
    held = [(0, 1), (2, 0), (4, 1), (900, 0), (902, 1), (903, 0)]
    assert replay(held, end=1200) == [(5, True)]


def test_two_keys_pressed_together_give_one_event_each():
    events = []
    debouncer = Debouncer(lambda k, is_long: events.append(k), 30, 700)
    for now in range(0, 200):
        raw = 0
        if 0 <= now < 100 or (now % 7 == 0 and now < 110):
            raw |= 1 << 2
        if 20 <= now < 150:
            raw |= 1 << 9
        debouncer.feed(raw, now)
    assert sorted(events) == [2, 9]


def test_the_debouncer_works_across_the_tick_wrap():
    events = []
    debouncer = Debouncer(lambda k, is_long: events.append(k), 30, 700)
    start = 0x3FFFFFFF - 40
    for step in range(0, 150):
        now = (start + step) & 0x3FFFFFFF
        debouncer.feed(1 if step < 80 else 0, now)
    assert events == [0]


# -- the board -----------------------------------------------------------------------------


def test_a_new_board_waits_for_a_match_and_lights_the_mode():
    rig = Rig()
    assert rig.match.phase is None
    mode_led, _ = LAYOUT.status_leds("mode")
    assert rig.colour(mode_led) != (0, 0, 0)
    assert rig.colour(LAYOUT.start_holes[0]) == (0, 0, 0)
    rig.press("#")
    assert rig.match.phase == CUT
    assert rig.colour(LAYOUT.start_holes[0]) == scaled(BLUE, 255)
    assert rig.colour(LAYOUT.start_holes[1]) == scaled(ORANGE, 255)


def test_keys_peg_the_play_and_the_leds_follow():
    rig = Rig()
    rig.keys("# 5 4")  # new match, starter 5 of spades
    assert rig.match.phase == PLAY
    rig.keys("0 5")  # orange (left of the blue dealer) lays a ten, blue a five: fifteen 2
    assert rig.match.front == [2, 0]
    assert rig.colour(LAYOUT.peg_led(0, 2, 121)) == scaled(BLUE, 255)  # front peg
    assert rig.colour(LAYOUT.peg_led(0, 0, 121)) == scaled(BLUE, 96)  # rear peg, dim
    tens, _ = LAYOUT.status_leds("tens")
    units, _ = LAYOUT.status_leds("units")
    assert rig.colour(tens) != (0, 0, 0) and rig.colour(tens + 1) == (0, 0, 0)
    assert rig.colour(units + 4) != (0, 0, 0) and rig.colour(units + 5) == (0, 0, 0)
    assert "blue: fifteen for 2, now 2" in rig.lines


def test_a_play_past_31_flashes_an_error_and_changes_nothing():
    rig = Rig()
    rig.keys("# 5 4 C B 9")  # K Q 9: 29
    before = rig.match.state()
    rig.press("3")  # 32
    assert rig.match.state() == before
    rig.wait(300)  # the question still awaited is said again once the refusal is painted
    assert rig.lines[-2:] == [
        "error: 32 would take the count past 31",
        "blue to lay: the card's rank; # if blue cannot lay",
    ]
    error_led, _ = LAYOUT.status_leds("error")
    lit = False
    for _ in range(10):
        rig.wait(30)
        lit = lit or rig.colour(error_led) != (0, 0, 0)
    assert lit
    rig.wait(1000)
    assert rig.colour(error_led) == (0, 0, 0)


def test_points_in_at_most_three_keys_with_a_preview():
    rig = Rig()
    rig.keys("# # D 7")  # new match, starter not keyed, points for the player in turn
    preview = LAYOUT.peg_led(1, 7, 121)
    seen = set()
    for _ in range(6):
        rig.wait(100)
        seen.add(rig.colour(preview))
    assert (255 * 64 // 255, 255 * 64 // 255, 255 * 64 // 255) in seen  # white, blinking
    assert rig.match.front == [0, 0]
    rig.keys("#")  # 7 confirmed: three presses
    assert rig.match.front == [0, 7]
    rig.keys("D 2 9 #")
    assert rig.match.front == [0, 36]


def test_undo_is_one_key_away_and_survives_a_restart():
    store = MemoryStore()
    rig = Rig(store)
    rig.keys("# 5 4 0 5")
    assert rig.match.front == [2, 0]
    rig.press("*")
    assert rig.match.front == [0, 0]
    again = Rig(store)
    assert again.match.front == [0, 0] and again.match.play.count == 10
    again.hold("*")  # redo
    assert again.match.front == [2, 0]


def test_a_whole_121_game_played_key_by_key():
    rig = Rig()
    rig.press("#")
    checks = play_match(rig, seed=7)
    assert checks and all(checks), checks
    match = rig.match
    assert match.phase == MATCH_OVER
    winner = match.results[-1]
    assert match.front[winner] == 121
    # The game hole in the winner's colour; each side's front peg where its score is.
    assert rig.colour(LAYOUT.game_hole) == scaled(config.SIDE_COLOURS[winner], 255)
    loser = 1 - winner
    assert rig.colour(LAYOUT.peg_led(loser, match.front[loser], 121)) != (0, 0, 0)
    assert rig.match_won == "%s wins the match" % ("blue", "orange")[winner]


def test_a_key_storm_gives_each_key_exactly_once():
    # Five keys mashed at once, each bouncing on its own rhythm, released one by one.
    events = []
    debouncer = Debouncer(lambda k, is_long: events.append((k, is_long)), 30, 700)
    keys = (0, 3, 7, 12, 15)
    for now in range(0, 400):
        raw = 0
        for n in range(len(keys)):
            start, end = 5 * n, 120 + 40 * n
            bouncing = now < start + 6 or end <= now < end + 6
            closed = start <= now < end + 6 and not (bouncing and (now + n) % 2)
            if closed:
                raw |= 1 << keys[n]
        debouncer.feed(raw, now)
    assert events == [(k, False) for k in keys]


def test_a_two_track_board_offers_2_or_4_players_but_not_3():
    rig = Rig()
    rig.press("A")
    assert rig.lines[-1] == "next match: 4 players, 121 points, 1 game"
    rig.press("A")
    assert rig.lines[-1] == "next match: 2 players, 121 points, 1 game"


def test_push_buttons_instead_of_the_keypad():
    import fake_machine
    from board_rig import Rig as _Rig
    from config_variant import Config

    cfg = Config(INPUT="buttons")
    rig = _Rig(cfg=cfg)
    fake_machine.press_button(cfg.BUTTON_PINS["#"])
    rig.wait(60)
    fake_machine.release_all()
    rig.wait(60)
    assert rig.match.phase == CUT


def test_a_win_and_a_29_hand_are_celebrated():
    rig = Rig()
    rig.keys("B #")  # a 61-point match
    rig.keys("# D 2 9 # D 2 9 #")  # orange 58 in points
    rig.hold("#")  # end the play
    before = [rig.colour(led) for led in LAYOUT.track_leds[60:120]]
    rig.keys("D 2 9 #")  # orange's hand: 29 -> 61, the game
    assert rig.match.phase == MATCH_OVER
    whites = [led for led in LAYOUT.track_leds[60:120] if rig.colour(led) == (64, 64, 64)]
    assert len(whites) >= 4  # light chases round the winner's track
    assert rig.colour(LAYOUT.game_hole) == scaled(ORANGE, 255)
    assert before != [rig.colour(led) for led in LAYOUT.track_leds[60:120]]
    rig.wait(3500)
    assert [led for led in LAYOUT.track_leds[60:120] if rig.colour(led) == (64, 64, 64)] == []


def test_a_show_is_counted_out_on_the_track_item_by_item():
    rig = Rig()
    rig.keys("# 5 4")  # starter 5 of spades; orange leads
    rig.keys("5 5 5 A")  # orange 5, blue 5 (pair), orange 5 (pair royal), blue J: 25
    rig.keys("# #")  # orange cannot play: go; blue cannot either: the go to blue
    rig.keys("4 6 7 8")  # a new count: orange 4, blue 6, orange 7 (run), blue 8 (run)
    match = rig.match
    assert match.phase == "show" and match.show_seat() == 1
    orange_before = match.front[1]
    # Orange holds 5 5 4 7 with the 5 of spades: the board asks only "# to count it".
    assert rig.lines[-1] == "orange's hand: # to count it"
    rig.press("#")
    totals = [int(line.split(" (")[0].split()[-1]) for line in rig.lines if line.startswith("  ")]
    seen = []
    for _ in range(40):
        rig.wait(50)
        for total in totals:
            led = LAYOUT.peg_led(1, orange_before + total, 121)
            if rig.colour(led) == (64, 64, 64) and total not in seen:
                seen.append(total)
    assert seen == totals == [2, 8]  # fifteen 2 (5 5 5), pair royal 8
    # The suits of the hand were picked by the board, not keyed: the console names ranks.
    items = [line for line in rig.lines if line.startswith("  ")]
    assert items == ["  fifteen 2 (5 5 5)", "  pair royal 8 (5 5 5)"], items


def test_three_players_on_a_three_track_board():
    from config_variant import Config

    cfg = Config(TRACKS=3, ROWS=6, STRIP_LENGTH=210)
    rig = Rig(cfg=cfg)
    rig.keys("A")
    assert rig.lines[-1] == "next match: 3 players, 121 points, 1 game"
    rig.keys("# 5 4")  # start; the starter 5 of spades
    rig.keys("D 1 2 #")  # the player left of the dealer (seat 1) pegs 12
    rig.keys("C")  # seat 1 lays a king; seat 2 (yellow) is next
    assert rig.match.play.count == 10 and rig.match.play.turn == 2
    layout = Layout(cfg)
    yellow = scaled(config.SIDE_COLOURS[2], 255)
    assert rig.colour(layout.start_holes[2]) == yellow  # the third side's pegs, in yellow
    assert rig.colour(layout.peg_led(1, 12, 121)) == scaled(ORANGE, 255)


class CountingCollector:
    """Stands in for the gc module in app: counts collections, runs none."""

    def __init__(self):
        self.collections = 0

    def collect(self):
        self.collections += 1


def _key_unpainted(rig, name):
    """Presses and releases a key with the loop polling but not yet repainting."""
    index = KEY_NAMES.index(name)
    fake_machine.press(config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4])
    for _ in range(8):
        rig.now += 10
        rig.app.poll(rig.now)
    fake_machine.release_all()
    for _ in range(8):
        rig.now += 10
        rig.app.poll(rig.now)


def test_the_collector_runs_once_after_a_key_when_it_is_painted_and_no_key_is_down():
    import app as app_module

    rig = Rig()
    real_gc = app_module.gc
    counting = app_module.gc = CountingCollector()
    try:
        _key_unpainted(rig, "C")  # handled and released, its frame not painted yet
        assert rig.match.phase is None and "players" in rig.lines[-1]
        assert counting.collections == 0
        rig.app.paint(rig.now)
        rig.now += 10
        rig.app.poll(rig.now)  # the next poll: idle
        assert counting.collections == 1
        rig.wait(500)  # nothing pressed since: nothing more to collect
        assert counting.collections == 1
        index = KEY_NAMES.index("C")
        fake_machine.press(config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4])
        rig.wait(200)  # held: handled and painted, but a key is down
        assert counting.collections == 1
        fake_machine.release_all()
        rig.wait(100)
        assert counting.collections == 2
    finally:
        app_module.gc = real_gc


def _checkpoints(store):
    journal = Journal(store, "cribbage.log")
    return len([1 for _, start, _ in journal.records() if journal.window[start] == CHECKPOINT])


def test_the_checkpoint_a_key_makes_due_is_written_once_its_frame_is_shown():
    store = MemoryStore()
    rig = Rig(store)
    rig.keys("# 5 4 5 5 5 A # # 4 6 7")  # seven cards laid: the eighth ends the play
    before = _checkpoints(store)
    _key_unpainted(rig, "8")
    assert rig.match.phase == SHOW and rig.match.front == [7, 8]
    assert _checkpoints(store) == before  # the key's frame comes first
    cut = bytearray(store.files["cribbage.log"])  # the power cut before the board was idle
    rig.app.paint(rig.now)
    rig.now += 10
    rig.app.poll(rig.now)  # idle: the play's end is a checkpoint now
    assert _checkpoints(store) == before + 1
    after_cut = MemoryStore()
    after_cut.files = {name: bytearray(data) for name, data in store.files.items()}
    after_cut.files["cribbage.log"] = cut
    assert Rig(after_cut).match.state() == Rig(store).match.state() == rig.match.state()


def test_a_show_is_itemised_once_its_key_is_painted():
    rig = Rig()
    rig.keys("# 5 4 5 5 5 A # # 4 6 7 8")  # orange shows 5 5 4 7 with the 5 of spades
    _key_unpainted(rig, "#")
    assert rig.lines[-1] == "orange: hand for 8, now 16"
    assert rig.match.front[1] == 16 and rig.app.overlay.count_side < 0  # scored, not itemised
    rig.app.paint(rig.now)
    assert rig.colour(LAYOUT.peg_led(1, 16, 121)) != (0, 0, 0)  # the front peg moved
    rig.now += 10
    rig.app.poll(rig.now)
    assert rig.app.overlay.count_totals == (2, 8)  # counted out on the track from now
    assert rig.lines[-3:] == [
        "  fifteen 2 (5 5 5)",
        "  pair royal 8 (5 5 5)",
        "blue's hand: all four of one suit? # yes, 0 no",  # then the next hand's question
    ]


def test_the_key_that_wins_a_game_celebrates_at_once_and_says_who_won_once_painted():
    rig = Rig()
    rig.keys("B # # D 3 1 # D 3 0")  # a 61-point match in points: orange pegs 31, keys 30
    _key_unpainted(rig, "#")
    assert rig.lines[-1] == "orange: pegged for 30, now 61" and rig.match.phase == MATCH_OVER
    assert rig.app.overlay.effect == WIN and rig.app.overlay.effect_side == 1
    rig.app.paint(rig.now)
    rig.now += 10
    rig.app.poll(rig.now)  # idle: the words that need the code between games
    assert rig.lines[-4:] == [
        "orange: pegged for 30, now 61",
        "orange wins the game 61-0, blue skunk",
        "orange wins the match",
        "new match: A players (2), B target (61), C games (1); # starts it",
    ]


def test_the_statistics_code_is_dropped_once_a_finished_match_is_summed():
    import sys

    import rarely

    rarely.unload(("cribbage.tally",))  # another test file may have loaded it
    rig = Rig()
    rig.keys("B # # D 3 1 # D 3 0 #")  # a 61-point match in points, won by orange
    assert rig.match.phase == MATCH_OVER and "cribbage.tally" not in sys.modules
    rig.keys("#")  # a new match: the finished one is summed into the statistics file
    assert rig.match.match_number == 2 and rig.store.open("stats.bin") is not None
    assert "cribbage.tally" not in sys.modules and "modes" not in sys.modules


def _copied(store):
    copy = MemoryStore()
    for name in store.files:
        copy.files[name] = bytearray(store.files[name])
    return copy


def test_a_new_match_rewrites_the_journal_and_sums_the_statistics_once_its_key_is_painted():
    rig = Rig()
    rig.keys("B # # D 3 1 # D 3 0 #")  # a 61-point match in points, won by orange
    journal = bytes(rig.store.read("cribbage.log"))
    _key_unpainted(rig, "#")  # a new match: shown at once, written when the board is idle
    assert rig.match.match_number == 2 and rig.match.phase == CUT
    assert rig.store.read("cribbage.log") == journal and rig.store.open("stats.bin") is None
    cut_now = Rig(_copied(rig.store))  # a power cut before then: the finished match is back
    assert cut_now.match.phase == MATCH_OVER and cut_now.match.match_number == 1
    rig.app.paint(rig.now)
    rig.now += 10
    rig.app.poll(rig.now)  # idle: the statistics summed, the journal written anew
    written = rig.store.read("cribbage.log")
    assert written != journal and written[5] == CHECKPOINT  # the summary first, then the match
    assert rig.store.open("stats.bin") is not None
    cut_later = Rig(_copied(rig.store))
    assert cut_later.match.match_number == 2 and cut_later.match.phase == CUT


def test_a_points_entry_cleared_in_the_play_gives_the_count_back_its_leds():
    rig = Rig()
    rig.keys("# 5 4 0 A")  # orange a ten, blue a jack: 20 on the count
    white = scaled((255, 255, 255), 96)

    def count_leds():
        tens = [rig.colour(LAYOUT.tens_led + i) for i in range(3)]
        return tens + [rig.colour(LAYOUT.units_led + i) for i in range(9)]

    assert count_leds() == [white, white] + [(0, 0, 0)] * 10
    rig.keys("D 7")  # points for the player in turn: 7 keyed, shown in the side's colour
    assert (
        count_leds()
        == [(0, 0, 0)] * 3 + [scaled(config.SIDE_COLOURS[1], 255)] * 7 + [(0, 0, 0)] * 2
    )
    rig.keys("*")  # the 7 taken back: points entry stays open, with no digit
    rig.wait(300)
    assert rig.lines[-2:] == [
        "taken back: 7",
        "points for orange: one or two digits, then #; first A blue, B orange for another side",
    ]
    # The entry open, no digit: sign 9 (points) in orange, the count's LEDs dark.
    assert count_leds() == [(0, 0, 0)] * 11 + [scaled(config.SIDE_COLOURS[1], 255)]
    rig.keys("*")  # the D taken back: the count, which did not change, shows again
    rig.wait(300)
    assert rig.lines[-2:] == [
        "taken back: D (points entry closed)",
        "orange to lay: the card's rank; # if orange cannot lay",
    ]
    assert count_leds() == [white, white] + [(0, 0, 0)] * 10


def test_the_boot_drops_the_board_profiles_module_and_config_keeps_its_pins():
    # config.py imports its board profile's names (profiles/esp32s3.py); the profile's module
    # would then sit in RAM for nothing (about 1 KB on the board), so the boot drops it.
    import sys

    __import__("profiles.esp32s3")
    assert "profiles.esp32s3" in sys.modules
    Rig()
    assert [name for name in sys.modules if name.startswith("profiles")] == []
    assert config.CHIP == "ESP32S3" and config.LED_PIN == 4 and config.CHIP_MA == (110, 200)


def test_a_hand_that_laid_a_tapped_card_keeps_it_when_it_is_no_flush():
    """Orange's 5 of clubs tapped in the play, the play ended early (held #): orange keys its
    four ranks, 5 2 9 K, and answers that they are not all one suit. The suits the board
    picks keep the 5 of clubs it saw (they once gave the 5 another suit and refused the
    answer with "that hand laid 5♣ in the play", leaving only points to enter)."""
    rig = Rig()
    rig.keys("#")
    for card in ("7H", "5C", "TH"):  # the starter, orange's 5, blue's ten: fifteen 2
        assert rig.app.enter_card(parse(card)) is None, rig.app.refusal
    rig.hold("#")
    rig.keys("5 2 9 C")
    assert rig.lines[-1] == "orange's hand: all four of one suit? # yes, 0 no"
    rig.press("0")
    assert rig.app.refusal is None
    assert rig.match.front == [2, 2]  # blue's fifteen; orange's hand: fifteen 2 (5 K)
