"""The board a maker builds: every board profile's pins against its chip's rules, a keypad
scan that never drives two outputs against each other, the strip's colour order and the
first start's test pattern, and the power the busiest frame draws with the chip counted."""

import importlib
import os

import pytest

import config
import fake_machine
from board.render import Renderer
from board_rig import Rig
from boot_halt import halt
from chips import CHIPS, pin_problems
from config_variant import Config
from hardware import Hardware
from key_player import play_match
from keypad import KEY_NAMES, KeypadScanner
from where import ROOT

PROFILES = os.path.join(ROOT, "firmware", "lib", "profiles")
PROFILE_NAMES = sorted(name[:-3] for name in os.listdir(PROFILES) if name[0] != "_")


def profile(name):
    module = importlib.import_module("profiles." + name)
    with open(os.path.join(PROFILES, name + ".py")) as handle:
        return module, handle.read()


def test_there_is_a_reference_and_a_classic_profile_and_config_uses_the_reference():
    assert PROFILE_NAMES == ["esp32", "esp32s3"]
    assert config.CHIP == "ESP32S3" and config.LED_PIN == 4
    assert config.KEYPAD_ROW_PINS == (5, 6, 7, 15) and config.KEYPAD_COL_PINS == (16, 17, 18, 8)


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_every_profile_keeps_to_its_chips_rules(name):
    module, source = profile(name)
    assert pin_problems(module, source) == []
    assert sorted(module.BUTTON_PINS) == sorted(KEY_NAMES)  # one button per key


def test_the_reference_board_uses_no_strapping_pin_at_all():
    module, _ = profile("esp32s3")
    used = {module.LED_PIN, *module.KEYPAD_ROW_PINS, *module.KEYPAD_COL_PINS}
    used |= set(module.BUTTON_PINS.values())
    assert not used & CHIPS["ESP32S3"]["strapping"]


def test_the_rules_catch_what_a_maker_gets_wrong():
    # The checker itself: pins the old classic config used on an ESP32-S3, a flash pin, a pin
    # used twice, an unexplained strapping pin and an input-only pin for a pull-up.
    class Wrong:
        CHIP = "ESP32S3"
        LED_PIN = 0
        KEYPAD_ROW_PINS = (13, 14, 27, 26)
        KEYPAD_COL_PINS = (25, 33, 32, 13)
        BUTTON_PINS = {"1": 1}

    assert pin_problems(Wrong, "") == [
        "GPIO 13 is used twice",
        "KEYPAD_COL_PINS: GPIO 25 does not exist on the ESP32S3",
        "KEYPAD_COL_PINS: GPIO 32 is a flash pin",
        "KEYPAD_COL_PINS: GPIO 33 is a flash pin",
        "KEYPAD_ROW_PINS: GPIO 26 is a flash pin",
        "KEYPAD_ROW_PINS: GPIO 27 is a flash pin",
        "LED_PIN: GPIO 0 is a strapping pin nobody explained",
    ]
    Wrong.CHIP, Wrong.LED_PIN, Wrong.KEYPAD_COL_PINS = "ESP32", 4, (25, 33, 32, 34)
    assert pin_problems(Wrong, "") == [
        "BUTTON_PINS: GPIO 1 is a console pin",
        "KEYPAD_COL_PINS: GPIO 34 is an input without a pull-up",
    ]


def test_the_classic_profile_builds_on_a_classic_chip_and_the_reference_does_not(monkeypatch):
    classic, _ = profile("esp32")
    offered = CHIPS["ESP32"]["gpios"] - CHIPS["ESP32"]["flash"]
    monkeypatch.setattr(fake_machine, "VALID_PINS", sorted(offered))
    monkeypatch.setattr(fake_machine, "INPUT_ONLY", sorted(CHIPS["ESP32"]["inputs only"]))
    names = ("CHIP", "LED_PIN", "KEYPAD_ROW_PINS", "KEYPAD_COL_PINS", "BUTTON_PINS", "CHIP_MA")
    wired = Config(**{name: getattr(classic, name) for name in names})
    Hardware(wired)
    Hardware(Config(INPUT="buttons", **{name: getattr(classic, name) for name in names}))
    with pytest.raises(ValueError, match="GPIO 6 cannot be used here"):
        Hardware(config)  # the reference's row pin 6 is the classic module's flash


# -- The keypad scan --------------------------------------------------------------------------


def fights(steps, pressed):
    """Replays a scan's pin writes [(pin, mode, level)] on a keypad with `pressed` keys down
    [(row pin, col pin)]; returns how many writes left a pressed key joining a row driven high
    to a row pulled low (a short through the two keys, from output to output)."""
    state = {}
    found = 0
    for pin, mode, level in steps:
        state[pin] = (mode, level)
        for column in {col for _, col in pressed}:
            rows = [row for row, col in pressed if col == column]
            high = [r for r in rows if state.get(r) == (fake_machine.Pin.OUT, 1)]
            low = [r for r in rows if state.get(r, (0, 1))[1] == 0]
            found += bool(high and low)
    return found


def recording_pins(monkeypatch):
    steps = []

    class Recorded(fake_machine.Pin):
        def value(self, level=None):
            if level is not None:
                steps.append((self.id, self.mode, 1 if level else 0))
            return super().value(level)

    monkeypatch.setattr(fake_machine, "Pin", Recorded)
    return steps


def test_two_keys_down_in_one_column_never_join_two_outputs(monkeypatch):
    steps = recording_pins(monkeypatch)
    hardware = Hardware(config)
    rows = hardware.keys.rows
    assert [pin.mode for pin in rows] == [fake_machine.Pin.OPEN_DRAIN] * 4
    pressed = []
    for key in "147*":  # the whole first column down at once: 1, 4, 7 and *
        index = KEY_NAMES.index(key)
        pressed.append((config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4]))
        fake_machine.press(*pressed[-1])
    try:
        del steps[:]
        raw = hardware.read_keys()
        assert raw == sum(1 << KEY_NAMES.index(key) for key in "147*")
        assert len(steps) == 8 and fights(steps, pressed) == 0
        # The same scan with push-pull rows (as the board drove them before) is caught.
        push_pull = [fake_machine.Pin(pin, fake_machine.Pin.OUT) for pin in config.KEYPAD_ROW_PINS]
        del steps[:]
        KeypadScanner(push_pull, hardware.keys.cols).read()
        assert fights(steps, pressed) > 0
    finally:
        fake_machine.release_all()


# -- The colour order and the test pattern ------------------------------------------------------


def test_the_colour_order_puts_each_colour_where_the_strip_takes_it():
    blue = config.SIDE_COLOURS[0]  # (0, 114, 178) at full level
    for order in ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR"):
        renderer = Renderer(Config(LED_ORDER=order, BRIGHTNESS=255), 149)
        front = renderer.led_bytes[0 * 3 + 0]  # side 0's colour at its brightest level
        assert front == bytes(blue["RGB".index(channel)] for channel in order)
        assert Hardware(Config(LED_ORDER=order)).pixels.ORDER[:3] == tuple(
            order.index(channel) for channel in "RGB"
        )


def test_a_colour_order_that_is_not_one_stops_with_a_message(monkeypatch):
    printed = halt(monkeypatch, LED_ORDER="GRBW")
    assert printed[:2] == [
        "config.py is wrong: LED_ORDER must be R, G and B in some order, as GRB, not 'GRBW'",
        "fix config.py and reset the board",
    ]


def seen_on(strip_order, data, led):
    """The colour a strip that takes its bytes in strip_order shows at led: the names of
    the channels lit, as a maker would see them."""
    return "".join(strip_order[i] for i in range(3) if data[led * 3 + i])


@pytest.mark.parametrize("configured", ["GRB", "RGB", "BRG"])
def test_the_first_start_shows_the_strips_order_and_the_words_say_what_to_set(
    monkeypatch, tmp_path, configured
):
    import boardmain

    shown = {}

    class Stop(Exception):
        pass

    def sleep(seconds):
        shown["bytes"] = bytes(boardmain_hardware[0].pixels.shown[:12])
        shown["seconds"] = seconds
        raise Stop()

    boardmain_hardware = []
    real = boardmain.Hardware

    def kept(cfg):
        boardmain_hardware.append(real(cfg))
        return boardmain_hardware[-1]

    monkeypatch.setattr(boardmain, "Hardware", kept)
    monkeypatch.setattr(boardmain.time, "sleep", sleep)
    monkeypatch.setattr(config, "DATA_FOLDER", str(tmp_path / "data"))
    monkeypatch.setattr(config, "LED_ORDER", configured)
    monkeypatch.setattr(fake_machine, "_clock", [160000000])  # as MicroPython starts
    printed = []
    monkeypatch.setattr("builtins.print", lambda *a: printed.append(" ".join(map(str, a))))
    with pytest.raises(Stop):
        boardmain.main()
    assert shown["seconds"] == 5
    assert fake_machine.freq() == 240000000  # the clock the ESP32 estimates are at
    names = {"R": "red", "G": "green", "B": "blue"}
    assert printed == [
        "LED test: LEDs 0, 1 and 2 show the strip's colour order. LED_ORDER in config.py is %s,"
        " so they should be %s; if not, set LED_ORDER to the colours they show, in order"
        " (R, G, B). (Shown at each start until a game is saved.)"
        % (configured, ", ".join(names[c] for c in configured))
    ]
    # A maker following the words on any strip: the colours seen, written down in order,
    # are that strip's order, and they match the words' "should be" only when it is set.
    for strip in ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR"):
        seen = "".join(seen_on(strip, shown["bytes"], led) for led in range(3))
        assert seen == strip
        assert seen_on(strip, shown["bytes"], 3) == ""  # LED 3 dark


def test_a_board_with_a_saved_game_starts_without_the_test_pattern(monkeypatch, tmp_path):
    import boardmain

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "settings.log").write_bytes(b"")
    monkeypatch.setattr(config, "DATA_FOLDER", str(tmp_path / "data"))
    ran = []
    monkeypatch.setattr(boardmain.App, "run", lambda app, serve: ran.append(serve))
    monkeypatch.setattr(boardmain.time, "sleep", lambda s: pytest.fail("the pattern waited"))
    boardmain.main()
    assert ran == [boardmain._serve]  # the loop runs, handed the page's maker for the radio


# -- Power ----------------------------------------------------------------------------------


@pytest.mark.parametrize("leds", ["panel", "hand-wired"])
@pytest.mark.parametrize("name", PROFILE_NAMES)
@pytest.mark.parametrize("brightness", [64, 255])
def test_the_busiest_frame_of_a_game_and_the_chip_stay_within_the_supply(name, brightness, leds):
    # Every frame of a whole match, as the strip shows it (its bytes, at 20 mA a channel at
    # full level, and 1 mA for each LED, lit or dark), plus the board's draw with Wi-Fi on,
    # within CURRENT_BUDGET_MA: the renderer dims every lit LED, the background's too.
    module, _ = profile(name)
    # At full brightness, on a tighter supply, less 10 %: the hand-wired board on a USB port
    # alone (500 mA); the panel on 1 A (its 256 dark LEDs and the S3 with Wi-Fi on already
    # draw 456 mA: no USB port feeds it).
    budget = config.CURRENT_BUDGET_MA
    if brightness == 255:
        budget = 450 if leds == "hand-wired" else 900
    cfg = Config(
        BRIGHTNESS=brightness, CHIP_MA=module.CHIP_MA, CURRENT_BUDGET_MA=budget, LEDS=leds
    )
    rig = Rig(cfg=cfg)
    most = [0]
    press = rig.press

    def measured(key, hold_ms=60):
        press(key, hold_ms)
        for _ in range(20):  # every frame for 200 ms after the key: animations too
            rig.wait(10)
            shown = rig.hardware.pixels.shown
            most[0] = max(most[0], sum(shown) * cfg.MA_PER_CHANNEL // 255)

    rig.press = measured
    rig.press("#")  # a match with the standing choices
    play_match(rig, seed=5)
    assert rig.match.phase == "match over"
    dark = cfg.MA_IDLE_PER_LED * len(rig.hardware.pixels)  # every LED on the wire, lit or not
    total = most[0] + dark + module.CHIP_MA[1]
    assert 0 < total <= cfg.CURRENT_BUDGET_MA
    if brightness == 255:  # asked for far more than the supply gives: dimmed to fit
        assert total > cfg.CURRENT_BUDGET_MA - 10


# -- The drawings ------------------------------------------------------------------------------


def text_box(x, y, size, words, anchor):
    """(left, top, right, bottom) a line of Helvetica takes, y down: its mean glyph is about
    0.55 of its size wide; the box runs from the cap height to the baseline."""
    width = 0.55 * size * len(words)
    left = x - {"start": 0, "middle": width / 2.0, "end": width}[anchor]
    return (left, y - 0.75 * size, left + width, y)


def extents(shape):
    if shape[0] == "circle":
        _, x, y, r = shape
        return (x - r, y - r, x + r, y + r)
    if shape[0] == "line":
        _, x1, y1, x2, y2 = shape
        return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
    return text_box(*shape[1:])


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# Both boards are drawn whatever config.py's LEDS: (LEDS, the drawings' file prefix,
# TRACKS).
BUILDS = [("panel", "panel-", 2), ("panel", "panel-3-tracks-", 3), ("hand-wired", "", 2)]


def built(leds, tracks):
    from board_picture import as_built

    board = as_built(config, leds)
    board.TRACKS = tracks
    return board


@pytest.mark.parametrize("leds, prefix, tracks", BUILDS)
def test_every_led_of_the_chain_has_exactly_one_place_on_each_drawing(leds, prefix, tracks):
    import re

    from board.layout import Layout
    from board.places import places

    board = built(leds, tracks)
    layout = Layout(board)
    # Each LED the game uses, numbered by its place on the wire: the strip's own numbers, or
    # where the panel's serpentine has it.
    chain = list(range(layout.length))
    if layout.wire_order is not None:
        chain = sorted(layout.wire_order[led] // 3 for led in chain)
    page = sorted(led for led, _, _, _, _ in places(board))
    assert page == chain  # the page's /api/layout sends these (host_tests/test_web.py)
    with open(os.path.join(ROOT, "hardware", prefix + "drill.svg")) as handle:
        drill = handle.read()
    numbers = re.findall(r'text-anchor="middle">(\d+)</text>', drill)
    assert sorted(int(n) for n in numbers) == chain
    assert drill.count("<circle") == len(chain) == 149 + 61 * (tracks - 2)
    import faceplate

    _, height, shapes = faceplate.drawing(board)
    holes = sorted((round(s[1], 2), round(s[2], 2)) for s in shapes if s[0] == "circle")
    expected = sorted((round(x, 2), round(height - y, 2)) for _, _, x, y, _ in places(board))
    assert holes == expected


@pytest.mark.parametrize("leds, prefix, tracks", BUILDS)
def test_nothing_on_the_faceplate_or_the_drill_drawing_runs_off_the_board_or_overlaps(
    leds, prefix, tracks
):
    import faceplate
    from board.places import places

    config = built(leds, tracks)
    width, height, shapes = faceplate.drawing(config)
    assert (width, height) == config.BOARD_MM
    boxes = [extents(shape) for shape in shapes]
    for box, shape in zip(boxes, shapes):
        assert 0 <= box[0] and box[2] <= width and 0 <= box[1] and box[3] <= height, shape
    texts = [(extents(s), s) for s in shapes if s[0] == "text"]
    holes = [(extents(s), s) for s in shapes if s[0] == "circle"]
    lines = [(extents(s), s) for s in shapes if s[0] == "line"]
    for i in range(len(texts)):
        assert texts[i][1][3] >= 2.5, texts[i][1]  # no label under 2.5 mm
        for other in texts[i + 1 :] + holes + lines:
            assert not overlap(texts[i][0], other[0]), (texts[i][1], other[1])
    from board_picture import keypad_box, ribbon_slot

    kx, ky, kw, kh = keypad_box(config)
    sx, sy, sw, sh = ribbon_slot(config)
    assert (kw, kh) == config.KEYPAD_MM and sy + sh <= ky and kx <= sx and sx + sw <= kx + kw
    for _, _, x, y, _ in places(config):
        assert not (kx - 5 < x < kx + kw + 5 and ky - 5 < y < ky + kh + 5), (x, y)


@pytest.mark.parametrize("leds, prefix, tracks", BUILDS)
def test_the_faceplate_prints_on_a4_and_letter_pages_that_join(leds, prefix, tracks):
    import re

    import faceplate

    width, height, shapes = faceplate.drawing(built(leds, tracks))
    for name, paper_width, paper_height in faceplate.PAPERS:
        pdf_name = "%sfaceplate-%s.pdf" % (prefix, name.lower())
        with open(os.path.join(ROOT, "hardware", pdf_name), "rb") as f:
            pdf = f.read()
        assert pdf == faceplate.to_pdf(width, height, shapes, (name, paper_width, paper_height))
        boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
        assert len(boxes) == 2  # the 410 mm board on two pages, 1:1
        for w, h in boxes:
            assert abs(float(w) * 25.4 / 72 - paper_width) < 0.01
            assert abs(float(h) * 25.4 / 72 - paper_height) < 0.01
        parts = faceplate.tiles(width, height, paper_width, paper_height)
        room = (paper_width - 2 * faceplate.MARGIN, paper_height - 2 * faceplate.MARGIN)
        covered = 0
        for x0, y0, w, h in parts:
            assert w <= room[0] and h <= room[1] and y0 == 0 and h == height
            assert x0 <= covered  # no gap between neighbours
            covered = x0 + w
        assert covered == width
        # The crosses sit in the overlap, so each is on both pages; a scale bar on each page.
        for x, _ in faceplate.crosses(parts):
            assert sum(x0 <= x <= x0 + w for x0, _, w, _ in parts) == 2
        assert pdf.count(b"(100 mm) Tj") == len(parts)
    # The whole-board picture carries its own bar: exactly 100 mm long.
    bars = [s for s in shapes if s[0] == "line" and s[2] == s[4] and s[3] - s[1] == 100]
    assert len(bars) == 1


def test_the_hardware_guide_says_what_the_config_and_the_profiles_say():
    from net import wifi

    with open(os.path.join(ROOT, "hardware", "README.md"), encoding="utf-8") as handle:
        guide = handle.read()
    width, height = config.BOARD_MM
    assert "%d × %d mm" % (width, height) in guide
    assert "%d × %d mm" % config.KEYPAD_MM in guide
    assert "%d KB" % (wifi.NEEDS_HEAP // 1024) in guide
    assert "(%d-%d): %d LEDs, each with one hole" % (
        config.STATUS_START,
        config.STATUS_START + config.STATUS_LEDS - 1,
        config.STRIP_LENGTH,
    ) in guide.replace("\n  ", " ")
    reference, _ = profile("esp32s3")
    classic, _ = profile("esp32")

    def pins(values):
        return ", ".join("%d" % pin for pin in values)

    for function, name in (
        ("LED data", "LED_PIN"),
        ("keypad rows 1-4", "KEYPAD_ROW_PINS"),
        ("keypad columns 1-4", "KEYPAD_COL_PINS"),
    ):
        one, other = getattr(reference, name), getattr(classic, name)
        if isinstance(one, int):
            one, other = (one,), (other,)
        assert "| %s | %s | %s | `%s` |" % (function, pins(one), pins(other), name) in guide
    keys = list(KEY_NAMES)  # the buttons in the keypad's order, row by row
    assert (
        "| %s | %s |"
        % (
            pins(reference.BUTTON_PINS[k] for k in keys),
            pins(classic.BUTTON_PINS[k] for k in keys),
        )
        in guide
    )
    for module, board in (
        (reference, "the reference board (ESP32-S3 DevKit)"),
        (classic, "the classic ESP32 DevKit"),
    ):
        assert (
            "| %s | %d mA with Wi-Fi off, %d mA with it on |" % ((board,) + tuple(module.CHIP_MA))
            in guide
        )


def test_the_simulator_and_the_page_read_the_strip_in_its_colour_order():
    # An RGB strip (PL9823) set as such shows the same colours as a GRB one: the fake strip
    # and the page decode the bytes by the order the hardware gave the driver.
    shown = {}
    for order in ("GRB", "RGB"):
        rig = Rig(cfg=Config(LED_ORDER=order))
        rig.keys("# 5 4 0 5 5")
        pixels = rig.hardware.pixels
        shown[order] = [pixels.colour_at(led) for led in range(config.STRIP_LENGTH)]
        assert pixels.ORDER[:3] == tuple(order.index(c) for c in "RGB")
    assert shown["GRB"] == shown["RGB"] and any(c != (0, 0, 0) for c in shown["GRB"])
