package pipeline

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/doctor"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
)

// Options are the inputs of one check run.
type Options struct {
	Repo
	// Base is a base snapshot file or state directory ("": no base).
	Base string
	// BaseState and Previous are states already decoded (the action's):
	// BaseState replaces Base, and Previous replaces StateDir, which then
	// is neither read nor written.
	BaseState *state.State
	Previous  *state.State
	// Changed, when not nil, narrows the findings to those located in
	// these files (--changed-files).
	Changed []string
	// Progress, when set, is told the scan's phase; ScanDone, when set,
	// is called once the scan ends, before judging starts.
	Progress func(phase string, done, total int)
	ScanDone func()
	// Revision is the commit the action checks (GITHUB_SHA), recorded in
	// its state: the action scans from its restored state, not through
	// ScanWithState, and its image has no git to ask. "" asks Repo.Git
	// when the scan starts cold or from StateDir.
	Revision string
	// Build identifies the binary (the action's: a hash of its
	// executable). Set, a run without a base keeps its findings in
	// Outcome.Judged (with its snapshot's hash, once validated), and a
	// base state that kept findings under this binary and the whole
	// configuration is not judged, hashed or validated again; "" does
	// neither.
	Build string
	// Repository names the repository (owner/name) when nothing else does
	// — no configuration, environment or origin remote: a tree extracted
	// from a mirror for a benchmark, read as its clone would be.
	Repository string
}

// Outcome is what a check run judged.
type Outcome struct {
	Config *config.Config
	Head   *snapshot.Snapshot
	// Store holds the head's extractions, for the next run.
	Store *scan.Store
	// Base is nil without a base.
	Base    *snapshot.Snapshot
	Signals *graph.Signals
	// Findings are the head's diagnostics after narrowing to Changed.
	Findings []finding.Diagnostic
	// Comparison is set with a base.
	Comparison *finding.Comparison
	// Judged are the head's findings judged alone, to keep with its state;
	// set when Options.Build is and there is no base.
	Judged *state.Judged
	// BaseJudged is true when the base's findings came from its state.
	BaseJudged bool
	// Judge is the time spent in graph signals and reconciliation.
	Judge time.Duration
	// Doctor is the doctor's judgement of Head (its verdict ends the
	// report).
	Doctor *doctor.Report
	// Warnings are what the run could not do that does not fail it (the
	// state not written, a doctor's suite that does not load), one line
	// each, in the order they happened: the caller prints them.
	Warnings []string
	// Sources are the documents the findings' edits are in, as read to
	// locate them (nil for one that could not be read): what a rewrite
	// applies to.
	Sources map[string][]byte
	// input is the reconciliation's input and judged its head diagnostics
	// before any narrowing, for judging edited documents again (Verify).
	input  reconcile.Input
	judged []finding.Diagnostic
}

// FindingsError is the error of a run that judged findings at or above
// its fail-on level: the command ran, and its verdict is a failure (exit
// status 1, where bad input is 2).
type FindingsError struct {
	// Failing counts the findings at or above FailOn.
	Failing int
	FailOn  catalog.FailOn
	// Which names the findings judged ("new", "judged"); Note, when set,
	// says how they were chosen.
	Which, Note string
}

func (e *FindingsError) Error() string {
	msg := fmt.Sprintf("%d %s finding(s) at or above %s", e.Failing, e.Which, e.FailOn)
	if e.Note != "" {
		msg += " (" + e.Note + ")"
	}
	return msg
}

// Report is the outcome as every renderer reads it: its diagnostics
// become findings here, once.
func (o *Outcome) Report(version string) *report.Report {
	in := report.Input{Version: version, Project: o.Head.Project.Name, SnapshotHash: o.Head.ContentHash, Diagnostics: o.Findings, Coverage: o.Head.Coverage}
	if o.Comparison != nil {
		in.Comparison = o.Comparison
		in.BaseSnapshotHash = o.Base.ContentHash
	}
	r := report.Build(in)
	r.NoDocuments = !slices.ContainsFunc(o.Head.Entities, func(e snapshot.Entity) bool { return e.Kind == snapshot.KindDocument })
	if o.Doctor != nil {
		r.Verdict = o.Doctor.Verdict
	}
	return r
}

// Run is the check pipeline: configuration, base, scan, graph signals,
// reconciliation, comparison, the doctor, narrowing.
func Run(ctx context.Context, o Options) (*Outcome, error) {
	cfg, err := LoadConfig(o.Dir, o.ConfigPath, o.Getenv)
	if err != nil {
		return nil, err
	}
	if cfg.Project.Repository == "" {
		cfg.Project.Repository = o.Repository
	}
	out := &Outcome{Config: cfg}
	key := judgedKey(o.Build, cfg)
	switch {
	case o.BaseState != nil:
		if out.Base, err = stateBase(o.BaseState, key); err != nil {
			return nil, err
		}
	case o.Base != "":
		if out.Base, err = LoadBase(o.Base, o.MaxStateBytes); err != nil {
			return nil, err
		}
	}
	var res *scan.Result
	if o.Previous != nil {
		res, err = scan.Scan(ctx, o.Dir, cfg, scan.Options{Previous: o.Previous.Store, Progress: o.Progress, SourceRevision: o.Revision})
	} else {
		res, out.Warnings, err = ScanWithState(ctx, o.Dir, cfg, o.StateDir, o.MaxStateBytes, o.Progress, o.revision(ctx, o.Revision))
	}
	if o.ScanDone != nil {
		o.ScanDone()
	}
	if err != nil {
		return nil, err
	}
	out.Head, out.Store = res.Snapshot, res.Store
	t0 := time.Now()
	out.Signals = graph.Compute(out.Head, reconcile.SignalOptions(cfg, out.Base))
	in := reconcile.Input{Head: out.Head, Signals: out.Signals, Base: out.Base, Config: cfg}
	if out.Base != nil {
		// Once for the check and every judgement of edited documents
		// after it (Verify), which keep in.
		in.PreparedBase = reconcile.PrepareBase(out.Base, cfg)
	}
	if out.Base != nil && o.Git != nil {
		// Where drifted files went when their content changed too: git's
		// rename detection, when the base's commit is in this clone.
		in.Renames = o.Git.Renames(ctx, o.Dir, out.Base.SourceRevision)
	}
	if j := baseJudged(o.BaseState); out.Base != nil && key != "" && j != nil && j.Key == key {
		in.BaseFindings, in.BaseJudged, out.BaseJudged = j.Findings, true, true
	}
	result := reconcile.Check(in)
	if out.Base == nil && key != "" {
		// A copy of the list: narrowing and reporting below reorder theirs.
		out.Judged = &state.Judged{Key: key, Findings: slices.Clone(result.Head)}
		// Validated once here, for every pull request this tree is the
		// base of (stateBase).
		if snapshot.Validate(out.Head) == nil {
			out.Judged.Hash = out.Head.ContentHash
		}
	}
	out.Judge = time.Since(t0)
	out.Findings = result.Head
	out.Comparison = result.Comparison
	var warning string
	if out.Doctor, warning = checkDoctor(o.Dir, cfg, out.Head, out.Signals, result.Head); warning != "" {
		out.Warnings = append(out.Warnings, warning)
	}
	out.input, out.judged = in, result.Head
	out.Sources = map[string][]byte{}
	locateEdits(o.Dir, out.Sources, out.Findings)
	if out.Comparison != nil {
		locateEdits(o.Dir, out.Sources, out.Comparison.New)
		locateEdits(o.Dir, out.Sources, out.Comparison.Unchanged)
	}
	if o.Changed != nil {
		out.Findings = finding.FilterChanged(out.Findings, o.Changed)
		if out.Comparison != nil {
			out.Comparison.New = finding.FilterChanged(out.Comparison.New, o.Changed)
			out.Comparison.Unchanged = finding.FilterChanged(out.Comparison.Unchanged, o.Changed)
		}
	}
	return out, nil
}

// judgedKey is the key a tree's findings judged alone hold under: the
// binary (its rules) and the whole configuration (its checks too); "" when
// the binary is not named.
func judgedKey(build string, cfg *config.Config) string {
	if build == "" {
		return ""
	}
	return build + "/" + cfg.FullHash()
}

// baseJudged is the findings a base state kept; nil without.
func baseJudged(st *state.State) *state.Judged {
	if st == nil {
		return nil
	}
	return st.Judged
}
