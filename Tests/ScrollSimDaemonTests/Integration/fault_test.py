"""Faults: kill -9 during bursts of simulation writes (every acknowledged input survives, counts
identical, no partial files), SIGTERM under load (exit 0 within 2 s, every call answered or
cleanly failed), a full disk (a clear error to the caller, nothing corrupted, the daemon keeps
serving). Needs root for the small tmpfs. Usage: fault_test.py SCROLLSIMD WORKDIR"""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from harness import SANITIZED, SLOW, check, start_daemon  # noqa: E402

binary, work = sys.argv[1], sys.argv[2]
M = "io.scrollsim.Simulator."
log = open(os.path.join(work, "daemon.log"), "ab")


def start(sock, state, wrapper=()):
    return start_daemon(binary, sock, "--state-dir", state, "--config", os.path.join(work, "none.conf"), log=log,
                        wrapper=wrapper)[0]


class Connection:
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX)
        self.s.connect(path)
        self.s.settimeout(10)
        self.buffer = b""

    def call(self, method, **parameters):
        self.s.sendall(json.dumps({"method": M + method, "parameters": parameters}).encode() + b"\0")
        while b"\0" not in self.buffer:
            chunk = self.s.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)


# 1. kill -9 during bursts of writes.
sock, state = os.path.join(work, "k.sock"), os.path.join(work, "state-kill")
daemon = start(sock, state)
acked = {}
lock = threading.Lock()
stop = threading.Event()


def writer(seed):
    try:
        c = Connection(sock)
        ident = c.call("OpenSimulation", scenario="home", seed=seed)["parameters"]["simulation"]["simulation"]
        with lock:
            acked[ident] = (seed, 0)
        n = 0
        while not stop.is_set():
            reply = c.call("Advance", simulation=ident, seconds=0.5)
            if "error" in reply:
                return
            n += 1
            with lock:
                acked[ident] = (seed, n)
    except (OSError, ConnectionError, ValueError):
        return


threads = [threading.Thread(target=writer, args=(seed,)) for seed in range(8)]
for t in threads:
    t.start()
time.sleep(1.5)
daemon.send_signal(signal.SIGKILL)
daemon.wait()
stop.set()
for t in threads:
    t.join()
total_acked = sum(n for _, n in acked.values())
check(f"kill -9 during bursts: {len(acked)} simulations, {total_acked} acknowledged advances in flight", total_acked > 20, acked)
daemon = start(sock, state)
c = Connection(sock)
matched = 0
for ident, (seed, n) in sorted(acked.items()):
    restored = c.call("GetCounts", simulation=ident)
    check(f"{ident} came back", "parameters" in restored, restored)
    time_restored = [s for s in c.call("ListSimulations")["parameters"]["simulations"] if s["simulation"] == ident][0]["time"]
    steps = round(time_restored / 0.5)
    check(f"{ident}: every acknowledged input is there ({n} acknowledged, {steps} restored)", steps in (n, n + 1), (n, steps))
    reference = c.call("OpenSimulation", scenario="home", seed=seed)["parameters"]["simulation"]["simulation"]
    if steps:
        c.call("Advance", simulation=reference, seconds=0.5 * steps)
    same = c.call("GetCounts", simulation=reference)["parameters"] == restored["parameters"]
    matched += same
    c.call("CloseSimulation", simulation=reference)
check("restored counts are identical to a fresh run of the same inputs", matched == len(acked), (matched, len(acked)))
check("no partial files in the state directory", sorted(os.listdir(state)) == ["lock", "simulations.log"], os.listdir(state))

# 2. SIGTERM under load.
outcomes = {"replies": 0, "shutting down": 0, "closed": 0, "other": []}


def hammer():
    try:
        conn = Connection(sock)
        while True:
            reply = conn.call("GetCounts", simulation=sorted(acked)[0])
            with lock:
                if "parameters" in reply:
                    outcomes["replies"] += 1
                elif reply.get("error") == M + "ShuttingDown":
                    outcomes["shutting down"] += 1
                else:
                    outcomes["other"].append(reply)
    except (OSError, ConnectionError):
        with lock:
            outcomes["closed"] += 1


def streamer():
    try:
        conn = Connection(sock)
        conn.s.sendall(json.dumps({"method": M + "Watch", "more": True, "parameters": {"interval": 0.01}}).encode() + b"\0")
        while conn.s.recv(65536):
            pass
    except OSError:
        pass


load = [threading.Thread(target=hammer) for _ in range(32)] + [threading.Thread(target=streamer) for _ in range(16)]
for t in load:
    t.start()
time.sleep(1.0)
started = time.time()
daemon.send_signal(signal.SIGTERM)
code = daemon.wait(timeout=10 * SLOW)
elapsed = time.time() - started
for t in load:
    t.join(timeout=10 * SLOW)
check(f"SIGTERM under load (32 callers, 16 streams): exit {code} in {elapsed:.2f} s", code == 0 and elapsed < 2 * SLOW, (code, elapsed))
check(f"every call answered or cleanly failed ({outcomes['replies']} replies, {outcomes['shutting down']} ShuttingDown, "
      f"{outcomes['closed']} connections closed)", not outcomes["other"] and outcomes["replies"] > (10 if SANITIZED else 100), outcomes["other"][:3])

# 3. A full disk: the state directory on a 256 KiB tmpfs (in a private mount namespace).
sock, state = os.path.join(work, "f.sock"), os.path.join(work, "state-full")
os.makedirs(state)
wrapper = ("unshare", "-m", "--propagation", "private", "sh", "-c", f'mount -n -t tmpfs -o size=256k tmpfs "{state}" && exec "$@"', "sh")
daemon = start(sock, state, wrapper)
c = Connection(sock)
ident = c.call("OpenSimulation", scenario="workspace")["parameters"]["simulation"]["simulation"]
failed, acknowledged = None, 0
for i in range(20000):
    reply = c.call("Perform", simulation=ident, gesture={"tap": {"section": "channels", "item": 0}})
    if "error" in reply:
        failed = reply
        break
    acknowledged += 1
check(f"a full disk fails the call that cannot be written, after {acknowledged} written",
      failed and failed["error"] == M + "PersistenceFailed" and "no space left" in failed["parameters"]["message"].lower(), failed)
before = c.call("GetCounts", simulation=ident)["parameters"]
again = c.call("Perform", simulation=ident, gesture={"tap": {"section": "channels", "item": 0}})
check("the failed input changed nothing", again.get("error") == M + "PersistenceFailed" and c.call("GetCounts", simulation=ident)["parameters"] == before)
check("reads keep working on a full disk", "version" in c.call("GetStatus")["parameters"])
daemon.send_signal(signal.SIGKILL)
daemon.wait()
# The tmpfs went with the namespace; a fresh small one replays nothing, so check the log format
# instead by restarting on a directory copied while full: run it again, fill it, stop it with
# SIGTERM (its compaction may not fit) and restart in the same namespace.
# Both inline clients start by connecting, retrying while the daemon starts.
connect = f"""import json, socket, sys, time
path = sys.argv[1]
for _ in range({int(400 * SLOW)}):
    try:
        s = socket.socket(socket.AF_UNIX); s.connect(path); break
    except OSError:
        time.sleep(0.025)
"""
script = f'''mount -n -t tmpfs -o size=256k tmpfs "{state}" && "$@" & pid=$!
python3 - "{sock}" <<'PY'
{connect}buf = b""
def call(method, **p):
    global buf
    s.sendall(json.dumps({{"method": "io.scrollsim.Simulator." + method, "parameters": p}}).encode() + b"\\0")
    while b"\\0" not in buf:
        buf += s.recv(65536)
    m, buf = buf.split(b"\\0", 1)
    return json.loads(m)
ident = call("OpenSimulation", scenario="workspace")["parameters"]["simulation"]["simulation"]
n = 0
while "error" not in call("Perform", simulation=ident, gesture={{"tap": {{"section": "channels", "item": 0}}}}):
    n += 1
print(json.dumps({{"acked": n, "counts": call("GetCounts", simulation=ident)["parameters"]}}))
PY
kill -TERM $pid; wait $pid; echo "exit=$?"
"$@" & pid=$!
python3 - "{sock}" <<'PY'
{connect}s.sendall(b'{{"method":"io.scrollsim.Simulator.GetCounts","parameters":{{"simulation":"sim-1"}}}}\\0')
buf = b""
while b"\\0" not in buf:
    buf += s.recv(65536)
print(json.dumps({{"restored": json.loads(buf.split(b"\\0")[0])}}))
PY
kill -TERM $pid; wait $pid'''
if os.path.exists(sock):
    os.unlink(sock)
out = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", binary, "--socket", sock, "--state-dir",
                      state, "--config", os.path.join(work, "none.conf")], capture_output=True, text=True, timeout=120)
lines = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
check("after filling the disk and stopping, the daemon exited 0", "exit=0" in out.stdout, out.stdout + out.stderr[-2000:])
check("a restart on the full disk restores the last acknowledged state exactly",
      len(lines) == 2 and lines[1]["restored"].get("parameters") == lines[0]["counts"], (out.stdout[-800:], out.stderr[-800:]))

# 4. A disk full for a while: a 4 MiB state directory filled by another file for 4 s while a
# client keeps performing. Inputs are refused while it is full (PersistenceFailed, saying so),
# accepted again within 10 s once the file is gone, and after kill -9 a restart restores the last
# acknowledged state exactly.
recover = f'''mount -n -t tmpfs -o size=4m tmpfs "{state}" && "$@" & pid=$!
python3 - "{sock}" "{state}" <<'PY'
{connect}import os
buf = b""
def call(method, **p):
    global buf
    s.sendall(json.dumps({{"method": "io.scrollsim.Simulator." + method, "parameters": p}}).encode() + b"\\0")
    while b"\\0" not in buf:
        buf += s.recv(65536)
    m, buf = buf.split(b"\\0", 1)
    return json.loads(m)
ident = call("OpenSimulation", scenario="workspace")["parameters"]["simulation"]["simulation"]
tap = {{"tap": {{"section": "channels", "item": 0}}}}
acked, refused, messages, counts = 0, 0, set(), None
def perform():
    global acked, refused, counts
    reply = call("Perform", simulation=ident, gesture=tap)
    if "error" in reply:
        refused += 1
        messages.add(reply["error"] + ": " + reply["parameters"].get("message", "")[:60])
        return False
    acked += 1
    counts = call("GetCounts", simulation=ident)["parameters"]
    return True
end = time.time() + 1
while time.time() < end:
    perform()
before_fill = acked
filler = os.path.join(sys.argv[2], "filler")
with open(filler, "wb") as f:
    try:
        while True:
            f.write(b"x" * 65536); f.flush()
    except OSError:
        pass
end = time.time() + 4
accepted_while_full = 0
while time.time() < end:
    accepted_while_full += perform()
    time.sleep(0.005)
os.unlink(filler)
freed = time.time()
recovered = None
while time.time() < freed + 10:
    if perform():
        recovered = time.time() - freed
        break
    time.sleep(0.05)
end = time.time() + 1
while time.time() < end:
    perform()
st = os.statvfs(sys.argv[2])
print(json.dumps({{"acked": acked, "before_fill": before_fill, "refused": refused, "messages": sorted(messages),
                  "accepted_while_full": accepted_while_full, "recovered": recovered, "counts": counts,
                  "free": st.f_bavail * st.f_frsize, "log": os.path.getsize(os.path.join(sys.argv[2], "simulations.log"))}}))
PY
kill -KILL $pid; wait $pid
"$@" & pid=$!
python3 - "{sock}" <<'PY'
{connect}s.sendall(b'{{"method":"io.scrollsim.Simulator.GetCounts","parameters":{{"simulation":"sim-1"}}}}\\0')
buf = b""
while b"\\0" not in buf:
    buf += s.recv(65536)
print(json.dumps({{"restored": json.loads(buf.split(b"\\0")[0])}}))
PY
kill -TERM $pid; wait $pid; echo "exit=$?"'''
if os.path.exists(sock):
    os.unlink(sock)
out = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", recover, "sh", binary, "--socket", sock, "--state-dir",
                      state, "--config", os.path.join(work, "none.conf")], capture_output=True, text=True, timeout=180 * SLOW)
lines = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
check("the disk-full run reported", len(lines) == 2, (out.stdout[-1500:], out.stderr[-1500:]))
run = lines[0]
print(f"figures: {run['before_fill']} inputs before the disk filled; {run['refused']} refused while full "
      f"({run['accepted_while_full']} accepted then); accepted again {run['recovered']:.2f} s after space returned; "
      f"log {run['log']} bytes, {run['free']} bytes free at the end", flush=True)
check("inputs are refused while the disk is full, saying so",
      run["refused"] > 0 and all("PersistenceFailed" in m and "no space left" in m.lower() for m in run["messages"]), run["messages"])
check("inputs are accepted again within 10 s of space returning", run["recovered"] is not None and run["recovered"] < 10, run)
check("a restart after kill -9 restores the last acknowledged state exactly",
      lines[1]["restored"].get("parameters") == run["counts"], (lines[1], run["counts"]))
check("... and the daemon stops cleanly", "exit=0" in out.stdout, out.stdout[-500:])
text = out.stderr  # this run's daemon log
short = text.count("state directory short of space")
check(f"the spell is logged once, not per refused input ({short} lines for {run['refused']} refusals)",
      1 <= short <= 3 and "has room again" in text, short)
print("PASS")
