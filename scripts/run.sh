#!/usr/bin/env bash
# Setup, Release build, then the QueueScope window on the bundled demo dataset.
# Extra arguments go to the app (files, --scenario NAME, --start, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "${QT_QPA_PLATFORM:-}" != offscreen ]; then
  cat >&2 <<MSG
run.sh: no display. Run the pipeline headless instead:
  build/release/bin/queuescope-cli run --max-steps 300
or give the window a virtual display:
  xvfb-run -a ./scripts/run.sh
MSG
  exit 1
fi
exec build/release/bin/queuescope "$@"
