package reconcile

import (
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Input is everything the rules read.
type Input struct {
	// Head is the snapshot judged.
	Head *snapshot.Snapshot
	// Signals are the graph signals of Head (graph.Compute with
	// SignalOptions(Config, Base)); nil computes none of the rules that need
	// them.
	Signals *graph.Signals
	// Base is the snapshot of the pull request's base; nil when there is
	// none (then no drift rule runs).
	Base *snapshot.Snapshot
	// Config supplies checks (severities, presets) and the areas; nil means
	// the defaults.
	Config *config.Config
	// Renames are the files git found renamed between the base's commit and
	// the head (old path → new path, by content similarity): where drifted
	// references went when the content changed too. Nil when git could not
	// say (no history, no git); read only with a Base.
	Renames map[string]string
}

// rule is one reconciliation rule: it reads the prepared view and emits
// findings, each with one of the rule's codes.
type rule struct {
	// codes the rule can emit; it is skipped when all of them are off.
	codes []string
	run   func(v *view) []finding
}

// rules lists every rule. Each lives in a file of its own.
var rules []rule

// register adds a rule; called from init in the rule's file.
func register(r rule) { rules = append(rules, r) }

// Run applies every rule whose code is not off and returns the diagnostics,
// sorted by path, line, code and id. It never fails: a rule that cannot
// judge something leaves it out.
func Run(in Input) []Diagnostic {
	cfg := in.Config
	if cfg == nil {
		cfg = config.Default()
	}
	sev := func(code string) catalog.Level { return Severity(&cfg.Checks, code) }
	if in.Head == nil {
		return []Diagnostic{}
	}
	v := newView(in, cfg)
	unchecked := uncheckedDocuments(v)
	var fs []finding
	for _, r := range rules {
		on := false
		for _, c := range r.codes {
			if sev(c) != catalog.Off {
				on = true
			}
		}
		if !on {
			continue
		}
		for _, f := range r.run(v) {
			if sev(f.Code) != catalog.Off && !unchecked[primary(f).Path] {
				fs = append(fs, f)
			}
		}
	}
	// A drift finding replaces the plain one for the same reference, and
	// many drifted references into one moved directory are one finding.
	fs = supersede(fs)
	if sev(catalog.DriftMove) != catalog.Off {
		fs = groupMoves(v, fs)
	}
	return finalize(fs, sev)
}

// Severity is the effective severity of a code: the configured one, else
// the preset's (warn) for a rule of a preset that is on, else the
// catalog's default.
func Severity(c *config.Checks, code string) catalog.Level {
	if s, ok := c.Severity[code]; ok {
		return s
	}
	r, ok := catalog.Lookup(code)
	if !ok {
		return catalog.Off
	}
	if r.Group == catalog.GroupKnowledge && c.PresetOn(catalog.GroupKnowledge) {
		return catalog.Warn
	}
	return r.Severity
}
