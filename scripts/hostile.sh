#!/usr/bin/env bash
# hostile.sh runs `docbridge check` on each hostile repository shape
# (internal/corpus/hostile.go) at its documented size and prints, per shape,
# the wall time, CPU, peak RSS, the exit status, the report's size and what
# the run said about limits: the figures behind the bounds table in
# docs/performance.md ("Hostile repositories").
#
#   scripts/hostile.sh [-t TIMEOUT] [SHAPE[=N]...]
#
# Without shapes, every one at its documented size. Trees are written once
# under ${TMPDIR:-/tmp}/docbridge-hostile/. TIMEOUT (default 15m) ends a run
# that takes longer: the table says so instead of waiting.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=15m
if [[ ${1:-} == -t ]]; then
  limit=$2
  shift 2
fi
[[ -x /usr/bin/time ]] || { echo "hostile: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 2; }
if [[ $# -eq 0 ]]; then
  set -- empty-files link-chain import-cycle headings huge-markdown glob-config
fi

work=${TMPDIR:-/tmp}/docbridge-hostile
mkdir -p "$work"
bin="$work/docbridge"
go build -o "$bin" ./cmd/docbridge
go build -o "$work/gencorpus" ./internal/corpus/gencorpus

echo "| shape | size | wall | CPU | peak RSS | exit | JSON report | what the run said |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
for arg in "$@"; do
  shape=${arg%%=*}
  n=0
  [[ $arg == *=* ]] && n=${arg#*=}
  dir="$work/$shape-$n"
  if [[ ! -f $dir.complete ]]; then
    rm -rf "$dir"
    "$work/gencorpus" -hostile "$shape" -n "$n" "$dir"
    touch "$dir.complete"
  fi
  size="$(find "$dir" -type f | wc -l) files, $(du -sh "$dir" | cut -f1)"
  rc=0
  timeout "$limit" /usr/bin/time -f '%e %U %S %M' -o "$work/time" \
    "$bin" check --fail-on none --format json "$dir" >"$work/report.json" 2>"$work/stderr" || rc=$?
  if [[ $rc == 124 ]]; then
    echo "| $shape | $size | > $limit | | | timeout | | |"
    continue
  fi
  read -r wall user sys peak <"$work/time"
  # What the run said: the report's findings by level, its incomplete
  # notes (the limits it stopped at) and the files it did not analyze, then
  # stderr's first line.
  said=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
by = r["summary"]["byLevel"]
parts = ["%d findings (%s)" % (r["summary"]["total"], ", ".join("%d %s" % (by[k], k) for k in ("error", "warn", "info") if by.get(k)))]
parts += r.get("incomplete", [])
un = r.get("unanalyzed", {}).get("byKind", {})
parts += ["%d file(s) not analyzed: %s" % (n, k) for k, n in sorted(un.items())]
print("; ".join(parts))' "$work/report.json" 2>/dev/null || true)
  err=$( (grep -v '^\s*$' "$work/stderr" || true) | head -1 | cut -c1-160)
  said="$said${err:+; stderr: $err}"
  printf '| %s | %s | %.1f s | %.1f s | %d MB | %d | %d KB | %s |\n' \
    "$shape" "$size" "$wall" "$(echo "$user + $sys" | bc)" $((peak / 1024)) "$rc" \
    $(($(stat -c %s "$work/report.json") / 1024)) "$said"
done
