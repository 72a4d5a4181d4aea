"""The journal and the flash: bytes written per game, wear, littlefs power cuts, fuzzed
journals (tools/bench/bench.py journal, wear, littlefs, fuzz)."""

import os
import random
import subprocess
import sys
import time

from bench_common import unix_run
from where import ROOT


def bench_journal():
    print("## The journal")
    import scripted
    from cribbage import events as ev
    from cribbage.game import Match
    from memstore import MemoryStore
    from storage.history import History
    from storage.journal import Journal

    for label, players, points_every in (
        ("2 players, cards entered", 2, 0),
        ("2 players, points every 2nd deal", 2, 2),
        ("3 players, cards entered", 3, 0),
        ("4 players, cards entered", 4, 0),
    ):
        written = []
        events_per_game = []
        for seed in range(1, 21):
            events, _ = scripted.game_events(seed=seed, players=players, points_every=points_every)
            store = MemoryStore()
            history = History(Match, Journal(store, "cribbage.log"))
            for event in events:
                history.apply(event)
            written.append(store.bytes_written)
            events_per_game.append(len(events))
        history.apply(ev.new_match())
        print(
            "%s: %.0f bytes written per 121-point game (%.0f events); %d bytes after compaction"
            % (label, sum(written) / 20.0, sum(events_per_game) / 20.0, store.size("cribbage.log"))
        )


def bench_wear():
    print("## Flash wear")
    import drivers
    from memstore import RecordingStore

    store = RecordingStore()
    rig = drivers.fast_rig(store)
    drivers.cribbage_with_cards(rig, 5)  # a 121-point game, every card keyed
    game_bytes, game_writes = store.bytes_written, len(store.log)
    rig.keys("C C #")  # a new match of 5 games: the old one is compacted
    played = 0
    while rig.match.phase != "match over":
        before = rig.match.games_played
        if rig.match.phase == "game over":
            rig.press("#")
        drivers.key_player.play_deal(rig, drivers.Shuffler(played + 11), [])
        played += rig.match.games_played - before
    match_bytes, match_writes = store.bytes_written - game_bytes, len(store.log) - game_writes
    print(
        "a 121-point game with every card keyed: %d bytes in %d writes" % (game_bytes, game_writes)
    )
    print(
        "a match of %d games: %d bytes in %d writes"
        % (rig.match.games_played, match_bytes, match_writes)
    )
    # The same game on littlefs itself (vfs.VfsLfs2 on MicroPython, 4 KB blocks, a RAM
    # device that counts what reaches the blocks): the erases a game really causes.
    wear = unix_run(["-X", "heapsize=2M", "host_tests/core/lfs_cuts.py", "--wear"])
    print(wear.strip())
    per_game = int(wear.split()[-2])
    # littlefs levels wear over the free blocks.
    free_blocks = 480  # ESP32_GENERIC 4 MB: a 2 MB filesystem, less the firmware's files
    cycles = 100000
    print(
        "lifetime at %d erase cycles per block over %d free 4 KB blocks, %d erases per game:"
        " %d games" % (cycles, free_blocks, per_game, free_blocks * cycles // per_game)
    )


def bench_littlefs():
    print("## Power cuts on littlefs")
    subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "maker", "build_mpy.py")],
        check=True,
        capture_output=True,
    )
    print(unix_run(["-X", "heapsize=2M", "host_tests/core/lfs_cuts.py", "--mpy", "1"]).strip())


def bench_fuzz(events=1000000):
    print("## %d random key events through the app" % events)
    import drivers
    from memstore import MemoryStore

    rng = random.Random(2026)
    store = MemoryStore()
    rig = drivers.fast_rig(store)
    from keypad import KEY_NAMES as keys

    start = time.perf_counter()
    checked = replays = 0
    accepted = [0, 0, 0]
    number = 0
    while checked < events:
        number += 1
        key = keys[rng.randrange(16)]
        long = rng.random() < 0.05
        if key == "*" and rng.random() < 0.7:
            continue  # fewer undos, or nothing would ever get far
        mode = rig.app.mode
        history = rig.app.history
        version = history.version
        rig.app.press(key, long)
        accepted[mode] += history.version != version
        drivers.check_invariants(rig.app)
        checked += 1
        if checked % 20000 == 0:
            # The journal must replay to the live state; start afresh now and then, as a
            # real board is reset, so that the journals stay the size of a real match.
            again = drivers.fast_rig(store)
            assert drivers.persistent_state(again.app) == drivers.persistent_state(rig.app)
            replays += 1
            store = MemoryStore()
            rig = drivers.fast_rig(store)
    print(
        "%d key events, invariants checked after each, %d journal replays matched;"
        " no exception; %.0f s" % (checked, replays, time.perf_counter() - start)
    )
    print(
        "entries accepted: cribbage %d, Makao %d, Latvian %d (the rest refused or partial)"
        % tuple(accepted)
    )
