// Package review renders a check's results for GitHub, as pure functions
// over values: the check run's title, summary and line annotations
// (CheckRun), the sticky pull-request comment (Comment), the job summary
// (JobSummary), workflow commands (WriteWorkflowCommands), the gate's
// reply to a comment (CommandReply) and the enrichment pull request's
// body (EnrichmentPRBody, ProposalsSection). GitHub's limits — 65,535
// characters of check-run text, 50 annotations a request, 65,536 of a
// comment, 1 MiB of job summary — bound what they write, and every text
// a repository or an agent supplied is escaped (InlineText, LogLine).
//
// Nothing here talks to GitHub: posting is internal/ghapi's, which
// imports this package and never the other way round, so the renderer
// needs no HTTP client and no go-github.
package review
