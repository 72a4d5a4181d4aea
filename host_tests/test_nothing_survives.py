"""Whatever stops the test command leaves nothing running. A run of `bash tools/check only
host_tests/lingering_run.py` (the command's own set-up and PID namespace, one test that
starts a broker, the simulator, a MicroPython interpreter and a browser, then waits) is
stopped at a random moment, by Ctrl-C (SIGINT to its process group), SIGTERM or SIGKILL of
the script, or SIGKILL or SIGTERM of pytest; then the programs carrying the run's mark in
their environment are counted, and the ports it listened on bound again."""

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import time
import uuid

import pytest

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = "NOTHING_SURVIVES_MARK"
# (the signal, whom it is sent to, when): every way of stopping a run, each at a random
# moment from the set-up on; the last two once all four programs are up, and a random
# moment after.
STOPS = (
    (signal.SIGINT, "group", "any time"),  # Ctrl-C in the terminal
    (signal.SIGTERM, "script", "any time"),
    (signal.SIGKILL, "script", "any time"),
    (signal.SIGKILL, "pytest", "any time"),
    (signal.SIGTERM, "pytest", "any time"),
    (signal.SIGKILL, "script", "all up"),
    (signal.SIGKILL, "pytest", "all up"),
)


def marked(mark):
    """The processes whose environment holds the run's mark: (pid, command line)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/environ" % name, "rb") as env:
                if (MARK + "=" + mark).encode() not in env.read().split(b"\0"):
                    continue
            with open("/proc/%s/cmdline" % name, "rb") as line:
                command = line.read().replace(b"\0", b" ").decode(errors="replace")
            with open("/proc/%s/stat" % name) as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    continue  # a zombie holds nothing but its entry
        except OSError:
            continue  # gone meanwhile, or not ours to read
        found.append((int(name), command.strip()))
    return found


def pytest_of(mark):
    for pid, command in sorted(marked(mark)):
        if " -m pytest " in command:
            return pid
    return None


def free(port):
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def as_from_a_terminal():
    # Started from a terminal's shell, the script hears Ctrl-C. Inside a test run SIGINT
    # may be ignored (tools/check's tiers run as a background job), and a shell cannot
    # trap a signal ignored when it started.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def all_up(report):
    if not os.path.exists(report):
        return False
    with open(report) as told:
        return json.load(told).get("browser", False)


def stopped_run(tmp_path, how, whom, when, delay):
    mark = uuid.uuid4().hex
    report = str(tmp_path / ("report-" + mark))
    env = dict(os.environ, LINGERING_REPORT=report)
    env[MARK] = mark
    env.pop("CHECK_CONTAINED", None)  # a run of its own: its own set-up and namespace
    with open(str(tmp_path / ("out-" + mark)), "w") as out:
        run = subprocess.Popen(
            ["bash", "tools/check", "only", "host_tests/lingering_run.py"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=as_from_a_terminal,
        )  # fmt: skip
        if when == "all up":
            end = time.monotonic() + 60
            while time.monotonic() < end and run.poll() is None and not all_up(report):
                time.sleep(0.05)
            assert all_up(report), open(out.name).read()[-2000:]
        end = time.monotonic() + delay
        while time.monotonic() < end and run.poll() is None:
            time.sleep(0.05)
        started = {"ports": []}
        if os.path.exists(report):
            with open(report) as told:
                started = json.load(told)
        before = len(marked(mark))
        if whom == "group":
            os.killpg(run.pid, how)
        elif whom == "script":
            run.send_signal(how)
        else:
            target = pytest_of(mark)
            if target is None:  # not started yet, or already gone: the script instead
                run.send_signal(how)
            else:
                os.kill(target, how)
        try:
            run.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            with open(out.name) as said:
                raise AssertionError("the run did not end: " + said.read()[-1500:]) from None
        # What is stopping may take a moment: a process tearing down gives up its memory (its
        # environment, which marks it) before its sockets, so both are watched to the end.
        deadline = time.monotonic() + 10
        while True:
            left = marked(mark)
            held = [port for port in started["ports"] if not free(port) and ours(port, mark)]
            if not (left or held) or time.monotonic() > deadline:
                return before, started, left, held
            time.sleep(0.1)


def ours(port, mark):
    """Whether what listens on the port is the run's (carries its mark): a port the run freed
    may be taken at once by another program, a test beside this one say, through bind(0)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as rows:
                for row in list(rows)[1:]:
                    fields = row.split()
                    if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":
                        inodes.add("socket:[%s]" % fields[9])
        except OSError:
            continue
    holders = set()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            for fd in os.listdir("/proc/%s/fd" % name):
                if os.readlink("/proc/%s/fd/%s" % (name, fd)) in inodes:
                    holders.add(int(name))
        except OSError:
            continue
    if not inodes:
        # Nothing listens there: only connections the killed programs left closing, which
        # the kernel holds, not a process (a fresh-clone run saw one on a killed broker's port).
        return False
    if not holders:
        return True  # listened on, but by whom cannot be seen: counted as the run's
    return bool(holders & {pid for pid, _ in marked(mark)})


def namespaces_allowed():
    """What tools/check's containment needs: util-linux's setpriv, and unshare allowed to
    make a PID namespace (as root, or through a user namespace)."""
    for extra in ([], ["--user", "--map-root-user"]):
        command = ["unshare"] + extra + ["--pid", "--fork", "--kill-child", "--mount-proc", "true"]
        try:
            if subprocess.run(command, capture_output=True).returncode == 0:
                return shutil.which("setpriv") is not None
        except OSError:
            return False
    return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="counts processes in /proc (Linux)")
@pytest.mark.skipif(
    not namespaces_allowed(),
    reason="no PID namespace here: tools/check says so at every run, and cannot promise this",
)
def test_a_test_run_stopped_at_random_moments_leaves_nothing_running(tmp_path):
    seed = random.randrange(1 << 30)
    chance = random.Random(seed)
    print("seed", seed)
    for how, whom, when in STOPS:
        # From the set-up to after everything started (about 8 s on 2 cores); once all is
        # up, up to 3 s more.
        delay = chance.uniform(0.5, 12.0) if when == "any time" else chance.uniform(0.0, 3.0)
        where = (signal.Signals(how).name, whom, when, round(delay, 1), seed)
        print("stopping", where)
        before, started, left, held = stopped_run(tmp_path, how, whom, when, delay)
        assert left == [], (where, before, left)
        assert held == [], (where, held)
        if when == "all up":
            assert started.get("browser") and len(started["ports"]) == 2, (where, started)
            assert before >= 6, (where, before)  # script, pytest, broker, simulator, ...
