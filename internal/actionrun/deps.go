package actionrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sethvargo/go-githubactions"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/cache"
	"github.com/docbridge/docbridge/internal/ghapi"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/repopath"
	"github.com/docbridge/docbridge/internal/review"
)

// The action's dependencies are small interfaces so the flow in run.go
// is tested with fakes; wireAction supplies the real ones.

// stateCache keeps scan states between runs (internal/cache). It never
// fails the check: Restore returns no state and a typed warning on a miss
// or a failure, Persist a warning.
type stateCache interface {
	// Keys returns the immutable key to save under and the restore
	// prefixes: Branch's scope first, then BaseBranch's, then
	// DefaultBranch's (those left empty are left out).
	Keys(p cache.KeyParts) (save string, restore []string)
	Restore(ctx context.Context, restore []string) (cache.Restored, *cache.Warning)
	// RestoreBlob loads an entry that is not a state (the agent-call
	// cache); the caller judges its bytes.
	RestoreBlob(ctx context.Context, restore []string, what string) (cache.Entry, *cache.Warning)
	Persist(ctx context.Context, key string, data []byte) *cache.Warning
}

// poster posts a review's results (ghapi.Session: the check run on the
// head SHA, the sticky comment; a fork's read-only token degrades to
// workflow-command annotations). Its errors are warnings: the log and the
// JSON report already hold every finding.
type poster interface {
	// Begin marks the check run in progress.
	Begin(ctx context.Context) error
	Publish(ctx context.Context, r review.Results) error
	// Fail completes the check run as failed when the check itself could
	// not run after Begin (err says why).
	Fail(ctx context.Context, err error) error
	// Cancel completes the check run as cancelled when the run was
	// cancelled (SIGINT/SIGTERM) after Begin.
	Cancel(ctx context.Context) error
}

// changedFiles lists a pull request's changed files (the API: the
// checkout of a PR is a shallow merge commit without its parents).
type changedFiles interface {
	ChangedFiles(ctx context.Context, pr int) ([]string, error)
}

// suggestionAPI is what the suggested changes go through (ghapi.GitHub):
// the pull request's files with their patches, and the bot's suggestion
// comments made the wanted ones in one review.
type suggestionAPI interface {
	PullFiles(ctx context.Context, pr int) ([]ghapi.PullFile, error)
	SyncSuggestions(ctx context.Context, pr int, commit string, want []ghapi.ReviewSuggestion) (ghapi.SyncResult, error)
}

// grader grades the documentation (internal/doctor).
type grader interface {
	Grade(ctx context.Context, res *pipeline.Outcome) (grade string, score int, err error)
}

// actionDeps are the action's dependencies. cache, files and grader may
// be nil: no cache is a cold scan, no files is every finding judged (with
// a warning), no grader leaves grade and score empty.
type actionDeps struct {
	cache  stateCache
	poster poster
	files  changedFiles
	grader grader
	// summary renders the job summary (Markdown, grouped by code).
	summary func(r review.Results) string
	// repo is the repository through the API (the nightly and the gate
	// routes); nil without GitHub access (a dry run, no token).
	repo repoAPI
	// suggestions posts the suggested changes; nil without GitHub access.
	suggestions suggestionAPI
}

// wiring is what the wiring function gets to build the dependencies.
type wiring struct {
	env    *actionenv.Env
	in     actionenv.Inputs
	d      actionenv.Decision
	dryRun bool
	stdout io.Writer
	// getenv is the process environment (the cache reads
	// ACTIONS_RESULTS_URL, ACTIONS_CACHE_URL, ACTIONS_RUNTIME_TOKEN).
	getenv func(string) string
	// changedFiles is --changed-files (dry runs), nil when not given.
	changedFiles []string
	// cacheDir is --cache-dir: a local directory store instead of the
	// Actions cache.
	cacheDir string
	// scanned is the working directory relative to the repository root:
	// the GitHub renderers name the repository's paths through it.
	scanned repopath.Dir
	// sleep is the GitHub client's wait before a retry (nil: a real
	// wait); the fault matrix's runs take none.
	sleep func(ctx context.Context, d time.Duration) error
	// cacheTimeout, when set, bounds each restore and save of the Actions
	// cache below the cache's own deadlines (internal/cache's restoreTimeout
	// and saveTimeout): the fault matrix's hung cache takes no half minute.
	cacheTimeout time.Duration
}

// wireFunc builds the dependencies of one run.
type wireFunc func(w wiring) (actionDeps, error)

// wireAction connects the real implementations:
//
//   - cache: the Actions cache (internal/cache: v2 when ACTIONS_RESULTS_URL
//     is set, else v1 from ACTIONS_CACHE_URL) when the cache input is on
//     and this is no dry run; none when the runner gives no cache service
//     (a warning; the scan is cold and nothing is saved).
//   - poster: internal/ghapi — the dry-run printer in a dry run, workflow
//     commands for a fork or without a token, else the GitHub API,
//     degrading to workflow commands on failure.
//   - files: the pull request's files from the API (--changed-files in a
//     dry run).
//   - grader: the doctor's grade, computed by pipeline.Run.
//   - summary: review.JobSummary.
func wireAction(w wiring) (actionDeps, error) {
	gh := review.GitHubContext{
		ServerURL: w.env.ServerURL, Repository: w.env.Repository, HeadSHA: w.d.HeadSHA,
		RunURL: runURL(w.env), Scanned: w.scanned,
	}
	deps := actionDeps{grader: DoctorGrader{}, summary: func(r review.Results) string { return review.JobSummary(r.Report, r.RenderOptions(gh)) }}
	switch {
	case w.in.Cache && w.cacheDir != "":
		deps.cache = actionsCache{store: cache.NewDir(w.cacheDir)}
	case w.in.Cache && !w.dryRun:
		store, err := cache.NewActions(cache.EnvFrom(w.getenv), cache.ActionsOptions{})
		if err != nil {
			fmt.Fprintln(w.stdout, review.WorkflowCommand("warning", nil, "docbridge: no Actions cache ("+err.Error()+"); scanning cold, nothing saved"))
		} else {
			deps.cache = actionsCache{store: store, timeout: w.cacheTimeout}
		}
	}
	p, err := ghapi.New(ghapi.Config{
		DryRun: w.dryRun, Fork: w.d.Fork, Out: w.stdout,
		GitHub: ghapi.GitHubOptions{Token: w.in.GitHubToken, APIURL: w.env.APIURL, Repository: w.env.Repository,
			BotLogin: w.in.BotLogin, DetailsURL: gh.RunURL, Log: w.stdout, Sleep: w.sleep},
	})
	if err != nil {
		return actionDeps{}, fmt.Errorf("github: %w", err)
	}
	deps.poster = ghapi.NewSession(p, w.d.HeadSHA, w.d.PR, gh)
	if !w.dryRun && w.in.GitHubToken != "" {
		// One client serves the changed files and the repository routes.
		api, err := ghapi.NewGitHub(ghapi.GitHubOptions{Token: w.in.GitHubToken, APIURL: w.env.APIURL, Repository: w.env.Repository,
			BotLogin: w.in.BotLogin, Log: w.stdout, Sleep: w.sleep})
		if err != nil {
			return actionDeps{}, fmt.Errorf("github: %w", err)
		}
		deps.files = api
		deps.repo = githubRepo{g: api, repository: w.env.Repository}
		deps.suggestions = api
	}
	if w.changedFiles != nil {
		deps.files = fileList(w.changedFiles)
	}
	return deps, nil
}

// actionsCache adapts internal/cache to the action's stateCache.
type actionsCache struct {
	store cache.Store
	// timeout, when set, bounds each call (wiring.cacheTimeout).
	timeout time.Duration
}

func (c actionsCache) Keys(p cache.KeyParts) (string, []string) {
	return cache.Keys(p)
}

// bound is ctx, bounded by c.timeout when it is set.
func (c actionsCache) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if c.timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, c.timeout)
}

func (c actionsCache) Restore(ctx context.Context, keys []string) (cache.Restored, *cache.Warning) {
	ctx, cancel := c.bound(ctx)
	defer cancel()
	return cache.RestoreState(ctx, c.store, keys)
}

func (c actionsCache) RestoreBlob(ctx context.Context, keys []string, what string) (cache.Entry, *cache.Warning) {
	ctx, cancel := c.bound(ctx)
	defer cancel()
	return cache.Restore(ctx, c.store, keys, what, "starting without it")
}

func (c actionsCache) Persist(ctx context.Context, key string, data []byte) *cache.Warning {
	ctx, cancel := c.bound(ctx)
	defer cancel()
	return cache.Persist(ctx, c.store, key, data)
}

// runURL is the workflow run's page, which holds the job summary.
func runURL(env *actionenv.Env) string {
	if env.ServerURL == "" || env.Repository == "" || env.RunID == 0 {
		return ""
	}
	return fmt.Sprintf("%s/%s/actions/runs/%d", strings.TrimSuffix(env.ServerURL, "/"), env.Repository, env.RunID)
}

// fileList is a fixed changed-files list (--changed-files).
type fileList []string

func (l fileList) ChangedFiles(context.Context, int) ([]string, error) { return l, nil }

// maxStepSummaryBytes is the runner's bound: a larger job summary is
// dropped whole.
const maxStepSummaryBytes = 1 << 20

// boundSummary cuts a summary over the runner's bound at a line break and
// says so: the runner would otherwise drop the whole of it.
func boundSummary(md string) string {
	if len(md) <= maxStepSummaryBytes {
		return md
	}
	const note = "\n\n… the job summary was cut at the runner's 1 MiB bound; the full report is the `report` output.\n"
	cut := md[:maxStepSummaryBytes-len(note)]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i]
	}
	return cut + note
}

// writeSummary appends the job summary to GITHUB_STEP_SUMMARY, or prints
// it when there is none (a local dry run).
func (r *actionRun) writeSummary(md string) {
	md = boundSummary(md)
	if r.env.StepSummary == "" {
		fmt.Fprintf(r.stdout, "--- job summary (GITHUB_STEP_SUMMARY is not set) ---\n%s--- end of job summary ---\n", md)
		return
	}
	if err := fileCommand(func() { r.gh.AddStepSummary(md) }); err != nil {
		r.gh.Warningf("docbridge: job summary not written: %v", err)
	}
}

// outputValues are the step outputs of a run, in actionenv.Outputs order.
func outputValues(p review.Results, sel selection, res *pipeline.Outcome, reportOut string) [][2]string {
	return [][2]string{
		{actionenv.OutputFindings, strconv.Itoa(p.Report.Summary.Total)},
		{actionenv.OutputNewFindings, strconv.Itoa(sel.newCount)},
		{actionenv.OutputResolvedFindings, strconv.Itoa(p.Report.Summary.Resolved)},
		{actionenv.OutputGrade, p.Grade},
		{actionenv.OutputScore, p.Score},
		{actionenv.OutputSnapshotHash, res.Head.ContentHash},
		{actionenv.OutputReport, reportOut},
	}
}

// writeOutputs sets the step outputs in GITHUB_OUTPUT, or prints them
// when there is none (a local dry run).
func (r *actionRun) writeOutputs(values [][2]string) {
	for _, kv := range values {
		if r.env.Output == "" {
			fmt.Fprintf(r.stdout, "output %s=%s\n", kv[0], kv[1])
			continue
		}
		if err := setOutput(r.gh, kv[0], kv[1]); err != nil {
			r.gh.Warningf("docbridge: output %s not set: %v", kv[0], err)
		}
	}
}

// outputDelimiter is the fixed heredoc delimiter go-githubactions v1.3.0
// writes outputs with (the runner's toolkit uses a random one): a value
// containing it would end the value early and inject further outputs.
const outputDelimiter = "_GitHubActionsFileCommandDelimeter_"

// setOutput sets one output, refusing a value that would break out of the
// delimiter.
func setOutput(gh *githubactions.Action, name, value string) error {
	if strings.Contains(value, outputDelimiter) || strings.Contains(name, outputDelimiter) {
		return fmt.Errorf("the value contains the file-command delimiter")
	}
	return fileCommand(func() { gh.SetOutput(name, value) })
}

// fileCommand runs a go-githubactions file command, which panics when the
// file cannot be written, and returns that as an error.
func fileCommand(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	f()
	return nil
}

// DoctorGrader is the action's grader: the grade check already computed.
// Wire it with actionDeps{grader: DoctorGrader{}}.
type DoctorGrader struct{}

var _ grader = DoctorGrader{}

// Grade returns the doctor's grade and score of a check run.
func (DoctorGrader) Grade(_ context.Context, res *pipeline.Outcome) (string, int, error) {
	if res == nil || res.Doctor == nil {
		return "", 0, errors.New("doctor: no report")
	}
	return res.Doctor.Grade, res.Doctor.Score, nil
}
