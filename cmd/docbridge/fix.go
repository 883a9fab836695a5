package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/fix"
	"github.com/docbridge/docbridge/internal/pipeline"
)

// fixOptions are the inputs of docbridge fix.
type fixOptions struct {
	pipeline.Repo
	base   string
	dryRun bool
	// findings, when not empty, are the fingerprints whose edits alone
	// are applied.
	findings []string
}

// maxFixFileBytes bounds a document fix reads into memory.
const maxFixFileBytes = 64 << 20

func newFixCommand(fac *factory, runF func(*fixOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := fixOptions{}
	cmd := &cobra.Command{
		Use:   "fix [dir]",
		Short: "Rewrite the references whose fix is unambiguous",
		Long: `Fix checks the repository (against the base with --base, as 'check --base'
does) and rewrites, in place, the references whose fix is unambiguous — the
edits the JSON report lists: a near-miss anchor to the nearest heading, a
mistyped path to the one it resolves to; with --base also the drifted
references whose new place is unambiguous: links and paths in code spans to
files moved with their content, anchors to a heading that was renamed (the
one heading the document gained), symbols renamed with the same signature
or body. Each reference is rewritten the way the document wrote it (a
relative link stays relative to the document, a URL stays a URL), on its
line, and nothing else of the file changes. A reference whose target is
ambiguous or gone is left alone and counted.

--finding ID (repeatable) applies only the edits of the findings with
these fingerprints (the id of the JSON report, named by the pull request's
comment).

Fix prints a unified diff of what it changed; with --dry-run it prints the
diff and writes nothing.

Exit status: 0 (also when nothing was fixable), 2 on bad input.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Dir = repoDirArg(args, stderr)
			if runF != nil {
				return runF(&o)
			}
			return runFix(cmd.Context(), stdout, stderr, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.base, "base", "", "the base `SNAPSHOT` (a snapshot file from 'docbridge scan --out', or a state directory): drifted references are fixed too")
	f.BoolVar(&o.dryRun, "dry-run", false, "print the diff only; write nothing")
	f.StringArrayVar(&o.findings, "finding", nil, "apply only the edits of the finding with this `ID` (its fingerprint; repeatable)")
	addRepoFlags(f, &o.Repo)
	return cmd
}

// runFix checks against the base, applies every finding's edits per
// document, prints the diffs in path order and, unless dry, writes the
// documents; a line on stderr counts what was and was not fixed.
func runFix(ctx context.Context, stdout, stderr io.Writer, o fixOptions) error {
	res, err := runPipeline(ctx, stderr, pipeline.Options{Repo: o.Repo, Base: o.base})
	if err != nil {
		return err
	}
	byPath := map[string][]finding.Edit{}
	drifted, fixable := 0, 0
	named := map[string]bool{}
	for _, id := range o.findings {
		named[id] = true
	}
	// notReported are the named findings the check did not report; the
	// filter is named's, which stays whole.
	notReported := maps.Clone(named)
	for _, d := range res.Findings {
		if len(named) > 0 {
			if !named[d.ID] {
				continue
			}
			delete(notReported, d.ID)
		}
		if isDrift(d.Code) {
			drifted++
			if len(d.Edits) > 0 {
				fixable++
			}
		}
		for _, e := range d.Edits {
			byPath[e.Path] = append(byPath[e.Path], e)
		}
	}
	paths := make([]string, 0, len(byPath))
	for p := range byPath {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	rewritten, files, skipped := 0, 0, 0
	for _, p := range paths {
		if !filepath.IsLocal(filepath.FromSlash(p)) {
			skipped += len(byPath[p])
			continue
		}
		full := filepath.Join(o.Dir, filepath.FromSlash(p))
		src, mode, err := readDocument(full)
		if err != nil {
			return err
		}
		r := fix.Apply(src, byPath[p])
		skipped += len(r.Skipped)
		if r.Rewritten == 0 {
			continue
		}
		if _, err := io.WriteString(stdout, fix.Diff(p, src, r.Out)); err != nil {
			return err
		}
		rewritten += r.Rewritten
		files++
		if !o.dryRun {
			if err := os.WriteFile(full, r.Out, mode); err != nil {
				return fmt.Errorf("fix %s: %w", p, err)
			}
		}
	}
	verb := "rewrote"
	if o.dryRun {
		verb = "would rewrite"
	}
	msg := fmt.Sprintf("docbridge fix: %s %s in %s", verb, plural(rewritten, "reference", "references"), plural(files, "document", "documents"))
	if left := drifted - fixable; left > 0 {
		msg += fmt.Sprintf("; %s left to the author (the new place is ambiguous or gone)", plural(left, "drift finding", "drift findings"))
	}
	if skipped > 0 {
		msg += fmt.Sprintf("; %s not found where the finding says", plural(skipped, "edit", "edits"))
	}
	if len(notReported) > 0 {
		msg += fmt.Sprintf("; %s named but not reported (fixed already?): %s", plural(len(notReported), "finding", "findings"),
			strings.Join(slices.Sorted(maps.Keys(notReported)), ", "))
	}
	_, err = fmt.Fprintln(stderr, msg+".")
	return err
}

// readDocument reads a document to fix: a regular file within the bound.
func readDocument(full string) ([]byte, os.FileMode, error) {
	info, err := os.Lstat(full)
	if err != nil {
		return nil, 0, fmt.Errorf("fix: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("fix %s: not a regular file", full)
	}
	if info.Size() > maxFixFileBytes {
		return nil, 0, fmt.Errorf("fix %s: larger than %d bytes", full, maxFixFileBytes)
	}
	src, err := os.ReadFile(full)
	if err != nil {
		return nil, 0, fmt.Errorf("fix: %w", err)
	}
	return src, info.Mode().Perm(), nil
}

// isDrift reports a DRIFT_* code.
func isDrift(code string) bool {
	return len(code) > 6 && code[:6] == "DRIFT_"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// fixHint tells, after a text report (against the base file base, "" for
// none), how many references `docbridge fix` would rewrite and how;
// nothing when none.
func fixHint(stderr io.Writer, base string, ds []finding.Diagnostic) {
	n := 0
	for _, d := range ds {
		n += len(d.Edits)
	}
	if n == 0 {
		return
	}
	cmd := "docbridge fix"
	if base != "" {
		cmd += " --base " + base
	}
	fmt.Fprintf(stderr, "%s rewrites %s whose fix is unambiguous (--dry-run shows the diff).\n",
		cmd, plural(n, "reference", "references"))
}
