"""The show and the discard coach: shows counted per second against the PyPI scorer on the
same shows, every show's distribution, the coach's time per hand and its heap
(tools/bench/bench.py show, discard)."""

import itertools
import random
import time

import show_stats
from bench_common import (
    FUEL_PER_US,
    KEY_PATH_FACTOR,
    SAMPLE_SHOWS,
    fuel_per_call,
    random_shows,
    shows_per_second,
    unix_body,
    unix_heap_per_call,
    unix_run,
    wasm_fuel,
)
from cribbage.score import score


def pypi_scorer():
    """cribbage-scorer's show call on the same shows, or None when it is not installed."""
    try:
        from cribbage_scorer import cribbage_scorer  # type: ignore[import-not-found]
    except ImportError:
        return None

    def as_theirs(card):
        return (card // 4 + 1, "CDHS"[card % 4])

    def count_one(hand, starter):
        return cribbage_scorer.show_calc_score(as_theirs(starter), [as_theirs(c) for c in hand])[0]

    return count_one


SHOW_SETUP = (
    "from cribbage.score import score\n"
    "shows = [((0, 17, 34, 51), 20), ((16, 17, 18, 40), 19), ((3, 9, 22, 44), 30),"
    " ((8, 13, 26, 31), 47)]\n"
)
SHOW_CALL = "show = shows[_i & 3]; score(show[0], show[1])"


def show_fuel():
    """Fuel of one fast show count (cribbage.score), averaged over four shows."""
    return fuel_per_call(SHOW_SETUP, SHOW_CALL)


# The coach on the board: the same engine, hand by hand, a pair-rich hand and flush-rich ones
# among them (more rank patterns, more flush and nobs cases).
COACH_HANDS = (
    (3, 20, 22, 40, 44, 49),
    (1, 5, 9, 13, 17, 21),
    (0, 1, 2, 3, 40, 41),
    (16, 17, 18, 19, 20, 21),
    (3, 20, 22, 40, 44),
    (0, 4, 8, 12, 16),
)


def coach_fuel(size):
    """[fuel of the coach's advice on the board's engine] for COACH_HANDS of `size` cards."""
    setup = "import gc\nfrom cribbage.discard import advise\ngc.collect()\ngc.disable()\n"
    base, _ = wasm_fuel(setup)
    costs = []
    for hand in COACH_HANDS:
        if len(hand) == size:
            fuel, _ = wasm_fuel(setup + "advise(%r, True)\n" % (hand,))
            costs.append(fuel - base)
    return costs


# The expert coach's answer on the board (cribbage.expert, its table read from the board's
# build): it must come within EXPERT_BUDGET_MS on the estimate times KEY_PATH_FACTOR.
EXPERT_BUDGET_MS = 1000


def expert_fuel():
    """[fuel of the coach against a sensible player on the board's engine (its .mpy build
    and its table, as deployed), with the uniform model's beside it as the page answers] for
    the six-card COACH_HANDS, as dealer and as pone."""
    import os
    import subprocess
    import sys

    from where import ROOT

    subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "maker", "build_mpy.py")],
        check=True,
        capture_output=True,
    )
    setup = (
        "import gc\nsys.path.insert(0, '/input/build/board/lib')\n"
        "from cribbage import expert\nfrom rarely import finish\n"
        "table = '/input/build/board/' + expert.TABLE_FILE\ngc.collect()\ngc.disable()\n"
    )
    base, _ = wasm_fuel(setup)
    costs = []
    for hand in COACH_HANDS:
        if len(hand) == 6:
            for dealer in (True, False):
                call = "rows = finish(expert.advising(%r, %r, table))\n" % (hand, dealer)
                fuel, _ = wasm_fuel(setup + call)
                costs.append(fuel - base)
    return costs


def bench_show():
    print("## Counting a show")
    shows = random_shows(SAMPLE_SHOWS)
    ours = shows_per_second(score, shows)
    print("CPython, cribbage.score.score: %.0f shows/s (%d random shows)" % (ours, len(shows)))
    theirs = pypi_scorer()
    if theirs is None:
        print("cribbage-scorer not installed: no comparison")
    else:
        wrong = sum(1 for h, s in shows[:20000] if theirs(h, s) != score(h, s))
        print("cribbage-scorer 0.2.5 disagrees with the exact count on %d of 20000 shows" % wrong)
        rate = shows_per_second(theirs, shows[:20000])
        print("CPython, cribbage-scorer show_calc_score: %.0f shows/s" % rate)
        print("ratio: %.1fx" % (ours / rate))
    import crib as crib_cli
    from cards import name

    class Discard:
        def write(self, text):
            pass

    lines = [
        " ".join(name(card, False) for card in hand + (starter,)) + "\n" for hand, starter in shows
    ]
    start = time.process_time()
    crib_cli.count_batch(lines, False, Discard(), None)
    took = time.process_time() - start
    print(
        "CPython, tools/player/crib.py count --batch: %.0f shows per CPU-second (%d lines, parsed"
        " and answered, output streamed)" % (len(lines) / took, len(lines))
    )
    start = time.perf_counter()
    total = 0
    for hand in itertools.combinations(range(52), 4):
        for starter in range(52):
            if starter not in hand:
                total += score(hand, starter)
    print(
        "all 12994800 hand shows through the public call, one call each: %.2f s (points %d)"
        % (time.perf_counter() - start, total)
    )
    for crib in (False, True):
        start = time.perf_counter()
        counts = show_stats.distribution(crib)
        took = time.perf_counter() - start
        label = "crib" if crib else "hand"
        print("all %d %s shows counted in %.2f s" % (sum(counts), label, took))
        print("  distribution %s: %s" % (label, " ".join("%d:%d" % p for p in enumerate(counts))))
    fuel = show_fuel()
    print(
        "MicroPython (wasm): %.0f fuel per show = %.0f us on the ESP32 estimate (%d fuel/us)"
        % (fuel, fuel / FUEL_PER_US, FUEL_PER_US)
    )
    heap = unix_heap_per_call(SHOW_SETUP, SHOW_CALL)
    print("MicroPython (unix): %.1f heap bytes allocated per show" % heap)


def bench_discard():
    print("## The discard coach")
    from cribbage.discard import advise

    shuffler = random.Random(1)
    for size, hands in ((6, 300), (5, 100)):
        took = []
        for _ in range(hands):
            cards = shuffler.sample(range(52), size)
            start = time.perf_counter()
            advise(cards, True)
            took.append(time.perf_counter() - start)
        print(
            "CPython, exact advice for a %d-card hand: mean %.1f ms, slowest %.1f ms (%d hands)"
            % (size, 1000 * sum(took) / hands, 1000 * max(took), hands)
        )
    # Hands per second of each model, in this one run, on the same six-card hands (the
    # expert's settled throws made first, and not counted: a run makes them once).
    import coach_expert

    model = coach_expert.Model()
    start = time.perf_counter()
    throws = coach_expert.settled(model)
    settle = time.perf_counter() - start
    sample = [shuffler.sample(range(52), 6) for _ in range(200)]
    start = time.perf_counter()
    for cards in sample:
        advise(cards, True)
    uniform = len(sample) / (time.perf_counter() - start)
    start = time.perf_counter()
    for cards in sample:
        advise(cards, True)
        coach_expert.expert_cribs(cards, True, model, throws)
    expert = len(sample) / (time.perf_counter() - start)
    print(
        "CPython, six-card hands per second: %.0f with the uniform opponent, %.0f with the"
        " expert (its settled throws: %.1f s, once a run, from build/ when kept; %d hands)"
        % (uniform, expert, settle, len(sample))
    )
    for size in (6, 5):
        costs = coach_fuel(size)
        print(
            "MicroPython (wasm): exact advice for a %d-card hand: %s fuel; worst %.0f ms on"
            " the ESP32 estimate (%d fuel/us)"
            % (
                size,
                " ".join("%d" % cost for cost in costs),
                max(costs) / FUEL_PER_US / 1000,
                FUEL_PER_US,
            )
        )
    costs = expert_fuel()
    print(
        "MicroPython (wasm): the coach against a sensible player on the board (its table read,"
        " the uniform figures beside), six-card hands as dealer and pone: %s fuel; worst %.0f"
        " ms on the ESP32 estimate (budget %d ms at the estimate times %.1f)"
        % (
            " ".join("%d" % cost for cost in costs),
            max(costs) / FUEL_PER_US / 1000,
            EXPERT_BUDGET_MS,
            KEY_PATH_FACTOR,
        )
    )
    # The same engine on the MicroPython interpreter (the board's runtime) against CPython,
    # hand by hand: the best throw and every crib figure.
    hands = [shuffler.sample(range(52), 6) for _ in range(1000)]
    body = (
        "from cribbage.discard import advise\n"
        "for hand in %r:\n"
        "    best = advise(hand, True)\n"
        "    print(' '.join('%%d' %% c for c in best[0][0]) + '|' + ' '.join('%%d' %% t[3] for t"
        " in sorted(best)))\n" % (hands,)
    )
    lines = unix_run(["-X", "heapsize=4M"] + unix_body(body)).splitlines()
    same = 0
    worst = 0.0
    for hand, line in zip(hands, lines):
        exact = advise(hand, True)
        board_best, board_cribs = line.split("|")
        exact_best = " ".join("%d" % c for c in exact[0][0])
        same += board_best.strip() == exact_best
        for got, throw in zip(board_cribs.split(), sorted(exact)):
            worst = max(worst, abs(int(got) - throw[3]) / float(throw[4]))
    print(
        "the board's engine on MicroPython against CPython over %d random hands: the same best"
        " throw on %.1f %%, the largest crib difference %.3f points"
        % (len(hands), 100.0 * same / len(hands), worst)
    )
    body = (
        "import gc\n"
        "gc.collect()\n"
        "empty = gc.mem_alloc()\n"
        "from cribbage.discard import advise\n"
        "gc.collect()\n"
        "loaded = gc.mem_alloc()\n"
        "gc.disable()\n"
        "advice = advise((3, 20, 22, 40, 44, 49), True)\n"
        "made = gc.mem_alloc() - loaded\n"
        "del advice\n"
        "gc.enable()\n"
        "gc.collect()\n"
        "print(loaded - empty, made, gc.mem_alloc() - loaded)\n"
    )
    modules, made, held = unix_run(unix_body(body)).split()[-3:]
    print(
        "MicroPython (unix, 64-bit): the coach's modules with the show table %s bytes; one"
        " hand's advice allocates %s bytes in all and holds %s after it returns"
        % (modules, made, held)
    )
