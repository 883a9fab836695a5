#!/usr/bin/env bash
# precision-corpus.sh DEST — extract the precision benchmark's corpus.
#
# For every repository in docs/bench/precision/corpus.json (or $CORPUS), put
# the files of its pinned commit in DEST/<owner>+<name>/, as a checkout
# would: symbolic links kept, and of .git only the index, so that files git
# tracks although an ignore rule matches them are listed as in a checkout.
# The commit comes from a local git directory when one is found under
# $DOCBRIDGE_MIRROR (default /work/.mirror):
# <owner>+<name>/repo (or its .git), <owner>+<name>.git or <owner>+<name>; otherwise from
# `git clone --filter=blob:none` of https://github.com/<owner>/<name>.
#
# Idempotent: a repository already extracted at its pinned commit (recorded
# in DEST/.<owner>+<name>.commit) is left alone; one at another commit is
# replaced. Exits 1 naming every repository it could not get, 2 on bad use.
# Needs git and jq. See docs/bench.md.
set -euo pipefail

usage() { echo "usage: $0 DEST" >&2; exit 2; }
[[ $# -eq 1 && -n "$1" ]] || usage
dest=$1
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${CORPUS:-$here/docs/bench/precision/corpus.json}
mirror=${DOCBRIDGE_MIRROR:-/work/.mirror}
export GIT_TERMINAL_PROMPT=0 # a clone never asks for credentials

command -v git >/dev/null || { echo "precision-corpus: git is needed" >&2; exit 2; }
command -v jq >/dev/null || { echo "precision-corpus: jq is needed" >&2; exit 2; }
[[ -r "$corpus" ]] || { echo "precision-corpus: cannot read the corpus $corpus" >&2; exit 2; }
entries=$(jq -r '.repositories[] | "\(.repository) \(.commit)"' "$corpus") ||
  { echo "precision-corpus: $corpus is not a valid corpus file" >&2; exit 2; }
mkdir -p "$dest"

# gitdir_for OWNER+NAME prints a local git directory that has COMMIT.
gitdir_for() {
  local slug=$1 commit=$2 d
  for d in "$mirror/$slug/repo" "$mirror/$slug/repo/.git" "$mirror/$slug.git" "$mirror/$slug"; do
    if [[ -d "$d" ]] && git --git-dir="$d" cat-file -e "$commit^{commit}" 2>/dev/null; then
      echo "$d"
      return 0
    fi
  done
  return 1
}

# checkout GITDIR COMMIT INTO: see scripts/lib/checkout.sh.
# shellcheck source=lib/checkout.sh
source "$here/scripts/lib/checkout.sh"

failed=()
while read -r repo commit; do
  [[ "$repo" =~ ^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$ && "$commit" =~ ^[0-9a-f]{40}$ ]] ||
    { echo "precision-corpus: bad entry in $corpus: '$repo' '$commit'" >&2; exit 2; }
  slug=${repo/\//+}
  out=$dest/$slug mark=$dest/.$slug.commit
  if [[ -d "$out" && "$(cat "$mark" 2>/dev/null)" == "$commit" ]]; then
    echo "$repo: already at ${commit:0:12}"
    if [[ ! -f "$out/.git/index" ]] && gd=$(gitdir_for "$slug" "$commit"); then
      write_index "$gd" "$commit" "$out" || failed+=("$repo")
    fi
    continue
  fi
  tmp=$dest/.$slug.part
  rm -rf "$tmp" "$tmp.clone"
  if gd=$(gitdir_for "$slug" "$commit"); then
    echo "$repo: extracting ${commit:0:12} from $gd"
    ok=0; checkout "$gd" "$commit" "$tmp" || ok=$?
    [[ $ok -ne 0 ]] || write_index "$gd" "$commit" "$tmp" || ok=$?
  else
    echo "$repo: cloning https://github.com/$repo (no local git directory has ${commit:0:12})"
    ok=0
    git clone --quiet --filter=blob:none --no-checkout "https://github.com/$repo.git" "$tmp.clone" || ok=$?
    if [[ $ok -eq 0 ]] && ! git --git-dir="$tmp.clone/.git" cat-file -e "$commit^{commit}" 2>/dev/null; then
      git --git-dir="$tmp.clone/.git" fetch --quiet --filter=blob:none origin "$commit" || ok=$?
    fi
    [[ $ok -ne 0 ]] || git -C "$tmp.clone" checkout --quiet --detach "$commit" || ok=$?
    if [[ $ok -eq 0 ]]; then
      # Keep only the index (write_index).
      find "$tmp.clone/.git" -mindepth 1 -maxdepth 1 ! -name index -exec rm -rf {} + && mv "$tmp.clone" "$tmp" || ok=$?
    fi
    rm -rf "$tmp.clone"
  fi
  if [[ $ok -ne 0 ]]; then
    echo "precision-corpus: cannot get $repo at $commit (not under $mirror, and the clone failed)" >&2
    rm -rf "$tmp"
    failed+=("$repo")
    continue
  fi
  rm -rf "$out" "$mark"
  mv "$tmp" "$out"
  echo "$commit" >"$mark"
done <<<"$entries"

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "precision-corpus: could not get ${#failed[@]} repositor$([[ ${#failed[@]} -eq 1 ]] && echo y || echo ies): ${failed[*]}" >&2
  exit 1
fi
