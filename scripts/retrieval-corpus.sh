#!/usr/bin/env bash
# retrieval-corpus.sh DEST — extract the external retrieval suites' corpus.
#
# For every repository in docs/bench/retrieval/corpus.json (or $CORPUS), put
# the files of its pinned commit in DEST/<owner>+<name>/, exactly as
# scripts/precision-corpus.sh does for the precision corpus (same mirror
# lookup under $DOCBRIDGE_MIRROR, same clone fallback, same idempotence and
# exit codes); the suites are docs/bench/retrieval/<suite>. Then
#
#   docbridge bench retrieval docs/bench/retrieval/typer.json --dir DEST/fastapi+typer --baseline
#
# and DOCBRIDGE_RETRIEVAL_CORPUS=DEST runs the quality gate test
# (go test -run TestExternalSuites ./internal/retrieval/bench). See docs/bench.md.
set -euo pipefail

[[ $# -eq 1 && -n "$1" ]] || { echo "usage: $0 DEST" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${CORPUS:-$here/docs/bench/retrieval/corpus.json} exec "$here/scripts/precision-corpus.sh" "$1"
