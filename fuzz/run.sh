#!/usr/bin/env bash
# fuzz/run.sh - build the libFuzzer harnesses of fuzz/ with clang and run each
# one for a while; docs/fuzzing.md says what each checks.
#
#   fuzz/run.sh [-t SECONDS] [-j JOBS] [-b BUILD_DIR] [--build-only] [HARNESS...]
#
#   -t SECONDS    run time of each harness (default 10)
#   -j JOBS       harnesses run at once (default 2)
#   -b BUILD_DIR  where the binaries, corpora, crashes and logs go
#                 (default build/fuzz; the corpora grow there from run to run)
#   --build-only  build the harnesses and the seed corpora, run nothing
#   HARNESS...    names such as fuzz_line_load (default: every fuzz/fuzz_*.c)
#
# CC picks the compiler (default clang). Exits non-zero if a harness crashed
# or broke an invariant; the input that did it is BUILD_DIR/crashes/<harness>-*.
# Reproduce with: BUILD_DIR/<harness> BUILD_DIR/crashes/<harness>-crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=10
jobs=2
build=$root/build/fuzz
build_only=0
harnesses=()
while [ $# -gt 0 ]; do
  case $1 in
    -t) seconds=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -b) build=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
if [ ${#harnesses[@]} -eq 0 ]; then
  for f in fuzz/fuzz_*.c; do harnesses+=("$(basename "$f" .c)"); done
fi
cc=${CC:-clang}
mkdir -p "$build/obj" "$build/corpus" "$build/crashes" "$build/logs"

# The core instrumented for coverage and checked by ASan and UBSan; the
# harnesses linked with libFuzzer's main.
flags=(-std=c99 -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
       -fno-sanitize-recover=all -I"$root/csrc/include" -I"$root/csrc")
echo "building the core and ${#harnesses[@]} harnesses with $cc"
objs=()
for src in csrc/*.c; do
  obj=$build/obj/$(basename "$src" .c).o
  "$cc" "${flags[@]}" -fsanitize=fuzzer-no-link -c "$src" -o "$obj"
  objs+=("$obj")
done
for h in "${harnesses[@]}"; do
  "$cc" "${flags[@]}" -fsanitize=fuzzer "fuzz/$h.c" "${objs[@]}" -o "$build/$h"
done
"$cc" -std=c99 -O1 -I"$root/csrc/include" fuzz/make_seeds.c csrc/*.c -o "$build/make_seeds"
rm -rf "$build/seeds"
"$build/make_seeds" "$build/seeds"
[ "$build_only" = 1 ] && exit 0

# One harness: its corpus (kept across runs) and the seeds as inputs.
run_one() {
  local h=$1
  mkdir -p "$build/corpus/$h" "$build/seeds/$h"
  "$build/$h" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/crashes/$h-" \
    "$build/corpus/$h" "$build/seeds/$h" >"$build/logs/$h.log" 2>&1
}

echo "running each harness for ${seconds}s, $jobs at a time"
declare -A pid_of=()
failed=()
for h in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; done
  run_one "$h" &
  pid_of[$h]=$!
done
for h in "${harnesses[@]}"; do
  if ! wait "${pid_of[$h]}"; then failed+=("$h"); fi
done

# What each run did: executions, speed, coverage (edges) and features.
printf '\n%-22s %10s %8s %7s %8s %7s\n' harness runs exec/s cov ft corpus
for h in "${harnesses[@]}"; do
  log=$build/logs/$h.log
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$last")
  printf '%-22s %10s %8s %7s %8s %7s\n' "$h" "${runs:-?}" "${speed:-?}" "${cov:-?}" \
    "${ft:-?}" "${corp:-?}"
done
if [ ${#failed[@]} -gt 0 ]; then
  for h in "${failed[@]}"; do
    echo
    echo "==== $h FAILED (log: $build/logs/$h.log)"
    grep -E 'invariant broken|ERROR|SUMMARY|Test unit written' "$build/logs/$h.log" | head -n 20 || true
  done
  exit 1
fi
echo "fuzzing: no crash in ${#harnesses[@]} harnesses"
