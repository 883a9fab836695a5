// Package review renders a check's results for GitHub and posts them: a
// check run with line annotations on the pull request's head commit, one
// sticky pull-request comment edited in place, and the job summary. The
// renderers (CheckRun, Comment, JobSummary, workflow commands) sit beside
// the code that calls GitHub because GitHub's limits — 65,535 characters
// of check-run text, 50 annotations a request, 65,536 of a comment, 1 MiB
// of job summary — bound what they write.
//
// A Session is one run's check run and comment: Begin, then Publish,
// Fail or Cancel. It posts through the narrow Poster interface, which
// three implementations serve: GitHub (the REST API through go-github,
// with bounded retries), WorkflowCommands (annotations as ::error lines on
// stdout, for fork pull requests and read-only tokens) and DryRun (prints
// what would be posted). Degrading puts the first in front of the second,
// so a 403 or an outage still leaves every annotation in the log; the log
// and the JSON report, which the caller writes whatever happens here, hold
// every finding, and the job summary groups them by code.
//
// The same GitHub type serves the enrichment pull request and the
// /approve gate: CommitFiles commits files to a branch through the Git
// Data API (the ref update the one publishing step, a non-fast-forward
// answer rebuilt on the new head, bounded), ReadFile reads a file of a ref
// as untrusted bytes under a cap, and FindBotPR, CreatePR, UpdatePR,
// GetPR, CollaboratorPermission, React and Reply are the rest of what the
// gate asks of GitHub (docs/enrich-github.md).
package review
