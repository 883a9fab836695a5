package pipeline

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/doctor"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/retrieval/bench"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// DoctorSuite loads the suite: the named one (any problem is an error),
// else the default one when it exists; nil without a suite.
func DoctorSuite(dir, named string) (*bench.Suite, string, error) {
	path := named
	if path == "" {
		path = filepath.Join(dir, filepath.FromSlash(doctor.DefaultSuite))
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, "", nil
		}
	}
	s, err := ReadSuite(path)
	if err != nil {
		return nil, "", err
	}
	return &s, filepath.ToSlash(path), nil
}

// Diagnose projects the snapshot (with a suite, document bodies read
// as `bench retrieval` reads them, so hit@3 is the figure it reports),
// runs the suite when there is one and diagnoses. diags must come from a
// reconcile run with doctor.Config.
func Diagnose(dir string, s *snapshot.Snapshot, sig *graph.Signals, diags []finding.Diagnostic, suite *bench.Suite, suitePath string, topN int) *doctor.Report {
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
	if bodies, err := NewBodyReader(dir, MaxBodyBytes); err == nil {
		defer bodies.Close()
		body = bodies.Read
	}
	proj, _ := Projection(dir, s, sig, body)
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
// is a warning (the line returned, for the caller to print) and the
// benchmark is then not analyzed.
func checkDoctor(dir string, cfg *config.Config, s *snapshot.Snapshot, sig *graph.Signals, diags []finding.Diagnostic) (r *doctor.Report, warning string) {
	if doctor.Silenced(cfg) {
		// The check's diagnostics hold every counted code the
		// configuration leaves on; only the ones it turns off (the
		// figures' codes, by default) run again.
		extra := reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: doctor.SilencedConfig(cfg)})
		diags = append(slices.Clip(diags), extra...)
		finding.Sort(diags)
	}
	suite, suitePath, err := DoctorSuite(dir, "")
	if err != nil {
		warning = fmt.Sprintf("docbridge check: doctor: %v (benchmark not analyzed)", err)
	}
	return Diagnose(dir, s, sig, diags, suite, suitePath, CentralityTopN(cfg)), warning
}

// CentralityTopN is the configured checks.CentralityTopN (the defaults'
// without a configuration): the denominator of the doctor's centrality
// figure.
func CentralityTopN(cfg *config.Config) int {
	if cfg == nil {
		cfg = config.Default()
	}
	return cfg.Checks.CentralityTopN
}

// ReadSuite reads and validates a suite file, bounded.
func ReadSuite(path string) (bench.Suite, error) {
	f, err := os.Open(path)
	if err != nil {
		return bench.Suite{}, fmt.Errorf("suite: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, bench.MaxSuiteBytes+1))
	if err != nil {
		return bench.Suite{}, fmt.Errorf("suite %s: %w", path, err)
	}
	s, err := bench.Load(data)
	if err != nil {
		return bench.Suite{}, fmt.Errorf("suite %s: %w", path, err)
	}
	return s, nil
}

// MaxBodyBytes bounds a document body read for the projection: one
// rune past the projection's own bound in the widest UTF-8, so the
// projection still sees (and records) a body it has to cut.
const MaxBodyBytes = 4 * (retrieval.MaxBodyRunes + 1)
