#!/usr/bin/env bash
# Builds the Debian packages and checks them with lintian (CI runs it; docs/deployment.md, "The Debian packages").
# The packages land in the repository's parent directory, as dpkg-buildpackage puts them.
# Lintian must report no error and no warning: each warning left is overridden, with its reason, in
# debian/*.lintian-overrides.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
sudo_=""; [ "$(id -u)" = 0 ] || sudo_=sudo
missing=""
for p in debhelper help2man lintian debootstrap; do dpkg -s "$p" > /dev/null 2>&1 || missing="$missing $p"; done
[ -z "$missing" ] || DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y --no-install-recommends $missing
# Whatever of debian/control's Build-Depends install-deps.sh did not install.
unmet=$(dpkg-checkbuilddeps 2>&1 | sed -n 's/.*Unmet build dependencies: //p' | sed 's/([^)]*)//g; s/|[^ ]*//g')
[ -z "$unmet" ] || DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y --no-install-recommends $unmet
dpkg-buildpackage -us -uc -b
version=$(dpkg-parsechangelog -SVersion)
lintian --fail-on error,warning "../strata_${version}_$(dpkg --print-architecture).changes"
echo "build-packages.sh: ../strata-server, strata-tools, libstrata0 and libstrata-dev ${version}: built, lintian clean"
