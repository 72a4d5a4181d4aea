# MicroPython's socket module as umqtt uses it, on CPython (the board's MQTT client runs in the
# tests against a real broker): a socket is a stream with read() and write(), and a read of a
# non-blocking socket with nothing waiting returns None.
import socket as _socket

AF_INET = _socket.AF_INET
SOCK_STREAM = _socket.SOCK_STREAM


def getaddrinfo(host, port, family=0, kind=SOCK_STREAM, proto=0, flags=0):
    return _socket.getaddrinfo(host, port, family, kind or SOCK_STREAM, proto, flags)


class socket:  # noqa: N801  (MicroPython's name)
    def __init__(self, family=AF_INET, kind=SOCK_STREAM, proto=0):
        self._socket = _socket.socket(family, kind, proto)

    def fileno(self):
        return self._socket.fileno()

    def setblocking(self, flag):
        self._socket.setblocking(flag)

    def settimeout(self, seconds):
        self._socket.settimeout(seconds)

    def connect(self, address):
        self._socket.connect(address)

    def read(self, size):
        try:
            return self._socket.recv(size)
        except BlockingIOError:
            return None

    def write(self, data, length=-1):
        if isinstance(data, str):
            data = data.encode()
        data = bytes(data if length < 0 else data[:length])
        self._socket.sendall(data)
        return len(data)

    def close(self):
        self._socket.close()
