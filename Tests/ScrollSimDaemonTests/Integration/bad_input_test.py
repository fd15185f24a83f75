"""Bad input over the socket, table-driven: each message gets a specific error reply or a closed
connection — never a crash, a hang or unbounded memory — and the daemon keeps serving another
client throughout. Usage: bad_input_test.py SCROLLSIMD WORKDIR"""
import json
import os
import socket
import sys

sys.path.insert(0, os.path.dirname(__file__))
from harness import SANITIZED, SLOW, raw_call, start_daemon  # noqa: E402

binary, work = sys.argv[1], sys.argv[2]
sock = os.path.join(work, "d.sock")
log = open(os.path.join(work, "daemon.log"), "ab")
daemon, _ = start_daemon(binary, sock, "--no-state", "--config", os.path.join(work, "none.conf"), log=log)
M = "io.scrollsim.Simulator."
raw_call(sock, {"method": M + "OpenSimulation", "parameters": {"scenario": "home"}})  # sim-1

section = {"id": "a", "items": {"count": 1}, "layout": {"group": {"axis": "vertical",
           "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}},
           "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}}


def with_items(count):
    return {"name": "x", "sections": [dict(section, items={"count": count})]}


zero_group = json.loads(json.dumps(with_items(3)))
zero_group["sections"][0]["layout"]["group"]["layoutSize"]["heightDimension"] = {"absolute": 0}

CLOSED = "closed"
cases = [
    ("not JSON", b"hello\0", CLOSED),
    ("a JSON array, not an object", b"[1,2]\0", CLOSED),
    ("no method", {"parameters": {}}, CLOSED),
    ("method not qualified", {"method": "GetStatus"}, CLOSED),
    ("parameters not an object", {"method": M + "GetStatus", "parameters": []}, CLOSED),
    ("oneway and more together", {"method": M + "GetStatus", "oneway": True, "more": True}, CLOSED),
    ("a flag that is not a boolean", {"method": M + "GetStatus", "more": "yes"}, CLOSED),
    ("an unknown header key", {"method": M + "GetStatus", "sequence": 3}, CLOSED),
    ("upgrade", {"method": M + "GetStatus", "upgrade": True}, CLOSED),
    ("nesting 10,000 deep", b'{"method":"' + M.encode() + b'OpenSimulation","parameters":{"definition":' + b"[" * 10000 + b"]" * 10000 + b"}}\0", CLOSED),
    ("a number beyond double range", b'{"method":"' + M.encode() + b'Advance","parameters":{"simulation":"sim-1","seconds":1e999}}\0', CLOSED),
    ("invalid UTF-8", b'{"method":"\xff\xfe"}\0', CLOSED),
    ("a message over the size limit", b"{" + b" " * (1 << 20) + b"}\0", CLOSED),
    ("unknown method", {"method": M + "Explode"}, "org.varlink.service.MethodNotFound"),
    ("unknown interface", {"method": "com.example.Nope.Call"}, "org.varlink.service.InterfaceNotFound"),
    ("unknown parameter", {"method": M + "GetStatus", "parameters": {"verbose": True}}, "org.varlink.service.InvalidParameter"),
    ("missing parameter", {"method": M + "Advance", "parameters": {"simulation": "sim-1"}}, "org.varlink.service.InvalidParameter"),
    ("wrong type", {"method": M + "GetCounts", "parameters": {"simulation": 5}}, "org.varlink.service.InvalidParameter"),
    ("wrong type deep inside", {"method": M + "OpenSimulation", "parameters": {"scenario": "home", "viewport": {"width": "wide", "height": 1}}}, "org.varlink.service.InvalidParameter"),
    ("negative duration", {"method": M + "Advance", "parameters": {"simulation": "sim-1", "seconds": -1}}, "org.varlink.service.InvalidParameter"),
    ("huge duration", {"method": M + "Advance", "parameters": {"simulation": "sim-1", "seconds": 1e308}}, M + "LimitReached"),
    ("huge seed", {"method": M + "OpenSimulation", "parameters": {"scenario": "home", "seed": 1e300}}, "org.varlink.service.InvalidParameter"),
    ("zero viewport", {"method": M + "OpenSimulation", "parameters": {"scenario": "home", "viewport": {"width": 0, "height": 10}}}, "org.varlink.service.InvalidParameter"),
    ("huge viewport", {"method": M + "OpenSimulation", "parameters": {"scenario": "home", "viewport": {"width": 1e300, "height": 10}}}, "org.varlink.service.InvalidParameter"),
    ("negative stream interval", {"method": M + "Watch", "more": True, "parameters": {"interval": -1}}, "org.varlink.service.InvalidParameter"),
    ("negative rect", {"method": M + "GetLayout", "parameters": {"simulation": "sim-1", "rect": {"x": 0, "y": 0, "width": -5, "height": 5}}}, "org.varlink.service.InvalidParameter"),
    ("a page of a billion events", {"method": M + "GetEvents", "parameters": {"simulation": "sim-1", "limit": 1e9}}, M + "LimitReached"),
    ("10^9 items", {"method": M + "OpenSimulation", "parameters": {"definition": with_items(1000000000)}}, M + "InvalidScenario"),
    ("10^12 items", {"method": M + "OpenSimulation", "parameters": {"definition": with_items(10 ** 12)}}, M + "InvalidScenario"),
    ("a zero-sized group", {"method": M + "OpenSimulation", "parameters": {"definition": zero_group}}, M + "InvalidScenario"),
    ("a scenario that is not one", {"method": M + "OpenSimulation", "parameters": {"definition": {"sections": "many"}}}, M + "InvalidScenario"),
    ("a path as a scenario name", {"method": M + "OpenSimulation", "parameters": {"scenario": "../../etc/passwd"}}, M + "NoSuchScenario"),
    ("a gesture that is not one", {"method": M + "Perform", "parameters": {"simulation": "sim-1", "gesture": {"teleport": {}}}}, M + "InvalidGesture"),
    ("a profile of 10,000 runs", {"method": M + "Profile", "parameters": {"scenario": "home", "viewports": [{"width": 100 + i, "height": 100} for i in range(5000)]}}, M + "LimitReached"),
    ("a simulation that does not exist", {"method": M + "GetVisible", "parameters": {"simulation": "sim-999999"}}, M + "NoSuchSimulation"),
]

failures = 0
for name, message, expected in cases:
    try:
        reply = raw_call(sock, message, read=1, timeout=10 * SLOW)[0]
    except socket.timeout:
        reply = "timeout"
    got = CLOSED if reply == CLOSED else reply.get("error", "a normal reply") if isinstance(reply, dict) else reply
    ok = got == expected
    failures += not ok
    print(("ok" if ok else "FAIL") + f" - {name}: {got}" + ("" if ok else f" (expected {expected}; {reply})"))
    # The daemon is still there for everyone else after every case.
    alive = raw_call(sock, {"method": M + "GetStatus"}, timeout=5 * SLOW)[0]
    assert "version" in alive.get("parameters", {}), f"daemon stopped answering after {name}"

# A truncated frame: the client stops mid-message and closes its side.
s = socket.socket(socket.AF_UNIX)
s.connect(sock)
s.sendall(b'{"method":"io.scrollsim.Simulator.GetStat')
s.shutdown(socket.SHUT_WR)
s.settimeout(5)
print("ok - a truncated frame is dropped without a reply" if s.recv(100) == b"" else "FAIL - truncated frame")
s.close()

rss = int([l for l in open(f"/proc/{daemon.pid}/status") if l.startswith("VmHWM")][0].split()[1])
print(f"peak RSS after {len(cases)} bad inputs: {rss // 1024} MB")
assert SANITIZED or rss < 300 * 1024, f"peak RSS {rss} kB"
daemon.terminate()
assert daemon.wait(timeout=5 * SLOW) == 0
if failures:
    sys.exit(f"{failures} cases failed")
print("PASS")
