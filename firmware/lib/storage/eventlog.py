# A stack of events packed in one bytearray as [length][bytes][length]: a few bytes per event
# instead of a tuple object each. History keeps at most a stretch of a deal in one.


_BUFFERS = (bytes, bytearray)  # made once: a tuple in the call would be made at each


class EventLog:
    def __init__(self, size=128):
        self.data = bytearray(size)
        self.used = 0
        self.count = 0

    def __len__(self):
        return self.count

    def clear(self):
        self.used = 0
        self.count = 0

    def append(self, event):
        size = len(event)
        need = self.used + size + 2
        if need > len(self.data):
            grown = bytearray(max(need, 2 * len(self.data)))
            grown[: self.used] = self.data[: self.used]
            self.data = grown
        data = self.data
        at = self.used
        data[at] = size
        if isinstance(event, _BUFFERS):
            data[at + 1 : at + 1 + size] = event
            at += size
        else:  # a tuple, as the rules take it: copied without making a bytes object
            for value in event:
                at += 1
                data[at] = value
        data[at + 1] = size
        self.used = need
        self.count += 1

    def pop(self):
        """Removes and returns the last event as a tuple."""
        if not self.count:
            raise IndexError("no events")
        size = self.data[self.used - 1]
        start = self.used - size - 1
        event = tuple(self.data[start : start + size])
        self.used = start - 1
        self.count -= 1
        return event

    def last(self):
        """The last event as a tuple, left in place."""
        if not self.count:
            raise IndexError("no events")
        size = self.data[self.used - 1]
        start = self.used - size - 1
        return tuple(self.data[start : start + size])

    def drop_first(self):
        """Forgets the oldest event (a bounded stack drops its bottom)."""
        size = self.data[0] + 2
        self.data[: self.used - size] = self.data[size : self.used]
        self.used -= size
        self.count -= 1

    def __iter__(self):
        at = 0
        data = self.data
        while at < self.used:
            size = data[at]
            yield tuple(data[at + 1 : at + 1 + size])
            at += size + 2
