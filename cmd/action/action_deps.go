package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sethvargo/go-githubactions"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/report"
)

// The action's dependencies are small interfaces so the flow in action.go
// is tested with fakes; wireAction supplies the real ones.

// cacheKeyParts name one run's cache scope, field for field as
// cache.KeyParts. Branch is a branch name or pull/N/merge
// (actionenv.Decision.Branch); the run id and attempt make the save key
// unique, so entries stay immutable across re-runs.
type cacheKeyParts struct {
	Branch, BaseBranch, DefaultBranch string
	ConfigHash, PipelineVersion       string
	RunID, RunAttempt                 string
}

// stateCache keeps scan states between runs (internal/cache). It never
// fails the check: Restore returns nil data on a miss and a warning on a
// failure, Persist a warning.
type stateCache interface {
	// Keys returns the immutable key to save under and the restore
	// prefixes: Branch's scope first, then BaseBranch's, then
	// DefaultBranch's (those left empty are left out).
	Keys(p cacheKeyParts) (save string, restore []string)
	Restore(ctx context.Context, restore []string) (data []byte, warn string)
	Persist(ctx context.Context, key string, data []byte) (warn string)
}

// publication is what a review posts: the check run's conclusion and
// annotations, the sticky comment.
type publication struct {
	// Report holds every finding, with statuses when compared.
	Report *report.Report
	// Selected are the findings the filter kept (annotated, commented,
	// judged), in canonical order; Selection says how they were chosen.
	Selected  []report.Finding
	Selection string
	FailOn    string
	// Failing counts the selected findings at or above FailOn.
	Failing int
	// Conclusion is the check run's: success or failure.
	Conclusion string
	// Comment and Annotations are the inputs of the same names.
	Comment, Annotations bool
	// Grade and Score are the doctor's, "" without one.
	Grade, Score string
}

// poster posts a review's results (internal/review: the check run on the
// head SHA, the sticky comment; a fork's read-only token degrades to
// workflow-command annotations). Its errors are warnings: the log and the
// job summary already hold every finding.
type poster interface {
	// Begin marks the check run in progress.
	Begin(ctx context.Context) error
	Publish(ctx context.Context, p publication) error
	// Fail completes the check run as failed when the check itself could
	// not run after Begin (err says why).
	Fail(ctx context.Context, err error) error
}

// changedFiles lists a pull request's changed files (the API: the
// checkout of a PR is a shallow merge commit without its parents).
type changedFiles interface {
	ChangedFiles(ctx context.Context, pr int) ([]string, error)
}

// grader grades the documentation (internal/doctor).
type grader interface {
	Grade(ctx context.Context, res *checkOutcome) (grade string, score int, err error)
}

// actionDeps are the action's dependencies. cache, files and grader may
// be nil: no cache is a cold scan, no files is every finding judged (with
// a warning), no grader leaves grade and score empty.
type actionDeps struct {
	cache  stateCache
	poster poster
	files  changedFiles
	grader grader
	// summary renders the job summary (Markdown, every finding).
	summary func(p publication) string
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
}

// wireFunc builds the dependencies of one run.
type wireFunc func(w wiring) (actionDeps, error)

// wireAction is THE WIRING FUNCTION: it connects the real
// implementations. Until internal/cache, internal/review and
// internal/doctor land, it wires what exists:
//
//   - cache: nil (cold scans, nothing saved). TODO(wire): when in.Cache and
//     not dryRun, a stateCache over cache.NewActions(cache.EnvFrom(getenv), …):
//     Keys → cache.Keys(cache.KeyParts(p)) (the two structs have the same
//     fields), Restore → cache.Restore(ctx, store, keys), Persist →
//     cache.Persist(ctx, store, key, data).
//   - poster: the dry-run printer; outside a dry run it only fails (each
//     call a warning). TODO(wire): a poster over review's Poster
//     (StartCheck on d.HeadSHA in Begin; FinishCheck with report's
//     check-run output of p.Selected and UpsertComment on d.PR in Publish;
//     FinishCheck with a failure in Fail), built from in.GitHubToken,
//     env.APIURL, env.Repository, d.Fork, in.BotLogin, in.Comment and
//     in.Annotations; review's DryRun in dry runs.
//   - files: --changed-files in dry runs. TODO(wire): the PR files listing
//     from review's GitHub client.
//   - grader: the doctor's grade, computed by runCheck.
//   - summary: interimSummary. TODO(wire): review's job summary renderer.
func wireAction(w wiring) (actionDeps, error) {
	deps := actionDeps{poster: &printPoster{w: w.stdout, d: w.d, dryRun: w.dryRun}, grader: doctorGrader{}, summary: interimSummary}
	if w.changedFiles != nil {
		deps.files = fileList(w.changedFiles)
	}
	return deps, nil
}

// fileList is a fixed changed-files list (--changed-files).
type fileList []string

func (l fileList) ChangedFiles(context.Context, int) ([]string, error) { return l, nil }

// maxPrintedFindings bounds the findings the printer lists.
const maxPrintedFindings = 50

// printPoster prints what a review would post: the dry run's poster.
type printPoster struct {
	w      io.Writer
	d      actionenv.Decision
	dryRun bool
}

func (p *printPoster) Begin(context.Context) error {
	if !p.dryRun {
		return fmt.Errorf("posting to GitHub is not wired in docbridge %s", version)
	}
	fmt.Fprintf(p.w, "dry run: would create the check run %q on %s (in progress)\n", report.ToolName, p.d.HeadSHA)
	return nil
}

func (p *printPoster) Publish(_ context.Context, pub publication) error {
	if !p.dryRun {
		return fmt.Errorf("posting to GitHub is not wired in docbridge %s", version)
	}
	mode := "the check run"
	if p.d.Fork {
		mode = "workflow-command annotations (a fork's token is read-only)"
	}
	fmt.Fprintf(p.w, "dry run: would complete %s on %s: conclusion %s, %d selected finding(s) (%s), %d failing at %s\n",
		mode, p.d.HeadSHA, pub.Conclusion, len(pub.Selected), pub.Selection, pub.Failing, pub.FailOn)
	if pub.Annotations {
		for i, f := range pub.Selected {
			if i == maxPrintedFindings {
				fmt.Fprintf(p.w, "  … and %d more\n", len(pub.Selected)-maxPrintedFindings)
				break
			}
			fmt.Fprintf(p.w, "  annotate %s:%d %s %s: %s\n", f.Location.Path, f.Location.Line, f.Level, f.Code, printableLine(f.Detail))
		}
	}
	if pub.Comment && !p.d.Fork {
		fmt.Fprintf(p.w, "dry run: would create or edit the sticky comment on pull request #%d\n", p.d.PR)
	}
	return nil
}

func (p *printPoster) Fail(_ context.Context, err error) error {
	if !p.dryRun {
		return fmt.Errorf("posting to GitHub is not wired in docbridge %s", version)
	}
	fmt.Fprintf(p.w, "dry run: would complete the check run on %s as failed: %s\n", p.d.HeadSHA, printableLine(err.Error()))
	return nil
}

// printableLine keeps a repository-supplied message on one line.
func printableLine(s string) string {
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}

// maxStepSummaryBytes is the runner's bound: a larger job summary is
// dropped whole.
const maxStepSummaryBytes = 1 << 20

// interimSummary renders the job summary until review's renderer is
// wired: the counts and the text report in a fence.
func interimSummary(p publication) string {
	var b strings.Builder
	r := p.Report
	fmt.Fprintf(&b, "## %s %s\n\n", report.ToolName, r.Tool.Version)
	fmt.Fprintf(&b, "%d finding(s)", r.Summary.Total)
	if r.Compared {
		fmt.Fprintf(&b, ", %d new, %d resolved against the base", r.Summary.New, r.Summary.Resolved)
	}
	fmt.Fprintf(&b, ". Judged: %d (%s); %d at or above `%s`.\n\n", len(p.Selected), p.Selection, p.Failing, p.FailOn)
	var text strings.Builder
	if err := report.WriteText(&text, r, report.TextOptions{}); err != nil {
		fmt.Fprintf(&b, "(the text report failed: %v)\n", err)
		return b.String()
	}
	fence := strings.Repeat("`", max(3, longestRun(text.String(), '`')+1))
	b.WriteString(fence + "text\n" + text.String() + fence + "\n")
	return b.String()
}

// longestRun is the longest run of c in s (a fence must be longer).
func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

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
func outputValues(p publication, sel selection, res *checkOutcome, reportOut string) [][2]string {
	return [][2]string{
		{actionenv.OutputFindings, strconv.Itoa(p.Report.Summary.Total)},
		{actionenv.OutputNewFindings, strconv.Itoa(sel.newCount)},
		{actionenv.OutputResolvedFindings, strconv.Itoa(p.Report.Summary.Resolved)},
		{actionenv.OutputGrade, p.Grade},
		{actionenv.OutputScore, p.Score},
		{actionenv.OutputSnapshotHash, res.head.ContentHash},
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
