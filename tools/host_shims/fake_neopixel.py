# A stand-in for MicroPython's `neopixel`: the same buffer (G, R, B per LED) and write().


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
        for at in range(0, self.n * self.bpp, self.bpp):
            self.buf[at : at + 3] = bytes((colour[1], colour[0], colour[2]))

    def write(self):
        self.shown[:] = self.buf
        self.writes += 1

    def colour_at(self, index):
        """(R, G, B) the strip shows at index."""
        at = index * self.bpp
        return (self.shown[at + 1], self.shown[at], self.shown[at + 2])
