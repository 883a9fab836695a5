// Package pipeline is docbridge's check flow as a library: configuration,
// base, scan (incremental through a state directory or a decoded state),
// graph signals, reconciliation, comparison, the doctor and narrowing, in
// Run; the report the renderers read, in Outcome.Report; and what fails a
// run, in FindingsError. The CLI's commands (check, doctor, search,
// lookup, graph, mcp, docs, fix, the benchmarks) and the action call it;
// none of them re-implements a step.
//
// It runs no git and prints nothing: what git knows comes from the
// caller (Repo.Git), and what a run could not do without failing comes
// back as Warnings for the caller to print.
package pipeline
