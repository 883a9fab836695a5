// Package ghapi is docbridge's GitHub transport: the REST client, the
// posters a pull-request run publishes through, and the calls the
// enrichment pull request and the /approve gate make. What it posts is
// rendered by internal/review; the retry policy is internal/httpretry's.
// (Named ghapi, not github, so it never shadows go-github's package.)
//
// A Session is one run's check run and comment: Begin, then Publish,
// Fail or Cancel. It posts through the narrow Poster interface, which
// three implementations serve: GitHub (the REST API through go-github,
// with bounded retries), workflowCommands (annotations as ::error lines on
// stdout, for fork pull requests and read-only tokens) and dryRun (prints
// what would be posted). degrading puts the first in front of the second,
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
// gate asks of GitHub (docs/enrich-github.md). The gate's vocabulary —
// permission levels, reactions — is internal/gate's; this package
// speaks it.
package ghapi
