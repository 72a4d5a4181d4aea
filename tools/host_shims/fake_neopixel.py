# A stand-in for MicroPython's `neopixel`: the same buffer (three bytes per LED, in ORDER, which
# the hardware sets from LED_ORDER) and write().


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        # What the strip shows: buf as of the last write(), copied in place so that a write
        # allocates nothing (the board's driver does not).
        self.shown = bytearray(n * bpp)
        self.writes = 0

    def __len__(self):
        return self.n

    def fill(self, colour):
        order = self.ORDER
        for at in range(0, self.n * self.bpp, self.bpp):
            for channel in range(3):
                self.buf[at + order[channel]] = colour[channel]

    def write(self):
        self.shown[:] = self.buf
        self.writes += 1

    def colour_at(self, index):
        """(R, G, B) the strip shows at index: a strip wired as LED_ORDER says."""
        at = index * self.bpp
        order = self.ORDER
        return (self.shown[at + order[0]], self.shown[at + order[1]], self.shown[at + order[2]])
