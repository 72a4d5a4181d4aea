"""One question of the board's play advice, run by MicroPython's unix port under callgrind
(tools/bench/bench_peg_board.py), from the project's root:

  micropython -m tools.bench.peg_board_question TABLE POSITION ask|load|LEADS|kept LEADS BEST

`load` only loads the table: the bench takes its count from the others'.
"""

import gc

# No collection at all (the heap is large enough for the run): which blocks a collection
# frees depends on what the C stack happens to hold, which moves with the checkout's path,
# and where the gaps fall decides how far each later allocation looks for room.
gc.disable()

import json  # noqa: E402
import sys  # noqa: E402

from cribbage import play_advice  # noqa: E402

tables = play_advice.load_table(sys.argv[1])
position = json.loads(sys.argv[2])
if sys.argv[3] == "ask":
    print(json.dumps(play_advice.answer(position, tables)))
elif sys.argv[3] == "kept":
    # A throw's play for each of the 15 throws of six cards (position: the six ranks, then
    # whether the asker is the pone), as the board's coach asks it.
    six, pone = position
    unseen = [4] * 13
    for rank in six:
        unseen[rank] -= 1
    keeps = []
    for first in range(6):
        for second in range(first + 1, 6):
            keeps.append([six[i] for i in range(6) if i not in (first, second)])
    plays = play_advice.kept_plays(keeps, unseen, pone, tables[1], sys.argv[4], sys.argv[5])
    print(json.dumps(plays))
elif sys.argv[3] != "load":
    print(json.dumps(play_advice.lead_from_table(position, tables, sys.argv[3])))
