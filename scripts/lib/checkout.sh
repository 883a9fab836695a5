# Shared by scripts/precision-corpus.sh and scripts/drift-corpus.sh (sourced,
# not run): a commit's files written from a git directory that is only read.
#
# checkout GITDIR COMMIT INTO writes the commit's files into INTO through a
# private index, so the git directory (perhaps a shared mirror) is only read.
# A mirror may lack its largest blobs (images, videos): each missing one
# becomes an empty file of that name, so links to it still resolve, and is
# named on stderr.
checkout() {
  local gd=$1 commit=$2 into=$3 idx rc=0 missing
  idx=$(mktemp "${TMPDIR:-/tmp}/docbridge-corpus-index.XXXXXX")
  rm -f "$idx"
  mkdir -p "$into"
  local blobs absent
  # core.quotePath=false: a path with non-ASCII letters is listed as it
  # is, not quoted ("resource/\351\202\223.pptx"), which made a missing
  # blob's placeholder under a directory named '"resource'.
  blobs=$(git -c core.quotePath=false --git-dir="$gd" ls-tree -r "$commit" |
    awk -F'\t' '{ split($1, m, " "); if (m[2] == "blob") print m[3] "\t" $2 }') || rc=$?
  [[ $rc -eq 0 ]] || { rm -f "$idx"; return $rc; }
  absent=$(cut -f1 <<<"$blobs" | git --git-dir="$gd" cat-file --batch-check | awk '$2 == "missing" { print $1 }') || rc=$?
  missing=""
  if [[ -n "$absent" ]]; then
    missing=$(awk -F'\t' 'NR == FNR { gone[$1] = 1; next } ($1 in gone) { print $2 }' <(printf '%s\n' "$absent") <(printf '%s\n' "$blobs"))
  fi
  [[ $rc -eq 0 ]] || { rm -f "$idx"; return $rc; }
  export GIT_INDEX_FILE=$idx
  git --git-dir="$gd" --work-tree="$into" read-tree "$commit" || rc=$?
  if [[ $rc -eq 0 && -n "$missing" ]]; then
    printf '%s\n' "$missing" | git --git-dir="$gd" --work-tree="$into" update-index --force-remove --stdin || rc=$?
  fi
  [[ $rc -ne 0 ]] || git --git-dir="$gd" --work-tree="$into" checkout-index -a -f || rc=$?
  unset GIT_INDEX_FILE
  rm -f "$idx"
  [[ $rc -eq 0 ]] || return $rc
  if [[ -n "$missing" ]]; then
    while IFS= read -r path; do
      mkdir -p "$into/$(dirname "$path")" && : >"$into/$path"
      echo "  $path: not in the local git directory, left empty" >&2
    done <<<"$missing"
  fi
}

# write_index GITDIR COMMIT INTO writes INTO/.git/index, the commit's tree as
# git's index (and nothing else of a git directory): a scan then lists the
# files git tracks although an ignore rule matches them (added with
# --force), as it does in a real checkout.
write_index() {
  local gd=$1 commit=$2 into=$3
  mkdir -p "$into/.git"
  GIT_INDEX_FILE="$into/.git/index" git --git-dir="$gd" read-tree "$commit"
}
