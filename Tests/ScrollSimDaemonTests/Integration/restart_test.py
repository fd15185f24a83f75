"""A restart costs O(records), not O(uptime) (issue 19, point 3): the state file is read and
checked before READY=1, and the simulations' stored inputs and time run afterwards in slices
between clients' calls. A call about a simulation still being restored waits for it and sees it
whole. Prints the figures. Usage: restart_test.py SCROLLSIMD WORKDIR"""
import os
import signal
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(__file__))
from harness import Daemon, SLOW, check  # noqa: E402

binary, work = sys.argv[1], sys.argv[2]
config = os.path.join(work, "scrollsimd.conf")
with open(config, "w") as f:
    # The default live simulations (home on three viewports), a status line every 200 ms.
    f.write("[Daemon]\nStatusInterval=200ms\n")
log_path = os.path.join(work, "state", "simulations.log")
figures = []


def append_clock(seconds):
    """Appends a clock record as the daemon writes one: the daemon's time, a tab, its CRC-32.
    Returns the time written: whole seconds (comparing later clocks with the fraction it dropped
    failed when the daemon then ran for less than that fraction)."""
    written = int(seconds)
    record = ('{"op":"clock","time":%d}' % written).encode()
    with open(log_path, "ab") as f:
        f.write(record + b"\t" + ("%08x" % zlib.crc32(record)).encode() + b"\n")
    return written


def last_clock():
    clocks = [line for line in open(log_path, "rb").read().split(b"\n") if b'"op":"clock"' in line]
    return float(clocks[-1].split(b'"time":')[1].split(b"}")[0]) if clocks else 0


def start():
    """Starts the daemon (socket-activated by the first call); returns it and the seconds from
    the first call to READY=1 and to the first reply."""
    daemon = Daemon(binary, work, config)
    started = time.monotonic()
    status = daemon.call("GetStatus")
    replied = time.monotonic() - started
    daemon.notify.wait_for("READY=1")
    return daemon, replied, status["parameters"]


# A first life: a virtual simulation with inputs, the live ones ticking.
daemon, _, _ = start()
sid = daemon.call("OpenSimulation", {"scenario": "home"})["parameters"]["simulation"]["simulation"]
daemon.call("Perform", {"simulation": sid, "gesture": {"fling": {"section": "company", "velocity": -3000}}})
daemon.call("Advance", {"simulation": sid, "seconds": 5})
counts = daemon.call("GetCounts", {"simulation": sid})["parameters"]
daemon.signal(signal.SIGTERM)
daemon.wait()

# 1. A short gap: the restore completes, and the counts are the same.
append_clock(last_clock() + 20)
daemon, replied, status = start()
after = daemon.call("GetCounts", {"simulation": sid})["parameters"]
check("a simulation restored in the background has the counts it had", after == counts, f"{after} != {counts}")
deadline = time.monotonic() + 30 * SLOW
while daemon.call("GetStatus")["parameters"]["state"]["restoring"] > 0 and time.monotonic() < deadline:
    time.sleep(0.1)
live = daemon.call("ListSimulations")["parameters"]["simulations"]
check("every simulation is restored, the live ones at the daemon's time",
      all(s["time"] >= 20 for s in live if s["live"]), f"{live}")
check("the log says how long the restore took", "restored 4 simulations in" in daemon.log_text())
daemon.signal(signal.SIGTERM)
daemon.wait()

# 2. A simulated 24 h uptime: ready at once, the live simulations catching up in the background
# (before: replayed before READY=1 at ~1.65 ms per second of uptime, ~143 s each).
clock = append_clock(last_clock() + 86_400)
daemon, replied, status = start()
ready_seconds = replied
check("ready within 2 s after a 24 h uptime", replied < 2 * SLOW, f"{replied:.2f} s")
check("GetStatus counts the simulations still restoring", status["state"]["restoring"] >= 3, f"{status['state']}")
daemon.notify.wait_for("STATUS=")
status_line = [a for a in daemon.notify.assignments() if a.startswith("STATUS=")][-1]
check("systemctl status says the restore's progress", status_line.startswith("STATUS=restoring ") and " of 4 simulations (" in status_line,
      status_line)
started = time.monotonic()
after = daemon.call("GetCounts", {"simulation": sid})["parameters"]
waited = time.monotonic() - started
check("a call about a simulation goes first and sees it whole", after == counts, f"{after} != {counts}")
waits = []
for _ in range(10):
    started = time.monotonic()
    daemon.call("GetStatus")
    waits.append(time.monotonic() - started)
    time.sleep(0.05)
check("GetStatus is answered during the restore (within 2 s)", max(waits) < 2 * SLOW, f"{waits}")
live = daemon.call("ListSimulations")["parameters"]["simulations"]
behind = [s for s in live if s["live"] and s["time"] < clock - 60]
check("the live simulations are still catching up (the restore runs after READY=1)", behind, f"{live}")
started = time.monotonic()
daemon.signal(signal.SIGTERM)
daemon.wait()
stopped = time.monotonic() - started
check("SIGTERM during the restore exits within 2 s", stopped < 2 * SLOW, f"{stopped:.2f} s")
check("the state file still holds the 24 h (the next start restores it again)", last_clock() >= clock, f"{last_clock()}")
print(f"figures: restart after a simulated 24 h uptime: first reply {ready_seconds * 1000:.0f} ms, "
      f"{status['state']['restoring']} simulations restoring in the background; a call about a restored simulation "
      f"answered in {waited * 1000:.0f} ms; GetStatus max {max(waits) * 1000:.0f} ms during the restore; "
      f"SIGTERM exit in {stopped:.2f} s")
print("PASS")
