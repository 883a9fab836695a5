#!/usr/bin/env bash
# soak.sh runs the soak (cmd/docbridge/action_soak_test.go): RUNS simulated
# pull-request runs of the action in sequence on a generated repository,
# with seeded mutations and random cache evictions, each held to a cold
# scan and to the drift its mutations should cause. It prints each run's
# line and the summary: the figures behind docs/performance.md ("Soak").
#
#   scripts/soak.sh [RUNS [SEED]]     # default: 200 runs, seed 1
#
# A failure prints what went wrong, the run and the pull request's
# mutations; the same RUNS and SEED replay it.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-200}
seed=${2:-1}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
DOCBRIDGE_SOAK_RUNS=$runs DOCBRIDGE_SOAK_SEED=$seed \
  go test -count=1 -run '^TestActionSoak$' -v -timeout 120m ./cmd/docbridge >"$log" 2>&1 || rc=$?
# Each run's line, then every failure and the summary.
sed -n 's/^ *action_soak_test.go:[0-9]*: soak run /run /p' "$log"
grep -v -e '^ *action_soak_test.go:[0-9]*: soak run ' -e '^=== RUN' "$log" |
  sed 's/^ *action_soak_test.go:[0-9]*: //'
exit $rc
