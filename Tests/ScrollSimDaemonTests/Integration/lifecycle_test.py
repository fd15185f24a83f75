"""scrollsimd as systemd runs it: socket activation, sd_notify (READY, STATUS, WATCHDOG,
RELOADING, STOPPING), the PyPI varlink client as an outside client, reloads with a good and a
broken configuration, SIGTERM with a stream open, and kill -9 followed by a restart with
identical counts. Usage: lifecycle_test.py SCROLLSIMD WORKDIR"""
import os
import signal
import sys
import time

import varlink

sys.path.insert(0, os.path.dirname(__file__))
from harness import Daemon, SLOW, check, raw_call  # noqa: E402

binary, work = sys.argv[1], sys.argv[2]
config = os.path.join(work, "scrollsimd.conf")
dropins = os.path.join(work, "scrollsimd.conf.d")
os.makedirs(dropins, exist_ok=True)
with open(config, "w") as f:
    f.write("[Daemon]\nTickInterval=10ms\nStatusInterval=200ms\nCheckpointInterval=200ms\n")


daemon = Daemon(binary, work, config)
address = f"unix:{daemon.socket}"

# --- Activation and readiness: the first connection starts the daemon; READY=1 follows.
client = varlink.Client(address=address)
with client.open("io.scrollsim.Simulator") as sim:
    status = sim.GetStatus()
    check("activated on first connection and answering", status["liveSimulations"] == 3, status)
daemon.notify.wait_for("READY=1")
daemon.notify.wait_for("STATUS=")
daemon.notify.wait_for("WATCHDOG=1", timeout=5 * SLOW)
status_line = [a for a in daemon.notify.assignments() if a.startswith("STATUS=")][-1]
check("STATUS= carries live counts", "section-provider" in status_line and "3 live" in status_line, status_line)

# --- Introspection through the reference client: it parsed our IDL to build these methods.
info = client.get_interfaces()
check("GetInfo lists both interfaces", "io.scrollsim.Simulator" in info and "org.varlink.service" in info, info)
description = raw_call(daemon.socket, {"method": "org.varlink.service.GetInterfaceDescription",
                                       "parameters": {"interface": "io.scrollsim.Simulator"}})[0]
source = open(os.path.join(os.path.dirname(__file__), "../../../Sources/Service/ScrollSimService/io.scrollsim.Simulator.varlink")).read()
check("the IDL is served verbatim", description["parameters"]["description"] == source)
varlink.Interface(description["parameters"]["description"])

# --- A virtual simulation, then a stream and errors.
with client.open("io.scrollsim.Simulator") as sim:
    opened = sim.OpenSimulation(scenario="home", seed=4)
    ident = opened["simulation"]["simulation"]
    sim.Advance(simulation=ident, seconds=25)
    sim.Perform(simulation=ident, gesture={"fling": {"section": "company", "velocity": -3000}})
    sim.Advance(simulation=ident, seconds=5)
    before = sim.GetCounts(simulation=ident)
    check("counts after 30 s of virtual time with appends", before["total"]["dataRequestsCompleted"] >= 1, before["total"])
    replies = []
    for reply in sim.Watch(simulation="live-home-390x844", interval=0.05, _more=True):
        replies.append(reply)
        if len(replies) == 5:
            break
    check("a more stream delivers events and counts", all(r["simulation"] == "live-home-390x844" for r in replies), replies)
with client.open("io.scrollsim.Simulator") as sim:
    try:
        sim.GetCounts(simulation="sim-404")
        check("NoSuchSimulation", False)
    except varlink.VarlinkError as error:
        check("NoSuchSimulation is a named error", error.error() == "io.scrollsim.Simulator.NoSuchSimulation", error)
raw = raw_call(
    daemon.socket,
    {"method": "io.scrollsim.Simulator.Nope"},
    {"method": "io.scrollsim.Simulator.GetCounts", "parameters": {"simulation": ident, "extra": 1}},
    {"method": "io.scrollsim.Simulator.Watch"},
    {"method": "io.scrollsim.Simulator.GetStatus", "oneway": True},
    {"method": "io.scrollsim.Simulator.Advance", "parameters": {"simulation": "live-home-375x667", "seconds": 1}},
)
check("MethodNotFound", raw[0]["error"] == "org.varlink.service.MethodNotFound", raw[0])
check("InvalidParameter for an unknown parameter", raw[1] == {"error": "org.varlink.service.InvalidParameter", "parameters": {"parameter": "extra"}}, raw[1])
check("ExpectedMore", raw[2]["error"] == "org.varlink.service.ExpectedMore", raw[2])
check("oneway gets no reply; replies stay in step", raw[3]["error"] == "io.scrollsim.Simulator.RealtimeClock", raw[3])
garbage = raw_call(daemon.socket, {"method": "io.scrollsim.Simulator.GetStatus"}, b"{not json\0", read=2)
check("garbage closes the connection after answering what came before", garbage[1] == "closed" and "parameters" in garbage[0], garbage)
huge = raw_call(daemon.socket, b"[" * (2 << 20), read=1)
check("an oversize message closes the connection", huge == ["closed"], huge)
check("the daemon keeps serving", daemon.call("GetStatus")["parameters"]["simulations"] == 4)

# --- Reload: a good drop-in takes effect; a broken one is refused and the old one kept.
with open(os.path.join(dropins, "10-live.conf"), "w") as f:
    f.write("[Live]\nSimulation=\nSimulation=shop-home 390x844 policy=targeted\n")
mark = len(daemon.notify.assignments())
daemon.signal(signal.SIGHUP)
reloading = daemon.notify.wait_for("RELOADING=1", after=mark)
daemon.notify.wait_for("READY=1", after=reloading)
live = [s["simulation"] for s in daemon.call("ListSimulations")["parameters"]["simulations"] if s["live"]]
check("a good reload replaces the live simulations", live == ["live-shop-home-390x844-targeted"], live)
with open(os.path.join(dropins, "20-broken.conf"), "w") as f:
    f.write("[Live]\nSimulation=home\n")
mark = len(daemon.notify.assignments())
daemon.signal(signal.SIGHUP)
reloading = daemon.notify.wait_for("RELOADING=1", after=mark)
daemon.notify.wait_for("READY=1", after=reloading)
live = [s["simulation"] for s in daemon.call("ListSimulations")["parameters"]["simulations"] if s["live"]]
check("a broken reload is refused, the running configuration kept", live == ["live-shop-home-390x844-targeted"], live)
check("the refusal is logged with file and line", "20-broken.conf:2" in daemon.log_text(), daemon.log_text()[-500:])
os.unlink(os.path.join(dropins, "20-broken.conf"))

# --- kill -9, then a restart: every acknowledged input is replayed.
daemon.kill()
daemon = Daemon(binary, work, config)
after = daemon.call("GetCounts", {"simulation": ident})["parameters"]
check("after kill -9 and a restart the counts are identical", after["total"] == before["total"] and after["sections"] == before["sections"],
      (after["total"], before["total"]))
daemon.notify.wait_for("READY=1")

# --- SIGTERM with a stream open: the stream ends with ShuttingDown, the daemon exits 0.
import json, socket  # noqa: E401,E402
stream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
stream.connect(daemon.socket)
stream.sendall(json.dumps({"method": "io.scrollsim.Simulator.Watch", "more": True, "parameters": {"events": False, "interval": 0.05}}).encode() + b"\0")
time.sleep(0.3)
started = time.time()
daemon.signal(signal.SIGTERM)
data = b""
stream.settimeout(5)
while True:
    chunk = stream.recv(65536)
    if not chunk:
        break
    data += chunk
last = json.loads(data.rstrip(b"\0").split(b"\0")[-1])
check("SIGTERM ends a stream with ShuttingDown", last.get("error") == "io.scrollsim.Simulator.ShuttingDown", last)
code = daemon.wait()
check(f"SIGTERM exits 0 within 2 s (x{SLOW:.1f} for this machine's load)", code == 0 and time.time() - started < 2 * SLOW,
      (code, time.time() - started))
daemon.notify.wait_for("STOPPING=1")
print("PASS")
