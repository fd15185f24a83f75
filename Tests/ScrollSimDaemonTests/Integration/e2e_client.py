"""The client side of the nspawn end-to-end test: GetInfo, the live counts and a short stream
through the container's socket. Usage: e2e_client.py SOCKET"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from harness import raw_call  # noqa: E402

path = sys.argv[1]
deadline = time.time() + 10
while not os.path.exists(path):
    if time.time() > deadline:
        sys.exit(f"{path} never appeared")
    time.sleep(0.05)
info = raw_call(path, {"method": "org.varlink.service.GetInfo"})[0]
assert "io.scrollsim.Simulator" in info["parameters"]["interfaces"], info
time.sleep(1.0)  # let the live simulations run
counts = raw_call(path, {"method": "io.scrollsim.Simulator.GetCounts", "parameters": {"simulation": "live-home-390x844"}})[0]
total = counts["parameters"]["total"]
assert total["sectionProvider"] > 0 and total["cellProvider"] > 0, counts
stream = raw_call(path, {"method": "io.scrollsim.Simulator.Watch", "more": True,
                         "parameters": {"simulation": "live-home-390x844", "interval": 0.05}}, read=3)
assert len(stream) == 3 and all(r.get("continues") for r in stream), stream
print(f"live-home-390x844 after 1 s: {total['sectionProvider']} section-provider, {total['cellProvider']} cell-provider calls; stream ok")
