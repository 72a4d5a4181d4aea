"""What the board's RAM tricks are worth in the chip's bytes (tools/bench/bench.py ram).

The code the board runs rarely is loaded when it is needed and dropped after (rarely.py):
on the board a module's code sits in RAM. Each such module is weighed here as it would sit
beside the game booted into cribbage if it were imported for good, on MicroPython's 32-bit
build (tools/bench/micropython32.mjs, host_tests/core/weigh_rarely.py): the bytes after a
collection, with the modules it pulls in."""

import tempfile

from bench_common import build_board_and_harness, run_32_bit


def rarely_weights():
    """[(module, bytes it would keep loaded, the modules it pulls in)], 32-bit."""
    build_board_and_harness()
    with tempfile.TemporaryDirectory() as data:
        done = run_32_bit("weigh_rarely", ["/b/data"], 1 << 20, [data + "=/b/data"])
    if done.returncode:
        raise RuntimeError("the 32-bit build failed: " + done.stderr[-800:])
    weights = []
    for line in done.stdout.splitlines():
        if line.startswith("weighs "):
            words = line.split()
            weights.append((words[1], int(words[2]), words[3:]))
    return weights


def bench_ram():
    print("## What the code loaded only when needed would keep in RAM, 32-bit")
    weights = rarely_weights()
    for name, size, pulled in weights:
        extra = [module for module in pulled if module != name]
        print("%s: %d bytes%s" % (name, size, " (with %s)" % ", ".join(extra) if extra else ""))
    print("in all: %d bytes" % sum(size for _, size, _ in weights))
