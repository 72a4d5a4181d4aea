# The boot of serial_board.py's board, on MicroPython's unix port:
#   micropython -i serial_board_boot.py SHIMS FLASH CHIP MODE
# Puts the fakes of the pins and the strip in place, mounts FLASH as "/", names the chip as
# an ESP32 image does, then, as the ESP32's port does after a reset, runs main.py (MODE
# "boot") and leaves the REPL to mpremote (-i); MODE "raw" skips main.py, as a soft reset in
# the raw REPL does. Each strip's lit LEDs are printed when main.py returns, so a test reads
# what the board shows.
import sys

SHIMS, FLASH, CHIP, MODE = sys.argv[1:5]
REBOOT = 98  # serial_board.py's

sys.path.insert(0, SHIMS)
import fake_machine  # noqa: E402
import fake_neopixel  # noqa: E402
import fake_network  # noqa: E402
import fakes  # noqa: E402

fakes.install()
sys.modules["network"] = fake_network


def reset():
    sys.exit(REBOOT)  # the rig boots the board again


fake_machine.reset = reset
strips = []


class Strip(fake_neopixel.NeoPixel):
    def __init__(self, pin, n, bpp=3, timing=1):
        super().__init__(pin, n, bpp, timing)
        strips.append(self)


fake_neopixel.NeoPixel = Strip


class Implementation:
    name = "micropython"
    version = sys.implementation.version
    _mpy = sys.implementation._mpy
    _machine = "Generic %s module with %s" % (CHIP, CHIP)


class BoardSys:
    """sys as the chip's image has it: its own name; everything else the interpreter's."""

    implementation = Implementation()

    def __getattr__(self, name):
        return getattr(sys, name)


sys.modules["sys"] = BoardSys()

import os  # noqa: E402

import vfs  # noqa: E402

vfs.umount("/")
vfs.mount(vfs.VfsPosix(FLASH), "/")
os.chdir("/")
sys.path[:] = ["", ".frozen", "/lib"]


def lit(strip):
    return " ".join(
        "%d:%d,%d,%d" % ((led,) + strip.colour_at(led))
        for led in range(strip.n)
        if strip.colour_at(led) != (0, 0, 0)
    )


def run_main():
    try:
        with open("main.py") as handle:
            source = handle.read()
    except OSError:
        return  # a blank board: straight to the REPL
    try:
        exec(compile(source, "main.py", "exec"), {"__name__": "__main__"})
    except SystemExit:
        raise
    except BaseException as error:  # as the port prints what main.py raised
        sys.print_exception(error)
    for strip in strips:
        print("[LEDs lit: %s]" % (lit(strip) or "none"))


if MODE == "boot":
    run_main()
