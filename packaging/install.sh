#!/bin/bash
# Installs scrollsim without a package manager (any systemd distribution): release binaries with
# the Swift standard library linked statically, units, sysusers file, configuration (kept if
# present), scenarios, man pages, completions.
# Usage: packaging/install.sh            PREFIX=/usr/local by default, DESTDIR for staging:
#        DESTDIR=/tmp/stage PREFIX=/usr packaging/install.sh
# Then, as root on the target: systemd-sysusers; systemctl daemon-reload;
#        systemctl enable --now scrollsimd.socket
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
cd "$ROOT"
swift build -c release --static-swift-stdlib --product scrollsimd
swift build -c release --static-swift-stdlib --product scrollsimctl
BIN=$(swift build -c release --show-bin-path)
D=$DESTDIR
install -D -m 755 "$BIN/scrollsimctl" "$D$PREFIX/bin/scrollsimctl"
install -D -m 755 "$BIN/scrollsimd" "$D$PREFIX/sbin/scrollsimd"
# Units for a local prefix go to /etc/systemd/system (systemd reads /usr/local/lib only with
# distribution support); for PREFIX=/usr, to /usr/lib/systemd/system.
if [ "$PREFIX" = /usr ]; then UNITS=/usr/lib/systemd/system; SYSUSERS=/usr/lib/sysusers.d; else UNITS=/etc/systemd/system; SYSUSERS=/etc/sysusers.d; fi
install -d "$D$UNITS" "$D$SYSUSERS"
sed "s|^ExecStart=.*|ExecStart=$PREFIX/sbin/scrollsimd|" systemd/scrollsimd.service > "$D$UNITS/scrollsimd.service"
install -m 644 systemd/scrollsimd.socket "$D$UNITS/scrollsimd.socket"
install -m 644 systemd/scrollsimd.sysusers "$D$SYSUSERS/scrollsimd.conf"
[ -e "$D/etc/scrollsimd/scrollsimd.conf" ] || install -D -m 644 Config/scrollsimd.conf "$D/etc/scrollsimd/scrollsimd.conf"
install -d "$D$PREFIX/share/scrollsim/scenarios/data"
install -m 644 Config/scenarios/*.json "$D$PREFIX/share/scrollsim/scenarios/"
install -m 644 Config/scenarios/data/* "$D$PREFIX/share/scrollsim/scenarios/data/"
VERSION=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/Service/ScrollSimService/ScrollSimVersion.swift)
for page in packaging/man/scrollsimctl.1 packaging/man/scrollsimd.8; do
  section=${page##*.}
  install -d "$D$PREFIX/share/man/man$section"
  sed "s/@VERSION@/$VERSION/" "$page" > "$D$PREFIX/share/man/man$section/$(basename "$page")"
done
install -D -m 644 packaging/completions/scrollsimctl.bash "$D$PREFIX/share/bash-completion/completions/scrollsimctl"
install -D -m 644 packaging/completions/_scrollsimctl "$D$PREFIX/share/zsh/site-functions/_scrollsimctl"
install -D -m 644 packaging/completions/scrollsimctl.fish "$D$PREFIX/share/fish/vendor_completions.d/scrollsimctl.fish"
echo "installed under $D$PREFIX; as root: systemd-sysusers && systemctl daemon-reload && systemctl enable --now scrollsimd.socket"
