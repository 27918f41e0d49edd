#!/usr/bin/env bash
# The Debian packages' install test (docs/deployment.md, "Debian packages"): installs the .deb files that
# dpkg-buildpackage made into a clean Debian 12 root made by debootstrap, with no Swift toolchain in it, and
#   1. installs an older build of them, then upgrades to these (an edited /etc/strata/strata.conf is kept);
#   2. starts the server exactly as strata.socket and strata.service would: the socket made by
#      systemd-socket-activate as the socket unit names it, the unit's ExecStart run as its User and Group
#      (no systemd runs as PID 1 in a chroot);
#   3. connects a client (`strata play` of a scene) and checks a pixel of the server's snapshot, then plays
#      the packaged example scene;
#   4. removes the packages (the configuration and the user stay), purges them, and fails on anything of
#      Strata left behind: files, the user, the group;
#   4. builds the C example (examples/c-api/tap_to_grow.c) with the installed `pkg-config --cflags --libs strata`,
#      checks that libstrata.so.0 needs no Swift toolchain, runs it against that server and taps it;
#   5. where this machine has swiftc, builds and runs an app against libstrata-dev's modules and strata-swift.pc.
# Usage: scripts/check-package.sh [DEB_DIR]   (default: the directory above the repository, where
# dpkg-buildpackage puts them). Needs root, debootstrap and network access to a Debian mirror
# (MIRROR, default http://deb.debian.org/debian). WORK (default a new temporary directory) keeps the debootstrapped
# base between runs; each run copies it to a fresh root.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
debs="$(cd "${1:-$repo/..}" && pwd)"
mirror="${MIRROR:-http://deb.debian.org/debian}"
version=$(dpkg-parsechangelog -l "$repo/debian/changelog" -SVersion)
arch=$(dpkg --print-architecture)
for p in strata-server strata-tools libstrata0 libstrata-dev; do
    [ -f "$debs/${p}_${version}_${arch}.deb" ] || { echo "check-package.sh: $debs/${p}_${version}_${arch}.deb not found: run dpkg-buildpackage -us -uc -b first" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "check-package.sh: needs root (debootstrap, chroot, mounts)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "check-package.sh: apt-get install debootstrap" >&2; exit 1; }

work="${WORK:-$(mktemp -d /tmp/strata-package-XXXXXX)}"
root="$work/root"
step() { echo "== check-package: $*"; }
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
mounted=()
cleanup() {
    [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
    for ((i=${#mounted[@]}-1; i>=0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT

# A fresh root each run, copied from a debootstrapped one that WORK keeps between runs.
if [ ! -x "$work/base/usr/bin/apt-get" ]; then
    step "debootstrap bookworm into $work/base"
    rm -rf "$work/base"
    debootstrap --variant=minbase bookworm "$work/base" "$mirror" > "$work/debootstrap.log" 2>&1 ||
        { tail -20 "$work/debootstrap.log"; exit 1; }
fi
rm -rf "$root" && cp -a "$work/base" "$root"
for fs in proc dev; do
    mount --bind "/$fs" "$root/$fs"; mounted+=("$root/$fs")
done
mount -t tmpfs tmpfs "$root/run"; mounted+=("$root/run")
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
in_root apt-get update -qq
[ ! -e "$root/opt/swift" ] && ! in_root sh -c 'command -v swift' >/dev/null || { echo "check-package.sh: the root has a Swift toolchain" >&2; exit 1; }

# What the root holds before Strata, to compare with what it holds after the purge.
listing() { (cd "$root" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./run -o -path ./tmp -o -path ./var/cache/apt \
    -o -path ./var/lib/apt -o -path ./var/lib/dpkg -o -path ./var/log -o -path ./debs \) -prune -o -print | sort); }
listing > "$work/before.txt"

step "packages: an older build (${version}~old), to upgrade from"
rm -rf "$root/debs" && mkdir -p "$root/debs/old" "$root/debs/new"
cp "$debs"/strata-server_"$version"_"$arch".deb "$debs"/strata-tools_"$version"_"$arch".deb "$debs"/libstrata0_"$version"_"$arch".deb \
    "$debs"/libstrata-dev_"$version"_"$arch".deb "$root/debs/new/"
for p in strata-server strata-tools; do
    tree="$work/repack-$p"; rm -rf "$tree"
    dpkg-deb -R "$debs/${p}_${version}_${arch}.deb" "$tree"
    sed -i -e "s/^Version: .*/Version: ${version}~old/" -e "s/(= ${version})/(= ${version}~old)/" "$tree/DEBIAN/control"
    dpkg-deb -b -Zxz "$tree" "$root/debs/old/${p}_${version}~old_${arch}.deb" > /dev/null
done
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /debs/old/strata-server_"$version"~old_"$arch".deb /debs/old/strata-tools_"$version"~old_"$arch".deb > "$work/install-old.log" 2>&1 ||
    { tail -30 "$work/install-old.log"; exit 1; }
in_root getent passwd strata > /dev/null || { echo "check-package.sh: installing made no user strata" >&2; exit 1; }
echo "# kept across upgrades (check-package.sh)" >> "$root/etc/strata/strata.conf"

step "upgrade to $version"
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /debs/new/strata-server_"$version"_"$arch".deb /debs/new/strata-tools_"$version"_"$arch".deb /debs/new/libstrata0_"$version"_"$arch".deb /debs/new/libstrata-dev_"$version"_"$arch".deb > "$work/install.log" 2>&1 ||
    { tail -30 "$work/install.log"; exit 1; }
grep -qx "# kept across upgrades (check-package.sh)" "$root/etc/strata/strata.conf" || { echo "check-package.sh: the upgrade lost the edited strata.conf" >&2; exit 1; }
installed=$(in_root dpkg-query -W -f='${Version}' strata-server)
printed=$(in_root strata-server --version)
[ "$installed" = "$version" ] && [ "$printed" = "$version" ] ||
    { echo "check-package.sh: dpkg says $installed, strata-server --version says $printed; expected $version" >&2; exit 1; }
for f in /usr/bin/strata-server /lib/systemd/system/strata.service /lib/systemd/system/strata.socket \
         /usr/lib/*/pkgconfig/strata.pc /usr/lib/*/pkgconfig/strata-swift.pc /usr/lib/*/libstrata.so.0 /usr/lib/*/libstrata.so \
         /usr/include/strata/strata.h /usr/libexec/strata/strata-text-worker /usr/share/strata/glsl/layer.vert; do
    compgen -G "$root$f" > /dev/null || { echo "check-package.sh: $f is not installed" >&2; exit 1; }
done

step "start the server as strata.socket and strata.service do"
unit() { sed -n "s/^$2=//p" "$root/lib/systemd/system/$1" | tail -1; }
listen=$(unit strata.socket ListenStream) exec_start=$(unit strata.service ExecStart)
user=$(unit strata.service User) group=$(unit strata.service Group)
mkdir -p "$root$(dirname "$listen")" && chmod "$(unit strata.socket DirectoryMode)" "$root$(dirname "$listen")"
# What systemd does for the unit, done by hand: CacheDirectory=strata, the listening socket (LISTEN_FDS), a clean
# environment, the User and Group. Its sandboxing (ProtectSystem=, DevicePolicy=, ...) a chroot cannot apply.
uid=$(in_root id -u "$user") gid=$(in_root getent group "$group" | cut -d: -f3)
install -d -o "$uid" -g "$gid" -m 0755 "$root/var/cache/strata"
systemd-socket-activate -l "$root$listen" sh -c 'exec env -i PATH=/usr/sbin:/usr/bin LANG=C.UTF-8 \
    LISTEN_FDS="$LISTEN_FDS" LISTEN_PID="$LISTEN_PID" LISTEN_FDNAMES="$LISTEN_FDNAMES" CACHE_DIRECTORY=/var/cache/strata \
    chroot "$0" setpriv --reuid="$1" --regid="$2" --init-groups -- $3' "$root" "$user" "$group" "$exec_start" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do [ -S "$root$listen" ] && break; sleep 0.1; done
[ -S "$root$listen" ] || { cat "$work/server.log"; echo "check-package.sh: no socket at $listen" >&2; exit 1; }
chgrp "$(in_root getent group "$(unit strata.socket SocketGroup)" | cut -d: -f3)" "$root$listen"
chmod "$(unit strata.socket SocketMode)" "$root$listen"

step "a client's frame"
cat > "$root/tmp/check.json" <<'SCENE'
{ "strata": 1, "size": [320, 240], "background": "#000000",
  "layers": [ { "id": "box", "bounds": [0, 0, 200, 160], "position": [100, 80], "backgroundColor": "#3366CC" } ] }
SCENE
in_root strata play /tmp/check.json --socket "$listen" --duration 20 > "$work/play.log" 2>&1 &
play_pid=$!
ok=""
for _ in $(seq 1 60); do
    sleep 0.5
    if in_root strata snapshot --socket "$listen" --out /tmp/snapshot.png > /dev/null 2>&1 &&
       python3 "$repo/scripts/png_pixel.py" "$root/tmp/snapshot.png" 100 80 | grep -qx "51 102 204 255"; then ok=1; break; fi
done
kill "$play_pid" 2>/dev/null || true; wait "$play_pid" 2>/dev/null || true
# The packaged example scene plays too (for a second: its animations repeat for ever).
in_root strata play /usr/share/strata/kiosk-demo.json --socket "$listen" --duration 1 >> "$work/play.log" 2>&1 ||
    { cat "$work/play.log"; echo "check-package.sh: strata play of the packaged kiosk-demo.json failed" >&2; exit 1; }
[ -n "$ok" ] || { cat "$work/server.log" "$work/play.log"; echo "check-package.sh: the snapshot never showed the client's layer" >&2; exit 1; }

step "a C app built with the installed pkg-config strata (libstrata0, libstrata-dev)"
lib=$(ls "$root"/usr/lib/*/libstrata.so.0)
if readelf -d "$lib" | grep -E "NEEDED.*(libswift|libFoundation|libdispatch|libBlocksRuntime)|R(UN)?PATH.*swift"; then
    echo "check-package.sh: libstrata.so.0 needs a Swift toolchain's libraries (above)" >&2; exit 1
fi
# libc6-dev stays marked automatic: libstrata-dev's own dependencies need it, and the purge's autoremove takes it.
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc libc6-dev > "$work/gcc.log" 2>&1 &&
    in_root apt-mark auto libc6-dev >> "$work/gcc.log" 2>&1 || { tail -30 "$work/gcc.log"; exit 1; }
cp "$repo/examples/c-api/tap_to_grow.c" "$root/tmp/"
in_root sh -c 'cc -std=c11 -Wall -Wextra -Werror -o /tmp/tap_to_grow /tmp/tap_to_grow.c $(pkg-config --cflags --libs strata)' ||
    { echo "check-package.sh: the C example did not build against the installed package" >&2; exit 1; }
in_root env STRATA_SOCKET="$listen" /tmp/tap_to_grow > "$work/c-app.log" 2>&1 &
c_app=$!
for _ in $(seq 1 600); do grep -q "^ready" "$work/c-app.log" && break; sleep 0.1; done
size=$(sed -n 's/^ready //p' "$work/c-app.log")
[ -n "$size" ] || { cat "$work/c-app.log"; echo "check-package.sh: the C example did not start" >&2; exit 1; }
cx=$(( ${size%x*} / 2 )) cy=$(( ${size#*x} / 2 ))
in_root strata input tap "$cx" "$cy" --socket "$listen" > /dev/null
grown=""
for _ in $(seq 1 60); do # the circle grows from 50 to 200 points across: a pixel 80 points right of it turns blue
    sleep 0.5
    if in_root strata snapshot --socket "$listen" --out /tmp/snapshot.png > /dev/null 2>&1 &&
       python3 "$repo/scripts/png_pixel.py" "$root/tmp/snapshot.png" $((cx + 80)) "$cy" | grep -qx "0 146 255 255"; then grown=1; break; fi
done
kill "$c_app" 2>/dev/null || true; wait "$c_app" 2>/dev/null || true
[ -n "$grown" ] || { cat "$work/c-app.log" "$work/server.log"; echo "check-package.sh: the C example did not grow when tapped" >&2; exit 1; }
grep -q "^grew 200" "$work/c-app.log" || { cat "$work/c-app.log"; echo "check-package.sh: the C example did not see the tap" >&2; exit 1; }
# The compiler goes again, so that the purge below finds the root as it was.
in_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq gcc >> "$work/gcc.log" 2>&1 &&
    in_root env DEBIAN_FRONTEND=noninteractive apt-get autoremove --purge -y -qq >> "$work/gcc.log" 2>&1 ||
    { tail -30 "$work/gcc.log"; exit 1; }
[ "$(stat -c %u "/proc/$server_pid")" = "$uid" ] && grep -q strata-server "/proc/$server_pid/cmdline" ||
    { echo "check-package.sh: the server (pid $server_pid) does not run as $user" >&2; exit 1; }
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""

step "remove: the configuration and the user stay"
in_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq libstrata-dev libstrata0 strata-tools strata-server > "$work/remove.log" 2>&1 ||
    { tail -30 "$work/remove.log"; exit 1; }
[ ! -e "$root/usr/bin/strata-server" ] && [ -f "$root/etc/strata/strata.conf" ] && in_root getent passwd strata > /dev/null ||
    { echo "check-package.sh: remove should take the binaries and keep strata.conf and the user" >&2; exit 1; }

step "purge: nothing of Strata is left"
# dpkg, not apt: the two packages without conffiles are gone since the removal, and apt no longer knows them.
in_root env DEBIAN_FRONTEND=noninteractive dpkg --purge strata-server strata-tools libstrata0 libstrata-dev > "$work/purge.log" 2>&1 ||
    { tail -30 "$work/purge.log"; exit 1; }
in_root env DEBIAN_FRONTEND=noninteractive apt-get autoremove --purge -y -qq >> "$work/purge.log" 2>&1
rm -rf "$root/debs" "$root/tmp/check.json" "$root/tmp/snapshot.png" "$root/tmp/tap_to_grow" "$root/tmp/tap_to_grow.c"
listing > "$work/after.txt"
left=$(comm -13 "$work/before.txt" "$work/after.txt")
if echo "$left" | grep -i strata; then echo "check-package.sh: the purge left the files above" >&2; exit 1; fi
if in_root getent passwd strata || in_root getent group strata; then echo "check-package.sh: the purge left the user or group strata" >&2; exit 1; fi
[ -z "$left" ] || { echo "(left by the dependencies' own packages, not Strata's:)"; sed -n '1,20p' <<< "$left"; }
# libstrata-dev on this machine (the root has no Swift): an app built and linked against its modules,
# library and strata-swift.pc, as docs/deployment.md shows, then run.
if command -v swiftc > /dev/null; then
    step "an app built against libstrata-dev"
    dev="$work/dev" && rm -rf "$dev" && mkdir -p "$dev/app"
    dpkg-deb -x "$debs/libstrata-dev_${version}_${arch}.deb" "$dev/root"
    pc_dir=$(dirname "$(ls "$dev"/root/usr/lib/*/pkgconfig/strata-swift.pc)")
    cat > "$dev/app/main.swift" <<'SWIFT'
import Strata
import StrataUIKit

let layer = CALayer()
layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
view.contentMode = .top
print("layer \(layer.bounds.width) view \(view.frame.height) gravity \(view.layer.contentsGravity.rawValue)")
SWIFT
    pc() { PKG_CONFIG_PATH="$pc_dir" pkg-config --define-variable=prefix="$dev/root/usr" "$@" strata-swift; }
    [ "$(pc --variable=swift_version)" = "$(swiftc --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -1)" ] ||
        { echo "check-package.sh: strata-swift.pc names another Swift version than this swiftc" >&2; exit 1; }
    swiftc "$dev/app/main.swift" -o "$dev/app/app" $(pc --cflags --libs) > "$dev/build.log" 2>&1 || { cat "$dev/build.log"; exit 1; }
    [ "$("$dev/app/app")" = "layer 40.0 view 20.0 gravity bottom" ] || { echo "check-package.sh: the app built against libstrata-dev printed $("$dev/app/app")" >&2; exit 1; }
fi
echo "check-package.sh: install, upgrade, socket activation, a client's frame, a C app built and tapped, remove and purge, an app built against libstrata-dev: OK"
