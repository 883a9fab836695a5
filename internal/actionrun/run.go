package actionrun

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/sethvargo/go-githubactions"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/cache"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich/stage"
	"github.com/docbridge/docbridge/internal/gitrepo"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/repopath"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/state"
)

// Options are what one invocation is asked to do besides the environment.
type Options struct {
	// Version is docbridge's version, named in the log and the report.
	Version string
	// DryRun: nothing leaves the machine (no API call, no cache); what
	// would be posted and saved is printed.
	DryRun bool
	// EventName and EventPath override GITHUB_EVENT_NAME and
	// GITHUB_EVENT_PATH, for rehearsing an event locally.
	EventName string
	EventPath string
	// ChangedFiles lists a rehearsed PR's changed files (DryRun only);
	// nil when not given.
	ChangedFiles []string
	// CacheDir keeps scan states in a local directory instead of the
	// Actions cache (rehearsals, runners without a cache service).
	CacheDir string
	// FailOn and Filter, when set, replace the inputs of the same names
	// (rehearsing another setting without editing the workflow).
	FailOn catalog.FailOn
	Filter actionenv.Filter
	// Mode, when set, replaces the mode input.
	Mode actionenv.Mode
	// Build, when set, names this binary's rules in place of a hash of
	// its executable (executableBuild): a base state's kept findings are
	// reused only under the same build and configuration.
	Build string
	// Enrich runs the enrichment stage of the nightly route
	// (internal/enrich/run, handed in by the command so that this package
	// never links an agent); nil: a nightly run fails.
	Enrich stage.Runner
}

// ReportPath is where the JSON report is written, relative to the
// workspace: the workspace is the one directory the container shares with
// later steps, which run there, so the `report` output works as is.
const ReportPath = scan.ReportFile

// actionRun is one invocation's state, passed between the steps.
type actionRun struct {
	version        string
	ev             *actionenv.Event
	enricher       stage.Runner
	stdout, stderr io.Writer
	gh             *githubactions.Action
	env            *actionenv.Env
	// getenv is the runner's environment, which the repository's identity
	// is read from when the configuration does not name it.
	getenv func(string) string
	in     actionenv.Inputs
	d      actionenv.Decision
	deps   actionDeps
	dir    string // the working directory scanned
	// scanned is dir relative to the repository root: the pull request's
	// changed files enter the scan's coordinates through it.
	scanned    repopath.Dir
	configPath string
	cfg        *config.Config
	// baseGrade is the doctor's grade saved with the base state.
	baseGrade *state.Grade
	// build names the binary's rules (Options.Build); the findings a
	// state keeps hold under it.
	build string
}

// Run is the action: environment (read through getenv), inputs, payload,
// routing, then the scan or the review, with the real dependencies
// (wireAction).
func Run(ctx context.Context, stdout, stderr io.Writer, o Options, getenv func(string) string) error {
	return runAction(ctx, stdout, stderr, o, getenv, wireAction)
}

// runAction is Run with the dependencies wire builds (fakes, in tests).
func runAction(ctx context.Context, stdout, stderr io.Writer, o Options, getenv func(string) string, wire wireFunc) error {
	env, err := actionenv.Read(getenv)
	if err != nil {
		return err
	}
	if o.EventName != "" {
		env.EventName = o.EventName
	}
	if o.EventPath != "" {
		env.EventPath = o.EventPath
	}
	if env.EventName == "" {
		return errors.New("GITHUB_EVENT_NAME is not set: not running in GitHub Actions (rehearse with --dry-run --event-name NAME --event FILE)")
	}
	if env.Workspace == "" {
		if !o.DryRun {
			return errors.New("GITHUB_WORKSPACE is not set")
		}
		env.Workspace = "."
	}
	in, err := actionenv.ReadInputs(getenv)
	if err != nil {
		return err
	}
	if o.FailOn != "" {
		in.FailOn = o.FailOn
	}
	if o.Filter != "" {
		in.Filter = o.Filter
	}
	if o.Mode != "" {
		in.Mode = o.Mode
	}
	payload, err := readEvent(env.EventPath)
	if err != nil {
		return err
	}
	ev, err := actionenv.DecodeEvent(env.EventName, payload)
	if err != nil {
		return err
	}
	gh := githubactions.New(githubactions.WithWriter(stdout), githubactions.WithGetenv(getenv))
	d := actionenv.Route(env, ev, in.Mode)
	if d.Act == actionenv.ActIgnore {
		gh.Noticef("docbridge %s: %s; nothing to do", o.Version, d.Reason)
		return nil
	}
	r := &actionRun{version: o.Version, stdout: stdout, stderr: stderr, gh: gh, env: env, getenv: getenv, in: in, d: d, ev: ev, enricher: o.Enrich,
		dir: filepath.Join(env.Workspace, filepath.FromSlash(in.WorkingDirectory)), build: o.Build}
	if r.build == "" {
		r.build = executableBuild()
	}
	if r.scanned, err = scannedDir(env.Workspace, r.dir, in.WorkingDirectory); err != nil {
		return err
	}
	if in.Config != "" {
		r.configPath = filepath.Join(env.Workspace, filepath.FromSlash(in.Config))
		if err := insideWorkspace(env.Workspace, r.configPath, actionenv.InputConfig, in.Config); err != nil {
			return err
		}
	}
	if d.Act == actionenv.ActGate && !isDir(r.dir) {
		// The gate checks nothing out (the README's decisions workflow):
		// the working directory names the repository's directory whose
		// overlay, records and targets it reads through the API, and the
		// configuration that counts is the default branch's, read there.
		r.scanned, r.cfg = repopath.New(in.WorkingDirectory), config.Default()
	} else if r.cfg, err = pipeline.LoadConfig(r.dir, r.configPath, getenv); err != nil {
		return err
	}
	if r.deps, err = wire(wiring{env: env, in: in, d: d, dryRun: o.DryRun, stdout: stdout, getenv: getenv, changedFiles: o.ChangedFiles, cacheDir: o.CacheDir,
		scanned: r.scanned}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "docbridge %s: %s\n", o.Version, d.Reason)
	return r.run(ctx)
}

// isDir reports whether p is a directory.
func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

// readEvent reads the payload file, bounded. No file is no payload:
// DecodeEvent then says which event needed one.
func readEvent(path string) ([]byte, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("event payload: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, actionenv.MaxEventBytes+1))
	if err != nil {
		return nil, fmt.Errorf("event payload %s: %w", path, err)
	}
	return data, nil
}

// repo is the repository the run checks, read as the runner has it: its
// environment, and git where the image has it.
func (r *actionRun) repo() pipeline.Repo {
	return pipeline.Repo{Dir: r.dir, ConfigPath: r.configPath, MaxStateBytes: state.DefaultMaxBytes, Getenv: r.getenv, Git: gitrepo.WorkTree{}}
}

// check runs the pipeline and prints its warnings on stderr.
func (r *actionRun) check(ctx context.Context, o pipeline.Options) (*pipeline.Outcome, error) {
	res, err := pipeline.Run(ctx, o)
	if err != nil {
		return nil, err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(r.stderr, w)
	}
	return res, nil
}

// run scans or reviews. It fails with exit 1 on the verdict and exit 2
// when the check itself cannot run; the cache, the API and the report
// file cost warnings, never the check.
func (r *actionRun) run(ctx context.Context) error {
	switch r.d.Act {
	case actionenv.ActEnrich:
		return r.enrich(ctx)
	case actionenv.ActGate:
		return r.gate(ctx)
	}
	isReview := r.d.Act == actionenv.ActReview
	api := newAPIBudget(r.in.PublishTimeout).reserveFinal()
	if isReview {
		if err := api.do(ctx, r.deps.poster.Begin); err != nil {
			r.gh.Warningf("docbridge: could not start the check run: %v", err)
		}
	}
	base, previous, saveKey := r.restore(ctx)

	// The states travel in memory: restored (and decoded) once, the new one
	// encoded once, with the doctor's grade, in persist.
	o := pipeline.Options{Repo: r.repo(), BaseState: base, Previous: previous, Revision: r.env.SHA, Build: r.build}
	res, err := r.check(ctx, o)
	if err != nil && base != nil {
		// A base state that decodes but cannot be rebuilt costs the
		// comparison, not the check; any other error recurs below.
		r.gh.Warningf("docbridge: the base state is unusable (%v); checking without a base", err)
		o.BaseState = nil
		res, err = r.check(ctx, o)
	}
	if err != nil && ctx.Err() != nil {
		return r.cancelled(ctx, isReview, err)
	}
	if err == nil && res.BaseJudged {
		fmt.Fprintln(r.stdout, "docbridge: the base's findings were kept with its state by this build and configuration; not judged again")
	}
	if err != nil {
		if isReview {
			// Leave no check run in progress for ever.
			if ferr := api.final(ctx, func(ctx context.Context) error { return r.deps.poster.Fail(ctx, err) }); ferr != nil {
				r.gh.Warningf("docbridge: could not complete the check run: %v", ferr)
			}
		}
		return err
	}

	var changed []string
	var changedErr error
	if isReview && needsChangedFiles(r.in.Filter, res.Comparison != nil) {
		if r.deps.files == nil {
			changedErr = errors.New("not available in this run")
		} else {
			changedErr = api.do(ctx, func(ctx context.Context) (err error) {
				changed, err = r.deps.files.ChangedFiles(ctx, r.d.PR)
				return err
			})
			// GitHub's paths are the repository's; the findings' are the
			// working directory's. Put the files there, once: a file
			// outside the working directory holds no finding of its scan.
			changed = r.scanned.FromRepoAll(changed)
		}
	}
	rep := res.Report(r.version)
	sel := selectFindings(rep, r.in.Filter, isReview, changed, changedErr)
	if sel.warning != "" {
		r.gh.Warningf("docbridge: %s", sel.warning)
	}
	// check's rule, on what the filter judged: counted once, here; the
	// exit code, the conclusion and every text read this count.
	failing := len(report.Failing(sel.Findings, r.in.FailOn))
	pub := review.Results{
		Report: rep, Selection: sel.Selection, FailOn: r.in.FailOn, Failing: failing,
		Comment: r.in.Comment, Annotations: r.in.Annotations,
	}
	if isReview {
		pub.Enrichment = r.enrichmentStatus(ctx, api, res)
		// Posted before the local outputs, which count them.
		pub.Suggestions = r.suggestions(ctx, api, res, sel.Findings)
	}
	if r.deps.grader != nil {
		if g, score, err := r.deps.grader.Grade(ctx, res); err != nil {
			r.gh.Warningf("docbridge: no grade: %v", err)
		} else {
			pub.Grade, pub.Score = g, strconv.Itoa(score)
		}
	}
	if d := res.Doctor; d != nil {
		for _, dim := range d.Dimensions {
			pub.Dimensions = append(pub.Dimensions, review.DoctorDimension{Name: dim.Name, Score: fmt.Sprintf("%g/%g", dim.Points, dim.Weight)})
		}
		if len(d.NextActions) > 0 {
			pub.Advice = d.NextActions[0]
		}
	}
	if r.baseGrade != nil && res.Comparison != nil {
		pub.BaseGrade, pub.BaseScore, pub.BaseRef = r.baseGrade.Grade, strconv.Itoa(r.baseGrade.Score), r.d.BaseBranch
	}

	// Local, cannot-fail-the-check outputs first: the log, the report
	// file, the job summary and the step outputs hold every finding even
	// when GitHub is down.
	reportOut := r.writeReport(rep)
	if err := writeLog(r.stdout, rep); err != nil {
		return err
	}
	pub.FullReport = fullReportText(reportOut)
	r.writeSummary(r.deps.summary(pub))
	r.writeOutputs(outputValues(pub, sel, res, reportOut))

	if ctx.Err() != nil {
		return r.cancelled(ctx, isReview, ctx.Err())
	}
	r.persist(ctx, saveKey, res)
	if isReview {
		if err := api.final(ctx, func(ctx context.Context) error { return r.deps.poster.Publish(ctx, pub) }); err != nil {
			r.gh.Warningf("docbridge: posting the results failed (%v); every finding is in this log and the JSON report, and the job summary groups them by code", err)
		}
	}
	if failing > 0 {
		return &pipeline.FindingsError{Failing: failing, FailOn: r.in.FailOn, Which: "judged", Note: sel.Note}
	}
	return nil
}

// cancelGrace bounds the one API call a cancelled run still makes: a
// runner sends SIGINT, then SIGTERM 7.5 s later, then kills.
const cancelGrace = 5 * time.Second

// cancelled ends a run whose context was cancelled (SIGINT/SIGTERM): a
// review completes its check run as cancelled — on a context of its own,
// since ctx is done — so that no check run stays in progress; nothing is
// published or saved. It returns err, which wraps the cancellation.
func (r *actionRun) cancelled(ctx context.Context, isReview bool, err error) error {
	if isReview {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cancelGrace)
		defer cancel()
		if cerr := r.deps.poster.Cancel(cctx); cerr != nil {
			r.gh.Warningf("docbridge: could not complete the cancelled check run: %v", cerr)
		}
	}
	if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%w: %w", context.Cause(ctx), err)
	}
	return fmt.Errorf("cancelled: %w", err)
}

// restore returns the state to reuse and, for a review, the base state
// (nil without one), both decoded, and the key this run's state is saved
// under. A miss or a cache failure is a cold scan and, for a failure, a
// warning.
func (r *actionRun) restore(ctx context.Context) (base, previous *state.State, saveKey string) {
	c := r.deps.cache
	if c == nil {
		fmt.Fprintln(r.stdout, "docbridge: cache: not used in this run; the scan is cold and no state is saved")
		return nil, nil, ""
	}
	parts := cache.KeyParts{Branch: r.d.Branch, BaseBranch: r.d.BaseBranch, DefaultBranch: r.d.DefaultBranch,
		ConfigHash: stateScope(r.cfg.Hash(), r.scanned), PipelineVersion: scan.PipelineVersion,
		RunID: strconv.FormatInt(r.env.RunID, 10), RunAttempt: strconv.FormatInt(r.env.RunAttempt, 10)}
	saveKey, restoreKeys := c.Keys(parts)
	if r.d.Act == actionenv.ActReview {
		// The base comes from the base branch's scope alone: the PR's own
		// earlier state is its previous head, and the default branch's is
		// another branch when the PR targets a release branch.
		_, baseKeys := c.Keys(cache.KeyParts{Branch: r.d.BaseBranch, ConfigHash: parts.ConfigHash, PipelineVersion: parts.PipelineVersion})
		base = r.restoreOne(ctx, c, baseKeys, baseStateName)
		if base != nil && base.Grade != nil {
			r.baseGrade = base.Grade
		}
		// Reuse the PR's own latest state (the first restore prefix is
		// its own scope), else the base's.
		if len(restoreKeys) > 0 {
			previous = r.restoreOne(ctx, c, restoreKeys[:1], "pull request state")
		}
		if previous == nil {
			previous = base
		}
	} else {
		previous = r.restoreOne(ctx, c, restoreKeys, "branch state")
	}
	return base, previous, saveKey
}

// stateScope is the key's configuration field: what a saved state must
// share with this run to be its base or its start. A state's paths are
// relative to the directory its run scanned, so a working directory below
// the repository root joins the configuration hash: two jobs that check
// different directories of one repository never take each other's state
// (whose every path would differ), and a state always enters in this
// run's coordinates. At the root the field is the configuration hash, as
// it always was.
func stateScope(configHash string, scanned repopath.Dir) string {
	if scanned.IsRoot() {
		return configHash
	}
	sum := sha256.Sum256([]byte(configHash + "\x00working-directory\x00" + scanned.String()))
	return hex.EncodeToString(sum[:])
}

// baseStateName names the base state in the log; its miss is a warning.
const baseStateName = "base state"

func (r *actionRun) restoreOne(ctx context.Context, c stateCache, keys []string, what string) *state.State {
	got, warn := c.Restore(ctx, keys) // a State exactly when no warning
	// A branch's or a pull request's first run has nothing saved yet:
	// expected, not a warning. A missing base costs the comparison, so
	// that one is said as a warning.
	r.sayRestored(what, warn, len(got.Data), what == baseStateName)
	return got.State
}

// sayRestored logs how restoring what went: a miss as a line of the log
// (a warning when missWarns), any other failure as a warning.
func (r *actionRun) sayRestored(what string, warn *cache.Warning, size int, missWarns bool) {
	switch {
	case warn != nil && warn.Kind == cache.Miss && !missWarns:
		fmt.Fprintf(r.stdout, "docbridge: cache: no %s yet\n", what)
	case warn != nil:
		r.gh.Warningf("docbridge: %s not restored: %s", what, warn)
	default:
		fmt.Fprintf(r.stdout, "docbridge: cache: restored the %s (%d bytes)\n", what, size)
	}
}

// persist saves this scan's state under saveKey, with the doctor's grade of
// this tree, which pull requests against it compare with. A state past the
// size bound is not saved (the next run scans cold), never truncated.
func (r *actionRun) persist(ctx context.Context, saveKey string, res *pipeline.Outcome) {
	if r.deps.cache == nil || saveKey == "" || res.Store == nil {
		return
	}
	st := &state.State{Store: res.Store, Judged: res.Judged}
	if res.Doctor != nil {
		st.Grade = &state.Grade{Grade: res.Doctor.Grade, Score: res.Doctor.Score}
	}
	data, err := state.Encode(st)
	if err != nil {
		r.gh.Warningf("docbridge: state not saved: %v", err)
		return
	}
	if max := int64(state.DefaultMaxBytes); int64(len(data)) > max {
		r.gh.Warningf("docbridge: state not saved: %d bytes exceeds the bound of %d; the next run scans cold", len(data), max)
		return
	}
	if warn := r.deps.cache.Persist(ctx, saveKey, data); warn != nil {
		r.gh.Warningf("docbridge: state not saved (%s); the next run scans cold", warn)
		return
	}
	fmt.Fprintf(r.stdout, "docbridge: cache: saved the state under %s (%d bytes)\n", saveKey, len(data))
}

// writeReport writes the JSON report into the workspace and returns its
// workspace-relative path, or "" (with a warning) when it cannot. The
// checkout is the pull request's: a .docbridge that is a symlink is not
// followed (it could point at the runner's file-command files), and the
// file is replaced by a rename, which replaces a symlink instead of writing
// through it.
func (r *actionRun) writeReport(rep *report.Report) string {
	if err := writeReportFile(filepath.Join(r.env.Workspace, filepath.FromSlash(ReportPath)), rep); err != nil {
		r.gh.Warningf("docbridge: JSON report not written: %v", err)
		return ""
	}
	return ReportPath
}

// writeLog prints the report to the log grouped by code, the first
// report.DefaultMaxPerCode findings of each; when that leaves findings
// out, every finding follows in a collapsed group, so the log holds all
// of them without a reader scrolling past them.
func writeLog(w io.Writer, rep *report.Report) error {
	if err := report.WriteText(w, rep, report.TextOptions{MaxPerCode: report.DefaultMaxPerCode, Rest: "see the JSON report, or every finding below"}); err != nil {
		return fmt.Errorf("write the log: %w", err)
	}
	if report.LeftOut(rep, report.DefaultMaxPerCode) == 0 {
		return nil
	}
	fmt.Fprintf(w, "::group::docbridge: every finding (%d, and %d resolved)\n", rep.Summary.Total, len(rep.Resolved))
	if err := report.WriteText(w, rep, report.TextOptions{}); err != nil {
		return fmt.Errorf("write the log: %w", err)
	}
	fmt.Fprintln(w, "::endgroup::")
	return nil
}

// fullReportText names, in Markdown, where every finding is: the JSON
// report at reportOut ("" when it could not be written) and the log.
func fullReportText(reportOut string) string {
	if reportOut == "" {
		return "this run's log (the JSON report could not be written)"
	}
	return "the JSON report `" + reportOut + "` (the step's `report` output) and this run's log"
}

func writeReportFile(full string, rep *report.Report) error {
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, rep); err != nil {
		return err
	}
	dir := filepath.Dir(full)
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	if info, err := os.Lstat(dir); err != nil || !info.IsDir() {
		return fmt.Errorf("%s is not a directory", filepath.Base(dir))
	}
	return atomicfile.Write(full, buf.Bytes())
}

// needsChangedFiles reports whether the filter needs the PR's changed
// files: changed-files always, new only without a base to compare with.
func needsChangedFiles(filter actionenv.Filter, compared bool) bool {
	return filter == actionenv.FilterChangedFiles || (filter == actionenv.FilterNew && !compared)
}

// selection is what the filter kept — the findings judged against
// fail-on, annotated and commented on, and how they were chosen — with
// what the run says about it besides.
type selection struct {
	review.Selection
	// newCount is the new-findings output: findings new against the base,
	// or every judged finding when there was no base (all count as new).
	newCount int
	// warning is set when the filter could not be applied as asked.
	warning string
}

// selectFindings applies the filter to the report's findings. On a push or
// workflow_dispatch there is no pull request: every finding is judged. The
// filter only narrows what is judged and posted; the report keeps every
// finding. changed are the pull request's changed files in the scanned
// directory's coordinates, as the findings' paths are.
func selectFindings(rep *report.Report, filter actionenv.Filter, review bool, changed []string, changedErr error) selection {
	all := rep.Findings
	newIn := func(fs []report.Finding) int {
		if !rep.Compared {
			return len(fs)
		}
		return len(report.WithStatus(fs, report.StatusNew))
	}
	sel := func(fs []report.Finding, note string) selection {
		s := selection{newCount: newIn(fs)}
		s.Filter, s.Findings, s.Note = filter, fs, note
		return s
	}
	if !review {
		s := sel(all, "every finding (no pull request)")
		s.Filter, s.newCount = "", len(all) // no filter applies; every finding counts as new
		return s
	}
	if filter == actionenv.FilterNew && rep.Compared {
		s := sel(report.WithStatus(all, report.StatusNew), "findings new against the base")
		s.OnlyNew = true
		return s
	}
	if filter == actionenv.FilterAll {
		return sel(all, "every finding (filter: all)")
	}
	why := "filter: changed-files"
	if filter == actionenv.FilterNew {
		why = "no base state to compare with"
	}
	if changedErr != nil {
		s := sel(all, "every finding ("+why+", and the changed files are unknown)")
		s.Filter, s.newCount = actionenv.FilterAll, len(all) // what was applied
		s.warning = fmt.Sprintf("the pull request's changed files are unknown (%v): judging every finding", changedErr)
		return s
	}
	s := sel(report.InChangedFiles(all, changed), "findings in the pull request's changed files ("+why+")")
	s.InChangedFiles = true
	return s
}
