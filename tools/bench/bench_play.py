"""Whole evenings and blind players: what a power cut costs as a match grows, and a player
who follows only the prompts (tools/bench/bench.py evening, blind)."""

import time

from bench_common import FUEL_PER_US, wasm_fuel


def bench_evening():
    import bench_evening as evening

    evening.main(wasm_fuel, FUEL_PER_US)


def bench_blind(deals_2=600, deals_4=400):
    """A player who follows only the board's prompts (host_tests/blind_player.py) plays real
    deals with undos, take-backs and power cuts; every deal's score is checked against the
    reference scorer written from the rules inside it (a wrong one stops with an error)."""
    from blind_player import Blind
    from memstore import MemoryStore

    print("## A blind player: only what the board says, scored against the rules")
    total = {"deals": 0, "undos": 0, "take_backs": 0, "restarts": 0}
    prompts = set()
    started = time.perf_counter()
    for players, deals, seed in ((2, deals_2, 11), (4, deals_4, 12)):
        blind = Blind(MemoryStore(), seed, players)
        blind.play_matches(deals)
        for name in total:
            total[name] += getattr(blind, name)
        prompts |= blind.prompts
        print(
            "  %d players: %d deals, %d undone and redone, %d keys taken back, %d power cuts;"
            " every score right"
            % (players, blind.deals, blind.undos, blind.take_backs, blind.restarts)
        )
    print(
        "  in all: %d deals, %d kinds of prompt followed, %.0f s on this machine"
        % (total["deals"], len(prompts), time.perf_counter() - started)
    )
