#!/usr/bin/env bash
# Builds and runs the test suite under a sanitizer preset.
#   scripts/sanitize.sh asan [ctest args...]   AddressSanitizer + UBSan + LeakSanitizer, every test
#   scripts/sanitize.sh tsan [ctest args...]   ThreadSanitizer, every test
# Suppressions live in scripts/tsan.supp and scripts/lsan.supp, each entry explained there.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:?usage: scripts/sanitize.sh asan|tsan [ctest args...]}
shift
case "$preset" in asan|tsan) ;; *) echo "sanitize.sh: unknown preset '$preset' (asan, tsan)" >&2; exit 2 ;; esac
./scripts/setup.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j"$(nproc)"
export QT_QPA_PLATFORM=offscreen
ctest --preset "$preset" -j"$(nproc)" "$@"
