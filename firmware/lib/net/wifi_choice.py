# The Wi-Fi choice: off, the board's own access point, or the home network with its name and
# password, kept on the flash in one journal record (power-safe) and never sent to a page or
# printed. Its own module, below both the radio (wifi.py) and the page (web.py), which both
# read it: neither has to import the other for it.
CHOICE_FILE = "wifi.log"
MODES = ("off", "access point", "home")


def _journal(store):
    from storage.journal import Journal

    return Journal(store, CHOICE_FILE)


def choice(config, store):
    """(mode, home network name, password): as last chosen on the board, else config.py's."""
    try:
        record = _journal(store).check()
    except OSError:
        record = None
    if record and record[0] < len(MODES) and 2 + record[1] <= len(record):
        name_end = 2 + record[1]
        return MODES[record[0]], record[2:name_end].decode(), record[name_end:].decode()
    mode = getattr(config, "WIFI", "off")
    return mode, getattr(config, "WIFI_NAME", ""), getattr(config, "WIFI_PASSWORD", "")


def save(config, store, mode, name=None, password=None):
    """Keeps a new choice; a name or password not given stays as it was. ValueError for a
    choice that cannot be; OSError when the flash refuses it."""
    if mode not in MODES:
        raise ValueError("mode: one of %s" % (MODES,))
    _, old_name, old_password = choice(config, store)
    name = old_name if name is None else name
    password = old_password if password is None else password
    if not isinstance(name, str) or not isinstance(password, str):
        raise ValueError("a network's name and password are text")
    name_bytes = name.encode()
    password_bytes = password.encode()
    if len(name_bytes) > 32:
        raise ValueError("a network's name is 32 bytes at most")
    if password_bytes and not 8 <= len(password_bytes) <= 63:
        raise ValueError("a Wi-Fi password is 8 to 63 characters (or none, for an open one)")
    if mode == "home" and not name_bytes:
        raise ValueError("home: enter the network's name first")
    record = bytes([MODES.index(mode), len(name_bytes)]) + name_bytes + password_bytes
    _journal(store).rewrite([record])
