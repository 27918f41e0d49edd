#!/usr/bin/env bash
# Installs a built Strata for the systemd service (docs/deployment.md):
#   $PREFIX/bin/strata-server, strata-text-worker (the server starts it: it lays out clients' text), strata,
#     strata-demo and Strata_StrataShaders.resources/ (the GLSL sources:
#     SwiftPM's Bundle.module looks for them beside the executable)
#   $PREFIX/share/strata/kiosk-demo.json (the scene strata-demo.service plays)
#   /etc/systemd/system/strata.socket, strata.service, strata-demo.service
#   /etc/strata/strata.conf from packaging/strata.conf.example, only if there is none yet
# Usage: scripts/install.sh [BIN_DIR]   (default: the release build, .build/release)
# PREFIX (default /usr/local) and DESTDIR (default empty: the real root) are read from the environment.
# It creates no user and enables nothing: docs/deployment.md does those steps.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${PREFIX:-/usr/local}"
dest="${DESTDIR:-}"
bin="${1:-.build/release}"
for exe in strata-server strata-text-worker strata strata-demo; do
    [ -x "$bin/$exe" ] || { echo "install.sh: $bin/$exe not found: run swift build -c release first" >&2; exit 1; }
done
[ -d "$bin/Strata_StrataShaders.resources" ] || { echo "install.sh: $bin/Strata_StrataShaders.resources not found" >&2; exit 1; }

install -d "$dest$prefix/bin" "$dest$prefix/share/strata" "$dest/etc/systemd/system" "$dest/etc/strata"
install -m 0755 "$bin/strata-server" "$bin/strata-text-worker" "$bin/strata" "$bin/strata-demo" "$dest$prefix/bin/"
rm -rf "$dest$prefix/bin/Strata_StrataShaders.resources"
cp -R "$bin/Strata_StrataShaders.resources" "$dest$prefix/bin/"
chmod -R a+rX "$dest$prefix/bin/Strata_StrataShaders.resources"
install -m 0644 packaging/kiosk-demo.json "$dest$prefix/share/strata/"
for unit in strata.socket strata.service strata-demo.service; do
    # The units name /usr/local; another PREFIX is written into the installed copies.
    sed "s|/usr/local/|$prefix/|g" "systemd/$unit" > "$dest/etc/systemd/system/$unit"
    chmod 0644 "$dest/etc/systemd/system/$unit"
done
if [ -e "$dest/etc/strata/strata.conf" ]; then
    echo "kept the existing $dest/etc/strata/strata.conf"
else
    install -m 0644 packaging/strata.conf.example "$dest/etc/strata/strata.conf"
fi
echo "installed into ${dest:-/}: next, docs/deployment.md (user, configuration, systemctl enable --now)"
