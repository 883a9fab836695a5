package actionenv

import (
	"fmt"
	"strings"
)

// Act is what the action does for an event.
type Act string

// The acts.
const (
	// ActScan scans the branch (reusing its latest state) and saves the
	// new state: push to the default branch, workflow_dispatch.
	ActScan Act = "scan"
	// ActReview checks a pull request's head against its base state,
	// posts the results and saves the PR-scoped state.
	ActReview Act = "review"
	// ActEnrich runs the enrichment stage on the default branch and opens
	// or updates the enrichment pull request: schedule, or
	// workflow_dispatch with the mode input enrich.
	ActEnrich Act = "enrich"
	// ActGate reads a new pull-request comment for /approve and /reject
	// commands: issue_comment created on a pull request.
	ActGate Act = "gate"
	// ActIgnore does nothing and succeeds, with Reason as a notice.
	ActIgnore Act = "ignore"
)

// Decision is the routing of one event.
type Decision struct {
	Act Act
	// Reason says why, in one sentence: the notice of an ignored event,
	// the first log line otherwise.
	Reason string
	// Branch is the cache scope the run saves under: the branch name
	// (refs/heads/ dropped) or pull/N/merge, the scope GitHub gives a PR's
	// caches.
	Branch string
	// BaseBranch is a PR's base branch name; empty otherwise.
	BaseBranch string
	// DefaultBranch is the repository's default branch, from the payload.
	DefaultBranch string
	// HeadSHA is the commit results belong to: the PR head (not the merge
	// commit in GITHUB_SHA), the pushed commit, or GITHUB_SHA.
	HeadSHA string
	// PR is the pull request number; 0 otherwise.
	PR int
	// Fork is set for a PR whose head is in another repository: its token
	// is read-only.
	Fork bool
	// Comment is the comment an ActGate run reads.
	Comment int64
}

// reviewedActions are the pull_request activity types that change the head.
var reviewedActions = map[string]bool{"opened": true, "synchronize": true, "reopened": true}

// Route decides what the action does for ev in env, a schedule or
// workflow_dispatch as mode says. It never fails: an event docbridge does
// not act on is ActIgnore with the reason.
func Route(env *Env, ev *Event, mode Mode) Decision {
	switch {
	case ev.PullRequest != nil:
		pr := ev.PullRequest
		if !reviewedActions[pr.Action] {
			return ignore("pull_request %q events are not checked (only opened, synchronize and reopened change the head)", pr.Action)
		}
		return Decision{
			Act:           ActReview,
			Reason:        fmt.Sprintf("checking pull request #%d (%s into %s)", pr.Number, pr.PullRequest.Head.Ref, pr.PullRequest.Base.Ref),
			Branch:        fmt.Sprintf("pull/%d/merge", pr.Number),
			BaseBranch:    pr.PullRequest.Base.Ref,
			DefaultBranch: pr.Repository.DefaultBranch,
			HeadSHA:       pr.PullRequest.Head.SHA,
			PR:            pr.Number,
			Fork:          pr.Fork(),
		}
	case ev.Push != nil:
		p := ev.Push
		def := p.Repository.DefaultBranch
		switch {
		case p.Deleted:
			return ignore("push deleted %s: nothing to scan", p.Ref)
		case def == "":
			return ignore("the push payload does not name the default branch: not scanned")
		case p.Ref != "refs/heads/"+def:
			return ignore("push to %s: docbridge scans pushes to the default branch (%s) and checks pull requests", p.Ref, def)
		}
		return Decision{Act: ActScan, Reason: "scanning the default branch " + def,
			Branch: def, DefaultBranch: def, HeadSHA: p.After}
	case ev.WorkflowDispatch != nil:
		d := ev.WorkflowDispatch
		ref := d.Ref
		if ref == "" {
			ref = env.Ref
		}
		branch := strings.TrimPrefix(ref, "refs/heads/")
		if mode == modeEnrich {
			return enrichOn(env, ref, d.Repository.DefaultBranch, "workflow_dispatch, mode enrich")
		}
		return Decision{Act: ActScan, Reason: "scanning " + ref + " (workflow_dispatch)",
			Branch: branch, DefaultBranch: d.Repository.DefaultBranch, HeadSHA: env.SHA}
	case ev.Schedule != nil:
		def := ev.Schedule.Repository.DefaultBranch
		if mode == ModeScan {
			if def == "" {
				def = strings.TrimPrefix(env.Ref, "refs/heads/")
			}
			return Decision{Act: ActScan, Reason: "scanning " + def + " (schedule, mode scan)",
				Branch: def, DefaultBranch: def, HeadSHA: env.SHA}
		}
		return enrichOn(env, env.Ref, def, "schedule")
	case ev.IssueComment != nil:
		c := ev.IssueComment
		switch {
		case c.Action != "created":
			return ignore("issue_comment %q events are not read: only a new comment can carry a decision", c.Action)
		case c.Issue.PullRequest == nil:
			return ignore("comment %d is on issue #%d, not a pull request: not read", c.Comment.ID, c.Issue.Number)
		case c.Comment.ID <= 0:
			return ignore("the issue_comment payload names no comment: not read")
		}
		return Decision{Act: ActGate, Reason: fmt.Sprintf("reading comment %d on pull request #%d for /approve and /reject", c.Comment.ID, c.Issue.Number),
			DefaultBranch: c.Repository.DefaultBranch, PR: c.Issue.Number, Comment: c.Comment.ID}
	}
	return ignore("docbridge does not act on %s events", ev.Name)
}

// enrichOn is the enrichment of the default branch, which runs only on
// it: the configuration, the agent and the cache are the default branch's.
func enrichOn(env *Env, ref, def, why string) Decision {
	branch := strings.TrimPrefix(ref, "refs/heads/")
	if def == "" {
		def = branch
	}
	if branch != def {
		return ignore("enrichment runs on the default branch (%s), not %s (%s)", def, ref, why)
	}
	return Decision{Act: ActEnrich, Reason: "enriching the default branch " + def + " (" + why + ")",
		Branch: def, DefaultBranch: def, HeadSHA: env.SHA}
}

func ignore(format string, args ...any) Decision {
	return Decision{Act: ActIgnore, Reason: fmt.Sprintf(format, args...)}
}
