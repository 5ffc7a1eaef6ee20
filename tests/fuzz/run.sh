#!/usr/bin/env bash
# Runs the fuzz targets built in BUILD (tests/fuzz/CMakeLists.txt), one after the other, and prints
# one line per target: executions, executions per second, peak RSS and the result.
#   tests/fuzz/run.sh BUILD [target...]      (targets: tableau_file baseline reference_data; default all)
# Environment: FUZZ_SECONDS (default 120) per target, or FUZZ_RUNS executions per target (then no
# time limit); FUZZ_RSS_MB (default 2048) the memory limit (RSS and single allocation).
# Each run starts from the committed seeds (tests/fuzz/corpus/<target>) and kept crashes
# (tests/fuzz/crashes/<target>, which must no longer crash); what it adds to the corpus goes to
# BUILD/corpus/<target>, crashing, leaking or slow inputs to BUILD/artifacts/<target>/, the log to
# BUILD/<target>.log. Exit status 1 when any target found something.
set -uo pipefail
build=${1:?usage: run.sh BUILD [target...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(tableau_file baseline reference_data)
here=$(cd "$(dirname "$0")" && pwd)
seconds=${FUZZ_SECONDS:-120}
runs=${FUZZ_RUNS:-}
rss=${FUZZ_RSS_MB:-2048}
# Longest input tried (the largest committed seed fits: order.json is 22 KB, the rest under 7 KB),
# and the time after which one input counts as a hang. An accepted tableau file is audited in exact
# rational arithmetic: in this instrumented build Feagin's 17-stage 10(8) pair, the largest published
# method in use, takes 40 s (17 digits) to 66 s (40 digits), hence 120 s for that target.
declare -A max_len=([tableau_file]=8192 [baseline]=32768 [reference_data]=8192)
declare -A timeout=([tableau_file]=120 [baseline]=10 [reference_data]=10)
status=0
for target in "${targets[@]}"; do
  binary=$build/${target}_fuzz
  if [ ! -x "$binary" ]; then
    echo "fuzz: $binary is not built" >&2
    status=1
    continue
  fi
  mkdir -p "$build/corpus/$target" "$build/artifacts/$target" "$here/crashes/$target"
  log=$build/$target.log
  limit=(-max_total_time="$seconds")
  [ -n "$runs" ] && limit=(-runs="$runs")
  dict=()
  [ -f "$here/$target.dict" ] && dict=(-dict="$here/$target.dict")
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
    "$binary" "${limit[@]}" "${dict[@]}" -rss_limit_mb="$rss" -malloc_limit_mb="$rss" \
    -timeout="${timeout[$target]}" -max_len="${max_len[$target]}" -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$target/" \
    "$build/corpus/$target" "$here/corpus/$target" "$here/crashes/$target" >"$log" 2>&1
  rc=$?
  final_stat() { grep -o "stat::$1: *[0-9.]*" "$log" | tail -1 | awk '{print $2}'; }
  execs=$(final_stat number_of_executed_units)
  per_second=$(final_stat average_exec_per_sec)
  peak=$(final_stat peak_rss_mb)
  if [ "$rc" -eq 0 ]; then
    result="ok"
  elif grep -q "libFuzzer: run interrupted" "$log"; then
    status=1
    result="interrupted (signal) before the end; nothing found until then"
  else
    status=1
    kind=$(grep -m1 -oE 'ERROR: (libFuzzer: [a-z -]+|AddressSanitizer: [a-z-]+|LeakSanitizer: [a-z ]+)|runtime error: .*' "$log")
    artifact=$(grep -m1 -oE "Test unit written to [^ ]+" "$log" | sed 's/Test unit written to //')
    result="FAILED (exit $rc): ${kind:-see $log}${artifact:+; input $artifact}"
  fi
  printf '%-15s %10s execs %8s exec/s  peak RSS %5s MB  %s\n' "$target" "${execs:-?}" "${per_second:-?}" \
    "${peak:-?}" "$result"
done
exit $status
