# CPython stand-in for MicroPython's built-in `micropython` module, so firmware code imports
# it exactly as it does on the board. On the board the built-in module is always found first.


def const(value):
    return value


def mem_info(*args):
    pass


# Viper functions run here as plain Python: the decorators leave them as they are, and the
# pointer casts viper knows become views of the same bytes (ptr32 by 32-bit words). A pointer
# made into an int and back (a frame's words at constant places) is the buffer's number among
# those seen, then the byte it starts at.
def viper(function):
    code = function.__code__
    pointers = tuple(_pointer_casts.values())
    casts = [function.__annotations__.get(name) for name in code.co_varnames[: code.co_argcount]]
    casts = [cast if cast in pointers else None for cast in casts]
    if not any(casts):
        return function

    def with_pointers(*args):
        return function(*[cast(arg) if cast else arg for cast, arg in zip(casts, args)])

    return with_pointers


native = viper


class _Pointer:
    buffers = []

    def __init__(self, buffer, start, format):
        self.buffer = buffer
        self.start = start
        view = memoryview(buffer)[start:]
        self.view = view.cast(format) if format != "B" else view
        self.step = view.itemsize if format == "B" else self.view.itemsize

    def __getitem__(self, index):
        return self.view[index]

    def __setitem__(self, index, value):
        self.view[index] = value

    def __int__(self):
        known = [buffer is self.buffer for buffer in _Pointer.buffers]
        if True not in known:
            known.append(True)
            _Pointer.buffers.append(self.buffer)
        return (known.index(True) << 32) + self.start


def _cast(format):
    def cast(thing):
        if isinstance(thing, int):
            return _Pointer(_Pointer.buffers[thing >> 32], thing & 0xFFFFFFFF, format)
        if isinstance(thing, _Pointer):
            return _Pointer(thing.buffer, thing.start, format)
        return _Pointer(thing, 0, format)

    return cast


_pointer_casts = {}


def _install_pointer_casts():
    import builtins

    _pointer_casts.update(ptr8=_cast("B"), ptr32=_cast("i"))
    builtins.ptr8 = _pointer_casts["ptr8"]
    builtins.ptr32 = _pointer_casts["ptr32"]


_install_pointer_casts()
