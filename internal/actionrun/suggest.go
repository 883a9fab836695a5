package actionrun

import (
	"context"
	"fmt"
	"slices"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/ghapi"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/prdiff"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/suggest"
)

// forkWhy is why a fork's suggestions are shown as a diff instead.
const forkWhy = "a pull request from a fork gets a read-only token"

// suggestions offers the judged findings' fixes as suggested changes on
// the pull request (the suggestions input): the files' patches listed,
// the plan made and its suggestions verified against the head's tree, all
// at once where their edits cannot meet, else one by one (suggest.Make,
// pipeline.Outcome.VerifyAll and Verify), then the bot's suggestion
// comments synced to it in one review. A fork, or a token refused the
// review, gets the diff in the comment and the job summary instead. nil
// when nothing was offered: the input is off, there is no API, or the
// files could not be listed (a warning says why).
func (r *actionRun) suggestions(ctx context.Context, api *apiBudget, res *pipeline.Outcome, judged []report.Finding) *review.SuggestionStatus {
	if !r.in.Suggestions || r.deps.suggestions == nil || r.d.PR <= 0 {
		return nil
	}
	// The patches are listed only when a judged finding has a located
	// edit; the earlier suggestions are looked up on every run, so that
	// those whose finding is gone are withdrawn.
	var files []ghapi.PullFile
	if slices.ContainsFunc(judged, located) {
		err := api.do(ctx, func(ctx context.Context) (err error) {
			files, err = r.deps.suggestions.PullFiles(ctx, r.d.PR)
			return err
		})
		if err != nil {
			r.gh.Warningf("docbridge: no suggested changes: the pull request's files are unknown (%v)", err)
			return nil
		}
	}
	added := map[string]prdiff.Added{}
	for _, f := range files {
		if lines, err := prdiff.AddedLines(f.Patch); err == nil {
			added[f.Path] = lines
		}
	}
	plan := suggest.Make(suggest.Input{
		Findings: judged, Sources: res.Sources, Added: added, ToRepo: r.scanned.ToRepo,
		Verify: func(f report.Finding, edited map[string][]byte) error {
			return res.Verify(finding.Diagnostic{ID: f.ID, Code: f.Code}, edited)
		},
		VerifyAll: func(fs []report.Finding, edited map[string][]byte) error {
			ds := make([]finding.Diagnostic, len(fs))
			for i, f := range fs {
				ds[i] = finding.Diagnostic{ID: f.ID, Code: f.Code}
			}
			return res.VerifyAll(ds, edited)
		},
	})
	st := &review.SuggestionStatus{Outside: plan.Outside}
	var want []ghapi.ReviewSuggestion
	var wanted []suggest.Suggestion
	for _, s := range plan.Suggestions {
		body, ok := review.SuggestionComment(review.GitHubContext{Scanned: r.scanned}, s)
		if !ok {
			st.Outside = append(st.Outside, suggest.Outside{Finding: s.Finding, Reason: "its lines are too long for a review comment or hold a character one cannot carry"})
			continue
		}
		want = append(want, ghapi.ReviewSuggestion{Fingerprint: s.Fingerprint, Path: s.Path, StartLine: s.StartLine, Line: s.Line, Body: body})
		wanted = append(wanted, s)
	}
	if r.d.Fork {
		st.Unposted, st.Why = wanted, forkWhy
		return st
	}
	var sync ghapi.SyncResult
	err := api.do(ctx, func(ctx context.Context) (err error) {
		sync, err = r.deps.suggestions.SyncSuggestions(ctx, r.d.PR, r.d.HeadSHA, want)
		return err
	})
	st.Posted, st.Kept, st.Removed = sync.Posted, sync.Kept, sync.Removed
	unposted := sync.Posted == 0 && len(want) > sync.Kept
	switch {
	case err == nil:
	case unposted && ghapi.IsForbidden(err):
		st.Unposted, st.Why = wanted, "the token may not post a review"
	default:
		// Also a refusal to withdraw a stale suggestion while the review
		// stands: the stale one stays, which the author should know.
		r.gh.Warningf("docbridge: suggested changes: %v", err)
		if unposted {
			st.Unposted, st.Why = wanted, "posting the review failed"
		}
	}
	if st.Posted+st.Kept+st.Removed+len(st.Unposted)+len(st.Outside) == 0 {
		return st
	}
	fmt.Fprintf(r.stdout, "docbridge: suggested changes: %d posted, %d kept, %d withdrawn, %d shown as a diff; %d findings with a fix outside the diff\n",
		st.Posted, st.Kept, st.Removed, len(st.Unposted), len(st.Outside))
	return st
}

// located reports a finding with an edit located in its file.
func located(f report.Finding) bool {
	return slices.ContainsFunc(f.Edits, func(e finding.Edit) bool { return len(e.Columns) > 0 })
}
