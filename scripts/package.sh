#!/usr/bin/env bash
# Builds the Debian package for a classroom machine (a Release build installed under /usr) and
# checks it with lintian. Prints the .deb's path; install it with `sudo apt install ./FILE.deb`.
#   scripts/package.sh [BUILD_DIR]     default build/package
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${1:-build/package}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DQS_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)"
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls -t "$build"/queuescope_*.deb | head -1)
lintian --fail-on error "$deb"
echo "$deb"
