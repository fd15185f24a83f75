"""Shared pieces of the scrollsimd integration tests: a NOTIFY_SOCKET listener, a raw Varlink
client, and a daemon started under systemd-socket-activate as systemd would start it."""
import atexit
import json
import os
import signal
import socket
import subprocess
import threading
import time

# The usual umask, whatever the test runner had: in-process tests set a narrow one for a moment
# while they bind a socket, and a script started in that moment would pass it on to the daemon.
os.umask(0o022)

# Set by the sanitizer runs: memory and timing figures are then the sanitizer's, not ours, so the
# scripts print them without asserting their bounds.
SANITIZED = bool(os.environ.get("SCROLLSIM_SANITIZED"))

# What a fixed piece of CPU work takes on an idle 2-core machine (measured there: 0.077-0.082 s).
CALIBRATION_REFERENCE_SECONDS = 0.08


def _calibrate():
    """How much slower than an idle machine this one is right now (at least 1): a fixed piece of
    work timed at the start, best of three. Time bounds are multiplied by it, so a machine busy
    with other jobs waits longer instead of failing; the scripts print it with their figures."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        total = 0
        for i in range(400_000):
            total += i * i % 7
        best = min(best, time.perf_counter() - started)
    return max(1.0, best / CALIBRATION_REFERENCE_SECONDS)


CALIBRATION = _calibrate()
# How much longer to wait for anything: the calibration, times 12 under a sanitizer (5-15 times
# slower, and sharing the machine with the rest of the suite). Time bounds in the scripts are
# stall detectors, an order of magnitude past the goals (a machine can get busy after the
# calibration); the goals themselves are printed as figures and measured by the benchmarks.
SLOW = (12 if SANITIZED else 1) * CALIBRATION
print(f"calibration: this machine is {CALIBRATION:.2f}x an idle one; time bounds x{SLOW:.1f}")


_children = []


def track(process):
    """Registers a daemon to be killed when the script ends, passed or failed, so a failing
    check does not leave it running (and slowing everything after it)."""
    _children.append(process)
    return process


@atexit.register
def _kill_children():
    for process in _children:
        if process.poll() is None:
            process.kill()
            process.wait()


class NotifyListener:
    """The service manager's side of sd_notify: a datagram socket that records each message."""

    def __init__(self, path):
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(path)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        self.messages = []
        # (time.monotonic() at arrival, message), for gaps between watchdog pings.
        self.stamped = []
        self.lock = threading.Lock()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        while True:
            try:
                data, _, _, _ = self.sock.recvmsg(4096, socket.CMSG_SPACE(12))
            except OSError:
                return
            with self.lock:
                self.messages.append(data.decode())
                self.stamped.append((time.monotonic(), data.decode()))

    def assignments(self):
        with self.lock:
            return [line for message in self.messages for line in message.split("\n")]

    def watchdog_gap(self, since):
        """The longest time without a WATCHDOG=1 ping after `since` (monotonic), up to now."""
        with self.lock:
            pings = [at for at, message in self.stamped if at >= since and "WATCHDOG=1" in message.split("\n")]
        marks = [since, *pings, time.monotonic()]
        return max(b - a for a, b in zip(marks, marks[1:]))

    def wait_for(self, line, timeout=10 * SLOW, after=0):
        """Waits until an assignment equal to `line` (or starting with it, for KEY=) arrives
        after the first `after` assignments; returns its index."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            seen = self.assignments()
            for index in range(after, len(seen)):
                if seen[index] == line or (line.endswith("=") and seen[index].startswith(line)):
                    return index
            time.sleep(0.02)
        raise AssertionError(f"no {line!r} from sd_notify within {timeout}s; got {self.assignments()[after:]}")


def raw_call(path, *messages, read=None, timeout=5 * SLOW):
    """Sends raw messages (dicts as JSON, bytes as they are) on one connection and returns the
    replies as dicts, or the string "closed" where the daemon closed the connection."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.connect(path)
    expected = read if read is not None else sum(
        1 for m in messages if isinstance(m, dict) and not m.get("oneway"))
    replies, buffer = [], b""
    for message in messages:
        try:
            sock.sendall(message if isinstance(message, bytes) else json.dumps(message).encode() + b"\0")
        except (BrokenPipeError, ConnectionResetError):
            break  # the daemon closed the connection (read what it sent before)
    while len(replies) < expected:
        while b"\0" not in buffer:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                sock.close()
                return replies + ["closed"]
            buffer += chunk
        message, buffer = buffer.split(b"\0", 1)
        reply = json.loads(message)
        replies.append(reply)
    sock.close()
    return replies


def check(name, condition, detail=""):
    """One check of a script: prints "ok - name", or stops the script with what was found."""
    if not condition:
        raise AssertionError(f"{name}: {detail}")
    print(f"ok - {name}")


def start_daemon(binary, sock, *arguments, log, wrapper=(), timeout=10):
    """Starts scrollsimd on its own socket `sock` (a stale one removed first) with `arguments`,
    killed when the script ends, and returns (process, seconds it took) once it answers
    GetStatus. Stops the script if it exits or does not answer within `timeout` seconds (times
    SLOW)."""
    if os.path.exists(sock):
        os.unlink(sock)
    process = track(subprocess.Popen([*wrapper, binary, "--socket", sock, *arguments], stdout=log, stderr=log))
    started = time.monotonic()
    while time.monotonic() - started < timeout * SLOW:
        if process.poll() is not None:
            raise AssertionError(f"scrollsimd exited with {process.returncode} at start (log: {log.name})")
        if os.path.exists(sock):
            try:
                if "parameters" in raw_call(sock, {"method": "io.scrollsim.Simulator.GetStatus"}, timeout=timeout * SLOW)[0]:
                    return process, time.monotonic() - started
            except OSError:
                pass
        time.sleep(0.01)
    raise AssertionError(f"scrollsimd did not answer within {timeout * SLOW:.0f} s (log: {log.name})")


class Daemon:
    """scrollsimd under systemd-socket-activate: the socket exists first, the daemon is executed
    on the first connection with the socket as fd 3 named "varlink"."""

    def __init__(self, binary, work, config, watchdog_usec=2000000):
        self.binary, self.work, self.config = binary, work, config
        self.socket = os.path.join(work, "scrollsimd.sock")
        self.state = os.path.join(work, "state")
        self.notify = NotifyListener(os.path.join(work, f"notify-{time.time_ns()}.sock"))
        self.log = open(os.path.join(work, "daemon.log"), "ab")
        if os.path.exists(self.socket):
            os.unlink(self.socket)
        # systemd-socket-activate passes no environment but what -E names; sanitizer options
        # must reach a sanitized daemon.
        passed = [arg for name in ("ASAN_OPTIONS", "TSAN_OPTIONS") if name in os.environ
                  for arg in ("-E", f"{name}={os.environ[name]}")]
        self.process = track(subprocess.Popen(
            ["systemd-socket-activate", "-l", self.socket, "--fdname=varlink",
             "-E", f"NOTIFY_SOCKET={self.notify.path}", "-E", f"WATCHDOG_USEC={watchdog_usec}", *passed,
             binary, "--config", config, "--state-dir", self.state],
            stdout=self.log, stderr=self.log))
        deadline = time.time() + 10 * SLOW
        while not os.path.exists(self.socket):
            if time.time() > deadline:
                raise AssertionError("systemd-socket-activate did not create the socket")
            time.sleep(0.02)

    def call(self, method, parameters=None, **flags):
        message = {"method": "io.scrollsim.Simulator." + method}
        if parameters is not None:
            message["parameters"] = parameters
        message.update(flags)
        reply = raw_call(self.socket, message)[0]
        if reply == "closed":
            raise AssertionError(f"{method}: connection closed")
        return reply

    def signal(self, number):
        self.process.send_signal(number)

    def wait(self, timeout=10 * SLOW):
        return self.process.wait(timeout=timeout)

    def log_text(self):
        self.log.flush()
        with open(os.path.join(self.work, "daemon.log"), "rb") as f:
            return f.read().decode(errors="replace")

    def kill(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
