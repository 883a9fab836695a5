#!/usr/bin/env bash
# compare-outputs.sh proves a structural change left every output alone: it
# builds the working tree and a baseline revision, runs both binaries over
# the same inputs and compares the artifacts byte for byte.
#
#   scripts/compare-outputs.sh REV [TARGET...]
#
# REV is the revision before the change. Each TARGET is a directory (a
# checkout) or mono:K (the generated monorepo corpus multiplied by K, written
# once under ${TMPDIR:-/tmp}/docbridge-perf/); without targets, a clone of
# this repository at REV and mono:1. Per target the artifacts are: scan
# (text, json), check (text, json, sarif), check and fix --dry-run against a
# base snapshot (the target 30 commits earlier when it has that history,
# else the target itself), graph (text, mermaid, dot), doctor, search and
# lookup (json), an MCP session (initialize, tools/list, a search, a lookup,
# diagnostics, the graph tools) and the action's dry runs of a dispatch and of a pull request
# on the state the dispatch saved (the payload in scripts/testdata, from
# GitHub's webhook examples). Each artifact holds the command's exit status;
# its stderr is compared too. It prints one line per artifact and exits 1
# when any differs, with the first lines of the diff.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 1 ]]; then
  echo "usage: scripts/compare-outputs.sh REV [TARGET...]" >&2
  exit 2
fi
rev=$1
shift
source scripts/lib/binaries.sh
build_pair compare-outputs "$rev"
pr_payload=$PWD/scripts/testdata/pull_request.opened.json

if [[ $# -eq 0 ]]; then
  git clone -q --no-hardlinks . "$tmp/self"
  git -C "$tmp/self" checkout -q "$base_commit"
  set -- "$tmp/self" mono:1
fi

target_dir() {
  case $1 in
  mono:*)
    # A copy of its own: the action's dry runs write into the workspace,
    # and another comparison may be reading the shared one.
    cp -a "$(mono_corpus "${1#mono:}")" "$tmp/mono-${1#mono:}"
    echo "$tmp/mono-${1#mono:}"
    ;;
  *) (cd "$1" && pwd) ;;
  esac
}

# mcp_session: the JSON-RPC requests of one client session, one per line.
mcp_session() {
  cat <<'EOF'
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"compare-outputs","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"knowledge_search","arguments":{"query":"how to configure the check","limit":10}}}
{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"knowledge_lookup","arguments":{"id":"README.md","depth":2}}}
{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"docbridge_diagnostics","arguments":{}}}
{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"graph_node","arguments":{"id":"document:README.md"}}}
{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"graph_edges","arguments":{"from":"document:README.md"}}}
{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"graph_edges","arguments":{"kind":"imports"}}}
{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"graph_neighbors","arguments":{"id":"document:README.md","depth":2}}}
{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"graph_node","arguments":{"id":"document:READNE.md"}}}
EOF
}

# artifacts BIN DIR OUT: writes every artifact of BIN on DIR under OUT (a
# command's exit status is part of its artifact).
artifacts() {
  local bin=$1 dir=$2 out=$3
  mkdir -p "$out"
  run() {
    local name=$1
    shift
    local rc=0
    "$@" >"$out/$name" 2>"$out/$name.err" || rc=$?
    echo "exit $rc" >>"$out/$name"
  }
  run scan.txt "$bin" scan "$dir"
  sed -i "/^Scanned [0-9]* files/d" "$out/scan.txt" # its timings
  run scan.json "$bin" scan --format json "$dir"
  local basedir=$dir
  if git -C "$dir" rev-parse -q --verify HEAD~30 >/dev/null 2>&1; then
    basedir="$out/basetree"
    git -C "$dir" worktree add --detach "$basedir" HEAD~30 >/dev/null 2>&1
  fi
  "$bin" scan --out "$out/base.snapshot" "$basedir" >/dev/null 2>&1 || true
  if [[ $basedir != "$dir" ]]; then git -C "$dir" worktree remove --force "$basedir"; fi
  run check.txt "$bin" check --fail-on none --max-per-code 0 "$dir"
  run check.json "$bin" check --fail-on none --format json "$dir"
  run check.sarif "$bin" check --fail-on none --format sarif "$dir"
  run check-base.json "$bin" check --fail-on none --format json --base "$out/base.snapshot" "$dir"
  run graph.txt "$bin" graph --state '' "$dir"
  run graph.mmd "$bin" graph --state '' --format mermaid "$dir"
  run graph.dot "$bin" graph --state '' --format dot "$dir"
  run doctor.json "$bin" doctor --state '' --format json "$dir"
  run search.json "$bin" search --state '' --dir "$dir" --format json --explain how to configure the check
  run lookup.json "$bin" lookup --state '' --dir "$dir" --format json --depth 2 README.md
  run fix.diff "$bin" fix --dry-run --base "$out/base.snapshot" "$dir"
  # The server answers concurrent requests in any order: sort the answers.
  run mcp.jsonl bash -c "$(declare -f mcp_session); mcp_session | \"\$0\" mcp \"\$1\" | sort" "$bin" "$dir"
  # The action: a dispatch on the default branch saves the state a pull
  # request then restores as its base (payloads from the webhook fixtures).
  local -a env=(env -i PATH="$PATH" HOME="$HOME" GITHUB_WORKSPACE="$dir"
    GITHUB_REPOSITORY=Codertocat/Hello-World GITHUB_SHA=0000000000000000000000000000000000000000)
  echo '{"ref":"refs/heads/master","repository":{"full_name":"Codertocat/Hello-World","name":"Hello-World","owner":{"login":"Codertocat"},"default_branch":"master"},"inputs":{}}' >"$out/dispatch.json"
  printf 'README.md\n' >"$out/changed"
  local had_report=no
  if [[ -e $dir/.docbridge/report.json ]]; then had_report=yes; fi
  run action-dispatch.txt "${env[@]}" GITHUB_REF=refs/heads/master \
    "$bin" action --dry-run --event-name workflow_dispatch --event "$out/dispatch.json" --cache-dir "$out/cache"
  run action-pr.txt "${env[@]}" GITHUB_REF=refs/pull/2/merge \
    "$bin" action --dry-run --event-name pull_request --event "$pr_payload" --cache-dir "$out/cache" --changed-files "$out/changed"
  # The action writes its JSON report into the workspace; leave the target
  # as it was for the next binary.
  if [[ $had_report == no ]]; then
    rm -f "$dir/.docbridge/report.json"
    rmdir "$dir/.docbridge" 2>/dev/null || true
  fi
  rm -rf "$out/cache" "$out/base.snapshot" "$out/dispatch.json" "$out/changed"
}

differ=0
for target in "$@"; do
  dir=$(target_dir "$target")
  name=$(basename "$dir")
  artifacts "$tmp/base" "$dir" "$tmp/out/$name/base"
  artifacts "$tmp/head" "$dir" "$tmp/out/$name/head"
  for f in "$tmp/out/$name/base"/*; do
    a=$(basename "$f")
    if cmp -s "$f" "$tmp/out/$name/head/$a"; then
      echo "same    $name/$a ($(wc -c <"$f") bytes)"
    else
      echo "DIFFERS $name/$a"
      diff "$f" "$tmp/out/$name/head/$a" | cut -c1-300 | head -20 || true
      differ=1
    fi
  done
done
exit $differ
