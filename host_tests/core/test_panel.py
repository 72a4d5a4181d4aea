# The board on an LED matrix panel (config.LEDS = "panel", 8 rows of 32, 10 mm apart): its
# one setting (TRACKS) lays out two or three tracks, every hole's LED is where the panel's
# serpentine puts it for each wiring and corner (worked out here by walking the wire, not
# by the firmware's formula), the drawings' holes sit on the LEDs' centres, and a game shows
# on the panel exactly what it shows on the hand-wired board, each LED moved to its place.
from board.layout import Layout, LayoutError
from board.places import PANEL_X_MM, PANEL_Y_MM, places
from board_rig import Rig
from config_variant import Config
from panel_walk import walked

CORNERS = ("top left", "top right", "bottom left", "bottom right")


def panel(tracks=2, wiring="columns", corner="top left"):
    return Config(LEDS="panel", TRACKS=tracks, PANEL_WIRING=wiring, PANEL_FIRST_LED=corner)


def cell_of(x_mm, y_mm):
    x, y = (x_mm - PANEL_X_MM) / 10.0, (y_mm - PANEL_Y_MM) / 10.0
    assert abs(x - round(x)) * 10 < 0.1 and abs(y - round(y)) * 10 < 0.1  # on an LED's centre
    return int(round(x)), int(round(y))


def test_every_hole_is_on_the_panels_led_for_every_wiring_and_corner():
    tried = 0
    for tracks in (2, 3):
        for wiring in ("columns", "rows"):
            for corner in CORNERS:
                wire = walked(wiring, corner)
                found = places(panel(tracks, wiring, corner))
                assert len(found) == 60 * tracks + tracks + 1 + 26  # holes, starts, game, status
                cells = {}
                for led, _, x_mm, y_mm, kind in found:
                    cell = cell_of(x_mm, y_mm)
                    assert wire[cell] == led, (tracks, wiring, corner, cell, led)
                    assert cell not in cells  # one LED, one hole
                    cells[cell] = kind
                tried += 1
    assert tried == 16


def test_one_setting_lays_out_two_or_three_tracks_as_a_wooden_board_is():
    for tracks, outer_rows, game in ((2, (2, 6), (31, 4)), (3, (1, 4, 6), (31, 7))):
        cfg = panel(tracks)
        layout = Layout(cfg)
        where = {led: cell_of(x, y) for led, _, x, y, _ in places(cfg)}
        order = layout.wire_order
        for side in range(tracks):
            outer = outer_rows[side]
            at = [where[order[layout.peg_led(side, points, 121)] // 3] for points in range(122)]
            assert at[0] == (0, outer)  # the start hole, beside the first point
            assert at[1] == (1, outer) and at[30] == (30, outer)  # up the outer row
            inner = at[31][1]
            assert abs(inner - outer) == 1 and at[31] == (30, inner) and at[60] == (1, inner)
            assert at[61] == at[1] and at[121] == game  # round again; the game hole
        status = sorted(where[order[led] // 3] for led in range(123, 149))
        assert status == [(x, 0) for x in range(3, 29)]  # the status line, bottom row


def lit_alike(budget, brightness, keys, wiring, corner):
    """A game keyed on the hand-wired board and on a panel, at a budget and brightness: the
    panel's LED at each hole's place on its wire is that hole's LED on the strip, its other
    LEDs dark. Returns how many LEDs were lit."""
    wired = Rig(cfg=Config(LEDS="hand-wired", CURRENT_BUDGET_MA=budget, BRIGHTNESS=brightness))
    wired.keys(keys)
    cfg = panel(wiring=wiring, corner=corner)
    cfg.CURRENT_BUDGET_MA, cfg.BRIGHTNESS = budget, brightness
    on_panel = Rig(cfg=cfg)
    on_panel.keys(keys)
    order = on_panel.app.layout.wire_order
    wired_buf = wired.hardware.pixels.buf
    panel_buf = on_panel.hardware.pixels.buf
    assert len(panel_buf) == 256 * 3
    lit = 0
    for led in range(149):
        colour = bytes(wired_buf[3 * led : 3 * led + 3])
        assert bytes(panel_buf[order[led] : order[led] + 3]) == colour, led
        lit += colour != b"\0\0\0"
    used = {at // 3 for at in order}
    assert all(panel_buf[3 * n : 3 * n + 3] == b"\0\0\0" for n in range(256) if n not in used)
    return lit


def test_a_game_on_the_panel_lights_what_the_hand_wired_board_lights_each_led_moved():
    # Both on a 2 A supply's budget (the panel's 107 unused LEDs draw when dark too: at USB's
    # 500 mA it dims where the strip does not); then both dimmed to a budget they share.
    keys = "# 5 1 5 4 0 5"  # a match, the starter, four cards laid: pegs, the count, status
    assert lit_alike(1800, 64, keys, "rows", "bottom right") > 10
    assert lit_alike(1800, 255, keys + " D 7", "columns", "top left") > 10  # digits keyed
    # At 600 mA and full brightness the strip's frame is dimmed to fit; the panel's, with
    # 107 more dark LEDs drawing, is dimmed further: the same LEDs lit, each no brighter.
    wired = Rig(cfg=Config(LEDS="hand-wired", CURRENT_BUDGET_MA=600, BRIGHTNESS=255))
    wired.keys(keys)
    cfg = panel()
    cfg.CURRENT_BUDGET_MA, cfg.BRIGHTNESS = 600, 255
    on_panel = Rig(cfg=cfg)
    on_panel.keys(keys)
    order = on_panel.app.layout.wire_order
    for led in range(149):
        strip = wired.hardware.pixels.buf[3 * led : 3 * led + 3]
        lit = on_panel.hardware.pixels.buf[order[led] : order[led] + 3]
        assert (max(strip) > 0) == (max(lit) > 0) and max(lit) <= max(strip), led
    assert wired.app.renderer.scale < 255 and on_panel.app.renderer.scale < 255
    assert on_panel.app.renderer.milliamps <= 550


def test_a_wrong_panel_setting_is_refused_in_words():
    for changes, words in (
        ({"PANEL_WIRING": "diagonal"}, "PANEL_WIRING is 'diagonal': one of columns, rows"),
        ({"PANEL_FIRST_LED": "middle"}, "PANEL_FIRST_LED is 'middle': one of top left, top"
         " right, bottom left, bottom right"),
        ({"TRACKS": 4}, "a panel holds 2 or 3 tracks, TRACKS is 4"),
        ({"LEDS": "strip"}, "LEDS is 'strip': \"panel\" or \"hand-wired\""),
    ):  # fmt: skip
        cfg = panel()
        for name, value in changes.items():
            setattr(cfg, name, value)
        try:
            Layout(cfg)
            raise AssertionError("taken: %r" % changes)
        except LayoutError as error:
            assert str(error) == words, str(error)
