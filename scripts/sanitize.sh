#!/usr/bin/env bash
# Builds and runs the test suite under a sanitizer preset.
#   scripts/sanitize.sh asan [ctest args...]   AddressSanitizer + UBSan + LeakSanitizer, every test
#   scripts/sanitize.sh tsan [ctest args...]   ThreadSanitizer, every test
# Suppressions live in scripts/tsan.supp and scripts/lsan.supp, each entry explained there.
# QS_FIXTURES_DIR=/path/to/fixtures/tfrecord points the fixture tests at the shared TFRecord files
# when they are not at ../shared/fixtures/tfrecord (a git worktree elsewhere); else they skip.
#
# Wall time here (2 cores shared with other builds, load about 3; from an empty build/<preset>,
# build -j2 then ctest -j2 over the whole suite, measured when it was 64 tests; `ctest -N
# --preset <preset>` counts them now), `time scripts/sanitize.sh <preset>`:
#   asan  8 min 14 s  (build ~6 min 55 s, tests 79 s)
#   tsan  7 min 46 s  (build ~6 min 40 s, tests 66 s)
# Under heavier load the same builds took 14.5 and 16.5 min. After a small change, the rebuild
# and the tests take 1-2 min for either.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:?usage: scripts/sanitize.sh asan|tsan [ctest args...]}
shift
case "$preset" in asan|tsan) ;; *) echo "sanitize.sh: unknown preset '$preset' (asan, tsan)" >&2; exit 2 ;; esac
./scripts/setup.sh
cmake --preset "$preset" ${QS_FIXTURES_DIR:+-DQS_FIXTURES_DIR="$QS_FIXTURES_DIR"} >/dev/null
cmake --build --preset "$preset" -j"$(nproc)"
export QT_QPA_PLATFORM=offscreen
ctest --preset "$preset" -j"$(nproc)" "$@"
