"""A real Mosquitto broker, Debian's `mosquitto` (tools/check installs it): for the club
night's tests and benchmark, listening on 127.0.0.1 only, at a port free when it starts,
stopped after (stop() and start() again on the same port make a broker outage); and for a
director's night (`club.py NIGHT serve --own-broker`), on the club's network, where the
boards and the club sign in with the night's broker password."""

import os
import shutil
import socket
import subprocess
import time

from orphans import die_with_parent


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


USER = "cribbage"  # the one account the boards and the club sign in with


class Broker:
    def __init__(self, folder, host="127.0.0.1", port=None, password=None):
        self.host = host
        self.port = port or free_port()
        self.config = os.path.join(str(folder), "mosquitto.conf")
        with open(self.config, "w") as out:
            out.write("listener %d %s\npersistence false\n" % (self.port, host))
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                # Started as root, Mosquitto would become the user "mosquitto", who may not
                # read this folder (its password file) nor write its log here.
                out.write("user root\n")
            if password:
                accounts = os.path.join(str(folder), "mosquitto.passwd")
                program = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
                subprocess.run(
                    [program, "-b", "-c", accounts, USER, password],
                    check=True,
                    capture_output=True,
                )
                out.write("allow_anonymous false\npassword_file %s\n" % accounts)
            else:
                out.write("allow_anonymous true\n")
            # Its log to a file: on the unread stderr pipe a busy night would fill the pipe,
            # and the broker would stop to wait for it.
            self.log = os.path.join(str(folder), "mosquitto.log")
            out.write("log_dest file %s\n" % self.log)
        self.process = None

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
