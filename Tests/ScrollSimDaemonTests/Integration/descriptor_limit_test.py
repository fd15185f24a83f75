"""The file-descriptor limit is a state, not a loop: scrollsimd under `prlimit --nofile=64`
with 200 clients connecting stops accepting (no log flood, no CPU spin), keeps answering the
connections it has, tells waiting clients LimitReached, and accepts again once descriptors free.
Usage: descriptor_limit_test.py SCROLLSIMD WORKDIR"""
import json
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from harness import SLOW, check, raw_call, start_daemon  # noqa: E402

binary, work = sys.argv[1], sys.argv[2]
sock = os.path.join(work, "d.sock")
log_path = os.path.join(work, "daemon.log")
log = open(log_path, "ab")
process, _ = start_daemon(binary, sock, "--no-state", "--config", os.path.join(work, "none.conf"), log=log,
                          wrapper=("prlimit", "--nofile=64:64", "--"))


def call(connection, method, parameters=None):
    connection.sendall(json.dumps({"method": "io.scrollsim.Simulator." + method, "parameters": parameters or {}}).encode() + b"\0")
    buffer = b""
    while b"\0" not in buffer:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        buffer += chunk
    return json.loads(buffer.split(b"\0")[0])


first = socket.socket(socket.AF_UNIX)
first.settimeout(10 * SLOW)
first.connect(sock)
check("a client connected before the limit is answered", call(first, "GetStatus") is not None)

held = []
for _ in range(200):
    client = socket.socket(socket.AF_UNIX)
    client.setblocking(False)  # a full backlog makes connect wait: the clients only queue up
    if client.connect_ex(sock) in (0, 11, 115):  # connected, EAGAIN, EINPROGRESS
        held.append(client)
cpu_before = sum(int(x) for x in open(f"/proc/{process.pid}/stat").read().rsplit(")", 1)[1].split()[11:13])
time.sleep(3)
cpu_after = sum(int(x) for x in open(f"/proc/{process.pid}/stat").read().rsplit(")", 1)[1].split()[11:13])
cpu = (cpu_after - cpu_before) / os.sysconf("SC_CLK_TCK") / 3
print(f"at the limit: daemon CPU {cpu * 100:.0f} % over 3 s")
check(f"no busy loop at the limit (CPU {cpu * 100:.0f} %)", cpu < 0.5)
reply = call(first, "GetCounts", {"simulation": "live-home-390x844"})
check("an existing connection is served at the limit", reply is not None and "parameters" in reply)

told = 0
for client in held:
    try:
        told += b"LimitReached" in client.recv(1000)
    except OSError:
        pass  # still waiting in the backlog, or not connected
check(f"waiting clients are told LimitReached (told: {told})", told >= 1)
for client in held:
    client.close()
time.sleep(1.5)
check("accepting again once descriptors free", "parameters" in raw_call(sock, {"method": "io.scrollsim.Simulator.GetStatus"})[0])

lines = [line for line in open(log_path, errors="replace").read().splitlines() if "file-descriptor limit" in line]
print(f"log lines about the limit: {len(lines)}")
check(f"at most one log line a second at the limit ({len(lines)})", len(lines) <= 12)
check("the log says when accepting resumes", any("accepting connections again" in line for line in lines))
process.terminate()
process.wait()
print("PASS")
