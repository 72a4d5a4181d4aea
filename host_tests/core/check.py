# The few helpers the core tests need, written so the same test files run under pytest on
# CPython and under host_tests/run_micropython.py on the MicroPython interpreter.


def raises(error_type, function, *args, **kwargs):
    """Calls function and returns the error it raised; fails when it raises nothing."""
    try:
        function(*args, **kwargs)
    except error_type as error:
        return error
    raise AssertionError("expected %s from %s" % (error_type.__name__, function.__name__))
