package markdown

import (
	"maps"
	"testing"
)

// FieldLines points at each kept key's own file line, including keys after
// a multi-line value and with the front matter starting on line 1.
func TestFrontMatterFieldLines(t *testing.T) {
	y := `Area: scan
Keywords:
  - extraction
  - yaml
Summary: >
  folded
  text
Date: 2024-01-02
nested: {a: 1}
docbridge:
  covers: [area:src]
Status: superseded
`
	d := Extract("docs/k.md", withFrontMatter(y))
	fm := d.FrontMatter
	// YAML line k is file line k+1; nested (not a scalar) and docbridge are
	// not fields, so they have no line either.
	want := map[string]int{"Area": 2, "Keywords": 3, "Summary": 6, "Date": 9, "Status": 13}
	if !maps.Equal(fm.FieldLines, want) {
		t.Errorf("FieldLines = %v, want %v", fm.FieldLines, want)
	}
	if fm.Fields["Keywords"] != "extraction, yaml" {
		t.Errorf("Keywords = %q", fm.Fields["Keywords"])
	}
	for k := range fm.Fields {
		if _, ok := fm.FieldLines[k]; !ok {
			t.Errorf("field %q has no line", k)
		}
	}
}

// The bound on Fields bounds FieldLines too: both keep the same keys.
func TestFrontMatterFieldLinesBounded(t *testing.T) {
	var y string
	for i := range maxFields + 3 {
		y += "k" + string(rune('a'+i/26)) + string(rune('a'+i%26)) + ": v\n"
	}
	fm := Extract("docs/k.md", withFrontMatter(y)).FrontMatter
	if len(fm.FieldLines) != maxFields || len(fm.Fields) != maxFields {
		t.Fatalf("len(FieldLines) = %d, len(Fields) = %d, want %d", len(fm.FieldLines), len(fm.Fields), maxFields)
	}
	for k := range fm.Fields {
		if _, ok := fm.FieldLines[k]; !ok {
			t.Errorf("field %q has no line", k)
		}
	}
}
