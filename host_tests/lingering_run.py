"""What host_tests/test_nothing_survives.py runs through `bash tools/check only` and then
kills: one test that starts each kind of program the checks start (a Mosquitto broker, the
simulator serving its page, a MicroPython interpreter, a headless Chromium on that page),
says where they listen in the file named by LINGERING_REPORT, and waits to be killed. The
simulator and the interpreter are started plainly, with nothing tying them to this process:
only the check's PID namespace can stop them. Its name keeps it out of the normal run."""

import json
import os
import subprocess
import sys
import time

from broker import Broker, free_port, wait_for

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_start_everything_then_linger(tmp_path):
    from orphans import headless_chromium

    report = os.environ["LINGERING_REPORT"]
    started = {"pids": [os.getpid()], "ports": []}

    def say():
        with open(report + ".tmp", "w") as out:
            json.dump(started, out)
        os.replace(report + ".tmp", report)

    broker = Broker(tmp_path).start()
    started["ports"].append(broker.port)
    say()
    port = free_port()
    simulator = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "tools", "player", "simulator.py"), "--web", str(port),
         "--data", str(tmp_path / "saves")],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    told = simulator.stdout.readline()  # the console's lines first, as the board's
    while told and "the web page: " not in told:
        told = simulator.stdout.readline()
    address = told.split("the web page: ")[1].split()[0]
    started["ports"].append(int(address.rsplit(":", 1)[1].strip("/")))
    micropython = subprocess.Popen(
        [os.path.join(os.path.dirname(sys.executable), "micropython"), "-c",
         "import time\nwhile True: time.sleep(1)"],
    )  # fmt: skip
    started["pids"] += [simulator.pid, micropython.pid]
    say()
    browser = headless_chromium()
    browser.get(address)
    assert wait_for(lambda: browser.title)
    started["browser"] = True
    say()
    time.sleep(600)
