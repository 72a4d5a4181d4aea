import config
from board import peg_view
from board.layout import Layout, LayoutError
from board.overlay import Overlay
from board.render import Renderer
from check import raises
from config_variant import Config
from cribbage import events as ev
from cribbage.game import Match


def test_the_default_layout_is_the_seeds_board():
    layout = Layout(config)
    # Blue's first point is the lower end of the outer row (LED 0); 30 is its upper end;
    # 31 starts back down the inner row, whose LEDs run the other way (zig-zag wiring);
    # 60 is the inner row's lower end; 61 is the first hole again.
    assert layout.peg_led(0, 1, 121) == 0
    assert layout.peg_led(0, 30, 121) == 29
    assert layout.peg_led(0, 31, 121) == 30
    assert layout.peg_led(0, 60, 121) == 59
    assert layout.peg_led(0, 61, 121) == 0
    assert layout.peg_led(1, 1, 121) == 119 and layout.peg_led(1, 31, 121) == 89
    assert layout.peg_led(0, 0, 121) == 120 and layout.peg_led(1, 121, 121) == 122
    assert layout.peg_led(1, 61, 61) == 122  # once round: the 61st point is the game hole
    # The start holes, the game hole and the 26 status LEDs follow: 149 LEDs, none spare.
    assert layout.peg_led(1, 0, 121) == 121 and layout.status["mode"] == (123, 1)
    assert layout.status["error"] == (148, 1) and layout.length == 149


def test_a_three_track_board():
    cfg = Config(TRACKS=3, ROWS=6, STRIP_LENGTH=210)
    layout = Layout(cfg)
    assert layout.peg_led(2, 1, 121) == 149 and layout.peg_led(2, 31, 121) == 179
    assert layout.peg_led(2, 60, 121) == 208 and layout.peg_led(2, 0, 121) == 209


def test_a_straight_wired_strip():
    cfg = Config(
        LEDS="hand-wired", ROW_START=(0, 30, 60, 90), ROW_REVERSED=(False, False, False, False)
    )
    layout = Layout(cfg)
    assert layout.peg_led(0, 31, 121) == 59  # inner row runs back down: hole 29 is LED 59
    assert layout.peg_led(0, 60, 121) == 30


def test_a_layout_that_does_not_fit_is_refused_with_the_reason():
    error = raises(LayoutError, Layout, Config(LEDS="hand-wired", STRIP_LENGTH=120))
    assert str(error) == "LED 120 is past the end of a 120-LED strip"
    error = raises(LayoutError, Layout, Config(LEDS="hand-wired", ROW_START=(0, 59, 60, 58)))
    assert "two holes share one LED" in str(error)
    error = raises(LayoutError, Layout, Config(LEDS="hand-wired", TRACKS=3))
    assert str(error) == "3 tracks need 6 rows, ROWS is 4"
    # A strip longer than the board: the LED after the last place would shift nothing on
    # the board, but a maker wiring hole to hole must not meet an LED with no hole.
    error = raises(LayoutError, Layout, Config(LEDS="hand-wired", STRIP_LENGTH=150))
    assert (
        str(error) == "LED 149 has no place on the board: STRIP_LENGTH is 150, the board uses 149"
    )
    error = raises(LayoutError, Layout, Config(LEDS="hand-wired", GAME_HOLE=149, STRIP_LENGTH=150))
    assert str(error).startswith("LED 122 has no place on the board")


def frame(match, cfg=config, overlay=None):
    layout = Layout(cfg)
    renderer = Renderer(cfg, layout.length)
    buf = bytearray(layout.length * 3)
    peg_view.draw(renderer, layout, match, overlay or Overlay(), 1)
    renderer.finish(buf)
    return layout, renderer, buf


def grb(buf, led):
    return (buf[led * 3 + 1], buf[led * 3], buf[led * 3 + 2])


def test_pegs_in_their_colours_front_bright_rear_dim_second_lap_pale():
    match = Match()
    for event in (ev.new_match(first_dealer=1), (ev.STARTER, ev.NO_CARD)):
        match.apply(event)
    match.apply((ev.PEGGED, 0, 31))
    match.apply((ev.PEGGED, 0, 31))  # blue 62, rear at 31
    match.apply((ev.PEGGED, 1, 5))
    layout, _, buf = frame(match)
    blue = config.SIDE_COLOURS[0]
    step = 255 * config.BRIGHTNESS // 255
    pale = tuple((c + 255) // 2 * step // 255 for c in blue)
    assert grb(buf, layout.peg_led(0, 62, 121)) == pale  # second lap: pale, bright
    dim = 96 * config.BRIGHTNESS // 255
    rear = tuple(c * dim // 255 for c in blue)
    assert grb(buf, layout.peg_led(0, 31, 121)) == rear == (0, 10, 16)
    # The rear peg stands out from a dark hole and a skunk mark, and stays below the front.
    mark = tuple(c * step // 255 for c in config.MARK_COLOUR)
    assert max(rear) >= 2.5 * max(mark) and max(blue) * step // 255 >= 2.5 * max(rear)
    assert grb(buf, layout.start_holes[0]) != (0, 0, 0)  # glows: blue is on lap two
    assert grb(buf, layout.start_holes[1]) != (0, 0, 0)  # orange's rear peg still there
    assert grb(buf, layout.peg_led(1, 4, 121)) == (0, 0, 0)


def test_the_renderer_dims_a_frame_to_the_current_budget():
    cfg = Config(BRIGHTNESS=255, CURRENT_BUDGET_MA=500)
    layout = Layout(cfg)
    renderer = Renderer(cfg, layout.length)
    buf = bytearray(layout.length * 3)
    for led in range(120):
        renderer.light(led, 5, 0)  # every hole white at full: far over the budget
    renderer.finish(buf)
    assert renderer.milliamps <= 500
    assert 0 < buf[0] < 255 and buf[0] == buf[1] == buf[2]
    # The same frame under a larger budget is not dimmed.
    roomy = Renderer(Config(BRIGHTNESS=255, CURRENT_BUDGET_MA=10000), layout.length)
    for led in range(120):
        roomy.light(led, 5, 0)
    roomy.finish(buf)
    assert buf[0] == 255 and roomy.scale == 255


def test_a_number_shown_over_the_count_is_what_the_budget_counts_and_what_is_lit():
    # The error flash's 39 covers the running count's 29 on the same LEDs: only the 39 is
    # lit, so only it draws current; counting both once dimmed a frame that fit.
    cfg = Config(BRIGHTNESS=255, CURRENT_BUDGET_MA=2000)
    layout = Layout(cfg)
    renderer = Renderer(cfg, layout.length)
    buf = bytearray(layout.length * 3)
    white, error = 5 * 3 + 1, 3 * 3 + 1  # white and red, each at the rear peg's level
    renderer.show_number(0, layout.tens_led, white, 29)
    renderer.show_number(1, layout.tens_led, error, 39)
    renderer.finish(buf)
    red = renderer.led_bytes[error]
    assert max(red) > 0 and renderer.scale == 255
    tens, units = layout.tens_led * 3, layout.units_led * 3
    assert [bytes(buf[tens + 3 * i : tens + 3 * i + 3]) for i in range(3)] == [red] * 3
    assert [bytes(buf[units + 3 * i : units + 3 * i + 3]) for i in range(9)] == [red] * 9
    assert renderer.milliamps == renderer.idle_ma + renderer.span_ma[1]
    # Under a budget the 39 alone passes, the frame is dimmed by one factor, from the bytes
    # of the entries at that scale.
    lit_ma = sum(renderer.span_bytes[1]) * cfg.MA_PER_CHANNEL // 255
    budget = renderer.idle_ma + cfg.CHIP_MA[1] + lit_ma // 2
    tight = Renderer(Config(BRIGHTNESS=255, CURRENT_BUDGET_MA=budget), layout.length)
    tight.show_number(0, layout.tens_led, white, 29)
    tight.show_number(1, layout.tens_led, error, 39)
    tight.finish(buf)
    scale = tight.scale
    assert 8 < scale < 255 and scale % 8 == 0
    dimmed = bytes(channel * scale // 255 for channel in red)
    assert bytes(buf[tens : tens + 3]) == dimmed and bytes(buf[units : units + 3]) == dimmed
    assert tight.milliamps <= budget - cfg.CHIP_MA[1]


def test_a_number_asked_for_again_is_drawn_from_what_it_shows_now():
    # A view asks for its numbers on every repaint; the same number on the same LEDs is not
    # built again, but another number, another brightness or other side colours are.
    layout = Layout(config)
    renderer = Renderer(config, layout.length)
    buf = bytearray(layout.length * 3)
    white = 5 * 3 + 1
    tens, units = layout.tens_led * 3, layout.units_led * 3

    def shown(value, entry=white):
        renderer.show_number(0, layout.tens_led, entry, value)
        renderer.finish(buf)
        lit = renderer.led_bytes[entry]
        return (
            sum(bytes(buf[tens + 3 * i : tens + 3 * i + 3]) == lit for i in range(3)),
            sum(bytes(buf[units + 3 * i : units + 3 * i + 3]) == lit for i in range(9)),
        )

    assert shown(29) == (2, 9) and shown(29) == (2, 9)
    assert shown(31) == (3, 1) and shown(29) == (2, 9)
    assert shown(29, 3 * 3 + 1) == (2, 9)  # the same number in red
    dimmer = renderer.led_bytes[white]
    renderer.set_brightness(config.BRIGHTNESS * 2)  # still within the supply's budget
    assert renderer.led_bytes[white] != dimmer
    assert shown(29) == (2, 9) and renderer.scale == 255


def test_an_unchanged_frame_is_not_drawn_again():
    match = Match()
    match.apply(ev.new_match())
    layout = Layout(config)
    renderer = Renderer(config, layout.length)
    overlay = Overlay()
    assert peg_view.draw(renderer, layout, match, overlay, 1) is True
    assert peg_view.draw(renderer, layout, match, overlay, 1) is False
    overlay.flash_error(0)
    assert peg_view.draw(renderer, layout, match, overlay, 1) is True


def _win_game(match, side):
    match.apply((ev.STARTER, ev.NO_CARD))
    for _ in range(4):  # 124 points: past 121
        match.apply((ev.PEGGED, side, 31))
    match.apply((ev.NEXT_GAME,))


def test_the_status_line_shows_the_dealer_and_the_last_five_games_won():
    match = Match()
    match.apply(ev.new_match(games=9, first_dealer=1, flags=ev.LOSER_DEALS))
    layout = Layout(config)
    renderer = Renderer(config, layout.length)
    overlay = Overlay()
    buf = bytearray(layout.length * 3)
    dim = 96 * config.BRIGHTNESS // 255
    colour = [tuple(c * dim // 255 for c in config.SIDE_COLOURS[s]) for s in range(2)]
    dealer, _ = layout.status_leds("dealer")
    tally, _ = layout.status_leds("tally")

    def shown(version):
        assert peg_view.draw(renderer, layout, match, overlay, version)
        renderer.finish(buf)
        return [grb(buf, dealer + i) for i in range(2)], [grb(buf, tally + i) for i in range(6)]

    assert shown(1) == ([(0, 0, 0), colour[1]], [(0, 0, 0)] * 6)
    winners = (0, 1, 1, 0, 0, 1)
    for game, side in enumerate(winners):
        _win_game(match, side)
        dealers, games = shown(2 + game)
        assert dealers == [colour[0], (0, 0, 0)] if side == 1 else [(0, 0, 0), colour[1]]
        last = winners[max(0, game - 4) : game + 1]  # five at most, the oldest dropped
        dark = [(0, 0, 0)] * (6 - len(last))
        assert games == [colour[s] for s in last] + dark, game
    # The state restored after an undo has its own lists: games one less, drawn again.
    before = Match()
    match.apply((ev.STARTER, ev.NO_CARD))
    snapshot = match.snapshot()
    for _ in range(4):
        match.apply((ev.PEGGED, 0, 31))
    assert shown(20)[1][4] == colour[0]  # six games: the last five shown, blue's last
    before.restore(snapshot)
    match = before
    assert shown(21)[1] == [colour[s] for s in winners[1:]] + [(0, 0, 0)]
    # Another match as long, with the same dealer: its own games shown.
    other = Match()
    other.apply(ev.new_match(games=9, first_dealer=1, flags=ev.LOSER_DEALS))
    for side in (1, 0, 0, 1, 1, 1):
        _win_game(other, side)
    match = other
    assert shown(22)[1] == [colour[s] for s in (0, 0, 1, 1, 1)] + [(0, 0, 0)]


def test_an_error_flash_lights_every_count_led_over_the_running_count():
    match = Match()
    match.apply(ev.new_match(first_dealer=0))
    match.apply((ev.STARTER, ev.NO_CARD))
    match.apply((ev.LAY, 9, 0))
    match.apply((ev.LAY, 12, 1))  # 10 + king: 20 on the count
    layout = Layout(config)
    renderer = Renderer(config, layout.length)
    overlay = Overlay()
    buf = bytearray(layout.length * 3)
    tens, _ = layout.status_leds("tens")
    units, _ = layout.status_leds("units")
    white = tuple(255 * (96 * config.BRIGHTNESS // 255) // 255 for _ in range(3))
    red = tuple(c * (96 * config.BRIGHTNESS // 255) // 255 for c in config.ERROR_COLOUR)
    peg_view.draw(renderer, layout, match, overlay, 1)
    renderer.finish(buf)
    count = [grb(buf, tens + i) for i in range(3)] + [grb(buf, units + i) for i in range(9)]
    assert count == [white, white, (0, 0, 0)] + [(0, 0, 0)] * 9
    overlay.flash_error(0)
    assert peg_view.draw(renderer, layout, match, overlay, 1)
    renderer.finish(buf)
    count = [grb(buf, tens + i) for i in range(3)] + [grb(buf, units + i) for i in range(9)]
    assert count == [red] * 12
    overlay.now = 10**6  # the flash is over: the count is back
    assert peg_view.draw(renderer, layout, match, overlay, 1)
    renderer.finish(buf)
    assert grb(buf, tens + 1) == white and grb(buf, tens + 2) == (0, 0, 0)
