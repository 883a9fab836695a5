package doctor

import (
	"fmt"
	"math"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// DefaultSuite is where the golden suite lives when none is named.
const DefaultSuite = "docs/bench/retrieval-suite-v1.json"

// reachability is the share of the snapshot's documents the retrieval
// projection holds. Without documents there is nothing to find: it
// scores 0, so deleting the documentation never pays.
func reachability(f *facts, projected int) measure {
	m := measure{dim: Dimension{Name: dimReachability, Weight: weightReachability}}
	n := len(f.documents)
	if n == 0 {
		m.dim.Status = statusNotApplicable
		m.dim.Explanation = "no documents: nothing to find, so nothing is reachable (scores 0)"
		m.dim.Problems = 1
		m.issues = []Issue{{Dimension: dimReachability, Code: "no-documents", Message: noDocuments + ": the repository has no Markdown documents"}}
		m.action = "write documentation, starting with a README.md at the root"
		return m
	}
	in := min(max(projected, 0), n)
	m.dim.Status = statusMeasured
	m.dim.Value = share(in, n)
	m.dim.Explanation = fmt.Sprintf("%d of %d documents are in the retrieval projection (%s)", in, n, pct(m.dim.Value))
	if missing := n - in; missing > 0 {
		m.dim.Problems = missing
		m.issues = []Issue{{Dimension: dimReachability, Code: "not-projected",
			Message: fmt.Sprintf("%d of %d documents are not in the retrieval projection", missing, n)}}
		m.action = fmt.Sprintf("make the %d document(s) missing from the retrieval projection searchable", missing)
	}
	return m
}

// connectivity is the mean of two shares: areas some document documents
// (reconcile's definition: covered, mentioned, linked into or holding a
// document) and documents with an edge into code (process documents such
// as CHANGELOG are exempt in reconcile, so they count as connected).
// Without areas the first share is not applicable and the second stands
// alone; without documents the dimension scores 0.
func connectivity(f *facts, ds []finding.Diagnostic) measure {
	m := measure{dim: Dimension{Name: dimConnectivity, Weight: weightConnectivity}}
	docs := len(f.documents)
	if docs == 0 {
		m.dim.Status = statusNotApplicable
		m.dim.Explanation = "no documents: nothing connects the documentation to the code (scores 0)"
		m.action = "write documents that mention the code they describe"
		return m
	}
	areaDiags := distinctPaths(byCode(ds, func(c string) bool { return c == catalog.RequiredDocMissing || c == catalog.UndocumentedArea }), nil)
	docDiags := distinctPaths(byCode(ds, func(c string) bool { return c == catalog.DocumentWithoutCode }), f.isDoc)
	docShare := ratio(len(docDiags), docs)
	docPart := fmt.Sprintf("documents with an edge into code (%d of %d, %s)", docs-min(docs, len(docDiags)), docs, pct(docShare))
	m.dim.Status = statusMeasured
	if f.areas == 0 {
		m.dim.Value = docShare
		m.dim.Explanation = docPart + "; no areas are configured or derived, so the areas half is not applicable"
	} else {
		areaShare := ratio(len(areaDiags), f.areas)
		m.dim.Value = (areaShare + docShare) / 2
		m.dim.Explanation = fmt.Sprintf("mean of areas documented (%d of %d, %s) and %s",
			f.areas-min(f.areas, len(areaDiags)), f.areas, pct(areaShare), docPart)
	}
	m.issues = append(diagnosticIssues(dimConnectivity, areaDiags), diagnosticIssues(dimConnectivity, docDiags)...)
	m.dim.Problems = len(m.issues)
	if len(m.issues) > 0 {
		var parts []string
		if len(areaDiags) > 0 {
			parts = append(parts, fmt.Sprintf("document %d area(s)", len(areaDiags)))
		}
		if len(docDiags) > 0 {
			parts = append(parts, fmt.Sprintf("connect %d document(s) to the code they describe (mention a path or symbol, or declare covers)", len(docDiags)))
		}
		m.action = strings.Join(parts, " and ") + firstPlaces(m.issues)
	}
	return m
}

// distinctPaths keeps the first diagnostic per primary path (a subject is
// counted once however many findings name it); with known set, only paths
// it holds.
func distinctPaths(ds []finding.Diagnostic, known map[string]bool) []finding.Diagnostic {
	seen := map[string]bool{}
	var out []finding.Diagnostic
	for _, d := range ds {
		p := d.Primary().Path
		if seen[p] || (known != nil && !known[p]) {
			continue
		}
		seen[p] = true
		out = append(out, d)
	}
	return out
}

// benchmark is hit@3 over the golden suite. Without a run (or with an
// empty suite) it is not analyzed and scores 0: an unmeasured retrieval
// quality earns nothing.
func benchmark(b *Benchmark) measure {
	m := measure{dim: Dimension{Name: dimBenchmark, Weight: weightBenchmark}}
	if b == nil || b.Cases <= 0 {
		m.dim.Status = statusNotAnalyzed
		m.dim.Explanation = "not analyzed: no golden suite ran (" + DefaultSuite + " or --suite), so hit@3 scores 0"
		msg := "no golden retrieval suite: hit@3 is not measured"
		if b != nil {
			m.dim.Explanation = fmt.Sprintf("not analyzed: the suite %s has no cases, so hit@3 scores 0", b.Suite)
			msg = fmt.Sprintf("the golden suite %s has no cases", b.Suite)
		}
		m.dim.Problems = 1
		m.issues = []Issue{{Dimension: dimBenchmark, Code: "benchmark-not-analyzed", Message: msg}}
		m.action = "add a golden retrieval suite at " + DefaultSuite + " (docbridge bench retrieval runs it)"
		return m
	}
	h := b.Hit3
	if math.IsNaN(h) {
		h = 0
	}
	h = min(1, max(0, h))
	m.dim.Status = statusMeasured
	m.dim.Value = h
	m.cases = b.Cases
	m.dim.Explanation = fmt.Sprintf("hit@3 %s over %d case(s) of %s", pct(h), b.Cases, b.Suite)
	if misses := int(math.Round((1 - h) * float64(b.Cases))); h < 1 {
		m.dim.Problems = max(1, misses)
		m.issues = []Issue{{Dimension: dimBenchmark, Code: "benchmark-misses", Path: b.Suite,
			Message: fmt.Sprintf("%d of %d case(s) have no expected target in the first three results", m.dim.Problems, b.Cases)}}
		m.action = fmt.Sprintf("raise hit@3 (%s): docbridge bench retrieval %s lists the cases that miss", pct(h), b.Suite)
	}
	return m
}
