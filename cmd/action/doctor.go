package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/doctor"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/retrieval/bench"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// doctorOptions are the inputs of one doctor run.
type doctorOptions struct {
	repoOptions
	// suite is --suite; "" means the default suite when it exists.
	suite  string
	asJSON bool
}

func newDoctorCommand(stdout, stderr io.Writer) *cobra.Command {
	o := doctorOptions{}
	cmd := &cobra.Command{
		Use:   "doctor [dir]",
		Short: "Grade how findable and healthy the documentation is (score out of 100)",
		Long: `Doctor scans the repository and scores its documentation out of 100:
reachability (documents in the search projection, 15), connectivity (areas
documented and documents with an edge into code, 15), the retrieval benchmark
(hit@3 over the golden suite, 10) and the health of links, declarations,
generated regions, required documentation and entry documents (60). It
prints every dimension with what was measured, the grade (A ≥ 90 with
reachability 100 %, connectivity ≥ 80 % and a measured hit@3 ≥ 80 %; B ≥ 75;
C ≥ 60; D ≥ 40; else F), the problems behind lost points and the next
actions, most points first.

The benchmark runs --suite, else ` + doctor.DefaultSuite + ` when it
exists; without a suite it is not analyzed and scores 0. Checks turned off
in the configuration still count.

Exit status: 0 when the doctor ran, 2 on bad input (a bad directory or
configuration, an unreadable or invalid suite).`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dir = repoDirArg(args, stderr)
			r, err := runDoctor(cmd.Context(), stderr, o)
			if err != nil {
				return err
			}
			if o.asJSON {
				return doctor.WriteJSON(stdout, r)
			}
			return doctor.WriteText(stdout, r)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.asJSON, "json", false, "print the report as JSON")
	f.StringVar(&o.suite, "suite", "", "run the golden retrieval suite `FILE` (default: "+doctor.DefaultSuite+" in dir, when present)")
	o.addRepoFlags(f)
	return cmd
}

// runDoctor is the doctor pipeline: suite (a broken one fails before the
// scan), configuration, scan, graph signals, reconciliation with the
// doctor's checks on, projection, benchmark, diagnosis.
func runDoctor(ctx context.Context, stderr io.Writer, o doctorOptions) (*doctor.Report, error) {
	suite, suitePath, err := doctorSuite(o.dir, o.suite)
	if err != nil {
		return nil, err
	}
	repo, err := openRepo(ctx, stderr, o.repoOptions)
	if err != nil {
		return nil, err
	}
	s, sig := repo.scan.Snapshot, repo.signals
	diags := reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: doctor.Config(repo.cfg)})
	return diagnoseDocs(o.dir, s, sig, diags, suite, suitePath, centralityTopN(repo.cfg)), nil
}

// doctorSuite loads the suite: the named one (any problem is an error),
// else the default one when it exists; nil without a suite.
func doctorSuite(dir, named string) (*bench.Suite, string, error) {
	path := named
	if path == "" {
		path = filepath.Join(dir, filepath.FromSlash(doctor.DefaultSuite))
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, "", nil
		}
	}
	s, err := readBenchSuite(path)
	if err != nil {
		return nil, "", err
	}
	return &s, filepath.ToSlash(path), nil
}

// diagnoseDocs projects the snapshot (with a suite, document bodies read
// as `bench retrieval` reads them, so hit@3 is the figure it reports),
// runs the suite when there is one and diagnoses. diags must come from a
// reconcile run with doctor.Config.
func diagnoseDocs(dir string, s *snapshot.Snapshot, sig *graph.Signals, diags []reconcile.Diagnostic, suite *bench.Suite, suitePath string, topN int) *doctor.Report {
	in := doctor.Input{Snapshot: s, Diagnostics: diags, CentralityTopN: topN}
	if suite == nil {
		// Only the count is needed: projecting 10,000 entries for it was a
		// tenth of a check on a large repository.
		in.ProjectedDocuments = retrieval.EntryCount(s, snapshot.KindDocument)
		return doctor.Diagnose(in)
	}
	// Bodies change the ranking, not which entries exist. A directory that
	// cannot be opened reads as no bodies, as it would file by file.
	var body func(string) []byte
	if bodies, err := newBodyReader(dir, benchMaxBodyBytes); err == nil {
		defer bodies.Close()
		body = bodies.read
	}
	proj := retrieval.Project(s, sig, body)
	in.ProjectedDocuments = projectedDocuments(proj)
	r := bench.Run(*suite, bench.Docbridge(retrieval.NewIndex(proj, s)))
	in.Benchmark = &doctor.Benchmark{Suite: suitePath, Cases: r.Overall.Cases, Hit3: r.Overall.Hit3}
	return doctor.Diagnose(in)
}

// projectedDocuments counts the projection's document entries.
func projectedDocuments(p *retrieval.Projection) int {
	n := 0
	for i := range p.Entries {
		if p.Entries[i].Kind == snapshot.KindDocument {
			n++
		}
	}
	return n
}

// checkDoctor is the doctor's judgement within `check`: it reuses the
// check's diagnostics (before --changed-files narrows them) unless a check
// the doctor counts is off — the figures' codes are, by default — in which
// case it reruns reconcile with doctor.Config (only the doctor's rules),
// and runs the default suite when it exists. It never fails the check: a broken suite
// is a warning on stderr and the benchmark is then not analyzed.
func checkDoctor(stderr io.Writer, dir string, cfg *config.Config, s *snapshot.Snapshot, sig *graph.Signals, diags []reconcile.Diagnostic) *doctor.Report {
	if doctor.Silenced(cfg) {
		// The check's diagnostics hold every counted code the
		// configuration leaves on; only the ones it turns off (the
		// figures' codes, by default) run again.
		extra := reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: doctor.SilencedConfig(cfg)})
		diags = append(slices.Clip(diags), extra...)
		reconcile.SortDiagnostics(diags)
	}
	suite, suitePath, err := doctorSuite(dir, "")
	if err != nil {
		fmt.Fprintf(stderr, "docbridge check: doctor: %v (benchmark not analyzed)\n", err)
	}
	return diagnoseDocs(dir, s, sig, diags, suite, suitePath, centralityTopN(cfg))
}

// centralityTopN is the configured checks.centralityTopN (the defaults'
// without a configuration): the denominator of the doctor's centrality
// figure.
func centralityTopN(cfg *config.Config) int {
	if cfg == nil {
		cfg = config.Default()
	}
	return cfg.Checks.CentralityTopN
}

// doctorGrader is the action's grader: the grade check already computed.
// Wire it with actionDeps{grader: doctorGrader{}}.
type doctorGrader struct{}

var _ grader = doctorGrader{}

// Grade returns the doctor's grade and score of a check run.
func (doctorGrader) Grade(_ context.Context, res *checkOutcome) (string, int, error) {
	if res == nil || res.doctor == nil {
		return "", 0, errors.New("doctor: no report")
	}
	return res.doctor.Grade, res.doctor.Score, nil
}
