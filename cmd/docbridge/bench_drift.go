package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/driftbench"
)

const (
	// driftDefaultCorpus is where scripts/drift-corpus.sh is told to
	// extract the trees, relative to the working directory.
	driftDefaultCorpus = "drift-corpus"
	// driftDefaultData is the committed benchmark data.
	driftDefaultData = "docs/bench/drift"
)

// driftOptions are the inputs of bench drift.
type driftOptions struct {
	corpus, data string
	repos        []string
	split        string
	asJSON       bool
	missed       int
	// mine, when its GitDir is set, lists candidate cases instead.
	mine driftbench.MineOptions
}

// driftReport is what `bench drift --json` prints.
type driftReport struct {
	Corpus string `json:"corpus"`
	Data   string `json:"data"`
	*driftbench.Report
}

func newBenchDriftCommand(fac *factory, runF func(*driftOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := driftOptions{}
	cmd := &cobra.Command{
		Use:   "drift",
		Short: "Run check --base on drift cases from real history and report recall by kind",
		Long: `Drift reads the benchmark's cases (--data: corpus.json and
cases/<owner>+<name>.json, each case a commit that broke a reference in a
Markdown file it did not edit), and for every base/head pair extracted under
--corpus (scripts/drift-corpus.sh DIR puts them in DIR/<owner>+<name>/<commit>)
scans the base into a snapshot, reads it back as 'check --base' does, and
checks the head against it. A case is found when a new error or warn finding
is on the case's document and line and names its reference (its subject or
message holds the reference as written, or the last path element of a link
or path, the fragment of an anchor, the identifier of a symbol). It reports
recall overall, by kind, by split (dev, test) and by repository, and the new
error and warn findings per pair (median, maximum).

With --mine GITDIR it instead lists candidate cases from a repository's
history: commits that delete or rename a file, directory, heading or
exported symbol that a Markdown file the commit did not edit references at
the parent. Candidates are to be read and confirmed by hand.

Exit status: 0 when it ran, 2 on bad input (a missing corpus or tree, an
invalid case file — the message names the file and the case — a bad flag).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := driftFlagsAgree(cmd, o.mine.GitDir != ""); err != nil {
				return err
			}
			if cmd.Flags().Changed("repository") {
				fmt.Fprintln(stderr, "docbridge: --repository is deprecated, use --mine-repo (--repo filters the benchmark's repositories)")
			}
			if o.mine.GitDir != "" {
				if o.mine.MaxCommits < 1 {
					return errors.New("--max-commits: use 1 or more")
				}
				if runF != nil {
					return runF(&o)
				}
				return runMine(cmd.Context(), stdout, stderr, o.mine, o.asJSON)
			}
			if o.split != "" && o.split != driftbench.SplitDev && o.split != driftbench.SplitTest {
				return fmt.Errorf("--split %q: use dev or test", o.split)
			}
			if runF != nil {
				return runF(&o)
			}
			rep, err := runBenchDrift(cmd.Context(), stderr, o)
			if err != nil {
				return err
			}
			if o.asJSON {
				return writeJSON(stdout, rep, "report")
			}
			writeDriftText(stdout, rep, o)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.corpus, "corpus", driftDefaultCorpus, "the `DIR` the trees are extracted in (<owner>+<name>/<commit> each)")
	f.StringVar(&o.data, "data", driftDefaultData, "the benchmark data `DIR` (corpus.json, cases/<owner>+<name>.json)")
	f.StringSliceVar(&o.repos, "repo", nil, "only the repository `OWNER/NAME` (repeatable)")
	f.StringVar(&o.split, "split", "", "only the repositories of `SPLIT` (dev or test)")
	f.IntVar(&o.missed, "missed", 100, "list at most `N` missed cases in the text report")
	addFormatFlags(f, &o.asJSON, "the report (or, with --mine, the candidates)")
	f.StringVar(&o.mine.GitDir, "mine", "", "list candidate cases from the history of the git directory `GITDIR` instead")
	f.StringVar(&o.mine.Repository, "mine-repo", "", "with --mine: the mined repository's `OWNER/NAME` (for links to its own GitHub URLs)")
	f.StringVar(&o.mine.Repository, "repository", "", "the former name of --mine-repo")
	if err := f.MarkHidden("repository"); err != nil {
		panic(err) // a programming error: the flag is not registered
	}
	f.StringVar(&o.mine.Rev, "rev", "HEAD", "with --mine: the `REV` whose history is mined")
	f.IntVar(&o.mine.MaxCommits, "max-commits", 2000, "with --mine: mine the newest `N` non-merge commits")
	setFlagRange(f, "max-commits", 1, maxMineCommits)
	return cmd
}

// runMine prints the candidates driftbench.Mine finds, a JSON line or a
// line of text each as it comes, then the count on stderr.
func runMine(ctx context.Context, stdout, stderr io.Writer, o driftbench.MineOptions, asJSON bool) error {
	total := 0
	commits, err := driftbench.Mine(ctx, o, func(c driftbench.MinedCandidate) error {
		total++
		if asJSON {
			return writeJSONLine(stdout, c)
		}
		moved := ""
		if c.Moved != "" {
			moved = " -> " + c.Moved
		}
		fmt.Fprintf(stdout, "%s %s %s:%d %s %q (%s%s)\n", c.Base, c.Head, c.Document, c.Line, c.Kind, c.Reference, c.Target, moved)
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "bench drift --mine: %d commit(s), %d candidate(s)\n", commits, total)
	return nil
}

func writeJSONLine(w io.Writer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// driftFlagsAgree refuses the flags of the mode not asked for: --repo
// filters the benchmark's repositories and means nothing to --mine, whose
// own flags (--mine-repo, --rev, --max-commits) mean nothing without it.
func driftFlagsAgree(cmd *cobra.Command, mining bool) error {
	f := cmd.Flags()
	if mining {
		for _, name := range []string{"repo", "split", "missed"} {
			if f.Changed(name) {
				return fmt.Errorf("--%s chooses what the benchmark runs, not what --mine reads; name the mined repository with --mine-repo OWNER/NAME", name)
			}
		}
		return nil
	}
	for _, name := range []string{"mine-repo", "repository", "rev", "max-commits"} {
		if f.Changed(name) {
			return fmt.Errorf("--%s goes with --mine GITDIR; to run the benchmark on one repository use --repo OWNER/NAME", name)
		}
	}
	return nil
}

// runBenchDrift runs the benchmark (driftbench.Run) with the flags'
// corpus and data.
func runBenchDrift(ctx context.Context, stderr io.Writer, o driftOptions) (*driftReport, error) {
	rep, err := driftbench.Run(ctx, stderr, driftbench.RunOptions{Corpus: o.corpus, Data: o.data, Repos: o.repos, Split: o.split})
	if err != nil {
		return nil, err
	}
	return &driftReport{Corpus: filepath.ToSlash(o.corpus), Data: filepath.ToSlash(o.data), Report: rep}, nil
}

// writeDriftText prints the recall tables, the pairs and the missed cases.
func writeDriftText(w io.Writer, r *driftReport, o driftOptions) {
	fmt.Fprintf(w, "docbridge bench drift: %d cases, %d pairs, %d repositories; data %s, trees %s\n\n",
		r.Counts.Cases, len(r.Pairs), len(r.Repositories), r.Data, r.Corpus)
	row := func(name string, c driftbench.Counts) {
		fmt.Fprintf(w, "%-48s %6d %6d %7s\n", name, c.Cases, c.Found, driftPct(c))
	}
	fmt.Fprintf(w, "%-48s %6s %6s %7s\n", "recall", "cases", "found", "recall")
	row("overall", r.Counts)
	fmt.Fprintln(w, "by kind")
	for _, k := range r.ByKind {
		row("  "+k.Kind, k.Counts)
	}
	for _, s := range r.Splits {
		fmt.Fprintf(w, "split %s\n", s.Split)
		row("  all", s.Counts)
		for _, k := range s.ByKind {
			row("    "+k.Kind, k.Counts)
		}
	}
	fmt.Fprintln(w, "by repository")
	for _, rr := range r.Repositories {
		row("  "+rr.Repository+" ("+rr.Split+")", rr.Counts)
	}
	fmt.Fprintf(w, "\nnew error + warn findings per pair: median %s, max %d (%d pairs)\n", trimFloat(r.NewMedian), r.NewMax, len(r.Pairs))
	for _, p := range r.Pairs {
		line := fmt.Sprintf("  %s %s..%s: %d/%d found, %d new (+%d info)", p.Repository, p.Base[:12], p.Head[:12], p.Found, p.Cases, p.New, p.NewInfo)
		if p.Err != "" {
			line += ", failed: " + p.Err
		}
		fmt.Fprintln(w, line)
	}
	var missed []driftbench.CaseResult
	for _, c := range r.Results {
		if !c.Found {
			missed = append(missed, c)
		}
	}
	fmt.Fprintf(w, "\nmissed: %d\n", len(missed))
	for i, c := range missed {
		if i == o.missed {
			fmt.Fprintf(w, "  … and %d more (--json)\n", len(missed)-o.missed)
			break
		}
		fmt.Fprintf(w, "  %s %s [%s] %s:%d %q\n", c.Repository, c.ID, c.Kind, c.Document, c.Line, c.Reference)
		if len(c.Nearby) > 0 {
			fmt.Fprintf(w, "    new findings on the document: %s\n", strings.Join(c.Nearby, ", "))
		}
	}
}

func driftPct(c driftbench.Counts) string {
	if c.Cases == 0 {
		return "—"
	}
	return benchPct(c.Recall)
}

func trimFloat(x float64) string {
	s := fmt.Sprintf("%.1f", x)
	return strings.TrimSuffix(s, ".0")
}
