package actionrun

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/cache"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/stage"
	"github.com/docbridge/docbridge/internal/gate"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/repopath"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// EnrichmentBranch is the branch the nightly run commits the overlay to;
// its pull request is where maintainers decide.
const EnrichmentBranch = "docbridge/enrichment"

// repoAPI is the repository through GitHub's API, as the nightly and the
// gate routes read and write it (ghapi.GitHub). Nothing is checked out:
// files are read as untrusted bytes and committed through the Git Data API.
type repoAPI interface {
	// ReadDecisions reads the overlay and every approval record of the
	// working directory dir at the head of branch, bounded, keyed by their
	// paths in dir (enrich.OverlayPath, enrich.ApprovalsDir/…); exists is
	// false when the branch does not exist, head is its commit.
	ReadDecisions(ctx context.Context, branch string, dir repopath.Dir) (files map[string][]byte, head string, exists bool, err error)
	// ReadFile reads one file at ref, bounded; found is false when there
	// is none.
	ReadFile(ctx context.Context, ref, path string, max int64) (data []byte, found bool, err error)
	// Commit writes files onto branch in one commit — created from base
	// when it does not exist — refusing when its head is no longer head
	// ("" when it did not exist), and retrying a non-fast-forward, bounded.
	Commit(ctx context.Context, branch, base, head string, files map[string][]byte, message string) (string, error)
	// FindPR finds the bot's open pull request from branch.
	FindPR(ctx context.Context, branch string) (number int, url string, found bool, err error)
	// UpsertPR opens the bot's pull request of branch into base, or
	// updates the open one; it returns its number and address.
	UpsertPR(ctx context.Context, branch, base, title, body string) (int, string, error)
	// PullRequest reads a pull request: its head and base repositories,
	// head commit and branch, author, title and body.
	PullRequest(ctx context.Context, number int) (pullInfo, error)
	// Comments lists the pull request's comments, oldest first.
	Comments(ctx context.Context, pr int) ([]gate.Comment, error)
	// UpdatePR sets a pull request's title and body.
	UpdatePR(ctx context.Context, pr int, title, body string) error
	// Permission is a user's permission on the repository; an error of
	// the API is Permission.Err (the gate fails closed).
	Permission(ctx context.Context, login string) gate.Permission
	// React puts a reaction on an issue comment.
	React(ctx context.Context, commentID int64, content string) error
	// Reply comments on the pull request.
	Reply(ctx context.Context, pr int, body string) error
	// UpsertMarked creates the pull request's comment that starts with
	// marker, or edits the one the bot posted before.
	UpsertMarked(ctx context.Context, pr int, marker, body string) error
}

// pullInfo is a pull request as the gate reads it.
type pullInfo struct {
	gate gate.PullRequest
	// branch is the head branch; author the opener's login.
	branch, author string
	title, body    string
}

// enrichment is what the nightly run did, for the summary and the log.
type enrichment struct {
	result   *stage.Result
	fallback string // why the built-in curator answered instead of models, "" when it did not
	commit   string // "" when nothing was committed
	pr       int
	prURL    string
	note     string // why nothing was published, when nothing was
}

// enrich is the nightly route: scan the default branch from its cached
// state, run the enrichment stage with the agent-call cache, merge with
// the decisions already on the enrichment branch, and commit the overlay
// there and open or update its pull request — unless nothing changed.
// Publishing failures are warnings: a nightly run never fails on them.
func (r *actionRun) enrich(ctx context.Context) error {
	if r.enricher == nil {
		return errors.New("this build has no enrichment stage")
	}
	_, previous, saveKey := r.restore(ctx)
	res, err := r.check(ctx, pipeline.Options{Repo: r.repo(), Previous: previous, Revision: r.env.SHA})
	if err != nil {
		if ctx.Err() != nil {
			return r.cancelled(ctx, false, err)
		}
		return err
	}
	r.persist(ctx, saveKey, res)
	api := newAPIBudget(r.in.PublishTimeout)
	out := &enrichment{}

	// The decisions people made live on the enrichment branch: its overlay
	// and approval records go into the workspace, where the run reads them.
	var files map[string][]byte
	var head string
	exists := false
	var unread error // the branch exists but could not be read: no commit may replace it
	if r.deps.repo != nil {
		unread = api.do(ctx, func(ctx context.Context) (err error) {
			files, head, exists, err = r.deps.repo.ReadDecisions(ctx, EnrichmentBranch, r.scanned)
			return err
		})
		if unread != nil {
			r.gh.Warningf("docbridge: the enrichment branch could not be read (%v); nothing is committed this run", unread)
		}
	}
	branchOverlay := files[enrich.OverlayPath]
	if exists {
		if err := placeDecisions(r.dir, files); err != nil {
			return fmt.Errorf("enrichment branch: %w", err)
		}
	}

	archive, archiveKey := r.restoreAgentCache(ctx)
	req := stage.Request{Dir: r.dir, Snapshot: res.Head, Signals: res.Signals, Config: res.Config,
		Agent: res.Config.Enrich.Agent, Token: r.in.GitHubToken, CacheArchive: archive}
	if req.Agent == config.EnrichAgentAuto {
		req.Agent = config.EnrichAgentModels // zero secrets: the workflow's token with models: read
	}
	result, err := r.enrichWith(ctx, req)
	models := req.Agent == config.EnrichAgentModels
	switch {
	case err != nil && models && ctx.Err() == nil:
		// No token, a bad endpoint: the curator answers instead.
		out.fallback = err.Error()
	case err != nil:
		return err
	case models && result.Incomplete != "":
		out.fallback = result.Incomplete
		req.CacheArchive = result.CacheArchive
	}
	if out.fallback != "" {
		req.Agent = config.EnrichAgentBuiltin
		if result, err = r.enrichWith(ctx, req); err != nil {
			return err
		}
	}
	out.result = result
	r.persistAgentCache(ctx, archiveKey, result.CacheArchive)

	ov := result.Overlay
	data, err := enrich.MarshalOverlay(ov)
	if err != nil {
		return err
	}
	switch {
	case r.deps.repo == nil:
		out.note = "not published: no GitHub access in this run"
	case unread != nil:
		out.note = "not published: the enrichment branch could not be read: " + unread.Error()
	default:
		if exists && string(branchOverlay) == string(data) {
			out.note = "unchanged: nothing to commit"
		} else {
			err = api.do(ctx, func(ctx context.Context) (err error) {
				out.commit, err = r.deps.repo.Commit(ctx, EnrichmentBranch, r.env.SHA, head,
					map[string][]byte{r.scanned.ToRepo(enrich.OverlayPath): data}, "docbridge: enrichment overlay "+ov.ContentHash)
				return err
			})
			if err != nil {
				r.gh.Warningf("docbridge: the overlay was not committed: %v", err)
				out.note = "not committed: " + err.Error()
				break
			}
		}
		// The pull request shows the branch's overlay, committed now or
		// before: opened, or updated when its title or body differ.
		err = api.do(ctx, func(ctx context.Context) (err error) {
			out.pr, out.prURL, err = r.deps.repo.UpsertPR(ctx, EnrichmentBranch, r.d.DefaultBranch, enrichmentTitle(ov), review.EnrichmentPRBody(ov, agentNote(out)))
			return err
		})
		if err != nil {
			r.gh.Warningf("docbridge: the enrichment pull request was not opened or updated: %v", err)
			break
		}
		// Then every command on it that has no answer yet (a run that
		// never started, one GitHub cancelled), and the proposals comment,
		// title and body from the branch after the last write.
		if err := r.settle(ctx, api, out.pr, nil, agentNote(out)); err != nil {
			r.gh.Warningf("docbridge: the commands on the enrichment pull request were not answered: %v", err)
		}
	}
	r.writeSummary(enrichmentSummary(out))
	return nil
}

// enrichWith runs the stage once and logs what it asked.
func (r *actionRun) enrichWith(ctx context.Context, req stage.Request) (*stage.Result, error) {
	res, err := r.enricher.Run(ctx, req)
	if err != nil {
		return nil, err
	}
	if res.CacheRefused != "" {
		r.gh.Warningf("docbridge: agent-call cache refused (%s); every pack is asked", res.CacheRefused)
	}
	for _, n := range res.Notes {
		fmt.Fprintln(r.stdout, "docbridge: enrich:", n)
	}
	fmt.Fprintf(r.stdout, "docbridge: enrich: %s asked about %d of %d packs (%d from the cache, %d calls); overlay %s\n",
		res.AgentID, res.Asked, res.Packs, res.CacheHits, res.Calls, res.Overlay.ContentHash)
	return res, nil
}

// placeDecisions writes the enrichment branch's overlay and approval
// records into the workspace, replacing the checkout's: they are the
// newer decisions. Only those paths are written, through an os.Root so a
// symlink of the checkout cannot send a write out of the workspace; each
// is read again, as untrusted input, by the run.
func placeDecisions(dir string, files map[string][]byte) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := root.RemoveAll(filepath.FromSlash(enrich.ApprovalsDir)); err != nil {
		return err
	}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		name := filepath.FromSlash(p)
		if err := root.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := root.WriteFile(name, files[p], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// agentCacheParts scope the agent-call cache: one per default branch,
// shared by every configuration (an entry's key holds the agent, the
// prompt and the pack it answered).
func (r *actionRun) agentCacheParts() cache.KeyParts {
	return cache.KeyParts{Branch: r.d.Branch, PipelineVersion: "enrich", ConfigHash: "agent-calls",
		RunID: strconv.FormatInt(r.env.RunID, 10), RunAttempt: strconv.FormatInt(r.env.RunAttempt, 10)}
}

// restoreAgentCache restores the agent-call cache's archive (nil: start
// empty, every pack is asked) and returns the key to save the next under.
func (r *actionRun) restoreAgentCache(ctx context.Context) ([]byte, string) {
	c := r.deps.cache
	if c == nil {
		return nil, ""
	}
	save, restore := c.Keys(r.agentCacheParts())
	e, warn := c.RestoreBlob(ctx, restore, "agent-call cache")
	r.sayRestored("agent-call cache", warn, len(e.Data), false)
	if warn != nil {
		return nil, save
	}
	return e.Data, save
}

// persistAgentCache saves the agent-call cache's archive.
func (r *actionRun) persistAgentCache(ctx context.Context, key string, data []byte) {
	if r.deps.cache == nil || key == "" || data == nil {
		return
	}
	if warn := r.deps.cache.Persist(ctx, key, data); warn != nil {
		r.gh.Warningf("docbridge: agent-call cache not saved (%s)", warn)
		return
	}
	fmt.Fprintf(r.stdout, "docbridge: cache: saved the agent-call cache under %s (%d bytes)\n", key, len(data))
}

// enrichmentTitle is the enrichment pull request's title.
func enrichmentTitle(ov *enrich.Overlay) string {
	return fmt.Sprintf("docbridge: documentation enrichment (%d waiting for a decision)", ov.Stats.Pending)
}

// enrichmentSummary is the nightly run's job summary: which agent
// answered, what the cache saved, the overlay's partition and where it
// went.
func enrichmentSummary(e *enrichment) string {
	rep := e.result
	var b strings.Builder
	fmt.Fprintf(&b, "## docbridge enrichment\n\n")
	fmt.Fprintf(&b, "Agent: `%s` (prompt `%s`)", rep.AgentID, rep.PromptVersion)
	if e.fallback != "" {
		fmt.Fprintf(&b, " — the built-in curator answered because GitHub Models did not: %s", review.InlineText(e.fallback))
	}
	fmt.Fprintf(&b, ".\n\n| packs | asked | from the cache | agent calls |\n|--:|--:|--:|--:|\n| %d | %d | %d | %d |\n\n",
		rep.Packs, rep.Asked, rep.CacheHits, rep.Calls)
	st := rep.Overlay.Stats
	fmt.Fprintf(&b, "Overlay `%s`: %d accepted, %d pending, %s, %d rejected.\n\n",
		rep.Overlay.ContentHash, st.Accepted, st.Pending, textwriter.Plural(st.Findings, "finding", "findings"), st.Rejected)
	// What happened to the overlay, then the pull request: a run that
	// committed nothing (the branch already held this overlay, or the
	// commit failed) says so, whether or not it opened or updated the
	// pull request.
	var where string
	switch {
	case e.commit != "":
		where = fmt.Sprintf("Committed `%s` to `%s`", e.commit, EnrichmentBranch)
	case e.note != "":
		where = "Overlay " + review.InlineText(e.note)
	}
	if e.prURL != "" {
		pr := fmt.Sprintf("pull request [#%d](%s)", e.pr, e.prURL)
		if where == "" {
			where = strings.ToUpper(pr[:1]) + pr[1:]
		} else {
			where += "; " + pr
		}
	}
	if where != "" {
		b.WriteString(where + ".\n")
	}
	return b.String()
}

// agentNote says which agent proposed, for the pull request's body.
func agentNote(e *enrichment) string {
	if e.fallback != "" {
		return "Proposed by the built-in curator: GitHub Models did not answer (" + e.fallback + ")."
	}
	return "Proposed by " + e.result.AgentID + " (prompt " + e.result.PromptVersion + ")."
}

// enrichmentStatus is what an ordinary pull request's comment says about
// enrichment: the proposals waiting on the enrichment pull request (read
// through the API; nothing when there is none or it cannot be read), and
// the accepted proposals of the overlay this pull request carries whose
// target it changed — expiring.
func (r *actionRun) enrichmentStatus(ctx context.Context, api *apiBudget, res *pipeline.Outcome) *review.EnrichmentStatus {
	st := &review.EnrichmentStatus{}
	if ov, _ := enrich.ReadOverlay(r.dir); ov != nil {
		targets := enrich.TargetHashes(res.Head)
		for _, a := range ov.Accepted {
			if h, ok := targets[a.Proposal.Entity]; !ok || h != a.Proposal.TargetContentHash {
				st.Expiring = append(st.Expiring, a.Proposal)
			}
		}
	}
	if r.deps.repo != nil && r.d.PR > 0 {
		var n int
		var url string
		var found bool
		err := api.do(ctx, func(ctx context.Context) (err error) {
			n, url, found, err = r.deps.repo.FindPR(ctx, EnrichmentBranch)
			return err
		})
		if err == nil && found && n != r.d.PR {
			// Only the overlay: the pending count is all the comment says,
			// and the approval records would cost a call each.
			var data []byte
			err = api.do(ctx, func(ctx context.Context) (err error) {
				data, _, err = r.deps.repo.ReadFile(ctx, EnrichmentBranch, r.scanned.ToRepo(enrich.OverlayPath), enrich.MaxOverlayBytes)
				return err
			})
			if ov, perr := enrich.ParseOverlay(data); err == nil && perr == nil {
				st.Pending, st.PR, st.URL = len(ov.Pending), n, url
			}
		}
	}
	if st.Pending == 0 && len(st.Expiring) == 0 {
		return nil
	}
	return st
}
