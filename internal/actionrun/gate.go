package actionrun

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/gate"
	"github.com/docbridge/docbridge/internal/ghapi"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// ProposalsMarker opens the enrichment pull request's sticky comment of
// proposals (pending, approved, rejected), which every decision refreshes.
const ProposalsMarker = "<!-- docbridge:proposals v1 -->"

// gate is the issue_comment route. A new comment with a command starts
// it; it then answers every command of the pull request that has no
// answer yet (settle), so a run GitHub cancelled, one that failed and
// one that never started lose nothing. Nothing of the pull request is
// checked out or run.
func (r *actionRun) gate(ctx context.Context) error {
	c := r.ev.IssueComment
	ev := gate.Event{Action: c.Action, OnPullRequest: c.Issue.PullRequest != nil, Number: c.Issue.Number,
		CommentID: c.Comment.ID, Body: c.Comment.Body, Author: gate.Account{Login: c.Comment.User.Login, Type: c.Comment.User.Type}}
	if _, why := gate.Screen(ev, r.in.BotLogin); why != "" {
		fmt.Fprintf(r.stdout, "docbridge: comment %d: %s; nothing to do\n", c.Comment.ID, why)
		return nil
	}
	if r.deps.repo == nil {
		return errors.New("a comment command needs the GitHub API (a token, and no dry run)")
	}
	trigger := gate.Comment{ID: ev.CommentID, Author: ev.Author, Body: ev.Body, CreatedAt: c.Comment.CreatedAt}
	if err := r.settle(ctx, newAPIBudget(r.in.PublishTimeout), ev.Number, &trigger, ""); err != nil {
		if ctx.Err() != nil {
			return r.cancelled(ctx, false, err)
		}
		// GitHub failed the run before it decided: nothing was committed,
		// so the next run on the pull request answers every command this
		// one could not. The run itself found nothing wrong.
		r.gh.Warningf("docbridge: the commands on pull request #%d were not answered (%v); the next docbridge run on it answers them, or comment again", ev.Number, err)
	}
	return nil
}

// settle brings pull request number to the branch's truth: it decides
// every comment whose commands have no answer yet (gate.Unanswered: by
// comment id, an accepted decision being its own answer), in order, with
// gate.PlanSweep on what the API says — the pull request, the default
// branch's approvals settings, each author's permission, and the overlay,
// the records and the targets at the head of the branch (the branch's
// ref, not the pull request's head.sha, which GitHub updates after a
// push) — and commits the decisions in one commit onto that head. When
// the branch moved meanwhile, it reads it again and decides again on the
// new head, at most ghapi.MaxCommitAttempts times, each attempt logged:
// a decision is refused only when its own target changed (stale). Then
// the reactions and the replies, and the proposals comment and — on the
// bot's enrichment pull request — its title and body, rendered from the
// overlay read back from the branch after the last write, each updated
// when it differs. note is the enrichment pull request's agent line; ""
// keeps the one its body has. trigger is the comment that started the
// run, when one did (the listing may not show it yet).
func (r *actionRun) settle(ctx context.Context, api *apiBudget, number int, trigger *gate.Comment, note string) error {
	var pr pullInfo
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		pr, err = r.deps.repo.PullRequest(ctx, number)
		return err
	}); err != nil {
		return fmt.Errorf("pull request #%d: %w", number, err)
	}
	var comments []gate.Comment
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		comments, err = r.deps.repo.Comments(ctx, number)
		return err
	}); err != nil {
		return fmt.Errorf("the comments of pull request #%d: %w", number, err)
	}
	if trigger != nil && !slices.ContainsFunc(comments, func(c gate.Comment) bool { return c.ID == trigger.ID }) {
		comments = append(comments, *trigger)
	}
	// Who may decide is the default branch's configuration, never the
	// pull request's; one that cannot be read decides nothing.
	policy, policyErr := r.approvalsPolicy(ctx, api)
	perms := map[string]gate.Permission{}
	reacted := map[int64]bool{}
	var sweep gate.Sweep
	var ov *enrich.Overlay
	for attempt := 1; ; attempt++ {
		in := gate.Input{Self: r.in.BotLogin, PullRequest: pr.gate, Policy: policy}
		head := ""
		if !pr.gate.Fork() {
			var err error
			if head, err = r.readDecisions(ctx, api, pr.branch, &in); err != nil {
				return err
			}
			in.PullRequest.HeadSHA = head
		}
		ov = in.Overlay
		pending := gate.Unanswered(number, comments, r.in.BotLogin, in.Records)
		if len(pending) == 0 {
			if trigger != nil && attempt == 1 {
				// A run before this one (the nightly's sweep, a run this
				// comment did not start) answered it already.
				fmt.Fprintf(r.stdout, "docbridge: no command on pull request #%d waits for an answer; comment %d was answered before this run\n", number, trigger.ID)
			}
			sweep = gate.Sweep{}
			break
		}
		for _, login := range gate.Logins(pending) {
			if _, ok := perms[login]; ok {
				continue
			}
			if policyErr != nil {
				perms[login] = gate.Permission{Err: policyErr}
				continue
			}
			var p gate.Permission
			_ = api.do(ctx, func(ctx context.Context) error {
				p = r.deps.repo.Permission(ctx, login)
				return p.Err
			})
			perms[login] = p
		}
		sweep = gate.PlanSweep(in, number, pending, perms)
		for i, out := range sweep.Outcomes {
			if id := sweep.Comments[i].ID; len(out.Reactions) > 0 && !reacted[id] {
				reacted[id] = true
				r.react(ctx, api, id, out.Reactions[:1]) // eyes: recognised
			}
		}
		files, err := sweep.Files()
		if err != nil {
			return err
		}
		if files == nil {
			break
		}
		err = r.commitDecisions(ctx, api, pr.branch, head, files, sweep)
		var moved *ghapi.HeadMovedError
		switch {
		case err == nil:
			ov = sweep.Overlay
		case errors.As(err, &moved) && attempt < ghapi.MaxCommitAttempts:
			fmt.Fprintf(r.stdout, "docbridge: %s moved from %.12s to %.12s before the decisions were committed (attempt %d of %d); "+
				"reading it again and deciding on its new head\n", pr.branch, moved.Expected, moved.Actual, attempt, ghapi.MaxCommitAttempts)
			continue
		case errors.As(err, &moved):
			r.gh.Warningf("docbridge: %v", err)
			sweep = sweep.Withdraw(fmt.Sprintf("the branch %s kept moving while docbridge committed the decision (%d attempts), so nothing was committed; "+
				"the next docbridge run on this pull request decides it again, or comment again", pr.branch, attempt))
		default:
			r.gh.Warningf("docbridge: %v", err)
			sweep = sweep.Withdraw(fmt.Sprintf("the decision could not be committed (%v), so nothing was committed; "+
				"the next docbridge run on this pull request decides it again, or comment again", err))
		}
		break
	}
	r.answer(ctx, api, number, sweep)
	if !pr.gate.Fork() {
		ov = r.readBack(ctx, api, pr.branch, ov)
	}
	r.show(ctx, api, number, pr, ov, note)
	return nil
}

// answer puts the verdicts on the comments of a sweep (+1, -1) and posts
// each one's reply, then logs every line's outcome.
func (r *actionRun) answer(ctx context.Context, api *apiBudget, number int, sweep gate.Sweep) {
	for i, out := range sweep.Outcomes {
		id := sweep.Comments[i].ID
		if len(out.Reactions) > 1 {
			r.react(ctx, api, id, out.Reactions[1:])
		}
		url := ""
		if r.env.ServerURL != "" && r.env.Repository != "" {
			url = fmt.Sprintf("%s/%s/pull/%d#issuecomment-%d", strings.TrimSuffix(r.env.ServerURL, "/"), r.env.Repository, number, id)
		}
		if body := out.ReplyBody(id, url, renderReply); body != "" {
			if err := api.do(ctx, func(ctx context.Context) error { return r.deps.repo.Reply(ctx, number, body) }); err != nil {
				r.gh.Warningf("docbridge: the answer to comment %d was not posted: %v", id, err)
			}
		}
		for _, res := range out.Results {
			fmt.Fprintf(r.stdout, "docbridge: comment %d: %s %s: %s %s\n", id, res.Line.Decision, res.Line.ProposalID, res.Status, res.Reason)
		}
	}
}

// readBack reads the overlay on branch as it is now — after this run's
// last write, or another run's since — and returns it; known (what the
// run read or wrote last) when it cannot be read.
func (r *actionRun) readBack(ctx context.Context, api *apiBudget, branch string, known *enrich.Overlay) *enrich.Overlay {
	var data []byte
	var found bool
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		data, found, err = r.deps.repo.ReadFile(ctx, branch, r.scanned.ToRepo(enrich.OverlayPath), enrich.MaxOverlayBytes)
		return err
	}); err != nil {
		r.gh.Warningf("docbridge: the overlay on %s could not be read back (%v); showing the one this run read", branch, err)
		return known
	}
	if !found {
		return nil
	}
	ov, err := enrich.ParseOverlay(data)
	if err != nil {
		return nil // readDecisions said why
	}
	return ov
}

// show makes what people see the branch's state: the proposals comment
// and, on the bot's enrichment pull request, its title and body, each
// rendered from ov and updated when it differs.
func (r *actionRun) show(ctx context.Context, api *apiBudget, number int, pr pullInfo, ov *enrich.Overlay, note string) {
	if ov == nil {
		return
	}
	body := ProposalsMarker + "\n" + review.ProposalsSection(ov, review.MaxCommentChars-len(ProposalsMarker)-1)
	if err := api.do(ctx, func(ctx context.Context) error {
		return r.deps.repo.UpsertMarked(ctx, number, ProposalsMarker, body)
	}); err != nil {
		r.gh.Warningf("docbridge: the proposals comment was not refreshed: %v", err)
	}
	if pr.branch != EnrichmentBranch || !strings.EqualFold(pr.author, r.in.BotLogin) {
		return
	}
	title, prBody := enrichmentTitle(ov), review.EnrichmentPRBody(ov, note)
	if note == "" {
		prBody = review.RefreshEnrichmentPRBody(ov, pr.body)
	}
	if title == pr.title && prBody == pr.body {
		return
	}
	if err := api.do(ctx, func(ctx context.Context) error {
		return r.deps.repo.UpdatePR(ctx, number, title, prBody)
	}); err != nil {
		r.gh.Warningf("docbridge: the enrichment pull request's title and body were not refreshed: %v", err)
	}
}

// approvalsPolicy reads the approvals section of the default branch's
// configuration (its defaults when there is no file).
func (r *actionRun) approvalsPolicy(ctx context.Context, api *apiBudget) (config.Approvals, error) {
	name := path.Join(path.Clean(r.in.WorkingDirectory), config.FileName)
	if r.in.Config != "" {
		name = path.Clean(r.in.Config)
	}
	var data []byte
	var found bool
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		data, found, err = r.deps.repo.ReadFile(ctx, r.d.DefaultBranch, name, config.MaxFileBytes)
		return err
	}); err != nil {
		return config.Approvals{}, fmt.Errorf("the default branch's %s could not be read: %w", name, err)
	}
	if !found {
		return config.Default().Approvals, nil
	}
	cfg, err := config.Parse(name, data)
	if err != nil {
		return config.Approvals{}, fmt.Errorf("the default branch's configuration: %w", err)
	}
	return cfg.Approvals, nil
}

// readDecisions reads the pull request branch's head (its ref), the
// overlay and approval records there through the API, as untrusted JSON,
// and the content hash at that head of every target a pending proposal
// names (scan.FileHash of the file; an entity without a file keeps the
// hash it was proposed on). It returns the head ("" when the branch is
// gone).
func (r *actionRun) readDecisions(ctx context.Context, api *apiBudget, branch string, in *gate.Input) (string, error) {
	var files map[string][]byte
	var head string
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		files, head, _, err = r.deps.repo.ReadDecisions(ctx, branch, r.scanned)
		return err
	}); err != nil {
		return "", fmt.Errorf("the decisions on %s: %w", branch, err)
	}
	if data, ok := files[enrich.OverlayPath]; ok {
		ov, err := enrich.ParseOverlay(data)
		if err != nil {
			r.gh.Warningf("docbridge: the overlay on %s is ignored: %v", branch, err)
			in.OverlayErr = err.Error()
		} else {
			in.Overlay = ov
		}
	}
	records, warns := enrich.ReadApprovalsFS(decisionsFS(files))
	for _, w := range warns {
		r.gh.Warningf("docbridge: approval record %s", w)
	}
	in.Records = records
	if in.Overlay == nil {
		return head, nil
	}
	in.Targets = map[string]string{}
	for _, pe := range in.Overlay.Pending {
		p := pe.Proposal
		if _, done := in.Targets[p.Entity]; done {
			continue
		}
		in.Targets[p.Entity] = p.TargetContentHash
		file, ok := entityFile(p.Entity)
		if !ok {
			continue
		}
		var data []byte
		var found bool
		if err := api.do(ctx, func(ctx context.Context) (err error) {
			data, found, err = r.deps.repo.ReadFile(ctx, head, r.scanned.ToRepo(file), int64(r.cfg.Scan.MaxFileBytes))
			return err
		}); err != nil {
			return "", fmt.Errorf("the target %s: %w", file, err)
		}
		if !found {
			in.Targets[p.Entity] = "" // gone: stale
			continue
		}
		in.Targets[p.Entity] = scan.FileHash(file, data)
	}
	return head, nil
}

// entityFile is the file an entity id names — a document's or a module's
// path — or false for an entity that is no file (a package, an area).
func entityFile(id string) (string, bool) {
	kind, p, ok := snapshot.ParseEntityID(id)
	if !ok || p == "" || (kind != snapshot.KindDocument && kind != snapshot.KindModule) {
		return "", false
	}
	return p, true
}

// commitDecisions commits the overlay and the approval records of a
// sweep in one commit onto head, the branch's head they were decided on:
// a branch that moved since answers *ghapi.HeadMovedError, for the
// caller to read it again and decide again.
func (r *actionRun) commitDecisions(ctx context.Context, api *apiBudget, branch, head string, files []gate.File, sweep gate.Sweep) error {
	content := make(map[string][]byte, len(files))
	for _, f := range files {
		content[r.scanned.ToRepo(f.Path)] = f.Bytes // the working directory's paths, on the branch
	}
	var ids []string
	for i, out := range sweep.Outcomes {
		if len(out.Decisions) > 0 {
			ids = append(ids, fmt.Sprintf("%d by %s", sweep.Comments[i].ID, sweep.Comments[i].Author.Login))
		}
	}
	msg := "docbridge: decisions of comment " + strings.Join(ids, ", comment ")
	var commit string
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		commit, err = r.deps.repo.Commit(ctx, branch, "", head, content, msg)
		return err
	}); err != nil {
		return fmt.Errorf("the decisions were not committed to %s: %w", branch, err)
	}
	fmt.Fprintf(r.stdout, "docbridge: committed %d file(s) to %s as %s\n", len(files), branch, commit)
	return nil
}

// react puts reactions on the comment; a failure is a warning.
func (r *actionRun) react(ctx context.Context, api *apiBudget, comment int64, reactions []string) {
	for _, re := range reactions {
		if err := api.do(ctx, func(ctx context.Context) error { return r.deps.repo.React(ctx, comment, re) }); err != nil {
			r.gh.Warningf("docbridge: reaction %s on comment %d failed: %v", re, comment, err)
		}
	}
}

// renderReply renders the gate's reply to a comment as internal/review
// writes it: the gate hands it over as data.
func renderReply(r gate.Reply) string {
	lines := make([]review.RefusedCommand, len(r.Refused))
	for i, l := range r.Refused {
		lines[i] = review.RefusedCommand(l)
	}
	return review.CommandReply(r.Head, lines, r.Tail)
}
