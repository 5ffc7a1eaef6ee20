#!/bin/bash
# `make report` on a Slurm cluster: the studies' suites as a job array of SHARDS tasks (each runs
# shard i/SHARDS of every suite: `orderly run-studies --shard`), and a job that waits for all of
# them (--dependency=afterok) to merge the shards and build the page. A failed task leaves the
# merge job unrun (Slurm: DependencyNeverSatisfied); `orderly merge` names what is missing.
#
#   scripts/slurm/submit-report.sh [--shards N] [--quick] [--only STUDIES] [--orderly PATH] [--work DIR]
#                                  [--report-dir DIR] [-- SBATCH_OPTION...]
#
# --only: these studies alone (comma-separated subcommand names, as `orderly run-studies --only`).
# Defaults: 8 shards, the default suites, build/bin/orderly, work files (shard files, logs) under
# reports/out/slurm, the page under reports/out. The orderly executable and the directories must be
# on a file system every node sees. SBATCH_OPTIONs (a partition, --time, --cpus-per-task) go to
# every job. Prints the two job ids (array, merge).
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
shards=8 suite=default only= orderly="$source_dir/build/bin/orderly"
work="$source_dir/reports/out/slurm" report_dir="$source_dir/reports/out"
usage() { echo "usage: $0 [--shards N] [--quick] [--only STUDIES] [--orderly PATH] [--work DIR] [--report-dir DIR] [-- SBATCH_OPTION...]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --shards) shards=${2:?}; shift 2 ;;
    --quick) suite=quick; shift ;;
    --only) only=${2:?}; shift 2 ;;
    --orderly) orderly=${2:?}; shift 2 ;;
    --work) work=${2:?}; shift 2 ;;
    --report-dir) report_dir=${2:?}; shift 2 ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
case $shards in ''|*[!0-9]*|0) echo "$0: --shards '$shards': give a positive whole number" >&2; exit 2 ;; esac
[ -x "$orderly" ] || { echo "$0: --orderly '$orderly': not an executable (make cli)" >&2; exit 2; }
orderly=$(cd "$(dirname "$orderly")" && pwd)/$(basename "$orderly")
mkdir -p "$work/logs" "$report_dir"
work=$(cd "$work" && pwd) report_dir=$(cd "$report_dir" && pwd)
rm -rf "$work/shards"
array=$(sbatch --parsable --array="1-$shards" --output="$work/logs/shard-%a.log" "$@" \
  "$source_dir/scripts/slurm/report-shard.sbatch" "$orderly" "$suite" "$work/shards" "$only")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --output="$work/logs/merge.log" "$@" \
  "$source_dir/scripts/slurm/report-merge.sbatch" "$orderly" "$work/shards" "$report_dir" "$source_dir")
merge=${merge%%;*}
echo "$array $merge"
