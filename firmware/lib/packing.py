# A game state packed into the bytes of one journal record (a checkpoint): every value is a
# small int from -1 to 254, stored plus one (or, put wide, from 0 to 65535 in two bytes); a
# list is its length, then its items.


class Packer:
    def __init__(self):
        self.data = bytearray()

    def put(self, value):
        value = int(value)
        if not -1 <= value <= 254:
            raise ValueError("%d does not fit a checkpoint" % value)
        self.data.append(value + 1)

    def put_wide(self, value):
        """A whole number from 0 to 65535, in two bytes."""
        self.data.append(value >> 8)
        self.data.append(value & 0xFF)

    def put_list(self, values):
        self.put_all(values, True)

    def put_all(self, values, counted=False):
        """The values one after another (after their count, when `counted`). Straight into
        the bytes, no call per value; the range checked once by min and max (MicroPython's
        bytearray would wrap a value silently)."""
        if values and not (-1 <= min(values) and max(values) <= 254):
            raise ValueError("%r does not fit a checkpoint" % (values,))
        data = self.data
        if counted:
            data.append(len(values) + 1)
        for value in values:
            data.append(value + 1)


class Unpacker:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def get(self):
        value = self.data[self.at] - 1
        self.at += 1
        return value

    def get_wide(self):
        self.at += 2
        return self.data[self.at - 2] << 8 | self.data[self.at - 1]

    def done_yet(self):
        return self.at >= len(self.data)

    def get_list(self):
        self.at += 1
        return self.get_all(self.data[self.at - 1] - 1)

    def get_all(self, count):
        data = self.data
        at = self.at
        if at + count > len(data):
            raise ValueError("a checkpoint of the wrong length")
        self.at = at + count
        return [data[i] - 1 for i in range(at, at + count)]

    def done(self):
        if self.at != len(self.data):
            raise ValueError("a checkpoint of the wrong length")
