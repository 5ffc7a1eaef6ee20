#!/bin/bash
# `orderly check` over a directory of tableau files on a Slurm cluster: a job array of SHARDS tasks
# (each checks shard i/SHARDS of the files, balanced by their size) and a job that waits for all of
# them (--dependency=afterok) and merges the shards into OUT: <file>.check.json per tableau file and
# check-summary.json, exactly what `orderly check --tableau-dir TABLEAU_DIR --out OUT` writes.
#
#   scripts/slurm/submit-check.sh TABLEAU_DIR OUT [--shards N] [--orderly PATH] [--work DIR]
#                                 [-- SBATCH_OPTION...]
#
# Defaults: 8 shards, build/bin/orderly, shard files and logs under OUT/.slurm. Paths must be on a
# file system every node sees. Prints the two job ids (array, merge).
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
usage() { echo "usage: $0 TABLEAU_DIR OUT [--shards N] [--orderly PATH] [--work DIR] [-- SBATCH_OPTION...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
tableau_dir=$1 out=$2
shift 2
shards=8 orderly="$source_dir/build/bin/orderly" work=
while [ $# -gt 0 ]; do
  case $1 in
    --shards) shards=${2:?}; shift 2 ;;
    --orderly) orderly=${2:?}; shift 2 ;;
    --work) work=${2:?}; shift 2 ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
case $shards in ''|*[!0-9]*|0) echo "$0: --shards '$shards': give a positive whole number" >&2; exit 2 ;; esac
[ -d "$tableau_dir" ] || { echo "$0: TABLEAU_DIR '$tableau_dir': not a directory" >&2; exit 2; }
[ -x "$orderly" ] || { echo "$0: --orderly '$orderly': not an executable (make cli)" >&2; exit 2; }
orderly=$(cd "$(dirname "$orderly")" && pwd)/$(basename "$orderly")
tableau_dir=$(cd "$tableau_dir" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=${work:-$out/.slurm}
mkdir -p "$work/logs"
work=$(cd "$work" && pwd)
rm -rf "$work/shards"
array=$(sbatch --parsable --array="1-$shards" --output="$work/logs/check-%a.log" "$@" \
  "$source_dir/scripts/slurm/check-shard.sbatch" "$orderly" "$tableau_dir" "$work/shards")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --output="$work/logs/merge.log" \
  --job-name=orderly-check-merge "$@" --wrap "'$orderly' merge --in '$work/shards'/* --out '$out'")
merge=${merge%%;*}
echo "$array $merge"
