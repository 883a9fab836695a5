package reconcile

import (
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
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
	// BaseFindings, when BaseJudged, are Base's findings judged alone, as
	// Check would judge them with this Config (kept with the base's state
	// under a key of the binary and the whole configuration): Check then
	// does not judge the base again.
	BaseFindings []finding.Diagnostic
	BaseJudged   bool
	// PreparedBase, when PrepareBase made it of Base and Config, is the
	// base made ready once for every judgement against it; nil (or one of
	// another base) prepares Base for this judgement alone.
	PreparedBase *PreparedBase
}

// rule is one reconciliation rule: it reads the prepared view and emits
// findings, each with one of the rule's codes.
type rule struct {
	// codes the rule can emit; it is skipped when all of them are off.
	codes []string
	run   func(v *view) []draft
}

// rules lists every rule; each lives in the file named beside it. Their
// order does not reach the output: finalize sorts the findings, and
// supersede compares sets.
var rules = []rule{
	{codes: []string{catalog.BrokenAnchor, catalog.AnchorsUnresolved}, run: brokenAnchors},                       // rule_anchors.go
	{codes: []string{catalog.UndocumentedArea, catalog.RequiredDocMissing}, run: undocumentedAreas},              // rule_areas.go
	{codes: []string{catalog.BrokenLink, catalog.SiteLinksUnresolved, catalog.UnverifiedLink}, run: brokenLinks}, // rule_broken_link.go
	{codes: []string{catalog.CentralityRisk}, run: centralityRisks},                                              // rule_centrality.go
	{codes: []string{catalog.ImportCycle}, run: importCycles},                                                    // rule_cycles.go
	{codes: []string{catalog.StaleDeclaration}, run: staleDeclarations},                                          // rule_declarations.go
	{
		codes: []string{catalog.DriftAnchor, catalog.DriftLink, catalog.DriftPath, catalog.DriftSymbol},
		run:   drift,
	}, // rule_drift.go
	{codes: []string{catalog.GeneratedRegionEdited}, run: editedRegions}, // rule_generated.go
	{codes: []string{
		catalog.KnowledgeFieldMissing, catalog.KnowledgeTitleMissing, catalog.KnowledgeClaimsMissing,
		catalog.KnowledgeDateField, catalog.KnowledgeIdentityWeak,
	}, run: knowledgeConvention}, // rule_knowledge.go
	{codes: []string{catalog.KnowledgeSupersedesGone}, run: knowledgeSupersedes}, // rule_knowledge_supersedes.go
	{codes: []string{catalog.NearTwinDocument}, run: nearTwins},                  // rule_near_twins.go
	{codes: []string{catalog.DocumentWithoutCode}, run: documentsWithoutCode},    // rule_no_code.go
	{codes: []string{catalog.OrphanedDocument}, run: orphanedDocuments},          // rule_orphans.go
	{codes: []string{catalog.UnresolvedPath}, run: unresolvedPaths},              // rule_paths.go
	{codes: scanCodes(), run: scanCodeFindings},                                  // rule_scan_codes.go
}

// Run applies every rule whose code is not off and returns the diagnostics,
// sorted by path, line, code and id. It never fails: a rule that cannot
// judge something leaves it out.
func Run(in Input) []finding.Diagnostic { return runRules(in, rules) }

// runRules is Run with the rules rs.
func runRules(in Input, rs []rule) []finding.Diagnostic {
	cfg := in.Config
	if cfg == nil {
		cfg = config.Default()
	}
	sev := cfg.Checks.Level
	if in.Head == nil {
		return []finding.Diagnostic{}
	}
	v := newView(in, cfg)
	unchecked := uncheckedDocuments(v)
	var fs []draft
	for _, r := range rs {
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
