package report

import (
	"encoding/json"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// fixedReport holds a finding whose edit was located twice on its line,
// one whose edit was not located (the file was not read), and one without
// edits.
func fixedReport() *Report {
	ds := []finding.Diagnostic{
		{ID: "a1", Code: catalog.BrokenAnchor, Severity: catalog.Warn, Message: "anchor #instal matches no heading of docs/b.md; did you mean #install?",
			Evidence: []finding.Location{{Path: "docs/a.md", Line: 3}}, Remediation: "Link to #install, the heading anchor nearest to #instal.",
			Edits: []finding.Edit{{Path: "docs/a.md", Line: 3, Kind: finding.EditLink, Old: "b.md#instal", New: "b.md#install", Columns: []int{5, 30}}}},
		{ID: "b2", Code: catalog.DriftLink, Severity: catalog.Error, Message: "link `x.md`: x.md was moved to y/x.md by this change",
			Evidence: []finding.Location{{Path: "docs/c.md", Line: 7}},
			Edits:    []finding.Edit{{Path: "docs/c.md", Line: 7, Kind: finding.EditLink, Old: "x.md", New: "y/x.md"}}},
		{ID: "c3", Code: catalog.BrokenLink, Severity: catalog.Error, Message: "link to gone.md: no such file",
			Evidence: []finding.Location{{Path: "docs/d.md", Line: 1}}},
	}
	return Build(Input{Version: "1.2.3", Project: "demo", Diagnostics: ds})
}

// A located edit is a SARIF fix: one replacement per occurrence, the
// deleted region spanning the old text on its line; a finding whose edits
// were not located, or that has none, carries no fixes. The log stays
// valid SARIF 2.1.0.
func TestSARIFFixes(t *testing.T) {
	data := renderSARIF(t, fixedReport(), SARIFOptions{})
	if err := validateSARIF(t, sarifSchema(t), data); err != nil {
		t.Fatalf("not valid SARIF 2.1.0: %v", err)
	}
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	byID := map[string]sarifResult{}
	for _, r := range log.Runs[0].Results {
		byID[r.PartialFingerprints[fingerprintKey]] = r
	}
	fixes := byID["a1"].Fixes
	if len(fixes) != 1 || len(fixes[0].ArtifactChanges) != 1 {
		t.Fatalf("a1 fixes = %+v, want one fix with one artifact change", fixes)
	}
	ch := fixes[0].ArtifactChanges[0]
	if ch.ArtifactLocation.URI != "docs/a.md" || len(ch.Replacements) != 2 {
		t.Fatalf("a1 change = %+v", ch)
	}
	want := []sarifRegion{{StartLine: 3, StartColumn: 5, EndColumn: 16}, {StartLine: 3, StartColumn: 30, EndColumn: 41}}
	for i, r := range ch.Replacements {
		if r.DeletedRegion != want[i] || r.InsertedContent.Text != "b.md#install" {
			t.Errorf("replacement %d = %+v %q, want %+v %q", i, r.DeletedRegion, r.InsertedContent.Text, want[i], "b.md#install")
		}
	}
	if fixes[0].Description.Text != "Link to #install, the heading anchor nearest to #instal." {
		t.Errorf("description = %q", fixes[0].Description.Text)
	}
	for _, id := range []string{"b2", "c3"} {
		if byID[id].Fixes != nil {
			t.Errorf("%s has fixes %+v, want none", id, byID[id].Fixes)
		}
	}
	// Without any edit, no result names fixes at all.
	var raw map[string]any
	if err := json.Unmarshal(renderSARIF(t, sampleReport(), SARIFOptions{}), &raw); err != nil {
		t.Fatal(err)
	}
	for _, r := range results(raw) {
		if _, ok := r.(map[string]any)["fixes"]; ok {
			t.Errorf("a result without edits has fixes: %v", r)
		}
	}
}
