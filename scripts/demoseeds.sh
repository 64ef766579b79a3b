#!/usr/bin/env bash
# Held-out accuracy of the demo model over many seeds, one real run per seed (Release build).
#
#   scripts/demoseeds.sh [default|test] [FIRST_SEED] [LAST_SEED] [RUN_FLAG...]
#
# default: `queuescope-cli run` on the bundled demo data (30 epochs, 1875 steps), with
#          --shuffle-seed S --file-seed S.
# test:    the shape of tests/run/tst_demopipeline.cpp: 2000 training samples in 4 files,
#          2 readers, the default shuffle buffer (min_after_dequeue 128), 2000 steps of 32,
#          1000 held-out samples of another seed (the records dealt round-robin to the files,
#          where the test writes them in blocks); the same seeds.
# Prints "seed accuracy steps samples/s" per run, then the lowest, mean and the number of runs
# under 0.90. Set QS_BIN to use another build's bin folder.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-default}
first=${2:-1}
last=${3:-20}
extra=("${@:4}")
bin=${QS_BIN:-build/release/bin}
cli=$bin/queuescope-cli
[ -x "$cli" ] || { echo "demoseeds.sh: $cli not built (cmake --build --preset release)" >&2; exit 2; }

args=()
if [ "$mode" = test ]; then
  data=$(mktemp -d)
  trap 'rm -rf "$data"' EXIT
  "$cli" demo --count 2000 --seed 1 --shards 4 -o "$data/train.tfrecords" >/dev/null
  "$cli" demo --count 1000 --seed 1001 -o "$data/eval.tfrecords" >/dev/null
  args=("$data"/train.tfrecords-*-of-* --eval "$data/eval.tfrecords" --epochs 0 --readers 2
        --batch-size 32 --max-steps 2000 --eval-every 250)
elif [ "$mode" != default ]; then
  echo "demoseeds.sh: mode is default or test, not $mode" >&2
  exit 2
fi

results=$(for seed in $(seq "$first" "$last"); do
  "$cli" run --json --shuffle-seed "$seed" --file-seed "$seed" "${args[@]}" "${extra[@]}" 2>/dev/null |
    python3 -c 'import json,sys; s=json.load(sys.stdin); print(sys.argv[1], "%.4f" % s["eval_accuracy"], s["steps"], "%.0f" % s["samples_per_s"])' "$seed"
done)
printf 'seed accuracy steps samples/s\n%s\n' "$results"
awk 'NR == 1 || $2 < min { min = $2 } { sum += $2; n++; if ($2 < 0.90) low++ }
  END { printf "runs %d  lowest %.4f  mean %.4f  under 0.90: %d\n", n, min, sum / n, low }' <<<"$results"
