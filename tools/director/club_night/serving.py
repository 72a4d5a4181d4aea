"""club.py serve: the night's own broker (or the club's), the bridge and the page, kept up
until Ctrl-C or a service manager's stop, and stopped whole however it ends."""

import argparse
import sys
import threading

from club_night.bridge import Bridge
from club_night.page import make_page_server


def stop_left_behind(kept):
    """Stops the Mosquitto an earlier serve of this night started, should it still run
    (kept: "PID CONFIG" as that serve wrote it): its pid, once stopped, else 0. A process
    that now has that pid but not that broker's config is not touched."""
    import os
    import signal
    import time

    pid, _, config = kept.partition(" ")
    if not pid.isdigit() or not config:
        return 0
    try:
        with open("/proc/%s/cmdline" % pid, "rb") as line:
            command = line.read().split(b"\0")
    except OSError:
        return 0  # gone, as it should be
    if config.encode() not in command or not command[0].endswith(b"mosquitto"):
        return 0
    os.kill(int(pid), signal.SIGTERM)
    for _ in range(50):
        try:
            with open("/proc/%s/stat" % pid) as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    break  # ended; its parent has yet to read its status
        except OSError:
            break
        time.sleep(0.1)
    else:
        os.kill(int(pid), signal.SIGKILL)
    return int(pid)


SHORTEST_PIN = 8  # characters: 8 digits guessed all night are found with a chance of 0.04 %


def own_addresses():
    """This computer's IPv4 addresses on its networks, as the boards and the projector reach
    it: the one its default route leaves from (found without sending anything), then any
    other its name has; ["127.0.0.1"] when it has none."""
    import socket

    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a route is chosen, nothing sent
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(info[4][0])
    except OSError:
        pass
    found = [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]
    return found or ["127.0.0.1"]


def reached_at(host, port):
    """Where a listener on host:port is reached: its own address, or every one of this
    computer's when it listens on all of them."""
    hosts = own_addresses() if host in ("0.0.0.0", "::", "") else [host]
    return " or ".join("%s:%d" % (name, port) for name in hosts)


def keep_up(broker, ending, accounts_now, every=1.0, started=lambda broker: None):
    """The night's own broker, started again within a second should it stop by itself (the
    boards and the club reconnect by themselves; the page says it was down meanwhile), and
    with the night's accounts as the director adds or revokes a board's, until `ending`."""
    accounts = accounts_now()
    while not ending.wait(every):
        now = accounts_now()
        if now != accounts and not ending.is_set():
            accounts = now
            broker.renew(now)
            started(broker)
            print("the boards' accounts changed: the broker started again with them", flush=True)
            continue
        process = broker.process
        if process is not None and process.poll() is not None and not ending.is_set():
            print("the broker stopped (exit %d): started again" % process.returncode, flush=True)
            try:
                broker.start()
                started(broker)
            except RuntimeError as error:
                print("the broker could not start again: %s" % error, flush=True)


def serve_parser():
    parser = argparse.ArgumentParser(
        prog="crib-club NIGHT serve",
        description="The boards' broker (--own-broker) or the club's (--broker), the bridge"
        " that records the boards' results, and the standings page, until Ctrl-C.",
    )
    parser.add_argument("--broker", default="127.0.0.1:1883", help="HOST:PORT of the broker")
    parser.add_argument(
        "--own-broker",
        nargs="?",
        const="0.0.0.0:1883",
        metavar="HOST:PORT",
        help="start Mosquitto for the night, listening here (default 0.0.0.0:1883: the club's"
        " network), and stop it after; the boards and the club sign in with --broker-password",
    )
    parser.add_argument(
        "--broker-password",
        help="the password the boards and the club sign in to the broker with (user"
        " 'cribbage'; default with --own-broker: the night's, made once, printed and kept in"
        " the night's file)",
    )
    parser.add_argument("--club", default="club", help="the club's name in the topics")
    parser.add_argument("--host", default="0.0.0.0", help="where the page listens")
    parser.add_argument(
        "--pin",
        help="the director's PIN, %d characters at least (default: the night's, 8 digits made"
        " once, kept)" % SHORTEST_PIN,
    )
    parser.add_argument("--port", type=int, default=8088, help="0: any free port (printed)")
    return parser


def option_problem(args):
    """The words for serve's options that cannot be (checked before the night's file is
    made), or None."""
    if args.pin is not None and (
        len(args.pin) < SHORTEST_PIN or len(args.pin) > 64 or not args.pin.isalnum()
    ):
        return "--pin: %d to 64 letters or digits: a shorter PIN is guessed in a night" % (
            SHORTEST_PIN
        )
    if not 0 <= args.port < 65536:
        return "--port: 0 to 65535"
    for option in ("own_broker", "broker"):
        where = getattr(args, option)
        port = where.rpartition(":")[2] if where else "1"
        if not port.isdigit() or not 0 < int(port) < 65536:
            return "--%s: HOST:PORT, as 0.0.0.0:1883" % option.replace("_", "-")
    return None


def serve(night, words):
    import secrets

    args = serve_parser().parse_args(words)
    problem = option_problem(args)
    if problem:
        sys.stderr.write(problem + "\n")
        return 2
    if args.pin:
        night.keep("pin", args.pin)
    pin = night.kept("pin", lambda: "%08d" % secrets.randbelow(10**8))
    import signal

    def interrupted(number, frame):
        raise KeyboardInterrupt  # a service manager's stop: the broker is stopped too

    signal.signal(signal.SIGTERM, interrupted)  # from the start: every way out stops all
    running = {}  # what is started, stopped in the end whatever stops serve
    try:
        return _serve(night, args, pin, running)
    except KeyboardInterrupt:
        return 0
    finally:
        if "ending" in running:
            running["ending"].set()
        if "bridge" in running:
            running["bridge"].stop()
        if "broker" in running:
            running["broker"].stop()


def _serve(night, args, pin, running):
    password = args.broker_password
    own = None
    if args.own_broker:
        import tempfile

        from broker import CLUB_USER, VIEWER, Broker

        if password:
            night.keep(CLUB_USER + " password", password)
        # Every account kept in the night's file: a restart of serve keeps every board's
        # password right.
        accounts = night.accounts()
        password = accounts[CLUB_USER]
        listen_host, _, listen_port = args.own_broker.rpartition(":")
        folder = tempfile.mkdtemp(prefix="club-broker-")
        own = Broker(
            folder, listen_host or "0.0.0.0", int(listen_port), accounts=accounts, club=args.club
        )
        running["broker"] = own  # stopped in the end, even if a stop comes as it starts
        left = stop_left_behind(night.kept("broker", lambda: ""))
        if left:
            print("a broker this night left running (pid %d) was stopped" % left, flush=True)

        def started(broker):
            # The pid follows the broker: a later serve stops the one that runs now.
            kept = "%d %s" % (broker.process.pid, broker.config)
            if "bridge" not in running:
                night.keep("broker", kept)
                return
            with running["bridge"].lock:  # the night's connection, shared with the bridge
                night.keep("broker", kept)

        running["started"] = started
        try:
            own.start()
            started(own)
        except RuntimeError as error:
            if "in use" not in str(error):
                raise
            sys.stderr.write(
                "port %s is taken, most likely by the mosquitto service Debian starts on"
                " installing it: stop it (sudo systemctl disable --now mosquitto) or give"
                " another port (--own-broker 0.0.0.0:1884)\n" % listen_port
            )
            return 1
        host, port = "127.0.0.1" if own.host in ("0.0.0.0", "::") else own.host, own.port
        print(
            "the boards' broker: %s (on each board's page: the club's broker, and the board's"
            " own password, which crib-club NIGHT boards NAME prints); Home Assistant signs in"
            " as %s, password %s" % (reached_at(own.host, port), VIEWER, accounts[VIEWER])
        )
    else:
        host, _, port = args.broker.rpartition(":")
    bridge = Bridge(night, args.club, host or "127.0.0.1", int(port), password)
    running["bridge"] = bridge
    bridge.start()
    try:
        server = make_page_server(bridge, args.host, args.port, pin)
    except OSError as error:
        sys.stderr.write(
            "the page cannot listen on %s:%d (%s): give another --port\n"
            % (args.host, args.port, error.strerror or error)
        )
        return 1
    port = server.server_address[1]  # the one bound: --port 0 takes any free one
    pages = " or ".join(
        "http://%s/" % where for where in reached_at(args.host, port).split(" or ")
    )
    print("standings on %s ; the director's PIN: %s" % (pages, pin))
    sys.stdout.flush()
    running["ending"] = ending = threading.Event()
    if own is not None:

        def accounts_now():
            with bridge.lock:
                return night.accounts()

        threading.Thread(
            target=keep_up,
            args=(own, ending, accounts_now, 1.0, running["started"]),
            daemon=True,
        ).start()
    server.serve_forever()
    return 0
