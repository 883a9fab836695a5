package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/precision"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/state"
)

const (
	// precisionDefaultCorpus is where scripts/precision-corpus.sh is told
	// to extract the corpus, relative to the working directory.
	precisionDefaultCorpus = "precision-corpus"
	// precisionDefaultLabels is the committed label directory.
	precisionDefaultLabels = "docs/bench/precision/labels"
	// precisionMaxSourceBytes bounds a file read for its line text.
	precisionMaxSourceBytes = 16 << 20
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

// runBenchPrecision reads every label file first (a broken one fails
// before any scan), then checks each repository and keys its findings.
func runBenchPrecision(ctx context.Context, stderr io.Writer, o precisionOptions) (*precisionReport, error) {
	slugs, err := precisionCorpus(o.corpus, o.repos)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(o.labels); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("--labels %s: not a directory", o.labels)
	}
	labels, err := os.OpenRoot(o.labels)
	if err != nil {
		return nil, fmt.Errorf("--labels: %w", err)
	}
	defer labels.Close()
	repos := make([]precision.Repo, len(slugs))
	var errs []error
	for i, slug := range slugs {
		name := strings.Replace(slug, "+", "/", 1)
		repos[i] = precision.Repo{Repository: name, Labels: precision.LabelFile{Repository: name}}
		path := filepath.Join(o.labels, slug+".json")
		// One byte over the bound is enough for LoadLabels to refuse it.
		data, err := pipeline.ReadRepoFile(labels, slug+".json", precision.MaxLabelBytes+1)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", filepath.ToSlash(path), err))
			continue
		}
		if repos[i].Labels, err = precision.LoadLabels(filepath.ToSlash(path), data, name); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(o.repos) == 0 {
		warnOrphanLabels(stderr, o.labels, slugs)
	}
	for i, slug := range slugs {
		t0 := time.Now()
		found, err := precisionFindings(ctx, stderr, filepath.Join(o.corpus, slug), repos[i].Repository)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", repos[i].Repository, err)
		}
		repos[i].Findings = found
		fmt.Fprintf(stderr, "bench precision: %s: %d finding(s) in %s\n", repos[i].Repository, len(found), time.Since(t0).Round(time.Millisecond))
	}
	rep := precision.Evaluate(repos, precision.Options{Sample: o.sample, InfoSample: o.infoSample, Seed: o.seed})
	return &precisionReport{Corpus: filepath.ToSlash(o.corpus), Labels: filepath.ToSlash(o.labels), Report: rep}, nil
}

// precisionCorpus lists the repositories extracted under dir (its
// directories named <owner>+<name>, hidden ones aside), or the ones asked
// for, each of which must be there.
func precisionCorpus(dir string, only []string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("--corpus: %w (extract it with scripts/precision-corpus.sh %s)", err, dir)
	}
	var slugs []string
	for _, e := range ents {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") && strings.Count(e.Name(), "+") == 1 {
			slugs = append(slugs, e.Name())
		}
	}
	if len(only) > 0 {
		var want []string
		for _, r := range only {
			s := precision.Slug(r)
			if !slices.Contains(slugs, s) {
				return nil, fmt.Errorf("--repo %s: no directory %s in %s", r, s, dir)
			}
			want = append(want, s)
		}
		slugs = want
	}
	if len(slugs) == 0 {
		return nil, fmt.Errorf("--corpus %s: no <owner>+<name> directory (extract it with scripts/precision-corpus.sh %s)", dir, dir)
	}
	slices.Sort(slugs)
	return slices.Compact(slugs), nil
}

// warnOrphanLabels names label files with no repository in the corpus.
func warnOrphanLabels(stderr io.Writer, dir string, slugs []string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if s, ok := strings.CutSuffix(e.Name(), ".json"); ok && !e.IsDir() && !slices.Contains(slugs, s) {
			fmt.Fprintf(stderr, "bench precision: %s: no repository %s in the corpus; its labels are not used\n", filepath.Join(dir, e.Name()), s)
		}
	}
}

// precisionFindings runs the check pipeline on dir exactly as `docbridge
// check DIR` does in a clone of repository (whose origin remote names it:
// links to its own GitHub URLs are checked) and keys every finding that is
// not off, reading each finding's source line for its key.
func precisionFindings(ctx context.Context, stderr io.Writer, dir, repository string) ([]precision.Finding, error) {
	res, err := pipeline.Run(ctx, stderr, pipeline.Options{Repo: pipeline.Repo{Dir: dir, MaxStateBytes: state.DefaultMaxBytes}, Repository: repository})
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	files := map[string][]byte{}
	var out []precision.Finding
	for _, d := range res.Findings {
		if d.Severity.Rank() <= catalog.Off.Rank() {
			continue
		}
		key := func(p reconcile.Location) precision.Key {
			var text string
			if p.Path != "" && p.Line > 0 {
				data, ok := files[p.Path]
				if !ok {
					var err error
					if data, err = pipeline.ReadRepoFile(root, p.Path, precisionMaxSourceBytes); err != nil {
						fmt.Fprintf(stderr, "bench precision: %s: %s: %v (keyed with an empty line)\n", dir, p.Path, err)
					}
					files[p.Path] = data
				}
				text, _ = precision.LineText(data, p.Line)
			}
			return precision.NewKey(d.Code, p.Path, d.Subject, text, p.Line > 0)
		}
		p := d.Primary()
		f := precision.Finding{Key: key(p), Level: d.Severity, Path: p.Path, Line: p.Line, Message: d.Message}
		// One reference repeated on many lines is one finding; the labels
		// of its further lines are not gone.
		for _, m := range d.Members {
			if m.Code == d.Code && m.Primary() != p {
				f.Also = append(f.Also, key(m.Primary()))
			}
		}
		out = append(out, f)
	}
	return out, nil
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
