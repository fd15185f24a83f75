"""scrollsimd on the wire, self-bound (not socket-activated): pipelining, a stream holding the
calls behind it, clients vanishing mid-stream, slow stream readers, many connections, a second
daemon on the same socket, a stale socket file. Usage: protocol_test.py SCROLLSIMD WORKDIR"""
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from harness import SLOW, check, raw_call, start_daemon  # noqa: E402

binary, work = sys.argv[1], sys.argv[2]
sock_path = os.path.join(work, "d.sock")
config = os.path.join(work, "scrollsimd.conf")
with open(config, "w") as f:
    f.write("[Daemon]\nTickInterval=10ms\n[Limits]\nStreamQueue=64\nMaxOutputBuffer=64K\nMaxConnectionsPerUser=400\n")
log = open(os.path.join(work, "daemon.log"), "ab")


def start():
    return start_daemon(binary, sock_path, "--config", config, "--state-dir", os.path.join(work, "state"), log=log)[0]


def call(method, **parameters):
    return raw_call(sock_path, {"method": "io.scrollsim.Simulator." + method, "parameters": parameters})[0]


def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    buffers.pop(s.fileno(), None)
    s.connect(sock_path)
    s.settimeout(10)
    return s


buffers = {}


def read_messages(s, count):
    """Reads `count` messages from `s`, keeping what arrives beyond them for the next read."""
    buffer, messages = buffers.get(s.fileno(), b""), []
    while True:
        while len(messages) < count and b"\0" in buffer:
            message, buffer = buffer.split(b"\0", 1)
            messages.append(json.loads(message))
        if len(messages) == count:
            break
        chunk = s.recv(65536)
        if not chunk:
            break
        buffer += chunk
    buffers[s.fileno()] = buffer
    return messages


daemon = start()
mode = stat.S_IMODE(os.stat(sock_path).st_mode)
check("the self-bound socket is private to its user (0600)", mode == 0o600, oct(mode))

# Pipelining: 50 opens in one write come back in order, in as many replies.
opens = [{"method": "io.scrollsim.Simulator.OpenSimulation", "parameters": {"scenario": "workspace"}} for _ in range(50)]
replies = raw_call(sock_path, *opens[:50])
ids = [r["parameters"]["simulation"]["simulation"] for r in replies]
check("50 pipelined calls are answered in order", ids == [f"sim-{i}" for i in range(1, 51)], ids[:5])
for i in range(1, 51):
    call("CloseSimulation", simulation=f"sim-{i}")

# A stream holds the calls pipelined behind it until it ends.
call("OpenSimulation", scenario="home")  # sim-51
s = connect()
s.sendall(json.dumps({"method": "io.scrollsim.Simulator.Watch", "more": True,
                      "parameters": {"simulation": "sim-51", "events": False}}).encode() + b"\0"
          + json.dumps({"method": "io.scrollsim.Simulator.GetStatus"}).encode() + b"\0")
first = read_messages(s, 1)
check("the stream starts with the counts", first[0].get("continues") is True and "counts" in first[0]["parameters"], first)
call("CloseSimulation", simulation="sim-51")
rest = read_messages(s, 2)
check("closing the simulation ends the stream", rest[0]["parameters"].get("closed") is True and "continues" not in rest[0], rest)
check("then the call behind it is answered", "version" in rest[1]["parameters"], rest)
s.close()

# A client that vanishes mid-stream costs nothing.
for _ in range(20):
    s = connect()
    s.sendall(json.dumps({"method": "io.scrollsim.Simulator.Watch", "more": True, "parameters": {"interval": 0.01}}).encode() + b"\0")
    read_messages(s, 1)
    buffers.pop(s.fileno())
    s.close()
time.sleep(0.2 * SLOW)
status = call("GetStatus")["parameters"]
check("vanished stream readers are forgotten", status["streams"] == 0 and status["connections"] == 1, status)

# A slow reader: its queue is bounded; the events it missed are counted for it.
call("OpenSimulation", scenario="home")  # sim-52
slow = connect()
slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
slow.sendall(json.dumps({"method": "io.scrollsim.Simulator.Watch", "more": True, "parameters": {"simulation": "sim-52"}}).encode() + b"\0")
time.sleep(0.1)
for _ in range(6):
    call("Advance", simulation="sim-52", seconds=40)
    time.sleep(0.05)
started = time.time()
status = call("GetStatus")["parameters"]
check("the daemon answers others while a stream reader stalls (within 2 s)", time.time() - started < 2 * SLOW, time.time() - started)
slow.settimeout(2)
dropped, total = 0, 0
try:
    while True:
        messages = read_messages(slow, 1)
        if not messages:
            break
        total += 1
        dropped += messages[0]["parameters"].get("dropped", 0)
        if total > 5000:
            break
except socket.timeout:
    pass
events = call("GetEvents", simulation="sim-52", limit=1)["parameters"]["total"]
check("a stalled reader loses events and is told how many", dropped > 0 and total < events, (dropped, total, events))
slow.close()

# A long profile runs in slices: progress replies stream, other clients are answered meanwhile.
p = connect()
p.sendall(json.dumps({"method": "io.scrollsim.Simulator.Profile", "more": True,
                      "parameters": {"scenario": "home", "seconds": 120}}).encode() + b"\0")
latencies = []
for _ in range(5):
    started = time.time()
    call("GetStatus")
    latencies.append(time.time() - started)
    time.sleep(0.05)
check(f"the loop answers others while a profile runs (slowest {max(latencies) * 1000:.1f} ms)", max(latencies) < 1 * SLOW, latencies)
replies = []
while True:
    reply = read_messages(p, 1)[0]
    replies.append(reply)
    if not reply.get("continues"):
        break
progress = [r["parameters"]["progress"] for r in replies]
check("a profile with more streams rising progress, then the runs", len(replies) >= 3 and progress == sorted(progress)
      and len(replies[-1]["parameters"]["runs"]) == 9, (len(replies), progress[:5]))
p.close()
single = raw_call(sock_path, {"method": "io.scrollsim.Simulator.Profile", "parameters": {
    "scenario": "home", "seconds": 5, "policies": ["uikit", "targeted"], "viewports": [{"width": 390, "height": 844}]}}, timeout=60)
runs = single[0]["parameters"]["runs"]
check("a profile without more answers once", len(single) == 1 and [r["policy"] for r in runs] == ["uikit", "targeted"], single)
check("targeted re-queries fewer sections than uikit", runs[1]["counts"]["sectionProvider"] < runs[0]["counts"]["sectionProvider"], runs)

# Many connections at once, each answered.
sockets = [connect() for _ in range(300)]
for s in sockets:
    s.sendall(json.dumps({"method": "io.scrollsim.Simulator.GetStatus"}).encode() + b"\0")
answered = sum(1 for s in sockets if "version" in read_messages(s, 1)[0]["parameters"])
check("300 concurrent connections are all answered", answered == 300, answered)
for s in sockets:
    s.close()

# A poll repeated byte for byte is answered from the reply kept for the one before it, but only
# while nothing it reads has changed: changes made on another connection, changes pipelined
# between polls, and a close are all seen by the next poll.
sid = call("OpenSimulation", scenario="home")["parameters"]["simulation"]["simulation"]
poller = connect()
poll = json.dumps({"method": "io.scrollsim.Simulator.GetCounts", "parameters": {"simulation": sid}}).encode() + b"\0"


def polled(count=1, then=b""):
    poller.sendall(poll * count + then)
    return read_messages(poller, count)


first = polled(3)
call("Perform", simulation=sid, gesture={"fling": {"section": "company", "velocity": -3000}})
call("Advance", simulation=sid, seconds=2)
after = polled(2)
fresh = call("GetCounts", simulation=sid)
check("repeated polls follow a change made on another connection",
      first[0] == first[1] == first[2] and after[0] == after[1] == fresh and after[0] != first[0], (first[0], after[0], fresh))
changes = [{"method": "io.scrollsim.Simulator.Perform", "parameters": {"simulation": sid, "gesture": {"fling": {"section": "company", "velocity": 3000}}}},
           {"method": "io.scrollsim.Simulator.Advance", "parameters": {"simulation": sid, "seconds": 1}}]
poller.sendall(poll + b"".join(json.dumps(c).encode() + b"\0" for c in changes) + poll * 2)
pipelined = read_messages(poller, 5)
check("a change pipelined between polls is seen by the polls after it",
      pipelined[0] == after[0] and pipelined[3] == pipelined[4] == call("GetCounts", simulation=sid) != after[0], pipelined)
call("CloseSimulation", simulation=sid)
gone = polled(2)
check("a repeated poll of a closed simulation is NoSuchSimulation",
      all(r.get("error") == "io.scrollsim.Simulator.NoSuchSimulation" for r in gone), gone)
poller.close()

# A client that sends a oneway call and leaves: the call still takes effect.
s = connect()
s.sendall(json.dumps({"method": "io.scrollsim.Simulator.OpenSimulation", "oneway": True, "parameters": {"scenario": "modern"}}).encode() + b"\0")
s.close()
time.sleep(0.2 * SLOW)
names = [x["scenario"] for x in call("ListSimulations")["parameters"]["simulations"]]
check("a oneway call from a client that left still takes effect", "modern" in names, names)

# A second daemon on the same socket refuses to start; the first keeps serving.
second = subprocess.run([binary, "--socket", sock_path, "--no-state", "--config", config], capture_output=True, timeout=10 * SLOW)
check("a second daemon on a served socket exits with a clear error",
      second.returncode != 0 and b"served by another process" in second.stderr, second.stderr)
check("the first keeps serving", "version" in call("GetStatus")["parameters"])

# A stale socket file (kill -9 leaves it) is replaced on start.
daemon.send_signal(signal.SIGKILL)
daemon.wait()
check("kill -9 leaves the socket file", os.path.exists(sock_path))
daemon = start()
check("a restart replaces the stale socket", "version" in call("GetStatus")["parameters"])
daemon.send_signal(signal.SIGTERM)
check("SIGTERM exits 0", daemon.wait(timeout=5 * SLOW) == 0)
check("the self-bound socket is removed at exit", not os.path.exists(sock_path))
print("PASS")
