#!/usr/bin/env bash
# Installs the Debian 12 packages Strata builds and runs against (EGL/GLES with Mesa's llvmpipe, libpng, cairo,
# libsystemd for sd_notify; libdrm, GBM, libudev and libseat for the KMS backend; libinput, libevdev and
# xkbcommon for input; FreeType, HarfBuzz, fontconfig,
# FriBiDi, ICU and libthai (line breaking) for CATextLayer, with the DejaVu and Noto fonts its tests and goldens are pinned to;
# libjpeg-turbo for JPEG images; GStreamer with the base, good, bad and libav plugins for video (AVPlayer), the ugly set's x264 encoder and
# gst-launch-1.0 only for the tests' own fixture clips; python3 for scripts/check-getting-started.sh; python3-kiwisolver, the
# oracle StrataLayout's solver is tested against by scripts/solver-oracle.py). Swift 6 itself is expected on PATH (swift.org toolchain).
set -euo pipefail
# systemd provides systemd-socket-activate and systemd-analyze, used by the socket-activation, notify and
# unit-verification tests. gcc and g++ build the C API's checks (scripts/check-c-api.sh: `cc`, and the header
# as C++17); swift.org's toolchain does not need them itself. python3-venv, -setuptools and -wheel install the
# Python package (python/) into a virtual environment with no network (scripts/check-c-api.sh).
packages=(gcc g++ pkg-config python3 python3-kiwisolver python3-venv python3-setuptools python3-wheel libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri libpng-dev libcairo2-dev libsystemd-dev systemd
          libdrm-dev libgbm-dev libudev-dev libseat-dev libinput-dev libevdev-dev libxkbcommon-dev
          libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libicu-dev libthai-dev libjpeg62-turbo-dev
          fonts-dejavu-core fonts-dejavu-extra fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
          libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good
          gstreamer1.0-plugins-bad gstreamer1.0-libav gstreamer1.0-plugins-ugly gstreamer1.0-tools)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
command -v swift >/dev/null || { echo "swift (6.0 or later) is required on PATH" >&2; exit 1; }
