"""A stand-in for the mpremote command: a "board" that is a folder (FAKE_BOARD), so the
deploy tool can be tested end to end without an ESP32. FAKE_MODE picks a failure:
  none     no board on USB          plain   a board without MicroPython
  full     the flash fills up       (unset: everything works)
FAKE_CHIP is what the board calls itself (sys.implementation._machine), FAKE_HEAP its heap,
FAKE_FS its file system's size in bytes (14 MB: 16 MB of flash).
Every call is appended to FAKE_BOARD/../calls.log.
"""

import os
import shutil
import sys

board = os.environ["FAKE_BOARD"]
mode = os.environ.get("FAKE_MODE", "")
args = sys.argv[1:]
with open(os.path.join(os.path.dirname(board), "calls.log"), "a") as log:
    log.write(" ".join(args) + "\n")

if args == ["devs"]:
    if mode != "none":
        print("/dev/ttyUSB7 0001 10c4:ea60 Silicon Labs CP2102 USB to UART Bridge Controller")
    print("/dev/ttyS0 None 0000:0000 None None")
    sys.exit(0)
if args[0] != "connect":
    sys.exit("fake mpremote: unexpected call %r" % args)
if mode == "plain":
    sys.exit("mpremote: could not enter raw repl")

steps, current = [], []
for word in args[2:]:
    if word == "+":
        steps.append(current)
        current = []
    else:
        current.append(word)
steps.append(current)
for step in steps:
    if step[:2] == ["fs", "cat"]:
        path = os.path.join(board, step[2][1:])
        if not os.path.exists(path):
            sys.exit("mpremote: cat: %s: No such file or directory. ENOENT" % step[2])
        sys.stdout.write(open(path).read())
    elif step[:2] == ["fs", "mkdir"]:
        path = os.path.join(board, step[2][1:])
        if os.path.exists(path):
            sys.exit("mpremote: mkdir: %s: File exists." % step[2])
        os.mkdir(path)
    elif step[:2] == ["fs", "rm"]:
        os.remove(os.path.join(board, step[2][1:]))
    elif step[:2] == ["fs", "cp"]:
        if mode == "full" and step[3].endswith(".mpy"):
            sys.exit("mpremote: cp: No space left on device. [Errno 28] ENOSPC")
        shutil.copyfile(step[3], os.path.join(board, step[4][1:]))
    elif step[:1] == ["exec"] and step[1].startswith("import sys, gc, os"):
        print(os.environ.get("FAKE_CHIP", "Generic ESP32S3 module with Octal-SPIRAM with ESP32S3"))
        print(os.environ.get("FAKE_HEAP", "2090368"))
        print(os.environ.get("FAKE_FS", "14680064"))
        manifest = os.path.join(board, ".deployed")
        if os.path.exists(manifest):
            print("manifest:")
            sys.stdout.write(open(manifest).read())
        else:
            print("no manifest")
    elif step[:1] == ["exec"]:  # the deploy's removals, renames and read back: plain Python
        here = os.getcwd()
        os.chdir(board)
        try:
            exec(step[1], {})
        finally:
            os.chdir(here)
    elif step == ["reset"]:
        pass
    else:
        sys.exit("fake mpremote: unexpected step %r" % step)
