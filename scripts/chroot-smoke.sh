#!/usr/bin/env bash
# chroot-smoke.sh proves what the Dockerfile promises without a Docker
# engine: the same static build runs in an otherwise empty root file system
# (the binary, the CA bundle, /tmp — the final image's contents) under
# chroot, with a runner-like environment (env -i plus the GITHUB_* variables
# a container action gets), the workspace at /github/workspace and the
# working directory not set to it.
#
# Needs root, passwordless sudo (GitHub's runners) or unprivileged user
# namespaces (unshare -r); skips otherwise.
# Usage: scripts/chroot-smoke.sh   (from anywhere; prints PASS or SKIP)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "chroot-smoke: FAIL: $*" >&2; exit 1; }

if [ "$(id -u)" = 0 ]; then
  as_root=()
elif sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
elif unshare -r true 2>/dev/null; then
  as_root=(unshare -r)
else
  echo "chroot-smoke: SKIP: chroot needs root, passwordless sudo or unprivileged user namespaces"
  exit 0
fi
chroot_bin=$(command -v chroot) || { echo "chroot-smoke: SKIP: no chroot"; exit 0; }

root=$(mktemp -d)
chmod 755 "$root" # readable by other users, as a runner's workspace is
# The chroot writes as root: remove as root.
trap '"${as_root[@]}" rm -rf "$root"' EXIT

# The build line is the Dockerfile's (a test keeps the two equal).
VERSION=smoke
CGO_ENABLED=1 go build -trimpath -tags netgo,osusergo -ldflags "-s -w -linkmode external -extldflags -static -X main.version=${VERSION}" -o "$root/docbridge" ./cmd/docbridge

kind=$(file -b "$root/docbridge")
case "$kind" in
  *"statically linked"* | *"static-pie linked"*) ;;
  *) fail "not a static binary: $kind" ;;
esac
if ldd_out=$(ldd "$root/docbridge" 2>&1); then
  fail "ldd lists dynamic dependencies: $ldd_out"
fi
echo "chroot-smoke: $(du -h "$root/docbridge" | cut -f1) static binary ($kind)"

# The image's file system, then what the runner mounts into the container.
mkdir -p "$root/etc/ssl/certs" "$root/tmp" "$root/github/workspace" "$root/github/workflow" "$root/github/file_commands"
chmod 1777 "$root/tmp"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
cp -R cmd/docbridge/testdata/action-repo/. "$root/github/workspace/"

# run_in NAME EVENT_FILE ARGS…: run /docbridge in the chroot with a
# runner-like environment; sets $rc and $out.
run_in() {
  local name=$1 event=$2; shift 2
  cp "$event" "$root/github/workflow/event.json"
  : >"$root/github/file_commands/output"
  : >"$root/github/file_commands/summary"
  set +e
  out=$("${as_root[@]}" env -i \
    HOME=/github/home CI=true GITHUB_ACTIONS=true \
    GITHUB_EVENT_NAME="$name" GITHUB_EVENT_PATH=/github/workflow/event.json \
    GITHUB_OUTPUT=/github/file_commands/output GITHUB_STEP_SUMMARY=/github/file_commands/summary \
    GITHUB_WORKSPACE=/github/workspace GITHUB_REPOSITORY=Codertocat/Hello-World \
    GITHUB_REF=refs/heads/master GITHUB_SHA=6113728f27ae82c7b1a177c8d03f9e96e0adf246 \
    GITHUB_RUN_ID=1001 GITHUB_RUN_ATTEMPT=1 GITHUB_API_URL=https://api.github.com \
    GITHUB_SERVER_URL=https://github.com "INPUT_GITHUB-TOKEN=dummy" "${extra_env[@]}" \
    "$chroot_bin" "$root" /docbridge "$@" 2>&1)
  rc=$?
  set -e
}

# output NAME: a step output's value from GITHUB_OUTPUT (heredoc form).
output() {
  awk -v n="$1" 'found { print; exit } $0 ~ "^" n "<<" { found = 1 }' "$root/github/file_commands/output"
}

events=internal/actionrun/testdata/action
extra_env=()

run_in push "$events/push.default.json" --version
[ "$rc" = 0 ] && [[ "$out" == *"version smoke"* ]] || fail "--version: exit $rc: $out"

run_in push "$events/push.default.json" check /github/workspace
[ "$rc" = 1 ] || fail "check: exit $rc, want 1 (a broken link): $out"
[[ "$out" == *"BROKEN_LINK"* ]] || fail "check output lacks BROKEN_LINK: $out"

run_in push "$events/push.default.json" action --dry-run
[ "$rc" = 1 ] || fail "action on push: exit $rc, want 1 (fail-on error): $out"
[[ "$out" == *"scanning the default branch master"* ]] || fail "action on push did not scan: $out"
[ "$(output findings)" = 1 ] || fail "output findings = '$(output findings)': $(cat "$root/github/file_commands/output")"
[ "$(output report)" = .docbridge/report.json ] || fail "output report = '$(output report)'"
grep -q BROKEN_LINK "$root/github/workspace/.docbridge/report.json" || fail "the JSON report lacks the finding"
# The container writes as root; the runner's later steps (upload-artifact)
# read as another user: the report and its directory must be readable by
# others.
[ "$("${as_root[@]}" stat -c %a "$root/github/workspace/.docbridge/report.json")" = 644 ] || fail "report.json is not 0644: $("${as_root[@]}" stat -c %A "$root/github/workspace/.docbridge/report.json")"
[ "$("${as_root[@]}" stat -c %a "$root/github/workspace/.docbridge")" = 755 ] || fail ".docbridge is not 0755"
if command -v setpriv >/dev/null && { [ "${#as_root[@]}" = 0 ] || [ "${as_root[0]}" = sudo ]; }; then
  # With real root, read it as nobody.
  "${as_root[@]}" setpriv --reuid=65534 --regid=65534 --clear-groups cat "$root/github/workspace/.docbridge/report.json" >/dev/null ||
    fail "another user cannot read report.json"
fi
grep -q BROKEN_LINK "$root/github/file_commands/summary" || fail "the job summary lacks the finding"
[[ "$(output snapshot-hash)" =~ ^[0-9a-f]{16}$ ]] || fail "output snapshot-hash = '$(output snapshot-hash)'"
[[ "$(output grade)" =~ ^[ABCDF]$ ]] || fail "output grade = '$(output grade)'"

extra_env=("INPUT_FAIL-ON=none")
run_in push "$events/push.default.json" action --dry-run
[ "$rc" = 0 ] || fail "action with fail-on none: exit $rc: $out"

extra_env=("GITHUB_REF=refs/pull/2/merge")
run_in pull_request "$events/pull_request.opened.0.json" action --dry-run
[ "$rc" = 1 ] || fail "action on pull_request: exit $rc, want 1: $out"
[[ "$out" == *"== dry run: create check run \"docbridge\" (in_progress)"* && "$out" == *"== dry run: create or edit the sticky comment on #2"* ]] || fail "the dry run did not say what it would post: $out"

extra_env=("INPUT_FAIL-ON=sometimes")
run_in push "$events/push.default.json" action --dry-run
[ "$rc" = 2 ] || fail "a bad fail-on: exit $rc, want 2: $out"

extra_env=()
run_in issue_comment "$events/issue_comment.created.0.json" action
# The runtime's memory limit is a debug line before anything else (the
# empty root has no cgroup files: the machine's memory, through sysinfo).
[ "$rc" = 0 ] && [[ "$(grep -v '^::debug::' <<<"$out")" == "::notice::"* && "$out" == "::debug::go runtime memory limit: "* ]] ||
  fail "issue_comment: exit $rc: $out"

# The nightly enrichment and the comment gate, against the fake GitHub
# (every request validated against the OpenAPI subset) served by a test
# outside the chroot: the empty root must reach it, commit through the Git
# Data API, open the pull request, read a comment's permission and react.
fake=$(mktemp -d)
trap '"${as_root[@]}" rm -rf "$root"; touch "$fake/stop"; rm -rf "$fake"' EXIT
mkdir -p "$fake/main"
cp -R cmd/docbridge/testdata/action-repo/. "$fake/main/"
DOCBRIDGE_SMOKE_FAKE_DIR="$fake" go test -count=1 -run '^TestServeForSmoke$' ./internal/ghapi/ghapitest >"$fake/test.log" 2>&1 &
fake_pid=$!
for _ in $(seq 1500); do [ -s "$fake/url" ] && break; sleep 0.2; done
[ -s "$fake/url" ] || fail "the fake GitHub did not start: $(cat "$fake/test.log")"
comment=$(cat "$fake/comment") pr=$(cat "$fake/pr")
printf '{"schedule":"17 3 * * *","repository":{"full_name":"octo/docs-demo","default_branch":"main"}}' >"$fake/schedule.json"
printf '{"action":"created","issue":{"number":%s,"pull_request":{"url":"https://api.github.com/repos/octo/docs-demo/pulls/1"}},"comment":{"id":%s,"body":"/approve 0123456789abcdef","user":{"login":"mona","type":"User"},"created_at":"2026-12-01T10:00:00Z"},"sender":{"login":"mona","type":"User"},"repository":{"full_name":"octo/docs-demo","default_branch":"main"}}' "$pr" "$comment" >"$fake/comment.json"
extra_env=("GITHUB_API_URL=$(cat "$fake/url")" GITHUB_REPOSITORY=octo/docs-demo GITHUB_REF=refs/heads/main "GITHUB_SHA=$(cat "$fake/head")" "INPUT_GITHUB-TOKEN=ghs_fake" "INPUT_CACHE=false")

# The nightly opens the enrichment pull request and answers every command
# on it that waits: the seeded /approve names no pending proposal.
run_in schedule "$fake/schedule.json" action
[ "$rc" = 0 ] && [[ "$out" == *"docbridge: enrich: "* ]] || fail "schedule: exit $rc: $out"
[[ "$out" == *"approve 0123456789abcdef: refused"* ]] || fail "schedule: the waiting comment was not answered: $out"
summary=$(cat "$root/github/file_commands/summary")
[[ "$summary" == *"built-in curator answered"* && "$summary" == *"pull request [#"* ]] || fail "schedule: the summary does not say which agent answered and where it went: $summary
$out"

# The comment's own run reads the pull request and finds it answered: no
# second answer.
run_in issue_comment "$fake/comment.json" action
[ "$rc" = 0 ] && [[ "$out" == *"comment $comment was answered before this run"* ]] || fail "issue_comment on the pull request: exit $rc: $out"

touch "$fake/stop"
wait "$fake_pid" || fail "the fake GitHub saw invalid requests: $(cat "$fake/test.log")"
result=$(cat "$fake/result.json")
# Three comments: the command, its one answer, the proposals comment.
[[ "$result" == *'"pulls":1'* && "$result" == *'"comments":3'* && "$result" == *'"docbridge/enrichment":"'[0-9a-f]* && "$result" == *'"eyes"'* && "$result" == *'"-1"'* ]] ||
  fail "the fake GitHub's state after the two runs: $result"

echo "chroot-smoke: PASS"
