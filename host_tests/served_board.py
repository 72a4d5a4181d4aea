"""The simulator serving the board's page, started as a user starts it (tools/player/simulator.py
--web PORT, with --micropython for the board's own interpreter), and spoken to over real
sockets on 127.0.0.1 as a phone would, or as an attacker would. Keys reach its keypad through
its stdin; `status` there reports the server's open connections, live streams and (on
MicroPython) heap. Killed with the test, or with the test's process (die_with_parent)."""

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

from broker import free_port
from orphans import die_with_parent
from where import ROOT

INTERPRETERS = ("cpython", "micropython")
READY_S = 60  # the MicroPython build and boot take a few seconds; a loaded machine more


class ServedBoard:
    def __init__(self, interpreter, data, heap=None, port=None):
        self.interpreter = interpreter
        command = [sys.executable, os.path.join(ROOT, "tools", "player", "simulator.py")]
        command += ["--web", str(port or free_port()), "--data", str(data)]
        if interpreter == "micropython":
            command.append("--micropython")
        if heap:  # the board's interpreter's heap (simulator.py --heap), else its default
            command += ["--heap", heap]
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, preexec_fn=die_with_parent(),
        )  # fmt: skip
        self.lines = []
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        found = self.wait_for_line(r"^the web page: http://127\.0\.0\.1:(\d+)/", READY_S)
        self.port = int(found.group(1))
        self.host = "127.0.0.1:%d" % self.port
        self._wait_listening(READY_S)

    def _wait_listening(self, seconds):
        """The page's address is said as the server starts; it listens a moment later."""
        end = time.monotonic() + seconds
        while True:
            try:
                # A whole request answered: when it returns, the server holds nothing of it.
                self.raw(
                    b"GET /icon.svg HTTP/1.1\r\nHost: %s\r\n\r\n" % self.host.encode(), seconds=5
                )
                return
            except OSError:
                if time.monotonic() > end or self.process.poll() is not None:
                    raise AssertionError("the page is not served:\n" + self.output()) from None
                time.sleep(0.05)

    def _read(self):
        for line in self.process.stdout:
            with self.changed:
                self.lines.append(line.decode(errors="replace").rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.lines.append(None)  # it ended
            self.changed.notify_all()

    def wait_for_line(self, pattern, seconds=10, after=0):
        end = time.monotonic() + seconds
        with self.changed:
            while True:
                for line in self.lines[after:]:
                    if line is None:
                        raise AssertionError("the simulator ended:\n" + self.output())
                    found = re.search(pattern, line)
                    if found:
                        return found
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError("no line %r in:\n%s" % (pattern, self.output()))
                self.changed.wait(left)

    def output(self):
        return "\n".join(line for line in self.lines if line is not None)

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()  # the simulator stops its board and removes its build
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process.wait()
        # The reader ends at the pipe's end, which the process's end brings: its file is
        # closed after it, not under it (a read of a closed file raised in that thread).
        self.reader.join(10)
        self.process.stdout.close()
        self.process.stdin.close()

    # -- the keypad ------------------------------------------------------------------------

    def keys(self, text):
        """Presses keys on the board's keypad (the script's tokens: 5 # hold:0 ...)."""
        self.process.stdin.write(text.encode() + b"\n")
        self.process.stdin.flush()

    def status(self):
        """{"connections": n, "streams": n, "heap": bytes or None} as the server counts them."""
        after = len(self.lines)
        self.keys("status")
        found = self.wait_for_line(
            r"^status: connections (\d+), streams (\d+)(?:, heap used (\d+) bytes)?$", 10, after
        )
        heap = found.group(3)
        return {
            "connections": int(found.group(1)),
            "streams": int(found.group(2)),
            "heap": int(heap) if heap else None,
        }

    def wait_for_status(self, check, seconds=15):
        return _until(self.status, check, seconds, "status")

    def settled(self, seconds=15):
        """The status once no connection is open (a dropped one is closed within moments)."""
        end = time.monotonic() + seconds
        while True:
            now = self.status()
            if (now["connections"], now["streams"]) == (0, 0) or time.monotonic() > end:
                return now
            time.sleep(0.1)

    def server_pid(self):
        """The process whose sockets are the server's: the simulator itself on CPython, the
        MicroPython interpreter it started otherwise."""
        if self.interpreter == "cpython":
            return self.process.pid
        path = "/proc/%d/task/%d/children" % (self.process.pid, self.process.pid)
        with open(path) as children:
            return int(children.read().split()[0])

    def descriptors(self):
        return len(os.listdir("/proc/%d/fd" % self.server_pid()))

    # -- the network -----------------------------------------------------------------------

    def request(self, method, path, body=None, headers=None, source="127.0.0.1"):
        """(status, headers, body bytes) of one request; `body` a dict is sent as JSON."""
        sent = dict(headers or {})
        data = body
        if isinstance(body, dict):
            data = json.dumps(body).encode()
            sent.setdefault("Content-Type", "application/json")
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=20, source_address=(source, 0)
        )
        try:
            connection.request(method, path, body=data, headers=sent)
            answer = connection.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read()
        finally:
            connection.close()

    def call(self, method, path, body=None, headers=None, source="127.0.0.1"):
        """(status, the JSON answered)."""
        status, _, data = self.request(method, path, body, headers, source)
        return status, json.loads(data) if data else None

    def state(self):
        status, state = self.call("GET", "/api/state")
        assert status == 200, state
        return state

    def raw(self, data, read=True, seconds=20):
        """Sends bytes as they are on a new connection; the answer read until it closes."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=seconds) as sock:
            sock.sendall(data)
            if not read:
                return b""
            got = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    return got
                got += chunk

    def pair(self, name="test phone", source="127.0.0.1"):
        """Pairs a phone as a player does: the page asks, the player holds 0 on the board and
        keys the code the page shows; the page collects its token."""
        status, asked = self.call("POST", "/api/pair", {"name": name}, source=source)
        assert status == 202, asked
        self.keys("hold:0 %s %s" % (asked["code"][0], asked["code"][1]))
        return self.collect(asked["request"], source)

    def collect(self, request, source="127.0.0.1", seconds=15):
        end = time.monotonic() + seconds
        while True:
            status, got = self.call("POST", "/api/pair/token", {"request": request}, source=source)
            if status != 202 or time.monotonic() > end:
                assert status == 200, (status, got)
                return got["token"]
            time.sleep(0.1)

    def wait_for_state(self, check, seconds=15):
        return _until(self.state, check, seconds, "state")


def _until(read, check, seconds, what):
    """read() again until check() takes it; an AssertionError with the last one after."""
    end = time.monotonic() + seconds
    while True:
        now = read()
        if check(now):
            return now
        if time.monotonic() > end:
            raise AssertionError("the %s never came: %r" % (what, now))
        time.sleep(0.05)


def builds_of(pid):
    """The board builds (build/board-*) that the processes started by `pid` run from: the
    MicroPython interpreter names its build on its command line. A board killed with its
    parent leaves its build behind; a test that kills one removes it."""
    found = set()
    for child in os.listdir("/proc"):
        try:
            with open("/proc/%s/stat" % child, "rb") as handle:
                parent = int(handle.read().rsplit(b")", 1)[1].split()[1])
            if parent != pid:
                continue
            with open("/proc/%s/cmdline" % child, "rb") as handle:
                words = handle.read().decode(errors="replace").split("\0")
        except (OSError, ValueError, IndexError):
            continue
        for word in words:
            if os.path.basename(word.rstrip("/")).startswith("board-"):
                found.add(word.rstrip("/"))
    return found
