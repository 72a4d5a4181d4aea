"""A real Mosquitto broker for the club night's tests and benchmark: Debian's `mosquitto`
(tools/check installs it), listening on 127.0.0.1 only, at a port free when it starts,
stopped after. stop() and start() again on the same port make a broker outage."""

import os
import shutil
import socket
import subprocess
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Broker:
    def __init__(self, folder):
        self.port = free_port()
        self.config = os.path.join(str(folder), "mosquitto.conf")
        with open(self.config, "w") as out:
            out.write(
                "listener %d 127.0.0.1\nallow_anonymous true\npersistence false\n" % self.port
            )
            # Its log to a file: on the unread stderr pipe a busy night would fill the pipe,
            # and the broker would stop to wait for it.
            out.write("log_dest file %s\n" % os.path.join(str(folder), "mosquitto.log"))
        self.process = None

    def start(self):
        program = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        self.process = subprocess.Popen(
            [program, "-c", self.config], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    error = self.process.stderr.read()
                    raise RuntimeError("mosquitto stopped: %s" % error) from None
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not listen on 127.0.0.1:%d" % self.port)

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
