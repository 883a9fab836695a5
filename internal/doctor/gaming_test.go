package doctor

import (
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// judged runs the real reconcile rules (with the doctor's configuration)
// and the doctor on a snapshot, with a perfect benchmark so only the
// documentation decides.
func judged(b *builder, cfg *config.Config) *Report {
	i := in(b, reconcile.Run(reconcile.Input{Head: b.s, Config: Config(cfg)})...)
	i.Benchmark.Hit3 = 1
	return Diagnose(i)
}

// withoutDocuments removes every document and the relations that start
// or end at one.
func withoutDocuments(b *builder) *builder {
	out := newBuilder()
	for _, e := range b.s.Entities {
		if e.Kind != snapshot.KindDocument {
			out.s.Entities = append(out.s.Entities, e)
		}
	}
	for _, r := range b.s.Relations {
		if !strings.HasPrefix(r.From, "document:") && !strings.HasPrefix(r.To, "document:") {
			out.s.Relations = append(out.s.Relations, r)
		}
	}
	return out
}

func TestCannotBeGamed(t *testing.T) {
	base := judged(healthy(), nil)
	if base.Grade != "A" {
		t.Fatalf("healthy fixture under real reconcile: %s %+v", base.Verdict, base.Issues)
	}
	t.Run("deleting every document scores below C", func(t *testing.T) {
		for name, b := range map[string]*builder{
			"with areas":    withoutDocuments(healthy()),
			"without areas": newBuilder().module("main.go"),
		} {
			r := judged(b, nil)
			if r.Score >= gradeC || r.Score >= base.Score {
				t.Errorf("%s: %s, want below %d", name, r.Verdict, gradeC)
			}
			for _, d := range []string{dimReachability, dimConnectivity, dimEntryDocuments} {
				if got := dim(r, d); got.Points != 0 || got.Status != statusNotApplicable {
					t.Errorf("%s: %s %+v, want 0 points, not applicable", name, d, got)
				}
			}
		}
	})
	t.Run("turning checks off does not raise the score", func(t *testing.T) {
		b := healthy().entity(snapshot.KindUnresolved, "docs/gone.md", nil).
			rel(snapshot.RelLinksTo, "document:docs/a.md", "unresolved:docs/gone.md", 1, snapshot.Observed, "markdown")
		honest := judged(b, nil)
		cfg := config.Default()
		for _, c := range []string{catalog.BrokenLink, catalog.UndocumentedArea, catalog.DocumentWithoutCode, catalog.RequiredDocMissing} {
			cfg.Checks.Severity[c] = catalog.Off
		}
		if !Silenced(cfg) {
			t.Fatal("Silenced does not see the checks turned off")
		}
		if got := judged(b, cfg); got.Score != honest.Score || got.Score >= base.Score {
			t.Fatalf("with checks off %s, honest %s, healthy %s", got.Verdict, honest.Verdict, base.Verdict)
		}
		if len(cfg.Checks.Severity) != 4 {
			t.Fatal("Config changed the caller's configuration")
		}
	})
	t.Run("unlinked documents dilute nothing", func(t *testing.T) {
		b := healthy()
		for _, p := range []string{"docs/x.md", "docs/y.md", "docs/z.md"} {
			b.doc(p)
		}
		if r := judged(b, nil); r.Score >= base.Score {
			t.Fatalf("three stray documents: %s, healthy %s", r.Verdict, base.Verdict)
		}
	})
	t.Run("a tiny suite does not earn the A", func(t *testing.T) {
		i := in(healthy())
		i.Benchmark = &Benchmark{Suite: "s.json", Cases: minCasesForA - 1, Hit3: 1}
		r := Diagnose(i)
		if r.Score < gradeA || r.Grade != "B" || len(r.Unmet) != 1 || !strings.Contains(r.Unmet[0], "over at least") {
			t.Fatalf("%s %v", r.Verdict, r.Unmet)
		}
	})
	t.Run("passing a diagnostic twice counts it once", func(t *testing.T) {
		d := diag(catalog.BrokenLink, "docs/a.md", 3)
		once, twice := Diagnose(in(healthy(), d)), Diagnose(in(healthy(), d, d))
		if once.Score != twice.Score || dim(twice, dimLinks).Problems != 1 {
			t.Fatalf("once %s, twice %s", once.Verdict, twice.Verdict)
		}
	})
}
