#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset: clang++, ASan + UBSan) and runs each for
# SECONDS (default 60), one after another, from a fresh working corpus seeded from the
# TFRecord fixtures and the project's own writers.
#
#   scripts/fuzz.sh [--fixtures DIR] [SECONDS] [TARGET...]   targets: recordreader example imagedecode runfile
#
# Fixtures: --fixtures DIR, else $QS_FIXTURES_DIR, else <repo>/../shared/fixtures/tfrecord;
# without them the seeds are the project's own files only. Everything goes under build/fuzz/:
#   seeds/<target>/      made by fuzz_extract_seeds (never copied into the repository)
#   corpus/<target>/     the working corpus, emptied at each run
#   artifacts/<target>/  reproducers: crash-*, leak-*, oom-*, timeout-*
#   logs/<target>.log    libFuzzer's output
# Exits 1 when any target found something (after running all of them), naming the reproducers.
set -euo pipefail
caller=$(pwd)
cd "$(dirname "$0")/.."
repo=$(pwd)

usage="usage: scripts/fuzz.sh [--fixtures DIR] [SECONDS] [recordreader|example|imagedecode ...]"
fixtures=${QS_FIXTURES_DIR:-$repo/../shared/fixtures/tfrecord}
if [ "${1:-}" = --fixtures ]; then
  [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
  fixtures=$(cd "$caller" && realpath -m "$2")
  shift 2
fi
seconds=${1:-60}
if ! [[ $seconds =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "$usage" >&2
  exit 2
fi
shift $(($# > 0 ? 1 : 0))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(recordreader example imagedecode runfile)
for t in "${targets[@]}"; do
  case $t in
  recordreader | example | imagedecode | runfile) ;;
  *) echo "fuzz.sh: unknown target '$t' (recordreader, example, imagedecode, runfile)" >&2; exit 2 ;;
  esac
done

# The largest input each target is given (libFuzzer truncates longer seeds to it). The record
# reader's target puts a 256 KiB filler record in front of its input itself, so small inputs
# still reach the reader's buffer edge.
declare -A max_len=([recordreader]=65536 [example]=65536 [imagedecode]=65536 [runfile]=262144)

./scripts/setup.sh
cmake --preset fuzz -DQS_FIXTURES_DIR="$fixtures" >/dev/null
cmake --build --preset fuzz -j"$(nproc)" --target fuzzers

out=build/fuzz
bin=$out/bin
rm -rf "$out/seeds"
"$bin/fuzz_extract_seeds" "$fixtures" "$out/seeds" "${max_len[example]}"

# UBSan only reports unless told to stop; a report must be a finding.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# allow_user_segv_handler: the record reader's SIGBUS handler (core/record/mappedfile.h) turns a
# file cut while mapped into DataLoss; fuzz_recordreader cuts files under the reader on purpose.
export ASAN_OPTIONS="detect_leaks=1:allow_user_segv_handler=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

declare -A runs status corpus_files corpus_kib
found=0
for t in "${targets[@]}"; do
  corpus=$out/corpus/$t
  artifacts=$out/artifacts/$t
  log=$out/logs/$t.log
  rm -rf "$corpus" "$artifacts"
  mkdir -p "$corpus" "$artifacts" "$out/logs"
  echo "fuzz.sh: fuzz_$t for ${seconds}s (log: $log)"
  rc=0
  "$bin/fuzz_$t" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=512 -timeout=30 \
    -max_len="${max_len[$t]}" -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "$corpus" "$out/seeds/$t" >"$log" 2>&1 || rc=$?
  runs[$t]=$(sed -n 's/^Done \([0-9]*\) runs in .*/\1/p' "$log" | tail -1)
  [ -n "${runs[$t]}" ] || runs[$t]=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  corpus_files[$t]=$(find "$corpus" -type f | wc -l)
  corpus_kib[$t]=$(du -sk "$corpus" | cut -f1)
  mapfile -t repro < <(find "$artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' \
    -o -name 'timeout-*' \) | sort)
  if [ "$rc" -ne 0 ] || [ ${#repro[@]} -gt 0 ]; then
    found=1
    status[$t]="FINDING (exit $rc)"
    echo "fuzz.sh: fuzz_$t stopped with exit status $rc; the end of its log:" >&2
    grep -v '^"' "$log" | grep -v '^0x' | tail -n 30 >&2
    for r in "${repro[@]}"; do
      echo "fuzz.sh: reproducer $r  (run again: $bin/fuzz_$t $r)" >&2
    done
  else
    status[$t]=clean
  fi
done

echo
printf '%-18s %10s %13s %11s  %s\n' target runs corpus-files corpus-KiB result
for t in "${targets[@]}"; do
  printf '%-18s %10s %13s %11s  %s\n' "fuzz_$t" "${runs[$t]:-?}" "${corpus_files[$t]}" "${corpus_kib[$t]}" \
    "${status[$t]}"
done
exit $found
