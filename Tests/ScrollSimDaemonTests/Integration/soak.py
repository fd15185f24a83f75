"""A soak run of scrollsimd (issue 19): many live viewports, Watch streams (prompt and slow
readers), a churn of clients opening, performing on, advancing and closing simulations,
profiles, all at once for a configurable time; then a SIGTERM and a restart from the state file.
Prints GetStatus latency percentiles, RSS and state-file size over time, how far the live
viewports trail real time, and the restart's times. Fails only if the daemon dies, stops
answering (a GetStatus over 5 s), or loses a simulation across the restart: the figures are for
reading, not asserting (machines differ).

Usage: soak.py SCROLLSIMD [--seconds 60] [--viewports 1000] [--streams 200] [--work DIR]
  .ci/run: 60 s against the debug build; by hand: hours against `swift build -c release`."""
import argparse
import json
import multiprocessing
import os
import selectors
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from harness import raw_call, start_daemon  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("--seconds", type=float, default=60)
parser.add_argument("--viewports", type=int, default=1000)
parser.add_argument("--streams", type=int, default=200)
parser.add_argument("--work")
parser.add_argument("--restore-wait", type=float, default=120,
                    help="how long to wait for the restart's background restore to finish")
args = parser.parse_args()
work = args.work or tempfile.mkdtemp(prefix="scrollsim-soak-")
sock = os.path.join(work, "soak.sock")
state = os.path.join(work, "state")
config = os.path.join(work, "soak.conf")
with open(config, "w") as f:
    f.write("[Live]\nSimulation=\n[Limits]\n"
            f"MaxSimulations={args.viewports + 200}\nMaxStreams={args.streams + 50}\nMaxConnections=1024\n"
            "MaxConnectionsPerUser=1000\nMaxJobs=4\nMaxJobsPerUser=4\nMaxRequestsPerSecond=0\n")
log = open(os.path.join(work, "daemon.log"), "ab")
M = "io.scrollsim.Simulator."


def start():
    """The daemon, how long it took to answer, and its first status."""
    process, took = start_daemon(args.binary, sock, "--state-dir", state, "--config", config, log=log, timeout=60)
    return process, took, call("GetStatus")["parameters"]


def call(method, timeout=30, **parameters):
    return raw_call(sock, {"method": M + method, "parameters": parameters}, timeout=timeout)[0]


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS")) / 1024


daemon, _, _ = start()
viewports = [(375, 667), (390, 844), (430, 932), (820, 1180)]
opened = time.monotonic()
for k in range(args.viewports):
    width, height = viewports[k % len(viewports)]
    reply = call("OpenSimulation", scenario=["home", "shop-home", "modern"][k % 3], clock="realtime",
                 viewport={"width": width, "height": height}, seed=k)
    if "error" in reply:
        raise SystemExit(f"OpenSimulation of live viewport {k}: {reply}")
print(f"opened {args.viewports} live viewports in {time.monotonic() - opened:.1f} s")
live_ids = [s["simulation"] for s in call("ListSimulations")["parameters"]["simulations"]]

# Streams: three in four read promptly, the rest read a little once a second (slow readers the
# daemon must not wait for). In a process of their own: reading hundreds of MB in this one would
# hold Python's lock and make the probe's timings the client's, not the daemon's.
stream_bytes = multiprocessing.Value("d", 0)
streams_stop = multiprocessing.Event()


def streams():
    selector = selectors.DefaultSelector()
    slow = []
    for k in range(args.streams):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(sock)
        target = {"simulation": live_ids[k % len(live_ids)]} if k % 2 else {}
        s.sendall(json.dumps({"method": M + "Watch", "parameters": {"interval": 0.1, **target}, "more": True}).encode()
                  + b"\0")
        s.setblocking(False)
        if k % 4 == 3:
            slow.append(s)
        else:
            selector.register(s, selectors.EVENT_READ)
    last_slow = time.monotonic()
    while not streams_stop.is_set():
        for key, _ in selector.select(timeout=0.2):
            try:
                chunk = key.fileobj.recv(1 << 16)
                with stream_bytes.get_lock():
                    stream_bytes.value += len(chunk)
            except BlockingIOError:
                pass
            except OSError:
                selector.unregister(key.fileobj)
        if time.monotonic() - last_slow >= 1:
            last_slow = time.monotonic()
            for s in slow:
                try:
                    chunk = s.recv(4096)
                    with stream_bytes.get_lock():
                        stream_bytes.value += len(chunk)
                except (BlockingIOError, OSError):
                    pass


# Churn: open, perform, advance, read, close, over and over; and profiles back to back. Also
# in a process of their own, with their counters shared.
churned = multiprocessing.Value("i", 0)
profiles = multiprocessing.Value("i", 0)
error_count = multiprocessing.Value("i", 0)


def churn(index):
    while not streams_stop.is_set():
        try:
            reply = call("OpenSimulation", scenario=["home", "workspace", "shop-home"][index % 3], seed=index)
            if "error" in reply:
                if not streams_stop.is_set():
                    note_error(f"churn open: {reply}")
                time.sleep(0.5)
                continue
            sid = reply["parameters"]["simulation"]["simulation"]
            call("Perform", simulation=sid, gesture={"fling": {"velocity": -2500}})
            call("Advance", simulation=sid, seconds=2)
            call("GetCounts", simulation=sid)
            call("CloseSimulation", simulation=sid)
            with churned.get_lock():
                churned.value += 1
        except OSError as error:
            if not streams_stop.is_set():  # the daemon stopping under a client is expected at the end
                note_error(f"churn: {error}")
            time.sleep(0.5)


def note_error(text):
    with error_count.get_lock():
        error_count.value += 1
        if error_count.value == 1:
            print(f"first error: {text}", flush=True)


def profile():
    while not streams_stop.is_set():
        try:
            reply = call("Profile", timeout=600, scenario="home", seconds=10, viewports=[{"width": 390, "height": 844}])
        except OSError as error:
            reply = {"error": str(error)}
        if "error" in reply:
            if not streams_stop.is_set():
                note_error(f"profile: {reply}")
            time.sleep(1)
        else:
            with profiles.get_lock():
                profiles.value += 1


def clients():
    threads = [threading.Thread(target=profile, daemon=True)]
    threads += [threading.Thread(target=churn, args=(k,), daemon=True) for k in range(4)]
    for t in threads:
        t.start()
    streams_stop.wait()


loaders = [multiprocessing.Process(target=streams, daemon=True), multiprocessing.Process(target=clients, daemon=True)]
for process in loaders:
    process.start()

# The probe: GetStatus every 100 ms; RSS, state-file size and lag sampled along the way.
waits, connects, samples = [], [], []
daemon_wait_max = daemon_busy_max = 0.0
began = time.monotonic()
next_sample = began
while time.monotonic() - began < args.seconds:
    started = time.monotonic()
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(5)
    probe.connect(sock)
    connected = time.monotonic()
    probe.sendall(json.dumps({"method": M + "GetStatus"}).encode() + b"\0")
    reply = b""
    while not reply.endswith(b"\0"):
        chunk = probe.recv(1 << 16)
        if not chunk:
            raise SystemExit("FAIL: the daemon closed the probe's connection")
        reply += chunk
    probe.close()
    status = json.loads(reply[:-1])["parameters"]
    waits.append(time.monotonic() - started)
    connects.append(connected - started)
    # The daemon's own view (10 s windows): the longest dispatch wait and loop turn seen.
    daemon_wait_max = max(daemon_wait_max, status["calls"]["waitMaxMs"])
    daemon_busy_max = max(daemon_busy_max, status["calls"]["busyTurnMaxMs"])
    if time.monotonic() >= next_sample:
        next_sample += max(1.0, args.seconds / 12)
        samples.append((time.monotonic() - began, rss_mb(daemon.pid), status["state"]["fileBytes"] / 1e6,
                        status["ticks"]["behindMs"] / 1000))
    if daemon.poll() is not None:
        raise SystemExit(f"scrollsimd died with {daemon.returncode} (log: {log.name})")
    time.sleep(0.1)
streams_stop.set()
final = call("GetStatus")["parameters"]
simulations_before = sorted(s["simulation"] for s in call("ListSimulations")["parameters"]["simulations"])

started = time.monotonic()
daemon.send_signal(signal.SIGTERM)
daemon.wait(timeout=60)
stopped = time.monotonic() - started
state_bytes = os.path.getsize(os.path.join(state, "simulations.log"))
daemon, ready, restarted = start()
simulations_after = sorted(s["simulation"] for s in call("ListSimulations")["parameters"]["simulations"])
restoring = restarted["state"]["restoring"]
restore_started = time.monotonic()
left = restoring
while left > 0 and time.monotonic() - restore_started < args.restore_wait:
    time.sleep(0.2)
    left = call("GetStatus")["parameters"]["state"]["restoring"]
restored = time.monotonic() - restore_started
daemon.send_signal(signal.SIGTERM)
daemon.wait(timeout=60)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000


print(f"soak: {args.seconds:.0f} s, {args.viewports} live viewports, {args.streams} Watch streams "
      f"({args.streams // 4} slow readers), 4 churning clients, profiles back to back")
print(f"GetStatus: {len(waits)} probes, p50 {percentile(waits, 0.5):.1f} ms, p99 {percentile(waits, 0.99):.1f} ms, "
      f"max {max(waits) * 1000:.1f} ms (as the client saw it; of which connecting: max {max(connects) * 1000:.1f} ms); in the daemon: call wait max {daemon_wait_max:.1f} ms, "
      f"loop busy max {daemon_busy_max:.1f} ms (p99 over the last 10 s: {final['calls']['busyTurnP99Ms']:.1f} ms)")
print(f"work done: {churned.value} open/perform/advance/read/close cycles, {profiles.value} profiles, "
      f"{stream_bytes.value / 1e6:.1f} MB of stream replies, {final['state']['records']} records in "
      f"{final['state']['syncs']} fdatasyncs")
print("   t s    RSS MB   state MB   live behind s")
for t, rss, size, behind in samples:
    print(f"{t:6.0f}  {rss:8.1f}  {size:9.2f}  {behind:13.1f}")
print(f"stop: SIGTERM exit in {stopped:.2f} s, state file {state_bytes / 1e6:.2f} MB; restart: first reply in "
      f"{ready * 1000:.0f} ms with {restoring} simulations restoring, "
      + (f"all restored {restored:.1f} s later" if left == 0 else f"{left} still restoring after {restored:.0f} s"))
if error_count.value:
    print(f"{error_count.value} client errors (the first is printed above)")
lost = set(simulations_before) - set(simulations_after)
if lost:
    raise SystemExit(f"FAIL: {len(lost)} simulations lost across the restart, e.g. {sorted(lost)[:3]}")
if max(waits) > 5:
    raise SystemExit("FAIL: a GetStatus took over 5 s")
if not args.work:
    shutil.rmtree(work, ignore_errors=True)
print("PASS")
