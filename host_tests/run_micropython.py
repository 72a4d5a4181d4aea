# Runs the core test files on the MicroPython interpreter: every test_* function of every
# module named on the command line (-k TEXT: only those whose name holds TEXT). Prints one
# line per failure and a closing count line.
import sys

# --mpy: import the firmware as the board does, from the .mpy files of build/board
# (made by tools/maker/build_mpy.py), rather than from source.
arguments = sys.argv[1:]
firmware = "firmware"
if arguments and arguments[0] == "--mpy":
    firmware = "build/board"
    arguments = arguments[1:]
sys.path.insert(0, firmware)
sys.path.insert(0, firmware + "/lib")
sys.path.insert(0, "tools/host_shims")
sys.path.insert(0, "host_tests/core")

only = ""
if "-k" in arguments:
    at = arguments.index("-k")
    only = arguments[at + 1]
    arguments = arguments[:at] + arguments[at + 2 :]

passed = 0
failed = 0
for path in arguments:
    module_name = path.split("/")[-1][:-3]
    module = __import__(module_name)
    for name in sorted(dir(module)):
        if not name.startswith("test_") or only not in name:
            continue
        try:
            getattr(module, name)()
            passed += 1
        except Exception as error:  # one failing test must not hide the others
            failed += 1
            print("FAILED %s::%s: %s: %s" % (path, name, type(error).__name__, error))
print("micropython: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
