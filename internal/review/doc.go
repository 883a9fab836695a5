// Package review posts a check's results to GitHub: a check run with
// line annotations on the pull request's head commit, and one sticky
// pull-request comment edited in place.
//
// The action consumes the narrow Poster interface. Three implementations
// serve it: GitHub (the REST API through go-github, with bounded retries),
// WorkflowCommands (annotations as ::error lines on stdout, for fork pull
// requests and read-only tokens) and DryRun (prints what would be
// posted). Degrading puts the first in front of the second, so a 403 or an
// outage still leaves every annotation in the log; the log and the JSON
// report, which the caller writes whatever happens here, hold every
// finding, and the job summary groups them by code.
package review
