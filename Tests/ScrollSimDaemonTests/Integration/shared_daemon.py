"""A daemon shared by two users, measured against the release build (a step of .ci/run): another
user's GetCounts polling alone, then while this user runs two 3,600 s Advances, and while it
edits 100,000 items of a 1,890,000-item simulation (appends and deletes, applied off the loop),
with GetStatus probed meanwhile. Prints the figures and the goals (docs/reliability.md); fails
only when a reply is wrong, the daemon dies, or a bound ten times the goal is passed (timing on
a shared machine is not a test). Needs root (the other user is "nobody", through setuid).
Usage: shared_daemon.py SCROLLSIMD [--seconds S]"""
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

binary = sys.argv[1]
seconds = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 4.0
work = tempfile.mkdtemp(prefix="scrollsim-shared-")
os.chmod(work, 0o755)
sock = os.path.join(work, "d.sock")
with open(os.path.join(work, "scrollsimd.conf"), "w") as f:
    f.write("[Daemon]\nSocketMode=0666\n[Limits]\nMaxItemsPerUser=100000000\n")
daemon = subprocess.Popen([binary, "--socket", sock, "--no-state", "--config", os.path.join(work, "scrollsimd.conf")],
                          stderr=open(os.path.join(work, "daemon.log"), "w"))
M = "io.scrollsim.Simulator."


def connect():
    for _ in range(400):
        try:
            s = socket.socket(socket.AF_UNIX)
            s.connect(sock)
            return s
        except OSError:
            time.sleep(0.025)
    raise SystemExit("the daemon did not start")


def call(c, method, **parameters):
    c.sendall(json.dumps({"method": M + method, "parameters": parameters}).encode() + b"\0")
    data = b""
    while not data.endswith(b"\0"):
        chunk = c.recv(1 << 20)
        if not chunk:
            raise SystemExit(f"the daemon closed the connection during {method}")
        data += chunk
    return json.loads(data[:-1])


def fail(message):
    print("FAIL: " + message, flush=True)
    daemon.kill()
    sys.exit(1)


main = connect()
live = call(main, "ListSimulations")["parameters"]["simulations"][0]["simulation"]
REQUEST = json.dumps({"method": M + "GetCounts", "parameters": {"simulation": live}}).encode() + b"\0"


def poller(duration, results):
    os.setgid(65534)
    os.setuid(65534)
    connections = [connect() for _ in range(16)]
    latencies, wrong = [], 0
    end = time.monotonic() + duration
    while time.monotonic() < end:
        for c in connections:
            started = time.perf_counter()
            c.sendall(REQUEST)
            data = b""
            while not data.endswith(b"\0"):
                data += c.recv(1 << 16)
            latencies.append(time.perf_counter() - started)
            wrong += b'"total"' not in data
    results.put((latencies, wrong))


def measure(label):
    """Four processes of the other user, 16 connections each, polling for `seconds`."""
    results = multiprocessing.Queue()
    processes = [multiprocessing.Process(target=poller, args=(seconds, results)) for _ in range(4)]
    for p in processes:
        p.start()
    gathered = [results.get(timeout=seconds * 10 + 30) for _ in processes]
    for p in processes:
        p.join()
    latencies = sorted(x for lat, _ in gathered for x in lat)
    if sum(w for _, w in gathered):
        fail(f"{label}: GetCounts answered without counts")
    rate, p99 = len(latencies) / seconds, latencies[int(len(latencies) * 0.99)] * 1000
    print(f"{label}: {rate:,.0f} GetCounts/s, p99 {p99:.2f} ms", flush=True)
    return rate, p99


def verdict(label, alone, busy):
    throughput, tail = busy[0] / alone[0], busy[1] / alone[1]
    ok = throughput >= 0.5 and tail <= 2
    print(f"  {label}: throughput x{throughput:.2f} (goal >= 0.5), p99 x{tail:.2f} (goal <= 2): {'ok' if ok else 'MISSED'}",
          flush=True)
    if throughput < 0.05:
        fail(f"{label}: the other user's GetCounts fell to x{throughput:.2f}")


alone = measure("another user's GetCounts, alone")

ids = [call(main, "OpenSimulation", scenario="home")["parameters"]["simulation"]["simulation"] for _ in range(2)]
advancing = []
for ident in ids:
    c = connect()
    c.sendall(json.dumps({"method": M + "Advance", "parameters": {"simulation": ident, "seconds": 3600}}).encode() + b"\0")
    advancing.append(c)
time.sleep(0.3)
verdict("two 3,600 s Advances of this user", alone, measure("... while this user runs two 3,600 s Advances"))
for c in advancing:
    c.close()
for ident in ids:
    call(main, "CloseSimulation", simulation=ident)

rows = {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                                       "heightDimension": {"absolute": 44}},
                  "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                               "heightDimension": {"fractionalHeight": 1}}}]}}
opened = call(main, "OpenSimulation", definition={"name": "rows", "sections": [
    {"id": "s", "items": {"count": 1_890_000}, "layout": rows}]})
big = opened["parameters"]["simulation"]["simulation"]
stop = threading.Event()
edits, status_waits = [], []


def editor():
    c = connect()
    while not stop.is_set():
        for kind in ("appendItems", "deleteItems"):
            started = time.monotonic()
            reply = call(c, "Perform", simulation=big, gesture={"apply": {kind: {"section": "s", "count": 100_000}}})
            if "error" in reply:
                edits.append(None)
                return
            edits.append(time.monotonic() - started)


def prober():
    c = connect()
    while not stop.is_set():
        started = time.monotonic()
        call(c, "GetStatus")
        status_waits.append(time.monotonic() - started)
        time.sleep(0.01)


threads = [threading.Thread(target=editor), threading.Thread(target=prober)]
for t in threads:
    t.start()
time.sleep(0.3)
busy = measure("... while this user edits 100,000 of 1,890,000 items")
stop.set()
for t in threads:
    t.join(timeout=60)
if None in edits or not edits:
    fail("an edit of 100,000 items was refused or none was answered")
verdict("100,000-item edits of this user", alone, busy)
worst = max(status_waits) * 1000
print(f"  {len(edits)} edits, {sum(edits) / len(edits) * 1000:.0f} ms each; GetStatus max {worst:.0f} ms over {len(status_waits)} "
      f"(goal < 100 ms): {'ok' if worst < 100 else 'MISSED'}", flush=True)
if worst > 1000:
    fail(f"GetStatus waited {worst:.0f} ms during the edits")
daemon.terminate()
if daemon.wait(timeout=10) != 0:
    fail("the daemon did not exit 0")
print("PASS")
