# A club board on the MicroPython interpreter (unix port): the firmware's app on fake hardware,
# its club link in a thread of MicroPython's own, umqtt.simple2 from its PyPI archive, a real
# broker. Waits for its pairing, keys a game deal by deal, waits until the club recorded it,
# and prints every console line. Run by host_tests/test_club_board.py:
#   micropython host_tests/club_on_micropython.py PORT PASSWORD BOARD SEED
# With SEED "-" the players are the test's: it reads one step a line from stdin, prints the
# lines the board said meanwhile ("said: ..."), then "done STEP" (or "timed out STEP"):
#   wait SECONDS WORDS   watch the link until the board says WORDS
#   start SEED           # (a new match, or the match's next game), deals from SEED
#   deals N              key N deals of the game under way
#   finish               key deals until the game is over
#   quit
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "firmware/lib")
sys.path.insert(0, "build/board-libs")
sys.path.insert(0, "tools/host_shims")
sys.path.insert(0, "host_tests/core")

import time  # noqa: E402

import fakes  # noqa: E402

fakes.install()

import config  # noqa: E402
import key_player  # noqa: E402
from board_rig import Rig  # noqa: E402
from memstore import MemoryStore  # noqa: E402
from net import club_link  # noqa: E402
from shuffle import Shuffler  # noqa: E402

port, password, board, seed = sys.argv[1:5]
config.HOSTNAME = board
config.CLUB = "oakclub"
config.CLUB_BROKER = "127.0.0.1:" + port
config.CLUB_PASSWORD = password
lines = []
rig = Rig(MemoryStore(), cfg=config, through_contacts=False)
rig.say = lines.append
rig.app.say = lines.append
link = club_link.start(rig.app, config, rig.store)


def watch_until(words, seconds=20):
    for _ in range(seconds * 20):
        link.watch(rig.app)
        for line in lines:
            if words in line:
                return True
        time.sleep_ms(50)
    return False


def over():
    return rig.match.phase in ("game over", "match over")


def driven():
    shown = 0
    shuffler = None
    while True:
        step = sys.stdin.readline().rstrip("\n")
        verb, _, rest = step.partition(" ")
        done = True
        if verb == "wait":
            seconds, _, words = rest.partition(" ")
            done = watch_until(words, int(seconds))
        elif verb == "start":
            rig.press("#")
            shuffler = Shuffler(int(rest))
        elif verb == "deals":
            for _ in range(int(rest)):
                key_player.play_deal(rig, shuffler, [])
        elif verb == "finish":
            while not over():
                key_player.play_deal(rig, shuffler, [])
            link.watch(rig.app)
        for line in lines[shown:]:
            print("said: " + line)
        shown = len(lines)
        print(("done " if done else "timed out ") + step)
        if verb in ("quit", ""):
            return


if seed == "-":
    rig.on_key = lambda rig: link.watch(rig.app)  # the board's loop watches beside the keys
    driven()
elif watch_until("club: round 1: "):
    rig.press("#")
    shuffler = Shuffler(int(seed))
    while not over():
        key_player.play_deal(rig, shuffler, [])
    link.watch(rig.app)
    watch_until("is recorded")
link.stop()
if seed != "-":
    for line in lines:
        print(line)
