"""Work is bounded by processor time, not by simulated seconds (issue 35, points 1, 2 and 8).

A definition whose frames are costly (3.3 pt rows on a 1000 x 6000 viewport at 1000 frames per
second: thousands of cells a frame) makes one simulated second cost seconds of CPU. Such work
runs in slices of real time between other clients' calls: an Advance, its replay after a
`kill -9`, and a realtime simulation that cannot keep up (it falls behind, says so, and takes
inputs at its own time). The watchdog is pinged throughout. A second daemon on the same state
directory refuses to start and touches nothing. Usage: slicing_test.py SCROLLSIMD WORKDIR"""
import os
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from harness import Daemon, SLOW, check, raw_call  # noqa: E402

binary, work = sys.argv[1], sys.argv[2]
M = "io.scrollsim.Simulator."
config = os.path.join(work, "scrollsimd.conf")
with open(config, "w") as f:
    # No live simulations: the state file then changes only when a client changes something.
    f.write("[Live]\nSimulation=\n")
WATCHDOG = 2.0
figures = []

HEAVY = {"name": "heavy", "frameRate": 1000, "sections": [{"id": "rows", "items": {"count": 20000}, "layout": {"group": {
    "axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 3.3}},
    "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}}],
    "script": [{"at": 0, "fling": {"velocity": -4000}}, {"at": 0.3, "fling": {"velocity": 4000}},
               {"every": 0.6, "repeat": "all"}]}
VIEWPORT = {"width": 1000, "height": 6000}


def status_waits_while(busy):
    """GetStatus round trips, every 50 ms while `busy()` holds: the longest, in seconds."""
    waits = []
    while busy():
        started = time.monotonic()
        raw_call(daemon.socket, {"method": M + "GetStatus"}, timeout=60 * SLOW)
        waits.append(time.monotonic() - started)
        time.sleep(0.05)
    return max(waits, default=0), len(waits)


def in_background(body):
    results = []
    thread = threading.Thread(target=lambda: results.append(body()), daemon=True)
    thread.start()
    return thread, results


# 1. An Advance of one costly simulated second: answered when done, the loop serving meanwhile.
daemon = Daemon(binary, work, config, watchdog_usec=int(WATCHDOG * 1e6))
opened = daemon.call("OpenSimulation", {"definition": HEAVY, "viewport": VIEWPORT})
check("the costly definition opens", "parameters" in opened, f"{opened}")
sid = opened["parameters"]["simulation"]["simulation"]
daemon.notify.wait_for("READY=1")
since = time.monotonic()
advancing, advanced = in_background(lambda: raw_call(
    daemon.socket, {"method": M + "Advance", "parameters": {"simulation": sid, "seconds": 1}}, timeout=600 * SLOW)[0])
longest, polls = status_waits_while(advancing.is_alive)
advance_seconds = time.monotonic() - since
gap = daemon.notify.watchdog_gap(since)
figures.append(f"Advance 1 s of the costly definition: {advance_seconds:.1f} s, GetStatus max {longest * 1000:.0f} ms "
               f"over {polls} polls, longest watchdog gap {gap:.2f} s")
check("the Advance is answered with the simulation at 1 s",
      advanced and advanced[0].get("parameters", {}).get("simulation", {}).get("time") == 1, f"{advanced}")
check("GetStatus answered within 1 s throughout the Advance", longest < 1 * SLOW, f"{longest:.2f} s")
check(f"the watchdog was pinged at least every {WATCHDOG:.0f} s", gap < WATCHDOG * SLOW, f"{gap:.2f} s")
counts = daemon.call("GetCounts", {"simulation": sid})["parameters"]

# 2. A second daemon on the same state directory refuses at once and changes nothing.
log_path = os.path.join(daemon.state, "simulations.log")
before = open(log_path, "rb").read()
second = subprocess.run([binary, "--socket", os.path.join(work, "second.sock"), "--state-dir", daemon.state],
                        capture_output=True, text=True, timeout=30 * SLOW)
check("a second daemon on the same state directory exits with 75", second.returncode == 75,
      f"{second.returncode}: {second.stderr}")
check("it says which directory is in use, and by which pid",
      f"{daemon.state} is in use by another scrollsimd (pid" in second.stderr, second.stderr)
check("the state file is byte for byte as it was", open(log_path, "rb").read() == before)
check("the second daemon bound no socket", not os.path.exists(os.path.join(work, "second.sock")))
check("the first daemon still serves", "parameters" in daemon.call("GetStatus"))

# 3. kill -9, restart: the stored Advance is replayed in slices; the watchdog is pinged, GetStatus
# answered, ListSimulations shows the simulation as restoring until it is whole, and its counts
# (the call waits for the restore) are those acknowledged before the kill.
daemon.kill()
daemon = Daemon(binary, work, config, watchdog_usec=int(WATCHDOG * 1e6))
since = time.monotonic()
listed = daemon.call("ListSimulations")["parameters"]["simulations"]
daemon.notify.wait_for("READY=1")
part_way = [info for info in listed if info["time"] < 1]
check("a simulation part-way through its restore is listed as restoring",
      all(info.get("restoring") is True for info in part_way), f"{listed}")
restored, restored_counts = in_background(lambda: raw_call(
    daemon.socket, {"method": M + "GetCounts", "parameters": {"simulation": sid}}, timeout=600 * SLOW)[0])
longest, polls = status_waits_while(restored.is_alive)
restore_seconds = time.monotonic() - since
gap = daemon.notify.watchdog_gap(since)
figures.append(f"restore of that Advance after kill -9: {restore_seconds:.1f} s, GetStatus max {longest * 1000:.0f} ms, "
               f"longest watchdog gap {gap:.2f} s")
check("the restored counts are those acknowledged before the kill",
      restored_counts and restored_counts[0].get("parameters") == counts, f"{restored_counts} != {counts}")
check("GetStatus answered within 1 s throughout the restore", longest < 1 * SLOW, f"{longest:.2f} s")
check(f"the watchdog was pinged at least every {WATCHDOG:.0f} s during the restore", gap < WATCHDOG * SLOW, f"{gap:.2f} s")
whole = [info for info in daemon.call("ListSimulations")["parameters"]["simulations"] if info["simulation"] == sid]
check("once whole, it is listed without the restoring mark", whole and "restoring" not in whole[0], f"{whole}")

# 4. A realtime simulation too costly for real time falls behind instead of stalling anyone: its
# counts and info say by how much, GetStatus too, and an input is taken at once, at its own time.
# A taller viewport than above: thrice the cells a frame, too costly for real time in a release
# build too.
live = daemon.call("OpenSimulation", {"definition": HEAVY, "viewport": {"width": 1000, "height": 20000},
                                      "clock": "realtime"})
live_id = live["parameters"]["simulation"]["simulation"]
since = time.monotonic()
longest, _ = status_waits_while(lambda: time.monotonic() - since < 4 * SLOW)
behind = daemon.call("GetCounts", {"simulation": live_id})["parameters"]
info = [i for i in daemon.call("ListSimulations")["parameters"]["simulations"] if i["simulation"] == live_id][0]
status = daemon.call("GetStatus")["parameters"]
started = time.monotonic()
performed = daemon.call("Perform", {"simulation": live_id, "gesture": {"fling": {"velocity": 2000}}})
perform_seconds = time.monotonic() - started
figures.append(f"a realtime simulation too costly for real time: {behind.get('behind', 0):.1f} s behind after "
               f"{time.monotonic() - since:.0f} s, GetStatus max {longest * 1000:.0f} ms, a Perform on it "
               f"{perform_seconds * 1000:.0f} ms")
check("GetCounts says how far behind it runs", behind.get("behind", 0) >= 1, f"{behind.get('behind')}")
check("its info says so too", info.get("behind", 0) >= 1, f"{info}")
check("GetStatus reports it as the furthest behind", status["ticks"]["behindMs"] >= 1000, f"{status['ticks']}")
check("GetStatus answered within 1 s meanwhile", longest < 1 * SLOW, f"{longest:.2f} s")
check("a Perform on it is answered within 1 s, at its own time",
      "parameters" in performed and perform_seconds < 1 * SLOW
      and performed["parameters"]["simulation"]["time"] < time.monotonic() - since, f"{perform_seconds:.2f} s {performed}")

daemon.signal(signal.SIGTERM)
check("SIGTERM exits 0", daemon.wait() == 0)
print("figures: " + "; ".join(figures))
print("PASS")
