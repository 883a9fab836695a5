package report

import (
	"reflect"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

func TestSeverityOf(t *testing.T) {
	for _, tc := range []struct {
		level catalog.Level
		want  string
	}{
		{catalog.Error, SeverityHigh},
		{catalog.Warn, SeverityMedium},
		{catalog.Info, SeverityLow},
		{catalog.Off, severityInfo},
		{"critical", severityInfo},
		{"", severityInfo},
	} {
		if got := SeverityOf(tc.level); got != tc.want {
			t.Errorf("SeverityOf(%q) = %q, want %q", tc.level, got, tc.want)
		}
	}
	// Every level of the catalog maps to a distinct severity, never
	// "critical".
	seen := map[string]bool{}
	for _, l := range catalog.Levels {
		s := SeverityOf(l)
		if seen[s] || !slices.Contains(Severities, s) {
			t.Errorf("level %s maps to %s: not a distinct reporting severity", l, s)
		}
		seen[s] = true
	}
}

func TestFromDiagnostics(t *testing.T) {
	in := []finding.Diagnostic{
		{ID: "2", Code: catalog.BrokenLink, Severity: "error", Message: "m2",
			Evidence: []finding.Location{{Path: "b.md", Line: 3}, {Path: "c.md", Line: -4}}, EntityIDs: []string{"z", "a"}, Remediation: "r"},
		{ID: "1", Code: "NOT_A_CODE", Severity: "warn", Message: "m1"},
		{ID: "3", Code: catalog.ImportCycle, Severity: "warn", Message: "m3", Evidence: []finding.Location{{Path: "b.md", Line: 1}}, Occurrences: 3},
	}
	before := cloneDiagnostics(in)
	got := fromDiagnostics(in, StatusNew)
	if !reflect.DeepEqual(in, before) {
		t.Errorf("fromDiagnostics modified its input")
	}
	if ids := []string{got[0].ID, got[1].ID, got[2].ID}; !slices.Equal(ids, []string{"1", "3", "2"}) {
		t.Errorf("order %v, want canonical (path, line): 1 (no path), 3 (b.md:1), 2 (b.md:3)", ids)
	}
	byID := map[string]Finding{}
	for _, f := range got {
		byID[f.ID] = f
		if f.Status != StatusNew {
			t.Errorf("%s: status %q", f.ID, f.Status)
		}
		if f.Severity != SeverityOf(f.Level) {
			t.Errorf("%s: severity %s for level %s", f.ID, f.Severity, f.Level)
		}
	}
	bl, _ := catalog.Lookup(catalog.BrokenLink)
	f := byID["2"]
	if f.Title != bl.Title || f.HelpURL != bl.URL() || f.Detail != "m2" || f.Remediation != "r" || f.Level != "error" {
		t.Errorf("finding 2 does not carry the catalog's title and link or the diagnostic's text: %+v", f)
	}
	if want := []Location{{"b.md", 3}, {"c.md", 0}}; f.Location != want[0] || !slices.Equal(f.Evidence, want) {
		t.Errorf("finding 2: location %v evidence %v, want %v (a negative line is the whole file)", f.Location, f.Evidence, want)
	}
	if !slices.Equal(f.EntityIDs, []string{"z", "a"}) {
		t.Errorf("entity ids %v: the diagnostic's order is kept", f.EntityIDs)
	}
	if c := byID["3"]; c.Detail != "m3 (3×)" || c.Occurrences != 3 || byID["1"].Occurrences != 0 || byID["1"].Detail != "m1" {
		t.Errorf("a finding standing for 3 identical ones must say so once, in every format: %+v", c)
	}
	u := byID["1"]
	if u.Title != "NOT_A_CODE" || u.HelpURL != catalog.DocsURL || u.Location != (Location{}) || u.Evidence == nil || u.EntityIDs == nil {
		t.Errorf("a code outside the catalog: %+v", u)
	}
	for _, tc := range []struct {
		lines []int
		want  string
	}{
		{[]int{4, 4}, "m (2×)"},
		{[]int{4, 9}, "m (2×, also line 9)"},
		{[]int{4, 9, 12}, "m (3×, also lines 9, 12)"},
		{[]int{4, 5, 6, 7, 8, 9, 10, 11}, "m (8×, also lines 5, 6, 7, 8, 9 and 2 more)"},
	} {
		ev := []finding.Location{}
		for _, l := range tc.lines {
			ev = append(ev, finding.Location{Path: "a.md", Line: l})
		}
		ev = append(ev, finding.Location{Path: "other.md", Line: 2}) // another file's evidence is no occurrence
		d := finding.Diagnostic{ID: "x", Code: catalog.BrokenAnchor, Message: "m", Evidence: ev, Occurrences: len(tc.lines)}
		if got := fromDiagnostics([]finding.Diagnostic{d}, "")[0].Detail; got != tc.want {
			t.Errorf("lines %v: detail %q, want %q", tc.lines, got, tc.want)
		}
	}
	if len(fromDiagnostics(nil, "")) != 0 || fromDiagnostics(nil, "") == nil {
		t.Errorf("no diagnostics must give an empty, non-nil list")
	}
}

func cloneDiagnostics(ds []finding.Diagnostic) []finding.Diagnostic {
	out := make([]finding.Diagnostic, len(ds))
	for i, d := range ds {
		d.Evidence = slices.Clone(d.Evidence)
		d.EntityIDs = slices.Clone(d.EntityIDs)
		out[i] = d
	}
	return out
}
