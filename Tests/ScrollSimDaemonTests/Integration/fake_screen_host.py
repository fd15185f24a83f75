#!/usr/bin/env python3
"""A screen host that misbehaves on purpose, chosen by the name it is started under:
fake-hang hangs on its second Advance, fake-garbage answers it with bytes that are not JSON,
fake-crash exits with status 3 on it. Before that each serves one screen, "fake", well enough."""
import json, os, socket, sys, time

mode = os.path.basename(sys.argv[0])
line = socket.socket(fileno=int(os.environ.get("SCROLLSIM_HOST_FD", "3")))
buffer = b""
advances = 0
names = ("applies cellProvider cellsCreated cellsEnded cellsReused contentConfigurationsApplied contentViewsCreated "
         "dataPrefetchCancelled dataPrefetched dataRequests dataRequestsCompleted dataRequestsFailed dataRequestsSuppressed "
         "decorationsCreated decorationsReused deleted frames inserted layoutPasses moved prefetched prefetchedNeverShown "
         "reconfigured reconfigures reloaded sectionProvider sizeForItem supplementaryProvider visibleItemsInvalidations").split()
counts = {name: 0 for name in names}
counts.update(layoutPasses=1, sectionProvider=1, cellProvider=3)

def state(t):
    return {"time": t, "reached": True, "total": counts, "sections": [{"section": "main", "counts": counts}],
            "warnings": [], "events": []}

def reply(parameters):
    line.sendall(json.dumps({"parameters": parameters}).encode() + b"\0")

while True:
    data = line.recv(65536)
    if not data:
        sys.exit(0)
    buffer += data
    while b"\0" in buffer:
        message, _, buffer = buffer.partition(b"\0")
        call = json.loads(message)
        method = call["method"].rsplit(".", 1)[1]
        p = call.get("parameters", {})
        if method == "Describe":
            reply({"version": 1, "screens": [{"name": "fake", "description": "a host that fails on purpose"}]})
        elif method == "Open":
            reply({"session": 1, "state": state(0)})
        elif method == "Advance":
            advances += 1
            if advances >= 2:
                print(f"{mode}: misbehaving on advance {advances}", file=sys.stderr, flush=True)
                if mode == "fake-hang":
                    time.sleep(3600)
                elif mode == "fake-garbage":
                    line.sendall(b"\xff\xfenot json at all\0")
                    continue
                elif mode == "fake-crash":
                    sys.exit(3)
            reply({"state": state(p["to"])})
        else:
            reply({})
