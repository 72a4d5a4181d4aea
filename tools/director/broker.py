"""A real Mosquitto broker, Debian's `mosquitto` (tools/check installs it): for the club
night's tests and benchmark, listening on 127.0.0.1 only, at a port free when it starts,
stopped after (stop() and start() again on the same port make a broker outage); and for a
director's night (`club.py NIGHT serve --own-broker`), on the club's network, where each
board signs in with its own account and can reach only its own topics (rules())."""

import os
import shutil
import socket
import subprocess
import time

from orphans import die_with_parent


def free_port():
    """A port free on 127.0.0.1 now, for a server about to start on it, chosen below the
    range the kernel hands out by itself (to a client's connection, or a bind to port 0):
    a port from that range could be given to another program's connection before the server
    binds it (a fresh-clone run of the tests failed so). Random among those below it, so
    that two runs side by side rarely try the same one; each tried by binding it."""
    import random

    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as kernel:
            lowest_handed_out = int(kernel.read().split()[0])
    except (OSError, ValueError, IndexError):
        lowest_handed_out = 32768  # Linux's own default
    chooser = random.SystemRandom()
    for _ in range(100):
        port = chooser.randrange(10000, lowest_handed_out)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use, or closing: another
            return port
    with socket.socket() as probe:  # none of 100 free: any port, as the kernel gives one
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


CLUB_USER = "club"  # the club's program: it alone writes pairings, acks and standings
VIEWER = "homeassistant"  # Home Assistant: reads the night, writes its own topics


def rules(club):
    """Mosquitto's access rules for a club's night: each board's account (its name) reads
    and writes its own topics only, the club's account all of the club's, Home Assistant's
    reads them and keeps to its own. Pattern rules apply to every account."""
    where = "cribbage/%s/" % club
    lines = [
        "user " + CLUB_USER,
        "topic readwrite " + where + "#",
        "user " + VIEWER,
        "topic read " + where + "#",
        "topic readwrite homeassistant/#",
    ]
    for leaf in ("result", "state", "availability"):
        lines.append("pattern write %s%%u/%s" % (where, leaf))
    for leaf in ("pairing", "recorded", "refused"):
        lines.append("pattern read %s%%u/%s" % (where, leaf))
    lines.append("pattern write homeassistant/device/cribbage_%s_%%u/config" % club)
    lines.append("pattern read homeassistant/status")
    return "\n".join(lines) + "\n"


class Broker:
    """`accounts` ({name: password}) and `club`: only those accounts sign in, each within
    rules(club), and a client's id is its account's name (no one takes another's session).
    Without accounts, anyone may sign in (the tests' and benchmarks' own broker)."""

    def __init__(self, folder, host="127.0.0.1", port=None, accounts=None, club=None):
        self.host = host
        self.port = port or free_port()
        self.folder = str(folder)
        self.config = os.path.join(self.folder, "mosquitto.conf")
        self.club = club
        self.log = os.path.join(self.folder, "mosquitto.log")
        with open(self.config, "w") as out:
            out.write("listener %d %s\npersistence false\n" % (self.port, host))
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                # Started as root, Mosquitto would become the user "mosquitto", who may not
                # read this folder (its password file) nor write its log here.
                out.write("user root\n")
            if accounts is not None:
                out.write("allow_anonymous false\nuse_username_as_clientid true\n")
                out.write("password_file %s\n" % os.path.join(self.folder, "mosquitto.passwd"))
                out.write("acl_file %s\n" % os.path.join(self.folder, "mosquitto.acl"))
                with open(os.path.join(self.folder, "mosquitto.acl"), "w") as acl:
                    acl.write(rules(club))
                self._write_accounts(accounts)
            else:
                out.write("allow_anonymous true\n")
            out.write("max_packet_size 65536\n")  # a result is 300 bytes, the standings a few KB
            # Its log to a file: on the unread stderr pipe a busy night would fill the pipe,
            # and the broker would stop to wait for it.
            out.write("log_dest file %s\n" % self.log)
        self.process = None

    def _write_accounts(self, accounts):
        path = os.path.join(self.folder, "mosquitto.passwd")
        program = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
        fresh = path + ".new"
        with open(fresh, "w"):
            pass
        for name in sorted(accounts):
            subprocess.run(
                [program, "-b", fresh, name, accounts[name]], check=True, capture_output=True
            )
        os.replace(fresh, path)

    def renew(self, accounts):
        """The accounts changed (a board added or revoked): the broker starts again with
        them, so a revoked board's connection ends too (a reload keeps it)."""
        self._write_accounts(accounts)
        self.stop()
        self.start()

    def start(self):
        program = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        self.process = subprocess.Popen(
            [program, "-c", self.config],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=die_with_parent(),  # a killed test or club.py leaves no broker
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                near = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
                with socket.create_connection((near, self.port), timeout=0.2):
                    pass
                time.sleep(0.05)  # an answer from another program on the port, should it
                if self.process.poll() is None:  # be taken, comes before Mosquitto gives up
                    return self
                raise OSError("stopped")
            except OSError:
                if self.process.poll() is not None:
                    said = self.process.stderr.read().decode(errors="replace")
                    if os.path.exists(self.log):
                        with open(self.log, encoding="utf-8", errors="replace") as log:
                            said += log.read()[-600:]
                    raise RuntimeError("mosquitto stopped: %s" % said.strip()) from None
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not listen on %s:%d" % (self.host, self.port))

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


def wait_for(condition, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()
