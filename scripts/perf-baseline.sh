#!/usr/bin/env bash
# perf-baseline.sh compares `docbridge check` of the working tree with that
# of a baseline revision, in paired runs on one machine (issue 29's figures):
#
#   scripts/perf-baseline.sh [-n RUNS] REV TARGET...
#
# REV is any git revision (the wave's pinned baseline, e.g. f20a2f1). Each
# TARGET is a directory (a checkout of a real repository) or mono:K, the
# generated monorepo corpus multiplied by K (written once under
# ${TMPDIR:-/tmp}/docbridge-perf/). Both binaries are built first (the
# baseline in a temporary worktree); then, per target, one warm-up run of
# each and RUNS pairs (default 7), alternating which goes first. Each run's
# CPU (user + system) and peak RSS come from GNU time. A Markdown table
# follows: medians of each, and the median of the pair-by-pair CPU ratios
# (with its range) — on a shared machine the pairs' ratio is the figure to
# quote, not either median alone.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=7
if [[ ${1:-} == -n ]]; then
  runs=$2
  shift 2
fi
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/perf-baseline.sh [-n RUNS] REV TARGET..." >&2
  exit 2
fi
rev=$1
shift
[[ -x /usr/bin/time ]] || { echo "perf-baseline: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 2; }
source scripts/lib/binaries.sh
build_pair perf-baseline "$rev"

target_dir() {
  case $1 in
  mono:*) mono_corpus "${1#mono:}" ;;
  *) echo "$1" ;;
  esac
}

# measure BIN DIR: prints "cpu_seconds peak_kb" of one cold check.
measure() {
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$1" check --fail-on none --format json "$2" >/dev/null 2>"$tmp/err" || {
    echo "perf-baseline: $1 check $2 failed:" >&2
    cat "$tmp/err" >&2
    exit 1
  }
  awk '{ printf "%.3f %d\n", $1 + $2, $3 }' "$tmp/time"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| target | files | CPU now | CPU $rev | ratio (min–max) | peak now | peak $rev |"
echo "| --- | ---: | ---: | ---: | --- | ---: | ---: |"
for target in "$@"; do
  dir=$(target_dir "$target")
  files=$(find "$dir" -type f -not -path '*/.git/*' | wc -l)
  measure "$tmp/base" "$dir" >/dev/null
  measure "$tmp/head" "$dir" >/dev/null
  : >"$tmp/pairs"
  for ((i = 0; i < runs; i++)); do
    if ((i % 2)); then
      b=$(measure "$tmp/base" "$dir")
      h=$(measure "$tmp/head" "$dir")
    else
      h=$(measure "$tmp/head" "$dir")
      b=$(measure "$tmp/base" "$dir")
    fi
    echo "$h $b" >>"$tmp/pairs"
  done
  hc=$(awk '{ print $1 }' "$tmp/pairs" | median)
  bc=$(awk '{ print $3 }' "$tmp/pairs" | median)
  hp=$(awk '{ print $2 / 1024 }' "$tmp/pairs" | median)
  bp=$(awk '{ print $4 / 1024 }' "$tmp/pairs" | median)
  ratios=$(awk '{ printf "%.3f\n", $1 / $3 }' "$tmp/pairs" | sort -g)
  r=$(median <<<"$ratios")
  lo=$(head -1 <<<"$ratios")
  hi=$(tail -1 <<<"$ratios")
  printf '| %s | %d | %.3f s | %.3f s | %.2f (%.2f–%.2f) | %.0f MB | %.0f MB |\n' "$target" "$files" "$hc" "$bc" "$r" "$lo" "$hi" "$hp" "$bp"
done
