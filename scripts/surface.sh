#!/usr/bin/env bash
# surface.sh measures the exported surface of internal/: per package, the
# package-level exported names declared outside test files, how many of
# them another package uses (test files and external _test packages count
# as users), how many are kept as API (a used name's signature, exported
# fields or methods show them, or they are documented for callers), and
# how many nothing outside uses — the ones to unexport.
#
#   scripts/surface.sh [-v] [-rename PKG,...|all] [-skip PKG,...]
#
# -v lists the unused names; -rename unexports them through the type
# checker (scripts/surface, a module of its own on golang.org/x/tools),
# -skip leaves packages alone (PKG/... a subtree).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# Kept on purpose though no other package names them today:
#   retrieval.Fit and its Payload, sections and ErrBudget — the budget any
#   answer goes through, documented for callers in docs/search.md;
#   graph.Meta* — the relation metadata keys the scan writes and names
#   from its side.
keep=internal/retrieval.Fit,internal/retrieval.Payload,internal/retrieval.ErrBudget
keep+=,internal/retrieval.SectionEvidenceExcerpts,internal/retrieval.SectionRelated,internal/retrieval.SectionNeighbours
keep+=,internal/retrieval.SectionSummaries,internal/retrieval.SectionSnippets
keep+=,internal/graph.MetaTypeOnly,internal/graph.MetaDeferred,internal/graph.MetaGuarded,internal/graph.MetaFacade
cd scripts/surface
exec go run . -keep "$keep" "$@" "$root"
