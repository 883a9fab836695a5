package actionrun

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/gate"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/scan"
)

// ProposalsMarker opens the enrichment pull request's sticky comment of
// proposals (pending, approved, rejected), which every decision refreshes.
const ProposalsMarker = "<!-- docbridge:proposals v1 -->"

// gate is the issue_comment route: the /approve and /reject lines of a new
// pull-request comment, decided by gate.Plan on what the API says (the
// pull request, the author's permission, the default branch's approvals
// settings, the branch's overlay and records), committed to the pull
// request's branch in one commit after its head is read again, then the
// reactions, the reply to what was refused and the proposals comment.
// Nothing of the pull request is checked out or run.
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
	api := newAPIBudget(r.in.PublishTimeout)
	in := gate.Input{Event: ev, Self: r.in.BotLogin, DecidedAt: c.Comment.CreatedAt}
	var branch string
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		in.PullRequest, branch, err = r.deps.repo.PullRequest(ctx, ev.Number)
		return err
	}); err != nil {
		return fmt.Errorf("pull request #%d: %w", ev.Number, err)
	}
	// Who may decide is the default branch's configuration, never the
	// pull request's; one that cannot be read decides nothing.
	policy, err := r.approvalsPolicy(ctx, api)
	if err != nil {
		in.Permission = gate.Permission{Err: err}
	} else {
		in.Policy = policy
		_ = api.do(ctx, func(ctx context.Context) error {
			in.Permission = r.deps.repo.Permission(ctx, ev.Author.Login)
			return in.Permission.Err
		})
	}
	if !in.PullRequest.Fork() {
		if err := r.readDecisions(ctx, api, branch, &in); err != nil {
			return err
		}
	}
	out := gate.Plan(in)
	if !out.Act {
		fmt.Fprintf(r.stdout, "docbridge: comment %d: %s; nothing to do\n", c.Comment.ID, out.Why)
		return nil
	}
	if len(out.Reactions) > 0 {
		r.react(ctx, api, ev.CommentID, out.Reactions[:1]) // eyes: recognised
	}
	files, err := out.Files()
	if err != nil {
		return err
	}
	if files != nil {
		if err := r.commitDecisions(ctx, api, ev, branch, in.PullRequest.HeadSHA, files); err != nil {
			r.gh.Warningf("docbridge: %v", err)
			out = out.Withdraw(err.Error())
		}
	}
	if len(out.Reactions) > 1 {
		r.react(ctx, api, ev.CommentID, out.Reactions[1:])
	}
	if out.Reply != "" {
		if err := api.do(ctx, func(ctx context.Context) error { return r.deps.repo.Reply(ctx, ev.Number, out.Reply) }); err != nil {
			r.gh.Warningf("docbridge: the answer to comment %d was not posted: %v", ev.CommentID, err)
		}
	}
	ov := in.Overlay
	if out.Overlay != nil {
		ov = out.Overlay
	}
	if ov != nil {
		body := ProposalsMarker + "\n" + review.ProposalsSection(ov, review.MaxCommentChars-len(ProposalsMarker)-1)
		if err := api.do(ctx, func(ctx context.Context) error {
			return r.deps.repo.UpsertMarked(ctx, ev.Number, ProposalsMarker, body)
		}); err != nil {
			r.gh.Warningf("docbridge: the proposals comment was not refreshed: %v", err)
		}
	}
	for _, res := range out.Results {
		fmt.Fprintf(r.stdout, "docbridge: %s %s: %s %s\n", res.Line.Decision, res.Line.ProposalID, res.Status, res.Reason)
	}
	return nil
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

// readDecisions reads the pull request branch's overlay and approval
// records through the API, as untrusted JSON, and the current content
// hash of every target a pending proposal names (scan.FileHash of the
// file at the head; an entity without a file keeps the hash it was
// proposed on).
func (r *actionRun) readDecisions(ctx context.Context, api *apiBudget, branch string, in *gate.Input) error {
	var files map[string][]byte
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		files, _, _, err = r.deps.repo.ReadDecisions(ctx, branch)
		return err
	}); err != nil {
		return fmt.Errorf("the decisions on %s: %w", branch, err)
	}
	if data, ok := files[enrich.OverlayPath]; ok {
		ov, err := enrich.ParseOverlay(data)
		if err != nil {
			r.gh.Warningf("docbridge: the overlay on %s is ignored: %v", branch, err)
		} else {
			in.Overlay = ov
		}
	}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		if !strings.HasPrefix(p, enrich.ApprovalsDir+"/") {
			continue
		}
		a, err := enrich.ParseApproval(files[p])
		if err != nil {
			r.gh.Warningf("docbridge: approval record %s is ignored: %v", p, err)
			continue
		}
		in.Records = append(in.Records, a)
	}
	if in.Overlay == nil {
		return nil
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
			data, found, err = r.deps.repo.ReadFile(ctx, in.PullRequest.HeadSHA, file, int64(r.cfg.Scan.MaxFileBytes))
			return err
		}); err != nil {
			return fmt.Errorf("the target %s: %w", file, err)
		}
		if !found {
			in.Targets[p.Entity] = "" // gone: stale
			continue
		}
		in.Targets[p.Entity] = scan.FileHash(file, data)
	}
	return nil
}

// entityFile is the file an entity id names — a document's or a module's
// path — or false for an entity that is no file (a package, an area).
func entityFile(id string) (string, bool) {
	kind, p, ok := strings.Cut(id, ":")
	if !ok || p == "" || (kind != "document" && kind != "module") {
		return "", false
	}
	return p, true
}

// commitDecisions commits the overlay and the approval records in one
// commit to the pull request's branch, after reading its head again: a
// head that moved since the event refuses the decisions (they would be
// about content nobody has seen).
func (r *actionRun) commitDecisions(ctx context.Context, api *apiBudget, ev gate.Event, branch, head string, files []gate.File) error {
	var now gate.PullRequest
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		now, _, err = r.deps.repo.PullRequest(ctx, ev.Number)
		return err
	}); err != nil {
		return fmt.Errorf("the pull request's head could not be read again (%v): nothing was committed", err)
	}
	if now.HeadSHA != head {
		return fmt.Errorf("the pull request's head moved from %.12s to %.12s since the comment: nothing was committed; comment again", head, now.HeadSHA)
	}
	content := make(map[string][]byte, len(files))
	for _, f := range files {
		content[f.Path] = f.Bytes
	}
	msg := fmt.Sprintf("docbridge: decisions of comment %d by %s", ev.CommentID, ev.Author.Login)
	var commit string
	if err := api.do(ctx, func(ctx context.Context) (err error) {
		commit, err = r.deps.repo.Commit(ctx, branch, "", head, content, msg)
		return err
	}); err != nil {
		return fmt.Errorf("the decisions were not committed (%v)", err)
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
