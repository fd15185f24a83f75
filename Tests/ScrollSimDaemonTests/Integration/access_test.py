"""Access control and per-connection limits: state-changing methods refused with PermissionDenied
to callers outside AllowUsers/AllowGroups (seen through SO_PEERCRED), the ReadAccess policy,
reloads that change it, ownership (NotOwner), MaxSimulationsPerUser and MaxItemsPerUser,
MaxRequestsPerSecond, MaxConnections (refusals logged at most once a second) and the
administrators' ReservedConnections. Needs root (to act as "nobody" through
setpriv). Usage: access_test.py SCROLLSIMD WORKDIR"""
import json
import os
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from harness import SLOW, check, raw_call, start_daemon  # noqa: E402

binary, work = sys.argv[1], sys.argv[2]
os.chmod(work, 0o755)
sock = os.path.join(work, "d.sock")
config = os.path.join(work, "scrollsimd.conf")


def write_config(access, limits=""):
    with open(config, "w") as f:
        f.write("[Daemon]\nSocketMode=0666\n[Live]\nSimulation=\n[Access]\n" + access + "\n[Limits]\n" + limits + "\n")


CLIENT = """
import json, socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
s.sendall(sys.argv[2].encode() + b"\\0")
data = b""
while not data.endswith(b"\\0"):
    chunk = s.recv(65536)
    if not chunk: break
    data += chunk
print(data.rstrip(b"\\0").decode())
"""


def as_nobody(method, parameters=None):
    message = {"method": "io.scrollsim.Simulator." + method}
    if parameters:
        message["parameters"] = parameters
    out = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", CLIENT, sock,
                          json.dumps(message)], capture_output=True, text=True, timeout=10 * SLOW)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def as_root(method, parameters=None):
    message = {"method": "io.scrollsim.Simulator." + method}
    if parameters:
        message["parameters"] = parameters
    return raw_call(sock, message)[0]


write_config("AllowUsers=root")
log = open(os.path.join(work, "daemon.log"), "ab")
daemon, _ = start_daemon(binary, sock, "--config", config, "--no-state", log=log)

check("root may open a simulation", "simulation" in as_root("OpenSimulation", {"scenario": "home"}).get("parameters", {}))
denied = as_nobody("OpenSimulation", {"scenario": "home"})
check("another user may not change state: PermissionDenied", denied.get("error") == "org.varlink.service.PermissionDenied", denied)
check("... nor close a simulation", as_nobody("CloseSimulation", {"simulation": "sim-1"}).get("error") == "org.varlink.service.PermissionDenied")
check("... nor run a profile", as_nobody("Profile", {"scenario": "home", "seconds": 1}).get("error") == "org.varlink.service.PermissionDenied")
check("read-only methods stay open (ReadAccess=all)", "version" in as_nobody("GetStatus").get("parameters", {}))
check("the denied calls changed nothing", len(as_root("ListSimulations")["parameters"]["simulations"]) == 1)

write_config("AllowUsers=root\nReadAccess=allowed")
daemon.send_signal(signal.SIGHUP)
time.sleep(0.5 * SLOW)
check("ReadAccess=allowed closes read-only methods to strangers", as_nobody("GetStatus").get("error") == "org.varlink.service.PermissionDenied")
check("org.varlink.service stays open to all", "interfaces" in json.dumps(
    json.loads(subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", CLIENT, sock,
                               json.dumps({"method": "org.varlink.service.GetInfo"})], capture_output=True, text=True).stdout)))

write_config("AllowGroups=65534\nReadAccess=allowed")
daemon.send_signal(signal.SIGHUP)
time.sleep(0.5 * SLOW)
opened = as_nobody("OpenSimulation", {"scenario": "modern"})
check("a caller in an allowed group may change state", "simulation" in opened.get("parameters", {}), opened)
theirs = opened["parameters"]["simulation"]["simulation"]

# Ownership: a simulation belongs to the user who opened it; others read it, only its owner or
# root change or close it.
for method, parameters in [("Advance", {"simulation": "sim-1", "seconds": 1}), ("CloseSimulation", {"simulation": "sim-1"}),
                           ("Perform", {"simulation": "sim-1", "gesture": {"fling": {"velocity": 800}}})]:
    refused = as_nobody(method, parameters)
    check(f"another user's {method} of root's simulation is NotOwner", refused.get("error") == "io.scrollsim.Simulator.NotOwner"
          and "belongs to user 0" in refused["parameters"]["message"], refused)
check("... who may still read it", "total" in as_nobody("GetCounts", {"simulation": "sim-1"}).get("parameters", {}))
check("the owner changes their own", "simulation" in as_nobody("Advance", {"simulation": theirs, "seconds": 1}).get("parameters", {}))
check("root changes anyone's", "simulation" in as_root("Advance", {"simulation": theirs, "seconds": 1}).get("parameters", {}))

write_config("AllowGroups=65534", "MaxSimulationsPerUser=2\nMaxItemsPerUser=500")
daemon.send_signal(signal.SIGHUP)
time.sleep(0.5 * SLOW)
second = as_nobody("OpenSimulation", {"scenario": "modern"})
check("a user's second simulation opens", "simulation" in second.get("parameters", {}), second)
third = as_nobody("OpenSimulation", {"scenario": "modern"})
check("a user past MaxSimulationsPerUser=2 is told LimitReached naming it",
      third.get("error") == "io.scrollsim.Simulator.LimitReached" and third["parameters"]["limit"] == "simulationsPerUser", third)
check("... root is not held to it", "simulation" in as_root("OpenSimulation", {"scenario": "modern"}).get("parameters", {}))
as_nobody("CloseSimulation", {"simulation": second["parameters"]["simulation"]["simulation"]})
big = as_nobody("OpenSimulation", {"definition": {"name": "big", "sections": [{"id": "s", "items": {"count": 600}, "layout": {
    "group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 40}},
              "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}}]}})
check("an open past MaxItemsPerUser=500 is told LimitReached naming itemsPerUser",
      big.get("error") == "io.scrollsim.Simulator.LimitReached" and big["parameters"]["limit"] == "itemsPerUser", big)

write_config("AllowUsers=no-such-user-here")
daemon.send_signal(signal.SIGHUP)
time.sleep(0.5 * SLOW)
check("a configuration naming an unknown user is refused; the previous policy stays",
      "simulation" in as_nobody("OpenSimulation", {"scenario": "modern"}).get("parameters", {}))

write_config("", "MaxRequestsPerSecond=5")
daemon.send_signal(signal.SIGHUP)
time.sleep(0.5 * SLOW)
started = time.time()
burst = raw_call(sock, *[{"method": "io.scrollsim.Simulator.GetStatus"} for _ in range(120)])
elapsed = time.time() - started
limited = [r for r in burst if r.get("error") == "io.scrollsim.Simulator.LimitReached"]
allowed = len(burst) - len(limited)
# A burst of 5, then 5 a second refilled while the burst was answered.
check(f"a connection over MaxRequestsPerSecond gets LimitReached(requestsPerSecond) ({allowed} of 120 allowed in {elapsed:.2f} s)",
      5 <= allowed <= 5 + 5 * elapsed + 2 and limited and limited[0]["parameters"] == {"limit": "requestsPerSecond", "maximum": 5},
      (len(burst), len(limited)))
time.sleep(1.1)  # at 5 a second, refilled enough for one call
check("... and its budget refills", "version" in as_root("GetStatus").get("parameters", {}))
check("another connection has its own budget", "version" in raw_call(sock, {"method": "io.scrollsim.Simulator.GetStatus"})[0]["parameters"])

# MaxConnections: connections over the limit get a LimitReached error and are closed at once; the
# refusals are logged at most
# once a second, counted, and the ones already open keep being served.

write_config("", "MaxConnections=4\nReservedConnections=0")
daemon.send_signal(signal.SIGHUP)
time.sleep(0.5 * SLOW)
held = []
for _ in range(4):
    held.append(socket.socket(socket.AF_UNIX))
    held[-1].connect(sock)
time.sleep(0.3 * SLOW)
closed = 0
for _ in range(50):
    extra = socket.socket(socket.AF_UNIX)
    extra.settimeout(5 * SLOW)
    extra.connect(sock)
    data = b""
    try:
        while True:
            chunk = extra.recv(4096)
            if not chunk:
                break
            data += chunk
    except ConnectionResetError:
        pass
    refusal = json.loads(data.rstrip(b"\0")) if data.endswith(b"\0") else {}
    closed += refusal.get("error") == "io.scrollsim.Simulator.LimitReached" and refusal["parameters"]["limit"] == "MaxConnections"
    extra.close()
check("50 connections over MaxConnections=4 get a LimitReached error and are closed at once", closed == 50, closed)
held[0].sendall(json.dumps({"method": "io.scrollsim.Simulator.GetStatus"}).encode() + b"\0")
reply = b""
while not reply.endswith(b"\0"):
    reply += held[0].recv(65536)
check("a connection already open is still served", "version" in json.loads(reply.rstrip(b"\0"))["parameters"])
for connection in held:
    connection.close()
time.sleep(0.3 * SLOW)
check("after they close, new connections are accepted", "version" in as_root("GetStatus").get("parameters", {}))
log.flush()
text = open(os.path.join(work, "daemon.log"), errors="replace").read()
refused_lines = [line for line in text.splitlines() if "connection refused" in line]
again = [line for line in text.splitlines() if "accepting connections again" in line]
reported = len(refused_lines) + sum(int(line.split("(")[1].split()[0]) - 1 for line in refused_lines if "refused since" in line)
reported += sum(int(line.split("; ")[1].split()[0]) for line in again)
check(f"the refusals are logged at most once a second and all counted ({len(refused_lines)} lines, {len(again)} resume lines)",
      1 <= len(refused_lines) <= 2 + 2 * SLOW and reported == 50, text[-2000:])

# Another user filling MaxConnections locks no administrator out: root takes one of
# ReservedConnections; the other user is held to MaxConnections.
write_config("", "MaxConnections=4\nReservedConnections=2\nMaxConnectionsPerUser=8")
daemon.send_signal(signal.SIGHUP)
time.sleep(0.5 * SLOW)
HOLDER = """
import socket, sys, time
held = []
for _ in range(5):
    s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); held.append(s)
time.sleep(0.5)
s = held[-1]; s.settimeout(5)
print(s.recv(4096).decode(errors="replace"), flush=True)
time.sleep(float(sys.argv[2]))
"""
holder = subprocess.Popen(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", HOLDER, sock,
                           str(4 * SLOW)], stdout=subprocess.PIPE, text=True)
refusal = holder.stdout.readline()
check("another user's fifth connection over MaxConnections=4 is refused", "MaxConnections" in refusal, refusal)
check("root still gets in through ReservedConnections", "version" in as_root("GetStatus").get("parameters", {}))
holder.kill()
holder.wait()

daemon.send_signal(signal.SIGTERM)
check("exit 0", daemon.wait(timeout=5 * SLOW) == 0)

# Fair turns by user: two profiles of one user and one of another, the same work each. Job slices
# go to users in turn, then to each user's jobs, so the other user's profile, started last, gets
# half the work turns and ends first (with turns by connection it would get a third and end last).
write_config("", "MaxJobsPerUser=2")
daemon, _ = start_daemon(binary, sock, "--config", config, "--no-state", log=log)
PROFILE = {"method": "io.scrollsim.Simulator.Profile",
           "parameters": {"scenario": "home", "seconds": 600, "policies": ["uikit"], "viewports": [{"width": 390, "height": 844}]}}
PROFILER = """
import json, socket, sys, time
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(sys.argv[2].encode() + b"\\0")
data = b""
while not data.endswith(b"\\0"):
    chunk = s.recv(65536)
    if not chunk: break
    data += chunk
print(json.dumps({"done": time.monotonic(), "ok": b'"runs"' in data}), flush=True)
"""
mine = [subprocess.Popen([sys.executable, "-c", PROFILER, sock, json.dumps(PROFILE)], stdout=subprocess.PIPE, text=True)
        for _ in range(2)]
time.sleep(0.2 * SLOW)
theirs = subprocess.Popen(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", PROFILER,
                           sock, json.dumps(PROFILE)], stdout=subprocess.PIPE, text=True)
ends = [json.loads(p.communicate(timeout=300 * SLOW)[0]) for p in mine + [theirs]]
check("all three profiles are answered", all(end["ok"] for end in ends), ends)
figures = f"the other user's profile ended {ends[0]['done'] - ends[2]['done']:.2f} and {ends[1]['done'] - ends[2]['done']:.2f} s before this user's two"
check(f"the other user's profile, started last, ends first ({figures})",
      ends[2]["done"] < min(ends[0]["done"], ends[1]["done"]), ends)
daemon.send_signal(signal.SIGTERM)
check("exit 0", daemon.wait(timeout=5 * SLOW) == 0)

# Memory pressure cuts the user who caused it: past MaxBufferMemory the user buffering the most
# loses their largest connection, even when another user's connection holds the largest single
# buffer (before: the largest buffer was cut, whoever's it was).
write_config("", "MaxBufferMemory=4M\nIdleTimeout=0")
daemon, _ = start_daemon(binary, sock, "--config", config, "--no-state", log=log)
mine = socket.socket(socket.AF_UNIX)
mine.connect(sock)
mine.sendall(b'{"method":"io.scrollsim.Simulator.GetStatus","parameters":{"x":"' + b"a" * 900_000)
FLOOD = """
import socket, sys, time
held = []
for _ in range(6):
    s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(b'{"method":"' + b"b" * 700_000); held.append(s)
print("sent", flush=True)
time.sleep(float(sys.argv[2]))
"""
flood = subprocess.Popen(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", FLOOD, sock,
                          str(10 * SLOW)], stdout=subprocess.PIPE, text=True)
check("another user floods six half-sent 700 KB messages", flood.stdout.readline().strip() == "sent")
deadline = time.monotonic() + 10 * SLOW
while time.monotonic() < deadline and "more than MaxBufferMemory" not in open(os.path.join(work, "daemon.log"),
                                                                            errors="replace").read():
    time.sleep(0.05)
time.sleep(0.3 * SLOW)  # the rest of the flood read and cut
mine.sendall(b'"}}\0')
mine.settimeout(10 * SLOW)
answer = b""
while not answer.endswith(b"\0"):
    chunk = mine.recv(65536)
    if not chunk:
        break
    answer += chunk
flood.kill()
flood.wait()
log.flush()
cut_lines = [line for line in open(os.path.join(work, "daemon.log"), errors="replace").read().splitlines()
             if "more than MaxBufferMemory" in line]
check("the flooding user's connections are cut (uid 65534 named)", cut_lines and all("uid 65534" in line for line in cut_lines),
      cut_lines[-3:])
check("this user's connection, the largest single buffer, is still served",
      answer.endswith(b"\0") and json.loads(answer.rstrip(b"\0")).get("error") == "org.varlink.service.InvalidParameter",
      answer[:200])
daemon.send_signal(signal.SIGTERM)
check("exit 0", daemon.wait(timeout=5 * SLOW) == 0)

# The default socket without XDG_RUNTIME_DIR is in a private directory under TMPDIR, which the
# daemon and scrollsimctl both check: another user who made it first is refused, never served or
# sent to (before: a socket file squatted at /tmp/scrollsimd-$UID.sock took the user's calls).
tmp = os.path.join(work, "tmp")
os.mkdir(tmp)
os.chmod(tmp, 0o1777)
env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
env["TMPDIR"] = tmp
private = os.path.join(tmp, f"scrollsimd-{os.getuid()}")
ctl = os.path.join(os.path.dirname(binary), "scrollsimctl")


def default_daemon():
    return subprocess.run([binary, "--no-state", "--config", config], env=env, capture_output=True, text=True,
                          timeout=20 * SLOW)


def default_client():
    return subprocess.run([ctl, "status"], env=env, capture_output=True, text=True, timeout=20 * SLOW)


subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "mkdir", "-m", "0700", private], check=True)
refused, client = default_daemon(), default_client()
check("the daemon refuses a socket directory another user made first (exit 1, why)",
      refused.returncode == 1 and "belongs to uid 65534" in refused.stderr, f"{refused.returncode} {refused.stderr}")
check("... and binds nothing in it", os.listdir(private) == [], os.listdir(private))
check("scrollsimctl refuses it too, before sending anything", client.returncode != 0 and "belongs to uid 65534" in client.stderr,
      f"{client.returncode} {client.stderr}")
os.rmdir(private)
os.mkdir(private)
os.chmod(private, 0o777)
refused = default_daemon()
check("a socket directory others may write in is refused", refused.returncode == 1 and "its mode is 777" in refused.stderr,
      refused.stderr)
os.rmdir(private)
serving = subprocess.Popen([binary, "--no-state", "--config", config], env=env, stdout=log, stderr=log)
deadline = time.monotonic() + 20 * SLOW
while not os.path.exists(os.path.join(private, "scrollsimd.sock")) and time.monotonic() < deadline:
    time.sleep(0.05)
mode = os.stat(private).st_mode & 0o777
answered = default_client()
serving.send_signal(signal.SIGTERM)
serving.wait(timeout=10 * SLOW)
check("without one, the daemon makes it, mode 0700", mode == 0o700, oct(mode))
check("and scrollsimctl finds the daemon there", answered.returncode == 0 and "scrollsimd" in answered.stdout,
      f"{answered.returncode} {answered.stderr}")
print("PASS")
