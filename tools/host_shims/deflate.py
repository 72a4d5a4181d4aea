# CPython stand-in for MicroPython's built-in `deflate` module, the part the firmware uses: a
# stream inflated as it is read, a damaged one refused with OSError as the board refuses it.
# On the board the built-in module is always found first.
import zlib

AUTO, RAW, ZLIB, GZIP = 0, 1, 2, 3
_WBITS = {AUTO: 47, RAW: -15, ZLIB: 15, GZIP: 31}


class DeflateIO:
    def __init__(self, stream, format=AUTO, wbits=0, close=False):
        self._stream = stream
        self._inflater = zlib.decompressobj(_WBITS[format])
        self._ready = b""

    def _more(self, wanted):
        while len(self._ready) < wanted and not self._inflater.eof:
            chunk = self._stream.read(256)
            try:
                self._ready += self._inflater.decompress(chunk) if chunk else b""
            except zlib.error:
                raise OSError(22, "damaged stream") from None
            if not chunk:
                break

    def read(self, size=-1):
        self._more(size if size >= 0 else 1 << 30)
        if size < 0:
            size = len(self._ready)
        taken, self._ready = self._ready[:size], self._ready[size:]
        return taken

    def readinto(self, buffer):
        taken = self.read(len(buffer))
        buffer[: len(taken)] = taken
        return len(taken)
