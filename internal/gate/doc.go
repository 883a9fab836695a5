// Package gate is the /approve and /reject comment-command gate as pure
// functions over values: no HTTP and no files. The caller (the action's
// issue_comment route) reads what the gate needs through the API and does
// what the Outcome says.
//
// The API, in the order the caller uses it:
//
//   - Screen(Event, self) decides from the payload alone whether the event
//     is for the gate (a created comment on a pull request, by a person
//     other than the action, holding a command line), before any API call.
//   - parseCommands reads the command lines of a body from its Markdown
//     (paragraph text only; code, quotes, HTML and inline markup never
//     count) and refuses, with a reason, lines that break the grammar.
//   - Permission carries the author's Level (ghapi.CollaboratorPermission
//     reads it from the API), or the error the gate fails closed on.
//   - plan(Input) decides one event: the fork and permission checks, then
//     each command through enrich.Decide, in order, so the decisions of
//     one comment compose. Its Outcome holds the reactions, the reply, the
//     new overlay and the approval records (Files gives the commit's
//     files); Withdraw turns the decisions into refusals when they cannot
//     be committed.
//   - Unanswered picks, from a pull request's comments, the ones whose
//     commands have no answer yet (no reply of the action's names them by
//     answerLine, not all their decisions are recorded), and PlanSweep
//     plans them in order, each on what the one before left: every run
//     answers them all, so a run that never started loses nothing.
//
// Rendering for GitHub (the reply, the enrichment pull request's body and
// its proposals section) is internal/review's, which the caller applies:
// the gate hands the reply over as data (Reply) and imports neither the
// renderer nor the GitHub transport.
package gate
