// Package report turns reconciliation diagnostics into
// what a reader sees: findings with a reporting severity, and renderers for
// text, JSON and SARIF 2.1.0, and for GitHub (check run, comment, job summary).
//
// Everything here is pure: a Report is built from its inputs, and the
// renderers only write to the io.Writer they are given. Output is
// deterministic: every list is sorted and no map order reaches it.
package report
