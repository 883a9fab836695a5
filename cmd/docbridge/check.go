package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/report"
)

// checkOptions are the check command's flags: the pipeline's options and
// how the report is written.
type checkOptions struct {
	pipeline.Options
	changedFiles string
	format       string
	failOn       catalog.FailOn
	out          string
	// maxPerCode is how many findings of one code the text report lists
	// (0: all).
	maxPerCode int
}

var (
	checkFormats = []string{"text", "json", "sarif"}
)

func newCheckCommand(fac *factory, runF func(*checkOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
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
			o.Dir = repoDirArg(args, stderr)
			if !slices.Contains(checkFormats, o.format) {
				return fmt.Errorf("--format %q: use text, json or sarif", o.format)
			}
			if o.changedFiles != "" {
				changed, err := readChangedFiles(o.changedFiles)
				if err != nil {
					return err
				}
				o.Changed = changed
			}
			if runF != nil {
				return runF(&o)
			}
			if o.format == "text" {
				progress := newTerminalProgress(stderr)
				o.Progress, o.ScanDone = progress.progressFunc(), progress.end
			}
			res, err := runPipeline(cmd.Context(), stderr, o.Options)
			if err != nil {
				return err
			}
			rep := res.Report(version)
			if err := writeCheck(stdout, stderr, o, res, rep); err != nil {
				return err
			}
			// Judged: the new findings, or every one without a base.
			if failing := report.Failing(report.Judged(rep), o.failOn); len(failing) > 0 {
				return &pipeline.FindingsError{Failing: len(failing), FailOn: o.failOn, Which: "new"}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Base, "base", "", "compare against the base `SNAPSHOT` (a snapshot file or a state directory)")
	f.StringVar(&o.changedFiles, "changed-files", "", "report only findings located in the files listed in `FILE` (one path per line, as git diff --name-only prints; - for stdin)")
	f.StringVar(&o.format, "format", "text", "output `FORMAT`: text, json or sarif")
	o.failOn = catalog.FailError
	f.Var(&o.failOn, "fail-on", "exit 1 when a new finding is at or above `LEVEL`: error, warn, info or none")
	f.StringVar(&o.out, "out", "", "write the report to `FILE` instead of stdout (- for stdout)")
	f.IntVar(&o.maxPerCode, "max-per-code", report.DefaultMaxPerCode, "text report: list at most `N` findings of each code and count the rest (0: every finding; json and sarif always hold every finding)")
	setFlagHint(f, "max-per-code", "a count such as 10, or 0 for no limit")
	addRepoFlags(f, &o.Repo)
	return cmd
}

// readChangedFiles reads the --changed-files list ("-" is stdin).
func readChangedFiles(path string) ([]string, error) {
	var r io.Reader = os.Stdin
	if path != stdioName {
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
func writeCheck(stdout, stderr io.Writer, o checkOptions, res *pipeline.Outcome, r *report.Report) error {
	w := stdout
	var buf *bytes.Buffer
	if !isStdout(o.out) {
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
		err = report.WriteText(w, r, report.TextOptions{Color: isStdout(o.out) && isTerminal(stdout), MaxPerCode: o.maxPerCode,
			Rest: "--max-per-code 0 lists every one"})
	}
	if err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	if o.format == "text" {
		fixHint(stderr, o.Base, res.Findings)
	}
	if buf == nil {
		return nil
	}
	if err := atomicfile.Write(o.out, buf.Bytes()); err != nil {
		return outError("--out", o.out, err)
	}
	fmt.Fprintf(stderr, "docbridge check: %d finding(s) (%d new); report written to %s\n", r.Summary.Total, r.Summary.New, o.out)
	return nil
}

// isTerminal reports whether w is a terminal (colour only there).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && report.IsTerminal(f)
}
