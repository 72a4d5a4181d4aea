# A stand-in for MicroPython's `network` on the simulator: the radio comes up at once on the
# loopback address, so the board's own Wi-Fi code (wifi.Radio) serves its page on 127.0.0.1.
AP_IF = 1
STA_IF = 0
ADDRESS = "127.0.0.1"

_hostname = ["cribbage"]


def hostname(name=None):
    if name is None:
        return _hostname[0]
    _hostname[0] = name
    return None


class WLAN:
    def __init__(self, interface):
        self.interface = interface
        self.on = False

    def active(self, on=None):
        if on is None:
            return self.on
        self.on = bool(on)
        return None

    def config(self, **settings):
        return None

    def connect(self, name, password):
        return None

    def isconnected(self):
        return self.on

    def ifconfig(self):
        address = ADDRESS if self.on else "0.0.0.0"
        return (address, "255.0.0.0", ADDRESS, ADDRESS)
