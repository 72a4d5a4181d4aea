# A game state packed into the bytes of one journal record (a checkpoint): every value is a
# small int from -1 to 254, stored plus one; a list is its length, then its items.


class Packer:
    def __init__(self):
        self.data = bytearray()

    def put(self, value):
        value = int(value)
        if not -1 <= value <= 254:
            raise ValueError("%d does not fit a checkpoint" % value)
        self.data.append(value + 1)

    def put_list(self, values):
        self.put(len(values))
        for value in values:
            self.put(value)


class Unpacker:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def get(self):
        value = self.data[self.at] - 1
        self.at += 1
        return value

    def get_list(self):
        return [self.get() for _ in range(self.get())]

    def done(self):
        if self.at != len(self.data):
            raise ValueError("a checkpoint of the wrong length")
