package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/precision"
)

const (
	// precisionDefaultCorpus is where scripts/precision-corpus.sh is told
	// to extract the corpus, relative to the working directory.
	precisionDefaultCorpus = "precision-corpus"
	// precisionDefaultLabels is the committed label directory.
	precisionDefaultLabels = "docs/bench/precision/labels"
)

// precisionOptions are the inputs of bench precision.
type precisionOptions struct {
	corpus, labels string
	repos          []string
	sample         int
	infoSample     int
	seed           int64
	asJSON         bool
	writeTodo      string
	todo           int
}

// precisionReport is what `bench precision --json` prints.
type precisionReport struct {
	Corpus string `json:"corpus"`
	Labels string `json:"labels"`
	*precision.Report
}

func newBenchPrecisionCommand(fac *factory, runF func(*precisionOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := precisionOptions{}
	cmd := &cobra.Command{
		Use:   "precision",
		Short: "Run check on a labelled corpus of repositories and report precision per code and per repository",
		Long: `Precision runs check, with each repository's default configuration, on every
repository extracted under --corpus (scripts/precision-corpus.sh DIR puts
them there, one directory <owner>+<name> each), keys every finding (code,
path, target, a hash of its source line's text), matches the labels in
--labels/<owner>+<name>.json and reports the precision of error and warn
findings (TP / labelled) per code, per repository and overall, and the
usefulness of info findings per code. Findings the sample asks to label and
that have no label are listed as "to label"; --write-todo writes them as
label files with empty labels to fill in.

Exit status: 0 when it ran, 2 on bad input (a missing corpus, an invalid
label file — the message names the file and the entry — a bad flag).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.sample > 0 && o.sample < 30 {
				return fmt.Errorf("--sample %d: use 30 or more per repository (0 for every finding)", o.sample)
			}
			if runF != nil {
				return runF(&o)
			}
			rep, err := runBenchPrecision(cmd.Context(), stderr, o)
			if err != nil {
				return err
			}
			if o.writeTodo != "" {
				if err := writePrecisionTodo(o.writeTodo, rep.ToLabel); err != nil {
					return err
				}
			}
			if o.asJSON {
				return writeJSON(stdout, rep, "report")
			}
			writePrecisionText(stdout, rep, o)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.corpus, "corpus", precisionDefaultCorpus, "the `DIR` the corpus is extracted in (one <owner>+<name> directory per repository)")
	f.StringVar(&o.labels, "labels", precisionDefaultLabels, "the label `DIR` (<owner>+<name>.json per repository)")
	f.StringSliceVar(&o.repos, "repo", nil, "only the repository `OWNER/NAME` (repeatable)")
	f.IntVar(&o.sample, "sample", 30, "label at most `N` error and warn findings per repository, a seeded sample (0: every one)")
	f.IntVar(&o.infoSample, "info-sample", 10, "label at most `N` findings of each info code across the corpus (0: every one)")
	f.Int64Var(&o.seed, "seed", 1, "the sampling `SEED`")
	setFlagRange(f, "seed", math.MinInt64, math.MaxInt64)
	addFormatFlags(f, &o.asJSON, "the report")
	f.StringVar(&o.writeTodo, "write-todo", "", "write the findings to label into `DIR`/<owner>+<name>.json, label files with empty labels")
	f.IntVar(&o.todo, "todo", 50, "list at most `N` findings to label in the text report")
	return cmd
}

// runBenchPrecision runs the benchmark (precision.Run) with the flags'
// corpus and labels.
func runBenchPrecision(ctx context.Context, stderr io.Writer, o precisionOptions) (*precisionReport, error) {
	rep, err := precision.Run(ctx, stderr, precision.RunOptions{Corpus: o.corpus, Labels: o.labels, Repos: o.repos,
		Options: precision.Options{Sample: o.sample, InfoSample: o.infoSample, Seed: o.seed}})
	if err != nil {
		return nil, err
	}
	return &precisionReport{Corpus: filepath.ToSlash(o.corpus), Labels: filepath.ToSlash(o.labels), Report: rep}, nil
}

// writePrecisionTodo writes the findings to label as label files, one per
// repository, with empty labels and reasons to fill in.
func writePrecisionTodo(dir string, todo []precision.Pending) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--write-todo: %w", err)
	}
	files := map[string]*precision.LabelFile{}
	var order []string
	for _, p := range todo {
		lf := files[p.Repository]
		if lf == nil {
			lf = &precision.LabelFile{Repository: p.Repository, Labels: []precision.Label{}}
			files[p.Repository] = lf
			order = append(order, p.Repository)
		}
		if slices.ContainsFunc(lf.Labels, func(l precision.Label) bool { return l.Key == p.Key }) {
			continue // one label serves every finding of the key
		}
		lf.Labels = append(lf.Labels, precision.Label{Key: p.Key, At: p.At, Message: p.Message})
	}
	for _, repo := range order {
		var buf bytes.Buffer
		if err := writeJSON(&buf, files[repo], "todo"); err != nil {
			return err
		}
		if err := atomicfile.Write(filepath.Join(dir, precision.Slug(repo)+".json"), buf.Bytes()); err != nil {
			return fmt.Errorf("--write-todo: %w", err)
		}
	}
	return nil
}

// writePrecisionText prints the tables, the findings to label and the
// labels whose finding is gone.
func writePrecisionText(w io.Writer, r *precisionReport, o precisionOptions) {
	sample := "every finding"
	if r.Sample > 0 {
		sample = fmt.Sprintf("a sample of %d per repository", r.Sample)
	}
	fmt.Fprintf(w, "docbridge bench precision: %d repositories in %s, labels in %s; error + warn: %s, seed %d\n\n",
		len(r.Repositories), r.Corpus, r.Labels, sample, r.Seed)
	head := fmt.Sprintf("%-34s %8s %7s %8s %5s %5s %9s", "error + warn", "findings", "sampled", "labelled", "TP", "FP", "precision")
	row := func(name string, c precision.Counts) {
		fmt.Fprintf(w, "%-34s %8d %7d %8d %5d %5d %9s\n", name, c.Findings, c.Sampled, c.Labelled, c.TP, c.FP, precisionPct(c.Precision, c.Labelled))
	}
	fmt.Fprintln(w, head)
	row("overall", r.Overall)
	fmt.Fprintln(w, "by repository")
	for _, rr := range r.Repositories {
		row("  "+rr.Repository, rr.Counts)
	}
	fmt.Fprintln(w, "by code")
	for _, c := range r.ByCode {
		row("  "+c.Code, c.Counts)
	}
	fmt.Fprintf(w, "\n%-34s %8s %7s %8s %6s %5s %10s\n", "info", "findings", "sampled", "labelled", "useful", "noise", "usefulness")
	for _, c := range r.Info {
		fmt.Fprintf(w, "%-34s %8d %7d %8d %6d %5d %10s\n", "  "+c.Code, c.Findings, c.Sampled, c.Labelled, c.Useful, c.Noise, precisionPct(c.Usefulness, c.Labelled))
	}
	fmt.Fprintf(w, "\nTo label: %d\n", len(r.ToLabel))
	for i, p := range r.ToLabel {
		if i == o.todo {
			fmt.Fprintf(w, "  … and %d more (--json, or --write-todo DIR)\n", len(r.ToLabel)-o.todo)
			break
		}
		fmt.Fprintf(w, "  %s %s %s: %s\n    key %s\n", p.Repository, p.Code, p.At, p.Message, p.Key)
		if p.Note != "" {
			fmt.Fprintf(w, "    %s\n", p.Note)
		}
	}
	if len(r.Gone) > 0 {
		n := map[string]int{}
		for _, g := range r.Gone {
			n[g.Label.Label]++
		}
		fmt.Fprintf(w, "\nLabels whose finding is gone: %d (TP %d, FP %d, useful %d, noise %d)\n",
			len(r.Gone), n[precision.TP], n[precision.FP], n[precision.Useful], n[precision.Noise])
		for _, g := range r.Gone {
			if g.Label.Label == precision.TP {
				fmt.Fprintf(w, "  lost TP %s %s: %s\n", g.Repository, g.Key, g.Reason)
			}
		}
	}
}

// precisionPct formats a share, or a dash when nothing is labelled.
func precisionPct(x float64, labelled int) string {
	if labelled == 0 {
		return "—"
	}
	return benchPct(x)
}
