package doctor

import (
	"math"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestHealthyRepositoryIsA(t *testing.T) {
	r := Diagnose(in(healthy()))
	wantScore := 100 - int(math.Ceil(weightBenchmark*(1-0.9)))
	if r.Score != wantScore || r.Grade != "A" || len(r.Unmet) != 0 {
		t.Fatalf("score %d grade %s unmet %v, want %d A none\n%+v", r.Score, r.Grade, r.Unmet, wantScore, r.Dimensions)
	}
	if r.Verdict != "doctor: A (99/100)" {
		t.Fatalf("verdict %q", r.Verdict)
	}
	sum := 0.0
	for _, d := range r.Dimensions {
		sum += d.Weight
		if d.Explanation == "" || d.Status == "" {
			t.Errorf("%s: no explanation or status", d.Name)
		}
	}
	if sum != 100 {
		t.Fatalf("weights sum to %v", sum)
	}
}

// TestDimensionFormulas checks each dimension's value against its formula,
// computed from the fixture's counts.
func TestDimensionFormulas(t *testing.T) {
	cases := []struct {
		name   string
		in     func() Input
		dim    string
		value  float64
		status string
	}{
		{"reachability: one document of four not projected", func() Input {
			i := in(healthy())
			i.ProjectedDocuments--
			return i
		}, dimReachability, float64(healthyDocs-1) / healthyDocs, statusMeasured},
		{"reachability: a projection larger than the documents counts them all", func() Input {
			i := in(healthy())
			i.ProjectedDocuments = 1000
			return i
		}, dimReachability, 1, statusMeasured},
		{"reachability: negative projection", func() Input {
			i := in(healthy())
			i.ProjectedDocuments = -3
			return i
		}, dimReachability, 0, statusMeasured},
		{"connectivity: one area of two undocumented", func() Input {
			return in(healthy(), diag(catalog.UndocumentedArea, "internal/y", 0))
		}, dimConnectivity, (1 - 1.0/healthyAreas + 1) / 2, statusMeasured},
		{"connectivity: the same area twice counts once", func() Input {
			return in(healthy(), diag(catalog.UndocumentedArea, "internal/y", 0), diag(catalog.RequiredDocMissing, "internal/y", 0))
		}, dimConnectivity, (1 - 1.0/healthyAreas + 1) / 2, statusMeasured},
		{"connectivity: one document of four without code", func() Input {
			return in(healthy(), diag(catalog.DocumentWithoutCode, "docs/b.md", 0))
		}, dimConnectivity, (1 + 1 - 1.0/healthyDocs) / 2, statusMeasured},
		{"connectivity: a document the snapshot lacks is ignored", func() Input {
			return in(healthy(), diag(catalog.DocumentWithoutCode, "docs/ghost.md", 0))
		}, dimConnectivity, 1, statusMeasured},
		{"connectivity: without areas the document share stands alone", func() Input {
			return in(newBuilder().doc("README.md").doc("docs/a.md").module("a.go"), diag(catalog.DocumentWithoutCode, "docs/a.md", 0))
		}, dimConnectivity, 0.5, statusMeasured},
		{"connectivity: no documents scores 0", func() Input {
			return in(newBuilder().area("internal/x", false).module("internal/x/x.go"))
		}, dimConnectivity, 0, statusNotApplicable},
		{"benchmark: hit@3 is the value", func() Input {
			i := in(healthy())
			i.Benchmark.Hit3 = 0.625
			return i
		}, dimBenchmark, 0.625, statusMeasured},
		{"benchmark: above 1 is clamped", func() Input {
			i := in(healthy())
			i.Benchmark.Hit3 = 7
			return i
		}, dimBenchmark, 1, statusMeasured},
		{"benchmark: NaN is 0", func() Input {
			i := in(healthy())
			i.Benchmark.Hit3 = math.NaN()
			return i
		}, dimBenchmark, 0, statusMeasured},
		{"benchmark: no suite", func() Input {
			i := in(healthy())
			i.Benchmark = nil
			return i
		}, dimBenchmark, 0, statusNotAnalyzed},
		{"benchmark: a suite without cases is no measurement", func() Input {
			i := in(healthy())
			i.Benchmark = &Benchmark{Suite: "s.json", Cases: 0, Hit3: 1}
			return i
		}, dimBenchmark, 0, statusNotAnalyzed},
		{"links: one broken of four", func() Input {
			return in(healthy(), diag(catalog.BrokenLink, "docs/a.md", 3))
		}, dimLinks, 1 - 1.0/healthyLinks, statusMeasured},
		{"links: anchors and drift count too", func() Input {
			return in(healthy(), diag(catalog.BrokenAnchor, "docs/a.md", 3), diag(catalog.DriftLink, "docs/a.md", 4), diag(catalog.DriftAnchor, "docs/b.md", 1))
		}, dimLinks, 1 - 3.0/healthyLinks, statusMeasured},
		{"links: more problems than links is 0, never negative", func() Input {
			i := in(healthy())
			for l := range healthyLinks + 3 {
				i.Diagnostics = append(i.Diagnostics, diag(catalog.BrokenLink, "docs/a.md", l+1))
			}
			return i
		}, dimLinks, 0, statusMeasured},
		{"links: other codes do not count", func() Input {
			return in(healthy(), diag(catalog.UnresolvedPath, "docs/a.md", 3), diag(catalog.ImportCycle, "internal/x/x.go", 1))
		}, dimLinks, 1, statusMeasured},
		{"links: none to check scores in full", func() Input {
			return in(newBuilder().doc("README.md"))
		}, dimLinks, 1, statusNotApplicable},
		{"declarations: one stale of two", func() Input {
			return in(healthy(), diag(catalog.StaleDeclaration, "docs/a.md", 2))
		}, dimDeclarations, 1 - 1.0/healthyDeclarations, statusMeasured},
		{"declarations: a block error counts", func() Input {
			return in(healthy(), diag("DOCBRIDGE_YAML", "docs/b.md", 2))
		}, dimDeclarations, 1 - 1.0/healthyDeclarations, statusMeasured},
		{"declarations: a block error without declarations is 0", func() Input {
			return in(newBuilder().doc("README.md"), diag("DOCBRIDGE_YAML", "README.md", 2))
		}, dimDeclarations, 0, statusMeasured},
		{"generated regions: one edited of two", func() Input {
			return in(healthy(), diag(catalog.GeneratedRegionEdited, "docs/b.md", 1))
		}, dimGeneratedRegions, 1 - 1.0/healthyRegions, statusMeasured},
		{"generated regions: unclosed counts", func() Input {
			return in(healthy(), diag("GENERATED_UNCLOSED", "docs/b.md", 11), diag(catalog.GeneratedRegionEdited, "docs/b.md", 1))
		}, dimGeneratedRegions, 0, statusMeasured},
		{"required docs: the one required area is missing", func() Input {
			return in(healthy(), diag(catalog.RequiredDocMissing, "internal/x", 0))
		}, dimRequiredDocs, 0, statusMeasured},
		{"required docs: no required area scores in full", func() Input {
			return in(newBuilder().doc("README.md").area("internal/x", false))
		}, dimRequiredDocs, 1, statusNotApplicable},
		{"entry: no AGENTS.md", func() Input {
			return in(newBuilder().doc("README.md").doc("docs/a.md").link("README.md", "docs/a.md", 1))
		}, dimEntryDocuments, entryReadmeShare + entryReachedShare, statusMeasured},
		{"entry: no README, AGENTS.md reaches half", func() Input {
			return in(newBuilder().doc("AGENTS.md").doc("docs/a.md").doc("docs/b.md").link("AGENTS.md", "docs/a.md", 1))
		}, dimEntryDocuments, entryAgentsShare + entryReachedShare*0.5, statusMeasured},
		{"entry: reachability is transitive", func() Input {
			return in(newBuilder().doc("README.md").doc("docs/index.md").doc("docs/deep/x.md").
				link("README.md", "docs/index.md", 1).link("docs/index.md", "docs/deep/x.md", 1))
		}, dimEntryDocuments, entryReadmeShare + entryReachedShare, statusMeasured},
		{"entry: a README below the root is not an entry", func() Input {
			return in(newBuilder().doc("docs/README.md").doc("docs/a.md").link("docs/README.md", "docs/a.md", 1))
		}, dimEntryDocuments, 0, statusMeasured},
		{"entry: the name is case-insensitive", func() Input {
			return in(newBuilder().doc("Readme.md").doc("agents.md"))
		}, dimEntryDocuments, 1, statusMeasured},
		{"entry: a page the site's navigation lists is reached, and what it links to", func() Input {
			return in(newBuilder().doc("README.md").doc("docs/unlinked.md").doc("docs/linked.md").
				entity(snapshot.KindDocument, "docs/nav.md", map[string]any{"navigation": "mkdocs.yml"}).
				link("docs/nav.md", "docs/linked.md", 1).
				entity(snapshot.KindDocument, "docs/listed2.md", map[string]any{"navigation": "mkdocs.yml"}))
		}, dimEntryDocuments, entryReadmeShare + entryReachedShare*3/4, statusMeasured},
		{"entry: navigation alone is no entry", func() Input {
			return in(newBuilder().entity(snapshot.KindDocument, "docs/nav.md", map[string]any{"navigation": "mkdocs.yml"}).doc("docs/a.md"))
		}, dimEntryDocuments, 0, statusMeasured},
		{"entry: no documents", func() Input {
			return in(newBuilder().module("a.go"))
		}, dimEntryDocuments, 0, statusNotApplicable},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := dim(Diagnose(c.in()), c.dim)
			want := round(c.value, 4)
			if d.Value != want || d.Status != c.status {
				t.Fatalf("%s: value %v status %s, want %v %s (%s)", c.dim, d.Value, d.Status, want, c.status, d.Explanation)
			}
			if wantPts := round(d.Weight*want, 2); d.Points != wantPts {
				t.Fatalf("%s: points %v, want %v", c.dim, d.Points, wantPts)
			}
		})
	}
}

func TestScoreIsTheFlooredSum(t *testing.T) {
	i := in(healthy())
	i.Benchmark.Hit3 = 0.85 // 8.5 points: 98.5 in all
	r := Diagnose(i)
	sum := 0.0
	for _, d := range r.Dimensions {
		sum += d.Points
	}
	if sum != 98.5 || r.Score != 98 {
		t.Fatalf("points sum %v, score %d; want 98.5 and 98", sum, r.Score)
	}
}

func TestGradeThresholds(t *testing.T) {
	cases := []struct {
		score int
		unmet bool
		want  string
	}{
		{100, false, "A"}, {90, false, "A"}, {89, false, "B"}, {100, true, "B"}, {90, true, "B"},
		{75, false, "B"}, {74, false, "C"}, {60, false, "C"}, {59, false, "D"},
		{40, false, "D"}, {39, false, "F"}, {0, false, "F"}, {50, true, "D"},
	}
	for _, c := range cases {
		if got := grade(c.score, c.unmet); got != c.want {
			t.Errorf("grade(%d, unmet %v) = %s, want %s", c.score, c.unmet, got, c.want)
		}
	}
}

// manyDocs is a repository of n documents, all linked from the README
// and each mentioning its area's module, with one area.
func manyDocs(n int) *builder {
	b := newBuilder().doc("AGENTS.md").doc("README.md").area("internal/x", false).module("internal/x/x.go").
		link("AGENTS.md", "README.md", 1)
	for i := range n - 2 {
		p := "docs/d" + string(rune('a'+i/26)) + string(rune('a'+i%26)) + ".md"
		b.doc(p).link("README.md", p, 1).mention(p, "module:internal/x/x.go")
	}
	return b
}

func TestARules(t *testing.T) {
	t.Run("one unreachable document loses the A", func(t *testing.T) {
		i := in(manyDocs(40))
		i.Benchmark.Hit3 = 1
		if r := Diagnose(i); r.Grade != "A" {
			t.Fatalf("all projected: %s %v", r.Verdict, r.Unmet)
		}
		i.ProjectedDocuments--
		r := Diagnose(i)
		if r.Score < gradeA || r.Grade != "B" {
			t.Fatalf("one unprojected document: score %d grade %s, want ≥ %d and B", r.Score, r.Grade, gradeA)
		}
		if len(r.Unmet) != 1 || r.Unmet[0] != "reachability 100 % (97.5 %)" || !strings.Contains(r.Verdict, "A needs reachability 100 % (97.5 %)") {
			t.Fatalf("unmet %v, verdict %q", r.Unmet, r.Verdict)
		}
		if len(r.NextActions) == 0 || !strings.Contains(r.NextActions[0], "reachability") || !strings.HasSuffix(r.NextActions[0], "required for an A") {
			t.Fatalf("next actions: %v", r.NextActions)
		}
	})
	t.Run("connectivity 79 % loses the A, 80 % keeps it", func(t *testing.T) {
		// One area, documented: connectivity = (1 + docShare)/2; 42 of 100
		// documents without code give 79 %, 40 give 80 %.
		for _, c := range []struct {
			without int
			grade   string
		}{{42, "B"}, {40, "A"}} {
			i := in(manyDocs(100))
			i.Benchmark.Hit3 = 1
			for k := range c.without {
				p := "docs/d" + string(rune('a'+k/26)) + string(rune('a'+k%26)) + ".md"
				i.Diagnostics = append(i.Diagnostics, diag(catalog.DocumentWithoutCode, p, 0))
			}
			r := Diagnose(i)
			conn := dim(r, dimConnectivity)
			if r.Score < gradeA || r.Grade != c.grade {
				t.Fatalf("%d without code: connectivity %v score %d grade %s, want %s", c.without, conn.Value, r.Score, r.Grade, c.grade)
			}
			if c.grade == "B" && (len(r.Unmet) != 1 || r.Unmet[0] != "connectivity ≥ 80 % (79.0 %)") {
				t.Fatalf("unmet %v", r.Unmet)
			}
		}
	})
	t.Run("no suite: not analyzed, 0 points, says so, no A", func(t *testing.T) {
		i := in(healthy())
		i.Benchmark = nil
		r := Diagnose(i)
		b := dim(r, dimBenchmark)
		if b.Status != statusNotAnalyzed || b.Points != 0 || !strings.Contains(b.Explanation, "not analyzed") {
			t.Fatalf("benchmark %+v", b)
		}
		want := "doctor: B (90/100) — A needs measured hit@3 ≥ 80 % (not analyzed)"
		if r.Score != 100-weightBenchmark || r.Grade != "B" || r.Verdict != want {
			t.Fatalf("got %q, want %q", r.Verdict, want)
		}
	})
	t.Run("measured hit@3 below 80 % loses the A", func(t *testing.T) {
		i := in(healthy())
		i.Benchmark.Hit3 = 0.79
		r := Diagnose(i)
		if r.Score < gradeA || r.Grade != "B" || len(r.Unmet) != 1 || r.Unmet[0] != "measured hit@3 ≥ 80 % (79.0 %)" {
			t.Fatalf("score %d grade %s unmet %v", r.Score, r.Grade, r.Unmet)
		}
	})
	t.Run("below 90 without unmet requirements names the points", func(t *testing.T) {
		// Two of four links broken (−10) and one of two declarations stale (−5).
		r := Diagnose(in(healthy(), diag(catalog.BrokenLink, "docs/a.md", 1), diag(catalog.BrokenLink, "docs/a.md", 2),
			diag(catalog.StaleDeclaration, "docs/a.md", 1)))
		if want := "doctor: B (84/100) — A needs 90/100 (6 more points)"; r.Verdict != want {
			t.Fatalf("verdict %q, want %q", r.Verdict, want)
		}
	})
}
