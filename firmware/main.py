# Runs the board. Kept tiny, as MicroPython runs main.py by name after every reset: the
# app lives in lib/. A crash prints its traceback on the serial console and resets the
# board, which boots back into the saved game.
import sys
import time

import machine

try:
    import boardmain

    boardmain.main()
except KeyboardInterrupt:
    print("stopped from the console")
except Exception as error:  # anything else: report and restart
    sys.print_exception(error)  # type: ignore[attr-defined]
    time.sleep(2)
    machine.reset()
