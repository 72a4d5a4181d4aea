"""The simulator as key_player.py plays on it: key_player drives a board_rig.Rig, and the
simulator offers the same few things (the tests' simulator and the page's pictures)."""


class SimulatorRig:
    def __init__(self, sim):
        self.sim = sim
        self.app = sim.app

    @property
    def match(self):
        return self.sim.app.history.state

    def press(self, name, hold_ms=60):
        self.sim.press(name, long=hold_ms > 600)
