package main

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/doctor"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/reconcile"
)

// doctorOptions are the inputs of one doctor run.
type doctorOptions struct {
	pipeline.Repo
	// suite is --suite; "" means the default suite when it exists.
	suite  string
	asJSON bool
}

func newDoctorCommand(fac *factory, runF func(*doctorOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
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
			o.Dir = repoDirArg(args, stderr)
			o.Repo = withDefaultState(cmd.Flags(), o.Repo)
			if runF != nil {
				return runF(&o)
			}
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
	addFormatFlags(f, &o.asJSON, "the report")
	f.StringVar(&o.suite, "suite", "", "run the golden retrieval suite `FILE` (default: "+doctor.DefaultSuite+" in dir, when present)")
	addReadRepoFlags(f, &o.Repo)
	return cmd
}

// runDoctor is the doctor pipeline: suite (a broken one fails before the
// scan), configuration, scan, graph signals, reconciliation with the
// doctor's checks on, projection, benchmark, diagnosis.
func runDoctor(ctx context.Context, stderr io.Writer, o doctorOptions) (*doctor.Report, error) {
	suite, suitePath, err := pipeline.DoctorSuite(o.Dir, o.suite)
	if err != nil {
		return nil, err
	}
	repo, err := openRepo(ctx, stderr, o.Repo)
	if err != nil {
		return nil, err
	}
	s, sig := repo.Scan.Snapshot, repo.Signals
	diags := reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: doctor.Config(repo.Config)})
	return pipeline.Diagnose(o.Dir, s, sig, diags, suite, suitePath, pipeline.CentralityTopN(repo.Config)), nil
}
