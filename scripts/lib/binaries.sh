# Shared by scripts/perf-baseline.sh and scripts/compare-outputs.sh (sourced,
# not run): the two binaries they compare, and the generated corpus.
#
# build_pair NAME REV makes the run's directory (the global tmp, under
# ${TMPDIR:-/tmp}/docbridge-perf/, removed on exit with the worktree in it),
# builds the CLI of REV, checked out in the worktree $tmp/baseline, as
# $tmp/base and that of the working tree as $tmp/head, and sets base_commit
# to REV's commit. Version control stamping is off, so the two binaries
# differ only in their code.
build_pair() {
  local name=$1 rev=$2 work=${TMPDIR:-/tmp}/docbridge-perf
  base_commit=$(git rev-parse --verify "$rev^{commit}")
  mkdir -p "$work"
  tmp=$(mktemp -d "$work/$name.XXXXXX")
  trap 'git worktree remove --force "$tmp/baseline" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
  echo "$name: building $rev ($base_commit) and the working tree" >&2
  git worktree add --detach "$tmp/baseline" "$base_commit" >/dev/null 2>&1
  (cd "$tmp/baseline" && go build -buildvcs=false -o "$tmp/base" "$(cli_dir .)")
  go build -buildvcs=false -o "$tmp/head" "$(cli_dir .)"
}

# cli_dir ROOT is the CLI's package in a checkout: it moved from cmd/action
# to cmd/docbridge.
cli_dir() { if [[ -d $1/cmd/docbridge ]]; then echo ./cmd/docbridge; else echo ./cmd/action; fi; }

# mono_corpus K prints the directory of the generated monorepo corpus
# multiplied by K, written once under ${TMPDIR:-/tmp}/docbridge-perf/.
mono_corpus() {
  local k=$1 dir="${TMPDIR:-/tmp}/docbridge-perf/mono-$1"
  if [[ ! -f $dir/.complete ]]; then
    rm -rf "$dir"
    go run ./internal/corpus/gencorpus -k "$k" "$dir" >&2
    touch "$dir/.complete"
  fi
  echo "$dir"
}
