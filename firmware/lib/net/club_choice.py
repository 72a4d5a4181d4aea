# The club a board plays in on a club night: the club's name, its MQTT broker, the broker's
# password and the board's own name in the club, set on the page (or in config.py for a
# board's first start) and kept on the flash in one journal record; the password is never
# sent to a page or printed. Its own module, read by the page (web.py) and the club link
# (club_link.py): the page does not load the link's code to show or check a few words.
CHOICE_FILE = "clubset.log"
LONGEST_LABEL = 24  # a club's or a board's name: it is part of every topic


def label_problem(what, text):
    """The words for a club's or a board's name that cannot be part of a topic, or None."""
    if not isinstance(text, str) or not 0 < len(text) <= LONGEST_LABEL:
        return "%s needs 1 to %d letters" % (what, LONGEST_LABEL)
    for char in text:
        if not (char.isalpha() or char.isdigit() or char in "-_") or ord(char) > 127:
            return "%s may hold only letters, digits, - and _ (%r)" % (what, text)
    return None


def parse_broker(text):
    """'host' or 'host:port' -> (host, port); ValueError with the words when it is neither."""
    if not isinstance(text, str):
        text = ""
    host, _, port = text.strip().partition(":")
    if not host or " " in host or len(host) > 64:
        raise ValueError("the broker is a host name or address, as 192.168.1.10 or pi.local")
    if not port:
        return host, 1883
    try:
        number = int(port)
    except ValueError:
        number = 0
    if not 0 < number < 65536:
        raise ValueError("the broker's port must be 1 to 65535 (%r)" % port)
    return host, number


def _journal(store):
    from storage.journal import Journal

    return Journal(store, CHOICE_FILE)


def choice(config, store):
    """(club, broker, password, board): as last set on the page, else config.py's (club and
    broker empty: no club); the board's name is its HOSTNAME unless one was given."""
    try:
        record = _journal(store).check()
    except OSError:
        record = None
    if record and record.count(b"\n") == 3:
        club, broker, password, board = record.decode().split("\n")
    else:
        club = getattr(config, "CLUB", "")
        broker = getattr(config, "CLUB_BROKER", "")
        password = getattr(config, "CLUB_PASSWORD", "")
        board = getattr(config, "CLUB_BOARD", "")
    return club, broker, password, board or config.HOSTNAME


def check(club, broker, password, board):
    """ValueError, with the words, for a club, a broker, a password or a board's name that
    cannot be; club and broker empty: no club."""
    if not isinstance(password, str) or len(password) > 64 or "\n" in password:
        raise ValueError("the board's password on the broker is text of 64 letters at most")
    if club or broker:
        problem = label_problem("the club's name", club)
        problem = problem or label_problem("the board's name in the club", board)
        if problem:
            raise ValueError(problem)
        parse_broker(broker)
    elif not isinstance(club, str) or not isinstance(broker, str):
        raise ValueError("a club and its broker are text")


def save(store, club, broker, password, board):
    """Keeps the club, its broker, its password and the board's name in it (checked first);
    club and broker empty leave the club. OSError when the flash refuses it."""
    check(club, broker, password, board)
    fields = (club, broker.strip(), password, board)
    _journal(store).rewrite(["\n".join(fields).encode()])
