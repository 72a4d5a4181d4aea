# MicroPython's select.poll on CPython: it registers stream objects and answers (object,
# events) pairs, where CPython's registers and answers file descriptors.
import select as _select

POLLIN = _select.POLLIN
POLLOUT = _select.POLLOUT
POLLERR = _select.POLLERR
POLLHUP = _select.POLLHUP


class _Poll:
    def __init__(self):
        self._poll = _select.poll()
        self._objects = {}

    def register(self, stream, events=POLLIN | POLLOUT):
        self._objects[stream.fileno()] = stream
        self._poll.register(stream.fileno(), events)

    def unregister(self, stream):
        number = stream.fileno()
        self._objects.pop(number, None)
        try:
            self._poll.unregister(number)
        except (KeyError, ValueError):
            pass

    def poll(self, timeout_ms=-1):
        return [(self._objects[n], e) for n, e in self._poll.poll(timeout_ms)]


def poll():
    return _Poll()
