#!/bin/bash
# `make report` over ssh hosts with GNU parallel, for machines without a batch system: SHARDS runs of
# `orderly run-studies --shard i/SHARDS` spread over the hosts (each host runs one shard at a time),
# then `orderly merge` and the page, here. The orderly executable and the work directory must be at
# the same path on every host (a shared file system); `--sshlogin :` is this machine.
#
#   scripts/parallel/report-parallel.sh [--shards N] [--quick] [--only STUDIES] [--sshlogin LOGINS] [--orderly PATH]
#                                       [--work DIR] [--report-dir DIR] [--merge-only]
#
# --only: these studies alone (comma-separated, as `orderly run-studies --only`).
# LOGINS as GNU parallel takes them ("host1,host2" or "2/host1,:"); default ":". --merge-only stops
# after the merge (no page). A failed shard is named by the merge, which then writes nothing.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
shards=4 suite=default only= logins=: orderly="$source_dir/build/bin/orderly" merge_only=0
work="$source_dir/reports/out/parallel" report_dir="$source_dir/reports/out"
usage() {
  echo "usage: $0 [--shards N] [--quick] [--only STUDIES] [--sshlogin LOGINS] [--orderly PATH] [--work DIR] [--report-dir DIR] [--merge-only]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --shards) shards=${2:?}; shift 2 ;;
    --quick) suite=quick; shift ;;
    --only) only=${2:?}; shift 2 ;;
    --sshlogin) logins=${2:?}; shift 2 ;;
    --orderly) orderly=${2:?}; shift 2 ;;
    --work) work=${2:?}; shift 2 ;;
    --report-dir) report_dir=${2:?}; shift 2 ;;
    --merge-only) merge_only=1; shift ;;
    *) usage ;;
  esac
done
case $shards in ''|*[!0-9]*|0) echo "$0: --shards '$shards': give a positive whole number" >&2; exit 2 ;; esac
command -v parallel >/dev/null || { echo "$0: GNU parallel not found (apt-get install parallel)" >&2; exit 2; }
[ -x "$orderly" ] || { echo "$0: --orderly '$orderly': not an executable (make cli)" >&2; exit 2; }
orderly=$(cd "$(dirname "$orderly")" && pwd)/$(basename "$orderly")
mkdir -p "$work/logs" "$report_dir"
work=$(cd "$work" && pwd) report_dir=$(cd "$report_dir" && pwd)
rm -rf "$work/shards"
# Every shard runs, whatever another's fate: the merge names the ones that failed.
parallel --will-cite --sshlogin "$logins" --jobs 1 --halt never --joblog "$work/logs/joblog" \
  "$orderly run-studies --suite $suite ${only:+--only $only} --shard {}/$shards --out $work/shards/{} > $work/logs/shard-{}.log 2>&1" \
  ::: $(seq 1 "$shards") || echo "$0: $? shards failed (logs in $work/logs)" >&2
rm -rf "$report_dir/json"
"$orderly" merge --in "$work/shards"/* --out "$report_dir/json"  # one directory per shard
[ "$merge_only" = 1 ] && exit 0
exec make -C "$source_dir" --no-print-directory report-page ORDERLY="$orderly" REPORT_DIR="$report_dir"
