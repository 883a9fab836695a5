#!/usr/bin/env bash
# drift-corpus.sh DEST [MIRROR] — extract the drift benchmark's trees.
#
# For every case of docs/bench/drift/cases/<owner>+<name>.json (or the case
# files under $DRIFT_DATA/cases), put the files of its base commit and of
# its head commit in DEST/<owner>+<name>/<commit>/, as a checkout would
# (symbolic links kept, no .git; see extract for blobs a mirror lacks).
# The commits come from a local git
# directory under MIRROR (default $DOCBRIDGE_MIRROR, else /work/.mirror):
# <owner>+<name>/repo, <owner>+<name>.git or <owner>+<name>, the layout the
# fetch tool and scripts/precision-corpus.sh use; otherwise from a
# `git clone --filter=blob:none` of https://github.com/<owner>/<name> kept
# in DEST/.<owner>+<name>.git.
#
# Idempotent: a tree already extracted (DEST/<slug>/<commit>/ with its
# DEST/<slug>/.<commit>.done mark) is left alone. Exits 1 naming every
# commit it could not get, 2 on bad use. Needs git and jq. Never commit what
# it extracts. See docs/bench.md, "Drift".
set -euo pipefail

usage() { echo "usage: $0 DEST [MIRROR]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 && -n "$1" ]] || usage
dest=$1
here=$(cd "$(dirname "$0")/.." && pwd)
data=${DRIFT_DATA:-$here/docs/bench/drift}
mirror=${2:-${DOCBRIDGE_MIRROR:-/work/.mirror}}
export GIT_TERMINAL_PROMPT=0 # a clone never asks for credentials

command -v git >/dev/null || { echo "drift-corpus: git is needed" >&2; exit 2; }
command -v jq >/dev/null || { echo "drift-corpus: jq is needed" >&2; exit 2; }
[[ -d "$data/cases" ]] || { echo "drift-corpus: no case directory $data/cases" >&2; exit 2; }
mkdir -p "$dest"

# gitdir_for SLUG COMMIT prints a local git directory that has COMMIT.
gitdir_for() {
  local slug=$1 commit=$2 d
  for d in "$mirror/$slug/repo" "$mirror/$slug.git" "$mirror/$slug" "$dest/.$slug.git"; do
    if [[ -d "$d" ]] && git --git-dir="$d" cat-file -e "$commit^{commit}" 2>/dev/null; then
      echo "$d"
      return 0
    fi
  done
  return 1
}

# extract GITDIR COMMIT INTO writes the commit's files into INTO with git
# archive, so the git directory (perhaps a shared mirror) is only read. A
# mirror may lack its largest blobs (images, videos), which git archive
# cannot skip: then the tree is written through a private index instead,
# as scripts/precision-corpus.sh does, each missing blob becoming an empty
# file of its name (links to it still resolve), named on stderr.
extract() {
  local gd=$1 commit=$2 into=$3 rc=0
  rm -rf "$into.part"
  mkdir -p "$into.part"
  if git --git-dir="$gd" archive --format=tar "$commit" 2>/dev/null | tar -x -C "$into.part"; then
    rm -rf "$into"
    mv "$into.part" "$into"
    return 0
  fi
  rm -rf "$into.part"
  mkdir -p "$into.part"
  checkout "$gd" "$commit" "$into.part" || rc=$?
  if [[ $rc -ne 0 ]]; then
    rm -rf "$into.part"
    return $rc
  fi
  rm -rf "$into"
  mv "$into.part" "$into"
}

# checkout GITDIR COMMIT INTO: see scripts/lib/checkout.sh (missing blobs left
# empty, named on stderr).
# shellcheck source=lib/checkout.sh
source "$here/scripts/lib/checkout.sh"

failed=()
for file in "$data"/cases/*+*.json; do
  [[ -e "$file" ]] || continue
  repo=$(jq -r '.repository' "$file") ||
    { echo "drift-corpus: $file is not a valid case file" >&2; exit 2; }
  [[ "$repo" =~ ^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$ ]] ||
    { echo "drift-corpus: $file: bad repository '$repo'" >&2; exit 2; }
  slug=${repo/\//+}
  [[ "$(basename "$file" .json)" == "$slug" ]] ||
    { echo "drift-corpus: $file: names $repo" >&2; exit 2; }
  commits=$(jq -r '.cases[] | .base, .head' "$file" | sort -u)
  for commit in $commits; do
    [[ "$commit" =~ ^[0-9a-f]{40}$ ]] || { echo "drift-corpus: $file: bad commit '$commit'" >&2; exit 2; }
    out=$dest/$slug/$commit mark=$dest/$slug/.$commit.done
    if [[ -d "$out" && -e "$mark" ]]; then
      continue
    fi
    if ! gd=$(gitdir_for "$slug" "$commit"); then
      gd=$dest/.$slug.git
      if [[ ! -d "$gd" ]]; then
        echo "$repo: cloning https://github.com/$repo (no local git directory has ${commit:0:12})"
        git clone --quiet --bare --filter=blob:none "https://github.com/$repo.git" "$gd" || true
      fi
      git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null ||
        git --git-dir="$gd" fetch --quiet --filter=blob:none origin "$commit" 2>/dev/null || true
    fi
    echo "$repo: extracting ${commit:0:12} from $gd"
    mkdir -p "$dest/$slug"
    if extract "$gd" "$commit" "$out"; then
      : >"$mark"
    else
      echo "drift-corpus: cannot get $repo at $commit" >&2
      failed+=("$repo@$commit")
    fi
  done
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "drift-corpus: could not get ${#failed[@]} tree(s): ${failed[*]}" >&2
  exit 1
fi
