package doctor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
)

// Each figure counts its subjects once, against its denominator; the text
// names the first maxFigurePaths and counts the rest, the JSON lists all.
// A near-twin finding at an area's directory (the comparison bound) is not
// a document, and a figure without a denominator prints the count alone.
func TestFigures(t *testing.T) {
	b := healthy()
	var ds []finding.Diagnostic
	for i := range 5 {
		p := fmt.Sprintf("docs/x%d.md", i)
		b.doc(p)
		ds = append(ds, diag(catalog.DocumentWithoutCode, p, 0))
	}
	ds = append(ds, diag(catalog.DocumentWithoutCode, "docs/x0.md", 0), // the same subject again
		diag(catalog.DocumentWithoutCode, "docs/x0.md", 2), // and on another line: still one subject
		diag(catalog.NearTwinDocument, "docs/x1.md", 0), diag(catalog.NearTwinDocument, "internal/y", 0),
		diag(catalog.CentralityRisk, "internal/hub", 0), diag(catalog.CentralityRisk, "internal/core", 0),
		diag(catalog.RequiredDocMissing, "internal/y", 0))
	r := Diagnose(in(b, ds...))
	want := map[string]string{
		catalog.DocumentWithoutCode: "documents without an edge into code: 5 of 9 (55.5 %) — docs/x0.md, docs/x1.md, docs/x2.md and 2 more",
		catalog.UndocumentedArea:    "areas without documentation: 1 of 2 (50.0 %) — internal/y",
		catalog.CentralityRisk:      "most central modules without documentation: 2 — internal/core, internal/hub",
		catalog.NearTwinDocument:    "documents with a near twin in their area: 1 of 9 (11.1 %) — docs/x1.md",
	}
	if len(r.Figures) != len(want) {
		t.Fatalf("figures %+v", r.Figures)
	}
	for _, fig := range r.Figures {
		if got := figureLine(fig); got != want[fig.Code] {
			t.Errorf("%s: %q, want %q", fig.Code, got, want[fig.Code])
		}
	}
	if p := r.Figures[0].Paths; len(p) != 5 || !slices.IsSorted(p) {
		t.Fatalf("paths %v", p)
	}
	var txt, js bytes.Buffer
	if err := WriteText(&txt, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "\nfigures (not scored; every path in --json):\n  "+want[catalog.DocumentWithoutCode]+"\n") {
		t.Fatalf("text:\n%s", txt.String())
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || !slices.Equal(back.Figures[0].Paths, r.Figures[0].Paths) {
		t.Fatalf("JSON: %v %+v", err, back.Figures)
	}
	// A denominator smaller than the count (checks.centralityTopN lowered
	// since the findings were computed) is raised to the count: a share
	// is never over 100 %.
	topN := in(b, ds...)
	topN.CentralityTopN = 1
	if got := figureLine(Diagnose(topN).Figures[2]); got != "most central modules without documentation: 2 of 2 (100.0 %) — internal/core, internal/hub" {
		t.Errorf("centrality over its top N: %q", got)
	}
	// An empty report still has its figures, as empty lists.
	if e := Diagnose(Input{}); len(e.Figures) != 4 || e.Figures[0].Paths == nil {
		t.Fatalf("empty: %+v", e.Figures)
	}
}

// The figures' codes are off by default: Silenced sees that, and Config
// turns them on (info) for the doctor's run, keeps every other counted
// code at its default and turns off what the doctor does not count.
func TestConfigTurnsFiguresOn(t *testing.T) {
	if !Silenced(nil) || !Silenced(config.Default()) {
		t.Fatal("the figures' codes are off by default; Silenced must say so")
	}
	on := config.Default()
	for _, c := range figureCodes {
		on.Checks.Severity[c] = catalog.Info
	}
	if Silenced(on) {
		t.Fatal("every counted code on, yet Silenced")
	}
	c := Config(on)
	for _, code := range catalog.Codes() {
		got := c.Checks.Level(code)
		r, _ := catalog.Lookup(code)
		switch {
		case slices.Contains(figureCodes, code):
			if got != catalog.Info {
				t.Errorf("%s: %s, want info", code, got)
			}
		case slices.Contains(codes(), code):
			if got != r.Severity {
				t.Errorf("%s: %s, want its default %s", code, got, r.Severity)
			}
		case got != catalog.Off:
			t.Errorf("%s: %s, want off (not counted)", code, got)
		}
	}
	if len(on.Checks.Severity) != len(figureCodes) {
		t.Fatal("Config changed the caller's configuration")
	}
}

// TestSilencedConfigTurnsOnOnlyWhatIsOff: the rerun check makes for the
// doctor runs exactly the counted codes its configuration turns off — the
// figures' codes by default, and a counted code a user turned off — at
// their default severity (info for a figure's code), and nothing else.
func TestSilencedConfigTurnsOnOnlyWhatIsOff(t *testing.T) {
	user := config.Default()
	user.Checks.Severity[catalog.BrokenLink] = catalog.Off
	user.Checks.Severity[catalog.CentralityRisk] = catalog.Warn
	for _, tc := range []struct {
		cfg  *config.Config
		want map[string]catalog.Level
	}{
		{nil, map[string]catalog.Level{catalog.DocumentWithoutCode: catalog.Info, catalog.UndocumentedArea: catalog.Info,
			catalog.CentralityRisk: catalog.Info, catalog.NearTwinDocument: catalog.Info}},
		{user, map[string]catalog.Level{catalog.DocumentWithoutCode: catalog.Info, catalog.UndocumentedArea: catalog.Info,
			catalog.NearTwinDocument: catalog.Info, catalog.BrokenLink: catalog.Error}},
	} {
		c := SilencedConfig(tc.cfg)
		for _, code := range catalog.Codes() {
			want, ok := tc.want[code]
			if !ok {
				want = catalog.Off
			}
			if got := c.Checks.Level(code); got != want {
				t.Errorf("%s: %s, want %s", code, got, want)
			}
		}
	}
}
