package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/doctor"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
)

// checkOptions are the inputs of one check run.
type checkOptions struct {
	repoOptions
	base string
	// baseState and previous are states already decoded (the action's):
	// baseState replaces base, and previous replaces stateDir, which then
	// is neither read nor written.
	baseState    *state.State
	previous     *state.State
	changedFiles string
	format       string
	failOn       string
	out          string
	// maxPerCode is how many findings of one code the text report lists
	// (0: all).
	maxPerCode int
	// progress, when set, shows the scan's phase on a terminal.
	progress *terminalProgress
	// revision is the commit the action checks (GITHUB_SHA), recorded in
	// its state: the action scans from its restored state, not through
	// scanWithState, and its image has no git to ask.
	revision string
	// repository names the repository (owner/name) when nothing else does
	// — no configuration, environment or origin remote: a tree extracted
	// from a mirror for a benchmark, read as its clone would be.
	repository string
}

// checkOutcome is what a check run judged.
type checkOutcome struct {
	cfg     *config.Config
	head    *snapshot.Snapshot
	store   *scan.Store        // the head's extractions, for the next run
	base    *snapshot.Snapshot // nil without --base
	signals *graph.Signals
	// findings are the head's diagnostics after --changed-files narrowing.
	findings []reconcile.Diagnostic
	// comparison is set with a base.
	comparison *reconcile.Comparison
	// judge is the time spent in graph signals and reconciliation.
	judge time.Duration
	// doctor is the doctor's judgement of head (its verdict ends the report).
	doctor *doctor.Report
}

// failing returns the findings that fail the run: those at or above
// failOn that are new (every finding counts when there is no base).
func (o *checkOutcome) failing(failOn string) []reconcile.Diagnostic {
	pool := o.findings
	if o.comparison != nil {
		pool = o.comparison.New
	}
	var out []reconcile.Diagnostic
	for _, d := range pool {
		if catalog.Fails(d.Severity, failOn) {
			out = append(out, d)
		}
	}
	return out
}

var (
	checkFormats = []string{"text", "json", "sarif"}
	failLevels   = []string{"error", "warn", "info", "none"}
)

func newCheckCommand(stdout, stderr io.Writer) *cobra.Command {
	o := checkOptions{}
	cmd := &cobra.Command{
		Use:   "check [dir]",
		Short: "Reconcile the documentation against the code and report findings",
		Long: `Check scans the repository, computes graph signals, applies the
reconciliation rules and reports the diagnostics. With --base (a snapshot file
from 'docbridge scan --out', or a state directory from 'docbridge scan --state')
it also reports drift — references that resolved in the base and no longer do —
and tells new, unchanged and resolved findings apart.

Exit status: 0 when no new finding is at or above --fail-on (every finding
counts as new without a base), 1 when one is, 2 on bad input.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dir = repoDirArg(args, stderr)
			if !slices.Contains(checkFormats, o.format) {
				return fmt.Errorf("--format %q: use text, json or sarif", o.format)
			}
			if !slices.Contains(failLevels, o.failOn) {
				return fmt.Errorf("--fail-on %q: use error, warn, info or none", o.failOn)
			}
			if o.format == "text" {
				o.progress = newTerminalProgress(stderr)
			}
			res, err := runCheck(cmd.Context(), stderr, o)
			if err != nil {
				return err
			}
			if err := writeCheck(stdout, stderr, o, res); err != nil {
				return err
			}
			if failing := res.failing(o.failOn); len(failing) > 0 {
				return &exitError{code: exitFindings, err: fmt.Errorf("%d new finding(s) at or above %s", len(failing), o.failOn)}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.base, "base", "", "compare against the base `SNAPSHOT` (a snapshot file or a state directory)")
	f.StringVar(&o.changedFiles, "changed-files", "", "report only findings located in the files listed in `FILE` (one path per line, as git diff --name-only prints; - for stdin)")
	f.StringVar(&o.format, "format", "text", "output `FORMAT`: text, json or sarif")
	f.StringVar(&o.failOn, "fail-on", "error", "exit 1 when a new finding is at or above `LEVEL`: error, warn, info or none")
	f.StringVar(&o.out, "out", "", "write the report to `FILE` instead of stdout")
	f.IntVar(&o.maxPerCode, "max-per-code", report.DefaultMaxPerCode, "text report: list at most `N` findings of each code and count the rest (0: every finding; json and sarif always hold every finding)")
	o.addRepoFlags(f)
	return cmd
}

// runCheck is the check pipeline: configuration, base, scan, graph
// signals, reconciliation, comparison, narrowing.
func runCheck(ctx context.Context, stderr io.Writer, o checkOptions) (*checkOutcome, error) {
	cfg, err := loadConfig(o.dir, o.configPath)
	if err != nil {
		return nil, err
	}
	if cfg.Project.Repository == "" {
		cfg.Project.Repository = o.repository
	}
	out := &checkOutcome{cfg: cfg}
	switch {
	case o.baseState != nil:
		if out.base, err = rebuildBase("the base state", o.baseState); err != nil {
			return nil, err
		}
	case o.base != "":
		if out.base, err = loadBase(o.base, o.maxStateBytes); err != nil {
			return nil, err
		}
	}
	var changed []string
	if o.changedFiles != "" {
		if changed, err = readChangedFiles(o.changedFiles); err != nil {
			return nil, err
		}
	}
	var res *scan.Result
	if o.previous != nil {
		res, err = scan.Scan(ctx, o.dir, cfg, scan.Options{Previous: o.previous.Store, Progress: o.progress.progressFunc(), SourceRevision: o.revision})
	} else {
		res, err = scanWithState(ctx, stderr, o.dir, cfg, o.stateDir, o.maxStateBytes, o.progress, o.revision)
	}
	o.progress.end()
	if err != nil {
		return nil, err
	}
	out.head, out.store = res.Snapshot, res.Store
	t0 := time.Now()
	out.signals = graph.Compute(out.head, reconcile.SignalOptions(cfg, out.base))
	in := reconcile.Input{Head: out.head, Signals: out.signals, Base: out.base, Config: cfg}
	if out.base != nil {
		// Where drifted files went when their content changed too: git's
		// rename detection, when the base's commit is in this clone.
		in.Renames = gitRenames(ctx, o.dir, out.base.SourceRevision)
	}
	result := reconcile.Check(in)
	out.judge = time.Since(t0)
	out.findings = result.Head
	out.comparison = result.Comparison
	out.doctor = checkDoctor(stderr, o.dir, cfg, out.head, out.signals, result.Head)
	if changed != nil {
		out.findings = reconcile.FilterChanged(out.findings, changed)
		if out.comparison != nil {
			out.comparison.New = reconcile.FilterChanged(out.comparison.New, changed)
			out.comparison.Unchanged = reconcile.FilterChanged(out.comparison.Unchanged, changed)
		}
	}
	return out, nil
}

// readChangedFiles reads the --changed-files list ("-" is stdin).
func readChangedFiles(path string) ([]string, error) {
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("--changed-files: %w", err)
		}
		defer f.Close()
		r = f
	}
	list, err := reconcile.ReadChangedFiles(r)
	if err != nil {
		return nil, fmt.Errorf("--changed-files %s: %w", path, err)
	}
	return list, nil
}

// writeCheck renders the outcome in the chosen format to --out or stdout;
// with --out, the one-line summary still goes to stderr.
func writeCheck(stdout, stderr io.Writer, o checkOptions, res *checkOutcome) error {
	in := report.Input{Version: version, Project: res.head.Project.Name, SnapshotHash: res.head.ContentHash, Diagnostics: res.findings, Coverage: res.head.Coverage}
	if res.comparison != nil {
		in.Comparison = res.comparison
		in.BaseSnapshotHash = res.base.ContentHash
	}
	r := report.Build(in)
	if res.doctor != nil {
		r.Verdict = res.doctor.Verdict
	}
	w := stdout
	var buf *bytes.Buffer
	if o.out != "" {
		buf = &bytes.Buffer{}
		w = buf
	}
	var err error
	switch o.format {
	case "json":
		err = report.WriteJSON(w, r)
	case "sarif":
		err = report.WriteSARIF(w, r, report.SARIFOptions{})
	default:
		err = report.WriteText(w, r, report.TextOptions{Color: o.out == "" && isTerminal(stdout), MaxPerCode: o.maxPerCode,
			Rest: "--max-per-code 0 lists every one"})
	}
	if err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	if o.format == "text" && o.base != "" {
		fixHint(stderr, o.base, res.findings)
	}
	if buf == nil {
		return nil
	}
	if err := atomicfile.Write(o.out, buf.Bytes()); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	fmt.Fprintf(stderr, "docbridge check: %d finding(s) (%d new); report written to %s\n", r.Summary.Total, r.Summary.New, o.out)
	return nil
}

// isTerminal reports whether w is a terminal (colour only there).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && report.IsTerminal(f)
}
