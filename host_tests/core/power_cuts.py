# A whole game written to a journal with the power cut at every byte (or every stride-th):
# the state a board reboots into, against the states the entries made. Shared by the
# journal's tests and the property tests; runs on both interpreters.
import scripted
from cribbage import events as ev
from cribbage.game import Match
from memstore import MemoryStore, PowerCut
from storage.history import History
from storage.journal import Journal

NAME = "cribbage.log"


def fresh(store):
    history = History(Match, Journal(store, NAME))
    problem = history.load()
    return history, problem


def script_with_undo(seed):
    """A whole game with an undo and a redo every few events, and a second match."""
    events, _ = scripted.game_events(seed=seed, points_every=3)
    steps = []
    for index in range(len(events)):
        steps.append(events[index])
        if index % 17 == 5:
            steps.append("undo")
            steps.append("redo")
        if index % 23 == 9:
            steps.append("undo")
            steps.append(events[index])
    steps.append(ev.new_match(target=61))
    steps.append((ev.STARTER, ev.NO_CARD))
    return steps


def run_steps(history, steps):
    # Hashes of the states, not the states: a whole game of them must fit a board-sized heap.
    states = [hash(history.state.state())]
    for step in steps:
        if step == "undo":
            history.undo()
        elif step == "redo":
            history.redo()
        else:
            history.apply(step)
        states.append(hash(history.state.state()))
    return states


def power_cut_everywhere(seed, stride=1):
    steps = script_with_undo(seed)
    store = MemoryStore()
    expected = run_steps(History(Match, Journal(store, NAME)), steps)
    total = store.bytes_written
    tried = matched = 0
    for cut in range(0, total + 1, stride):
        store = MemoryStore(budget=cut)
        history = History(Match, Journal(store, NAME))
        done = 0
        try:
            for step in steps:
                run_steps(history, [step])
                done += 1
        except PowerCut:
            pass
        store.budget = -1
        rebooted, _ = fresh(store)
        tried += 1
        # The entry being written counts from its own record on: its checkpoint may be torn.
        if hash(rebooted.state.state()) in expected[done : done + 2]:
            matched += 1
    return tried, matched, total
