# Shared by scripts/perf-baseline.sh and scripts/compare-outputs.sh (sourced,
# not run): the two binaries they compare, and the generated corpus.
#
# build_pair NAME REV DIR builds the CLI of REV, checked out in the worktree
# DIR/baseline (the caller removes it on exit), as DIR/base, and that of the
# working tree as DIR/head. Version control stamping is off, so the two
# differ only in their code.
build_pair() {
  local name=$1 rev=$2 dir=$3 commit
  commit=$(git rev-parse --verify "$rev^{commit}")
  echo "$name: building $rev ($commit) and the working tree" >&2
  git worktree add --detach "$dir/baseline" "$commit" >/dev/null 2>&1
  (cd "$dir/baseline" && go build -buildvcs=false -o "$dir/base" "$(cli_dir .)")
  go build -buildvcs=false -o "$dir/head" "$(cli_dir .)"
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
