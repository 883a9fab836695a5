#!/usr/bin/env bash
# fuzz-campaign.sh runs every fuzz target of the module, one after another,
# each for a set time, and prints how each one grew: executions, the new
# interesting inputs it found (its coverage growth) over time, and whether it
# failed. It is not part of .ci/run: a campaign takes hours (80 targets at
# five minutes each is six and a half to seven).
#
#   scripts/fuzz-campaign.sh [-t DURATION] [-m MINIMIZE] [-o DIR] [REGEXP]
#
# DURATION is each target's -fuzztime (default 5m). MINIMIZE is its
# -fuzzminimizetime (default 100x: a hundred runs per input). The go
# command's default, a minute per new interesting input, starves the
# search: the state decoders' targets spent five minutes minimizing eight
# inputs (16 executions), and found 446 in 30 seconds with 1x. REGEXP, matched against
# "package.Target" (package relative to the module, e.g.
# internal/scan/markdown.FuzzExtract), selects targets (default: all). The
# output of each run goes to DIR (default ${TMPDIR:-/tmp}/docbridge-fuzz/<time>)
# and a Markdown table of every target to DIR/summary.md and stdout.
#
# A failing input is written by the go command into the package's
# testdata/fuzz/<Target>/ directory: commit it with the fix, and it is a seed
# every `go test` runs from then on. The interesting inputs stay in the build
# cache's fuzz corpus ($(go env GOCACHE)/fuzz), so a second campaign starts
# where the first stopped.
set -euo pipefail
cd "$(dirname "$0")/.."

fuzztime=5m
minimize=100x
out=""
while getopts "t:m:o:" opt; do
  case $opt in
  t) fuzztime=$OPTARG ;;
  m) minimize=$OPTARG ;;
  o) out=$OPTARG ;;
  *) echo "usage: scripts/fuzz-campaign.sh [-t DURATION] [-m MINIMIZE] [-o DIR] [REGEXP]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
select=${1:-.}
out=${out:-${TMPDIR:-/tmp}/docbridge-fuzz/$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out"
module=$(go list -m)

# targets: "pkg Target" lines, pkg relative to the module.
targets=()
for pkg in $(go list ./...); do
  rel=${pkg#"$module"}
  rel=${rel#/}
  rel=${rel:-.}
  while read -r t; do
    [[ $t == Fuzz* ]] || continue
    if [[ "$rel.$t" =~ $select ]]; then targets+=("$rel $t"); fi
  done < <(go test -list '^Fuzz' "./$rel" 2>/dev/null)
done
echo "fuzz-campaign: ${#targets[@]} targets, $fuzztime each, logs in $out" >&2

summary="$out/summary.md"
if [[ -s "$summary" ]]; then
  # Resumed: drop the last sitting's closing line and its failed rows
  # (a failed target runs again, its crasher fixed), keep the others.
  grep -v -E '^$|^[0-9]+ (of [0-9]+ )?targets, |\| FAILED \|$' "$summary" >"$summary.tmp" || true
  mv "$summary.tmp" "$summary"
else
  {
    echo "| target | execs | execs/s | new interesting (growth over the run) | corpus | result |"
    echo "| --- | ---: | ---: | --- | ---: | --- |"
  } >"$summary"
fi
start=$SECONDS
failed=0
for entry in "${targets[@]}"; do
  read -r rel t <<<"$entry"
  if grep -qF "| \`$rel.$t\` |" "$summary"; then
    continue # run in an earlier sitting
  fi
  log="$out/${rel//\//_}.$t.log"
  echo "fuzz-campaign: $rel $t" >&2
  result=ok
  go test -run '^$' -fuzz "^$t\$" -fuzztime "$fuzztime" -fuzzminimizetime "$minimize" "./$rel" >"$log" 2>&1 || result=FAILED
  # The go command prints a status line every three seconds:
  #   fuzz: elapsed: 1m0s, execs: 12345 (205/sec), new interesting: 7 (total: 130)
  # The growth column samples "new interesting" about once a minute, and at
  # the end.
  row=$(awk -v t="$rel.$t" -v result="$result" '
    # seconds of a Go duration such as 1h2m3s
    function secs(d,   n, s) {
      s = 0
      while (match(d, /^[0-9.]+[hms]/)) {
        n = substr(d, 1, RLENGTH - 1) + 0
        u = substr(d, RLENGTH, 1)
        s += (u == "h") ? n * 3600 : (u == "m") ? n * 60 : n
        d = substr(d, RLENGTH + 1)
      }
      return s
    }
    /^fuzz: elapsed: .*execs:/ {
      match($0, /elapsed: [0-9hms.]+/); elapsed = secs(substr($0, RSTART + 9, RLENGTH - 9))
      match($0, /execs: [0-9]+/); execs = substr($0, RSTART + 7, RLENGTH - 7)
      if (match($0, /new interesting: [0-9]+/)) ni = substr($0, RSTART + 17, RLENGTH - 17)
      if (match($0, /total: [0-9]+/)) total = substr($0, RSTART + 7, RLENGTH - 7)
      if (++n % 20 == 1) { growth = growth (growth == "" ? "" : " → ") ni; last = ni }
    }
    END {
      if (ni != "" && last != ni) growth = growth (growth == "" ? "" : " → ") ni
      rate = elapsed > 0 ? sprintf("%.0f", execs / elapsed) : ""
      printf "| `%s` | %s | %s | %s | %s | %s |\n", t, execs, rate, growth, total, result
    }' "$log")
  echo "$row" >>"$summary"
  if [[ $result != ok ]]; then
    failed=$((failed + 1))
    grep -m 5 -E "^\s+(--- FAIL|Failing input written|.*\.go:[0-9]+:)" "$log" >&2 || true
  fi
done
echo >>"$summary"
done_rows=$(grep -c '^| `' "$summary" || true)
echo "$done_rows of ${#targets[@]} targets, $fuzztime each, $(((SECONDS - start) / 60)) min in this sitting, $failed failed in it." >>"$summary"
cat "$summary"
exit $((failed > 0))
