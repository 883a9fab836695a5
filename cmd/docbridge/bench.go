package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/retrieval/bench"
)

// benchDefaultSuite is the suite `bench retrieval` runs when none is
// named, relative to --dir.
const benchDefaultSuite = "docs/bench/retrieval-suite-v1.json"

// benchSuiteDocsURL documents the suite format and how to write cases.
const benchSuiteDocsURL = "https://github.com/docbridge/docbridge/blob/main/docs/bench.md#the-suite-format"

// benchDefaultMisses bounds the misses the text report lists by default.
const benchDefaultMisses = 20

// benchOptions are the inputs of one benchmark run.
type benchOptions struct {
	suite string
	pipeline.Repo
	asJSON   bool
	baseline bool
	misses   int
	// split runs one half of a split suite ("dev" or "test"); empty runs
	// every case.
	split string
}

// benchReport is what `bench retrieval --json` prints.
type benchReport struct {
	Suite            string                `json:"suite"`
	SuiteFile        string                `json:"suiteFile"`
	Split            string                `json:"split,omitempty"`
	Project          string                `json:"project"`
	SnapshotHash     string                `json:"snapshotHash"`
	ProjectionHash   string                `json:"projectionHash"`
	Entries          int                   `json:"entries"`
	Docbridge        bench.Result          `json:"docbridge"`
	Baseline         *bench.Result         `json:"baseline,omitempty"`
	MissingTargets   []bench.MissingTarget `json:"missingTargets,omitempty"`
	MoreMissing      int                   `json:"moreMissingTargets,omitempty"`
	UnreadableBodies []string              `json:"unreadableBodies,omitempty"`
	MoreUnreadable   int                   `json:"moreUnreadableBodies,omitempty"`
}

func newBenchCommand(fac *factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure docbridge (benchmarks over golden suites)",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(newBenchRetrievalCommand(fac, nil))
	cmd.AddCommand(newBenchPrecisionCommand(fac, nil))
	cmd.AddCommand(newBenchDriftCommand(fac, nil))
	return cmd
}

func newBenchRetrievalCommand(fac *factory, runF func(*benchOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := benchOptions{}
	cmd := &cobra.Command{
		Use:   "retrieval [SUITE]",
		Short: "Run a golden retrieval suite and report hit@1, hit@3, MRR and the zero-result rate",
		Long: `Retrieval scans --dir, builds the search projection and index, runs every
case of the golden suite (default: ` + benchDefaultSuite + ` in --dir) and
reports hit@1, hit@3, MRR and the zero-result rate, overall and by case kind,
and lists the cases whose target is not in the first 3 hits. With --baseline
it also runs plain BM25 (one field, no boosts, no graph) over the same
entries, side by side. With --split dev or --split test it runs only that
half of a suite split by a seed (tune on dev, report test).

Exit status: 0 when the suite ran, 2 on bad input (an unreadable or invalid
suite — the message names the case and field — or a bad directory).`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.suite = filepath.Join(o.Dir, filepath.FromSlash(benchDefaultSuite))
			if len(args) == 1 {
				o.suite = args[0]
			}
			if o.split != "" && !slices.Contains(bench.Splits, o.split) {
				return fmt.Errorf("--split %q: use %s", o.split, strings.Join(bench.Splits, " or "))
			}
			if runF != nil {
				return runF(&o)
			}
			rep, err := runBench(cmd.Context(), stderr, o)
			if err != nil {
				return err
			}
			if o.asJSON {
				return writeJSON(stdout, rep, "report")
			}
			writeBenchText(stdout, rep, o.misses)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Dir, "dir", "", "the repository `DIR` to scan (default: the root of the git work tree containing the working directory, else the working directory)")
	addFormatFlags(f, &o.asJSON, "the results")
	f.BoolVar(&o.baseline, "baseline", false, "also run the plain-BM25 baseline and show it side by side")
	f.IntVar(&o.misses, "misses", benchDefaultMisses, "list at most `N` missed cases in the text report")
	f.StringVar(&o.split, "split", "", "run only one half of a split suite: `dev` or test")
	addRepoFlags(f, &o.Repo)
	return cmd
}

// runBench loads the suite first (a broken suite fails before the scan),
// then scans, projects, indexes and runs the rankers.
func runBench(ctx context.Context, stderr io.Writer, o benchOptions) (*benchReport, error) {
	suite, err := pipeline.ReadSuite(o.suite)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("suite %s: no such file; write a golden suite there or name one (docbridge bench retrieval SUITE): the format is in %s", o.suite, benchSuiteDocsURL)
	}
	if err != nil {
		return nil, err
	}
	if o.split != "" {
		half, ok := suite.Half(o.split)
		if !ok {
			return nil, fmt.Errorf("suite %s: --split %s: the suite is not split into dev and test halves (it has no seed)", o.suite, o.split)
		}
		suite = half
	}
	repo, err := openRepo(ctx, stderr, o.Repo)
	if err != nil {
		return nil, err
	}
	snap, sig := repo.Scan.Snapshot, repo.Signals
	bodies, err := pipeline.NewBodyReader(o.Dir, pipeline.MaxBodyBytes)
	if err != nil {
		return nil, fmt.Errorf("bench %s: %w", o.Dir, err)
	}
	defer bodies.Close()
	proj, warning := pipeline.Projection(o.Dir, snap, sig, bodies.Read)
	if warning != "" {
		fmt.Fprintln(stderr, "docbridge: warning:", warning)
	}
	ix := retrieval.NewIndex(proj, snap)
	rep := &benchReport{
		Suite: suite.Name, SuiteFile: filepath.ToSlash(o.suite), Project: snap.Project.Name,
		Split: o.split, SnapshotHash: snap.ContentHash, ProjectionHash: proj.Hash, Entries: len(proj.Entries),
		Docbridge:        bench.Run(suite, bench.Docbridge(ix)),
		UnreadableBodies: bodies.Failed, MoreUnreadable: bodies.More,
	}
	if o.baseline {
		b := bench.Run(suite, bench.NewBaseline(proj))
		rep.Baseline = &b
	}
	rep.MissingTargets, rep.MoreMissing = bench.MissingTargets(suite, proj)
	return rep, nil
}

// writeBenchText prints the table (docbridge, and the baseline beside it
// with --baseline), then the missed cases and the missing targets.
func writeBenchText(w io.Writer, r *benchReport, maxMisses int) {
	fmt.Fprintf(w, "docbridge bench retrieval: %s (%d cases) on %s, %d entries (projection %s)\n\n",
		r.Suite, r.Docbridge.Overall.Cases, r.Project, r.Entries, r.ProjectionHash)
	head := fmt.Sprintf("%-10s %5s  %6s %6s %6s %6s", "kind", "cases", "hit@1", "hit@3", "MRR", "zero")
	if r.Baseline != nil {
		head += fmt.Sprintf("  │ baseline %6s %6s %6s %6s", "hit@1", "hit@3", "MRR", "zero")
	}
	fmt.Fprintln(w, strings.TrimRight(head, " "))
	row := func(kind string, m bench.Metrics, b *bench.Metrics) {
		line := fmt.Sprintf("%-10s %5d  %6s %6s %6.3f %6s", kind, m.Cases, benchPct(m.Hit1), benchPct(m.Hit3), m.MRR, benchPct(m.ZeroRate))
		if b != nil {
			line += fmt.Sprintf("  │ %8s %6s %6s %6.3f %6s", "", benchPct(b.Hit1), benchPct(b.Hit3), b.MRR, benchPct(b.ZeroRate))
		}
		fmt.Fprintln(w, line)
	}
	var base *bench.Metrics
	if r.Baseline != nil {
		base = &r.Baseline.Overall
	}
	row("overall", r.Docbridge.Overall, base)
	for i, k := range r.Docbridge.ByKind {
		var b *bench.Metrics
		if r.Baseline != nil {
			// Both runs saw the same suite, so the kinds line up.
			b = &r.Baseline.ByKind[i].Metrics
		}
		row(k.Kind, k.Metrics, b)
	}
	misses := r.Docbridge.Misses()
	fmt.Fprintf(w, "\nMissed (target not in the first 3): %d\n", len(misses))
	for i, m := range misses {
		if i == maxMisses {
			fmt.Fprintf(w, "  … and %d more (see --json)\n", len(misses)-maxMisses)
			break
		}
		rank := "not found"
		if m.Rank > 0 {
			rank = fmt.Sprintf("rank %d", m.Rank)
		}
		if r.Baseline != nil {
			rank += ", baseline " + benchRank(r.Baseline, m.ID)
		}
		top := "no hits"
		if len(m.Top) > 0 {
			top = "top: " + strings.Join(m.Top, ", ")
		}
		fmt.Fprintf(w, "  %-28s %-9s %s; %s\n", m.ID, m.Kind, rank, top)
	}
	if len(r.MissingTargets) > 0 {
		fmt.Fprintf(w, "\nTargets not in this repository: %d\n", len(r.MissingTargets)+r.MoreMissing)
		for _, t := range r.MissingTargets {
			fmt.Fprintf(w, "  %-28s %s\n", t.Case, t.Target)
		}
		if r.MoreMissing > 0 {
			fmt.Fprintf(w, "  … and %d more\n", r.MoreMissing)
		}
	}
	if len(r.UnreadableBodies) > 0 {
		fmt.Fprintf(w, "\nDocuments searched without their body (unreadable): %s", strings.Join(r.UnreadableBodies, ", "))
		if r.MoreUnreadable > 0 {
			fmt.Fprintf(w, " … and %d more", r.MoreUnreadable)
		}
		fmt.Fprintln(w)
	}
}

// benchRank is a case's rank in another run, for the misses list.
func benchRank(r *bench.Result, id string) string {
	for _, c := range r.Cases {
		if c.ID == id {
			if c.Rank == 0 {
				return "not found"
			}
			return fmt.Sprintf("rank %d", c.Rank)
		}
	}
	return "absent"
}

// benchPct formats a share as a percentage with one decimal.
func benchPct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
