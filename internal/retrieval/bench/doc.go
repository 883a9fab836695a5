// Package bench measures retrieval against a golden suite: a list of
// queries, each with the entities or paths that answer it. It loads and
// validates suites strictly (a broken suite is an error naming the case),
// runs any Searcher over them and reports hit@1, hit@3, MRR and the
// zero-result rate, overall and by case kind.
//
// It also holds the baseline that docbridge's ranker must beat: plain BM25
// over the same projection entries, one concatenated field, no boosts and
// no graph. The package is pure: callers supply the suite's bytes and the
// projection.
package bench
