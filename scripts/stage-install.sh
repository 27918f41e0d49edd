#!/usr/bin/env bash
# Stages a release build in the Debian packages' layout (debian/rules runs it; debian/*.install split it):
#   usr/bin/                 strata-server, strata, strata-bench, strata-demo, strata-input-demo, strata-examples
#   usr/libexec/strata/      strata-text-worker (the server starts it; no one runs it by hand)
#   usr/share/strata/glsl/   the GLSL sources (ShaderSources looks in PREFIX/share/strata/glsl first)
#   usr/share/strata/        kiosk-demo.json
#   lib/systemd/system/      strata.socket, strata.service (naming /usr/bin)
#   etc/strata/strata.conf   packaging/strata.conf.example (a conffile: upgrades keep its edits)
#   usr/lib/MULTIARCH/       libstrata.so.0 (the C API, its SONAME's name) and the libstrata.so link, pkgconfig/strata.pc
#                            (the C API's); libstrata-swift.a, strata/swift/ (the modules), pkgconfig/strata-swift.pc
#   usr/include/strata/      strata.h
# Usage: scripts/stage-install.sh BIN_DIR DEST MULTIARCH VERSION
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$1" dest="$2" multiarch="$3" version="$4"
[ -x "$bin/strata-server" ] || { echo "stage-install.sh: $bin/strata-server not found" >&2; exit 1; }

install -d "$dest/usr/bin" "$dest/usr/libexec/strata" "$dest/usr/share/strata/glsl" "$dest/lib/systemd/system" \
    "$dest/etc/strata" "$dest/usr/share/doc/strata-tools/examples"
install -m 0755 "$bin/strata-server" "$bin/strata" "$bin/strata-bench" "$bin/strata-demo" "$bin/strata-input-demo" \
    "$bin/strata-examples" "$dest/usr/bin/"
install -m 0755 "$bin/strata-text-worker" "$dest/usr/libexec/strata/"
install -m 0644 "$bin"/Strata_StrataShaders.resources/glsl/* "$dest/usr/share/strata/glsl/"
install -m 0644 packaging/kiosk-demo.json "$dest/usr/share/strata/"
for unit in strata.socket strata.service; do
    sed "s|/usr/local/bin/|/usr/bin/|g" "systemd/$unit" > "$dest/lib/systemd/system/$unit"
    chmod 0644 "$dest/lib/systemd/system/$unit"
done
sed "s|/usr/local/|/usr/|g" systemd/strata-demo.service > "$dest/usr/share/doc/strata-tools/examples/strata-demo.service"
install -m 0644 packaging/strata.conf.example "$dest/etc/strata/strata.conf"

# The C API: the library under its SONAME, the link -lstrata finds, the header and strata.pc.
[ -f "$bin/libStrataC.so" ] || { echo "stage-install.sh: $bin/libStrataC.so not found (swift build --product StrataC)" >&2; exit 1; }
install -d "$dest/usr/lib/$multiarch/pkgconfig" "$dest/usr/include/strata"
install -m 0644 "$bin/libStrataC.so" "$dest/usr/lib/$multiarch/libstrata.so.0"
ln -sf libstrata.so.0 "$dest/usr/lib/$multiarch/libstrata.so"
install -m 0644 include/strata/strata.h "$dest/usr/include/strata/"
cat > "$dest/usr/lib/$multiarch/pkgconfig/strata.pc" <<PC
prefix=/usr
libdir=\${prefix}/lib/$multiarch
includedir=\${prefix}/include

Name: strata
Description: Strata's client library for C, C++ and other languages (libstrata; docs/c-api.md)
Version: $version
URL: https://strata.example.org/
Cflags: -I\${includedir}
Libs: -L\${libdir} -lstrata
PC
chmod 0644 "$dest/usr/lib/$multiarch/pkgconfig/strata.pc"

scripts/stage-swift-modules.sh "$bin" "$dest" "$multiarch" "$version"
