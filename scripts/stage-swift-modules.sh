#!/usr/bin/env bash
# Stages what an app needs to build against the client library without SwiftPM (libstrata-dev):
#   usr/lib/MULTIARCH/libstrata-swift.a        the StrataClient product: the four client modules and every module
#                                              they use, C shims included, in one static archive
#   usr/lib/MULTIARCH/strata/swift/            their .swiftmodule/.swiftdoc files, and each C module's map and headers
#   usr/lib/MULTIARCH/pkgconfig/strata-swift.pc  -I for the modules and the C headers they include; the libraries
#                                              (strata.pc is the C API's: scripts/stage-install.sh)
# A .swiftmodule is read only by the compiler that wrote it: strata-swift.pc's swift_version names it.
# Usage: scripts/stage-swift-modules.sh BIN_DIR DEST MULTIARCH VERSION
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$1" dest="$2" multiarch="$3" version="$4"
libdir="$dest/usr/lib/$multiarch"
moddir="$libdir/strata/swift"
[ -f "$bin/libStrataClient.a" ] || { echo "stage-swift-modules.sh: $bin/libStrataClient.a not found (swift build --product StrataClient)" >&2; exit 1; }

# The client modules and every Swift module their interfaces import.
swift_modules="Strata StrataUIKit StrataAVFoundation StrataGLES StrataCore StrataProtocol StrataPNG StrataText StrataLayout
    StrataDisplay StrataGL StrataKMS Logging"
# System-library modules: their map and shims as in Sources/ (headers found through the -I paths below).
system_modules="CStrataCairo CStrataPNG CStrataText CStrataGL CGStreamer"
# C targets: their public headers under an umbrella of their own.
c_modules="CStrataSys CStrataRuntime CStrataJPEG CStrataBreak"

rm -rf "$moddir"
install -d "$moddir" "$libdir/pkgconfig"
install -m 0644 "$bin/libStrataClient.a" "$libdir/libstrata-swift.a"
for m in $swift_modules; do
    install -m 0644 "$bin/Modules/$m.swiftmodule" "$bin/Modules/$m.swiftdoc" "$moddir/"
done
for m in $system_modules; do
    install -d "$moddir/$m"
    install -m 0644 Sources/$m/*.h Sources/$m/module.modulemap "$moddir/$m/"
done
for m in $c_modules; do
    install -d "$moddir/$m/include"
    install -m 0644 Sources/$m/include/*.h "$moddir/$m/include/"
    printf 'module %s {\n    umbrella "include"\n    export *\n}\n' "$m" > "$moddir/$m/module.modulemap"
    chmod 0644 "$moddir/$m/module.modulemap"
done

# Include paths of the C libraries whose headers the shims include (swiftc passes -I to its C importer too);
# -pthread and the like are for C compilers only.
c_paths=$(pkg-config --cflags-only-I cairo libpng freetype2 harfbuzz fontconfig fribidi egl glesv2 gstreamer-1.0 \
    gstreamer-app-1.0 gstreamer-video-1.0 gstreamer-pbutils-1.0 | tr ' ' '\n' | grep '^-I' | sort -u | tr '\n' ' ')
swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -1)
cat > "$libdir/pkgconfig/strata-swift.pc" <<PC
prefix=/usr
libdir=\${prefix}/lib/$multiarch
swiftmoduledir=\${libdir}/strata/swift
# The Swift compiler the modules were built with; another version cannot import them.
swift_version=$swift_version

Name: strata-swift
Description: Strata client library: Core Animation and UIKit's API for Linux (Swift modules)
Version: $version
URL: https://strata.example.org/
Cflags: -I\${swiftmoduledir} ${c_paths% }
Libs: -L\${libdir} -lstrata-swift -lcairo -lpng16 -ljpeg -lfreetype -lharfbuzz -lfontconfig -lfribidi -licuuc -lthai -lEGL -lGLESv2 -lgstpbutils-1.0 -lgstapp-1.0 -lgstvideo-1.0 -lgstbase-1.0 -lgstreamer-1.0 -lgobject-2.0 -lglib-2.0
PC
chmod 0644 "$libdir/pkgconfig/strata-swift.pc"
