# Runs the board. Kept tiny, as MicroPython runs main.py by name after every reset: the
# app lives in lib/. A crash prints its traceback on the serial console and resets the
# board, which boots back into the saved game. A firmware that is not whole (a deploy cut
# short, a file missing) stops instead, with words on the console, three dim blue LEDs and
# the REPL free for the next deploy: restarting would not mend it, and a reset loop would
# stand in the deploy's way.
import sys
import time

import machine

# Left by tools/maker/deploy.py before its first write, removed once every file is verified.
DEPLOYING = ".deploying"
REDEPLOY = "run crib-deploy again (the saved games are untouched)"


def halt(words):
    print(words)
    try:
        import neopixel

        import config

        strip = neopixel.NeoPixel(machine.Pin(config.LED_PIN, machine.Pin.OUT), 3)
        strip.fill((0, 0, 40))  # blue: the same on a GRB strip and an RGB one
        strip.write()
    except Exception:  # config.py or the LED pin may be what is missing
        pass


def deploy_unfinished():
    try:
        open(DEPLOYING).close()
        return True
    except OSError:
        return False


def start():
    if deploy_unfinished():
        halt(
            "the last deploy did not finish, so the firmware may be part old, part new: "
            + REDEPLOY
        )
        return
    try:
        import boardmain
    except Exception as error:  # a module missing or cut short
        halt(
            "the firmware on the board is not whole (%s: %s): %s"
            % (type(error).__name__, error, REDEPLOY)
        )
        return
    try:
        boardmain.main()
    except KeyboardInterrupt:
        print("stopped from the console")
    except Exception as error:  # anything else: report and restart
        sys.print_exception(error)  # type: ignore[attr-defined]
        time.sleep(2)
        machine.reset()


start()
