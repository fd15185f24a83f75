#!/bin/bash
# End-to-end: scrollsimd socket-activated, Type=notify and hardened, under a REAL systemd 252
# booted in systemd-nspawn, on a host where systemd is not PID 1 (docs/internals.md S5).
# Usage: e2e-systemd.sh BINARY UNITS_DIR WORK_DIR
# The binary may be linked dynamically against the Swift runtime (a test build): the directory
# it loads libswiftCore.so from is then bind-mounted read-only at the same path in the container.
set -euo pipefail
BIN=$(readlink -f "${1:?binary}"); UNITS=$(readlink -f "${2:?units dir}"); WORK=${3:?work dir}
RUNTIME=$(ldd "$BIN" | awk '/libswiftCore\.so/ { print $3 }' | xargs -r dirname)
HERE=$(dirname "$(readlink -f "$0")")
T0=$(date +%s%N)
log() { echo "[$(( ($(date +%s%N) - T0) / 1000000 ))ms] $*"; }
command -v systemd-nspawn >/dev/null || { echo "systemd-nspawn missing (apt-get install --no-install-recommends systemd-container)"; exit 1; }
mkdir -p "$WORK"

# A private cgroup subtree, so the container's systemd builds its slices there and nothing lands
# in the host's root cgroups (hybrid or unified host).
CGS=()
if [ -d /sys/fs/cgroup/unified ]; then CGS=(/sys/fs/cgroup/systemd/e2e.$$ /sys/fs/cgroup/unified/e2e.$$)
elif [ -f /sys/fs/cgroup/cgroup.controllers ]; then CGS=(/sys/fs/cgroup/e2e.$$); fi
for d in "${CGS[@]}"; do mkdir -p "$d"; echo $$ > "$d/cgroup.procs"; done
cleanup() {
  set +e
  [ -n "${NSPID:-}" ] && kill "$NSPID" 2>/dev/null && wait "$NSPID" 2>/dev/null
  for d in "${CGS[@]}"; do echo $$ > "$(dirname "$d")/cgroup.procs"; find "$d" -depth -type d -exec rmdir {} \; 2>/dev/null; done
}
trap cleanup EXIT

# Static gates on the host, in a private mount namespace so /run stays untouched.
sed "s|^ExecStart=[^ ]*|ExecStart=$BIN|" "$UNITS/scrollsimd.service" > "$WORK/scrollsimd.service"
cp "$UNITS/scrollsimd.socket" "$WORK/"
out=$(cd "$WORK" && unshare -m --propagation private sh -c \
      'mount -n -t tmpfs tmpfs /run/systemd && systemd-analyze verify ./scrollsimd.socket ./scrollsimd.service' 2>&1) || true
[ -z "$out" ] || { echo "systemd-analyze verify complained:"; echo "$out"; exit 1; }   # 252 exits 0 on warnings
score=$(unshare -m --propagation private sh -c 'mount -n -t tmpfs tmpfs /run/systemd && exec "$@"' sh \
  systemd-analyze security --offline=true --threshold=20 --no-pager "$WORK/scrollsimd.service" | tail -1)
log "static gates passed: verify silent; $score"

# The unit as installed in the container: the binary under /opt (host /usr is read-only there).
sed "s|^ExecStart=[^ ]*|ExecStart=/opt/scrollsimd/bin/scrollsimd|" "$UNITS/scrollsimd.service" > "$WORK/container.service"
EXTRA=()
[ -n "$RUNTIME" ] && EXTRA+=("--bind-ro=$RUNTIME")
SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 unshare -m --propagation private \
  sh -c 'mount -n -t tmpfs tmpfs /run/systemd && exec "$@"' sh \
  systemd-nspawn -q -D / --volatile=yes --boot --register=no --keep-unit --machine=e2e$$ \
    --console=pipe --private-network --link-journal=no \
    --bind-ro="$BIN":/opt/scrollsimd/bin/scrollsimd \
    --bind-ro="$UNITS/scrollsimd.socket":/etc/systemd/system/scrollsimd.socket \
    --bind-ro="$WORK/container.service":/etc/systemd/system/scrollsimd.service \
    --bind-ro="$UNITS/scrollsimd.sysusers":/etc/sysusers.d/scrollsimd.conf \
    --bind-ro=/dev/null:/etc/systemd/system/systemd-firstboot.service \
    "${EXTRA[@]}" \
    </dev/null >"$WORK/console.log" 2>&1 &
NSPID=$!
LEADER=
for _ in $(seq 400); do
  for p in $(ps -o pid= --ppid "$NSPID"); do   # nspawn's child: PID 1 of the new pid namespace, running systemd
    grep -qE '^NSpid:\s+[0-9]+\s+1$' /proc/$p/status 2>/dev/null && [ "$(cat /proc/$p/comm 2>/dev/null)" = systemd ] && LEADER=$p
  done
  [ -n "$LEADER" ] && [ -S /proc/$LEADER/root/run/systemd/private ] && break; sleep 0.05
done
[ -n "$LEADER" ] || { echo "container init not found"; cat "$WORK/console.log"; exit 1; }
C() { nsenter -t "$LEADER" -m -u -i -n -p -C "$@"; }
diagnose() {
  echo "--- failed; the service as the container's systemd sees it:"
  C systemctl status --no-pager scrollsimd.service scrollsimd.socket || true
  C journalctl --no-pager -b -o cat -u scrollsimd.service | tail -20 || true
}
trap 'diagnose' ERR
state=$(C systemctl is-system-running --wait) || true
log "container systemd (host pid $LEADER): $state"
[ "$state" = running ] || { C systemctl --failed --no-pager; exit 1; }

C systemctl start scrollsimd.socket
mode=$(C stat -c '%a %G' /run/scrollsimd/io.scrollsim.Simulator)
[ "$mode" = "660 scrollsim" ] || { echo "socket mode/group: $mode"; exit 1; }
log "socket: mode and group $mode"
SOCK=/proc/$LEADER/root/run/scrollsimd/io.scrollsim.Simulator
python3 "$HERE/e2e_client.py" "$SOCK"
[ "$(C systemctl is-active scrollsimd.service)" = active ] || { echo "service not active"; exit 1; }
show=$(C systemctl show -p Type,User,WatchdogUSec,StatusText,NRestarts scrollsimd.service)
echo "$show"
grep -q '^Type=notify$' <<<"$show" && grep -q '^WatchdogUSec=10s$' <<<"$show" && grep -q '^StatusText=.*live simulations' <<<"$show" \
  || { echo "unexpected unit state"; exit 1; }
C systemctl reload scrollsimd.service
C systemd-analyze security --no-pager scrollsimd.service | tail -1
C systemctl stop scrollsimd.service scrollsimd.socket
[ "$(C systemctl is-active scrollsimd.service)" = inactive ] || { echo "service still active"; exit 1; }
journal=$(C journalctl --no-pager -b -o verbose -u scrollsimd.service)
grep -q 'SCROLLSIM_EVENT=ready' <<<"$journal" || { echo "no structured ready entry in the journal"; echo "$journal" | tail -40; exit 1; }
grep -q 'SCROLLSIM_EVENT=reloaded' <<<"$journal" || { echo "no reload entry in the journal"; exit 1; }
grep -q 'SCROLLSIM_EVENT=stopping' <<<"$journal" || { echo "no stopping entry in the journal"; exit 1; }
C journalctl --no-pager -b -o cat -u scrollsimd.service | tail -6
C systemctl poweroff
wait "$NSPID" || true; NSPID=
log "PASS"
