// Package report turns reconciliation diagnostics into findings — each
// diagnostic becomes a finding once, in Build — and renders them as text,
// JSON and SARIF 2.1.0. It also holds what every renderer shares about
// findings: grouping by code, the level order, which findings a run
// judges (Judged) and which of those fail it (Failing). GitHub's
// renderings, bounded by GitHub's limits, live with the code that posts
// them (internal/review).
//
// Everything here is pure: a Report is built from its inputs, and the
// renderers only write to the io.Writer they are given. Output is
// deterministic: every list is sorted and no map order reaches it.
package report
