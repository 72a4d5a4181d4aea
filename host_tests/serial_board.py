"""A MicroPython board on a serial line, for the deploy's tests with the real mpremote.

No ESP32 is attached here, so the nearest thing stands in: MicroPython's unix port, a folder
mounted as its flash ("/", as littlefs is on the board), its console on a pseudo-terminal,
and a second pseudo-terminal for the laptop (`port`, which mpremote opens like /dev/ttyACM0).
A relay between the two is the USB cable: `pull_cable` drops the line and the board's power
with it (a board fed by USB), `power_on` boots it again and `plug_in` gives a new line.

What is the board's own: the raw REPL that mpremote drives (MicroPython's pyexec), the file
writes and hashes mpremote's code makes, main.py and the firmware run as they are, Ctrl-C as
an interrupt. What the rig adds, as the ESP32's port does in C: a soft reset in the raw REPL
(the unix port exits; the rig starts it again, prints "soft reboot" and enters the raw REPL),
machine.reset() (a new boot that runs main.py), the chip's name. What is not modelled:
littlefs keeps a file's old contents until it is closed, where a folder keeps the bytes
written so far, so a cut here leaves more damage than on the chip, not less.
"""

import os
import pty
import select
import signal
import sys
import termios
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BOOT = os.path.join(HERE, "serial_board_boot.py")
SHIMS = os.path.join(ROOT, "tools", "host_shims")
REBOOT = 98  # serial_board_boot.py's exit status for machine.reset()
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")


class SerialBoard:
    def __init__(self, flash, chip="ESP32S3", heap="2040K"):
        self.flash = str(flash)
        self.chip = chip
        self.heap = heap
        self.console = bytearray()  # everything the board printed, across boots
        self.sent = bytearray()  # everything the laptop sent since plug_in
        self.garble_at = None
        self.cut_at = None  # (marker, bytes after it, nth): see cut_after
        self.child = None
        self.board_fd = None
        self.raw_pending = False
        self.since_boot = bytearray()
        self.laptop_fd = None
        self.laptop_end = None
        self.port = None
        self.lock = threading.Lock()
        self.stopping = False
        self.relay = threading.Thread(target=self._relay, daemon=True)
        self.relay.start()

    # The cable and the power.

    def plug_in(self):
        with self.lock:
            self.laptop_fd, self.laptop_end = os.openpty()
            tty.setraw(self.laptop_end)
            self.port = os.ttyname(self.laptop_end)
            self.sent = bytearray()
        return self.port

    def power_on(self, mode="boot"):
        """mode "boot" runs main.py, as after a reset; "raw" enters the raw REPL, as after a
        soft reset there."""
        pid, fd = pty.fork()
        if pid == 0:  # the board: a UART passes every byte; Ctrl-C interrupts as on the chip
            tty.setraw(0)
            attributes = termios.tcgetattr(0)
            attributes[3] |= termios.ISIG
            termios.tcsetattr(0, termios.TCSANOW, attributes)
            os.execv(
                MICROPYTHON,
                [MICROPYTHON, "-X", "heapsize=" + self.heap, "-i", BOOT]
                + [SHIMS, self.flash, self.chip, mode],
            )
        with self.lock:
            self.child, self.board_fd = pid, fd
            # The raw REPL is entered once the REPL reads (a byte sent before its first
            # prompt would meet a terminal not yet set up).
            self.raw_pending = mode == "raw"
            self.since_boot = bytearray()

    def power_off(self):
        with self.lock:
            child, fd = self.child, self.board_fd
            self.child = self.board_fd = None
        if child:
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(child, 0)
            os.close(fd)

    def pull_cable(self):
        """The laptop's line is gone mid-byte and the board with it (fed by the same USB)."""
        with self.lock:
            laptop, end = self.laptop_fd, self.laptop_end
            self.laptop_fd = self.laptop_end = None
        if laptop is not None:
            os.close(laptop)
            os.close(end)
        self.power_off()

    def cut_after(self, marker, count, nth=1):
        """Pull the cable once the laptop has sent `marker` for the nth time and `count`
        bytes more."""
        self.cut_at = (marker, count, nth)

    def garble_after(self, marker):
        """Change one byte the laptop sends once `marker` has passed, as a noisy line might:
        a hex digit of the first escaped byte after it (mpremote sends a file's bytes as
        b'\\x..' literals), so the board writes a wrong byte and runs no wrong code."""
        self.garble_at = marker

    def close(self):
        self.stopping = True
        self.pull_cable()
        self.relay.join(5)

    # What the board printed.

    def wait_for(self, *texts, timeout=20):
        """The first of texts the board printed since it last booted, or None by timeout."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for text in texts:
                if text.encode() in self.since_boot:
                    return text
            time.sleep(0.02)
        return None

    def shown(self):
        """What the board printed since it last booted."""
        return self.since_boot.decode(errors="replace")

    def interrupt(self):
        """Ctrl-C from a terminal on the line, as a maker stops the board's program."""
        with self.lock:
            if self.board_fd is not None:
                os.write(self.board_fd, b"\x03")

    # The relay: the cable, and the ESP32's resets.

    def _relay(self):
        while not self.stopping:
            with self.lock:
                fds = [fd for fd in (self.board_fd, self.laptop_fd) if fd is not None]
            if not fds:
                time.sleep(0.01)
                continue
            try:
                ready = select.select(fds, [], [], 0.02)[0]
            except (OSError, ValueError):
                continue
            for fd in ready:
                if fd == self.board_fd:
                    self._from_board(fd)
                elif fd == self.laptop_fd:
                    self._from_laptop(fd)

    def _from_board(self, fd):
        try:
            data = os.read(fd, 4096)
        except OSError:
            data = b""
        if data:
            self.console += data
            self.since_boot += data
            with self.lock:
                if self.laptop_fd is not None:
                    os.write(self.laptop_fd, data)
                if self.raw_pending and b">>> " in self.since_boot:
                    self.raw_pending = False
                    os.write(fd, b"\x01")
            return
        self._restart()

    def _restart(self):
        """The board's process ended: a soft reset in the raw REPL (status 0) or
        machine.reset(); anything else is a crash the test sees on the console."""
        with self.lock:
            child, fd = self.child, self.board_fd
            if child is None:
                return
            self.child = self.board_fd = None
        status = os.waitpid(child, 0)[1]
        os.close(fd)
        code = os.waitstatus_to_exitcode(status)
        if code == 0:
            with self.lock:
                if self.laptop_fd is not None:
                    os.write(self.laptop_fd, b"soft reboot\r\n")
            self.power_on("raw")
        elif code == REBOOT:
            self.power_on("boot")
        else:
            self.console += b"\n[the board's process ended with status %d]\n" % code

    def _from_laptop(self, fd):
        try:
            data = os.read(fd, 4096)
        except OSError:
            return
        self.sent += data
        if self.garble_at and self.garble_at in self.sent:
            data = self._garbled(data)
        at = self._marker_end()
        if at is not None:
            allowed = at + self.cut_at[1]
            passed = len(self.sent) - len(data)
            data = data[: max(0, allowed - passed)]
            if len(self.sent) >= allowed:
                self.cut_at = None
                self._to_board(data)
                self.pull_cable()
                return
        self._to_board(data)

    def _garbled(self, data):
        start = len(self.sent) - len(data)
        escape = self.sent.find(b"\\x", self.sent.index(self.garble_at))
        if escape >= 0 and escape + 2 < len(self.sent) and escape + 2 >= start:
            digit = escape + 2
            self.sent[digit] = ord("1") if self.sent[digit] != ord("1") else ord("2")
            self.garble_at = None
            return bytes(self.sent[start:])
        return data

    def _marker_end(self):
        """Where the cut's marker ends in what was sent, once sent nth times; else None."""
        if not self.cut_at:
            return None
        marker, _, nth = self.cut_at
        at = -1
        for _ in range(nth):
            at = self.sent.find(marker, at + 1)
            if at < 0:
                return None
        return at + len(marker)

    def _to_board(self, data):
        with self.lock:
            if self.board_fd is not None and data:
                os.write(self.board_fd, data)
