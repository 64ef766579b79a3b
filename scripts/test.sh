#!/usr/bin/env bash
# The README's test command: setup, build (Debug, warnings as errors), every test.
# Its exit status is ctest's.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
preset=${QS_TEST_PRESET:-dev}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j"$(nproc)"
export QT_QPA_PLATFORM=offscreen
ctest --preset "$preset" -j"$(nproc)" "$@"
