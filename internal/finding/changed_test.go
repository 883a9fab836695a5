package finding

import (
	"slices"
	"testing"
)

func TestFilterChanged(t *testing.T) {
	ds := []Diagnostic{
		diag("1", "docs/a.md", 3),
		{ID: "2", Evidence: []Location{{Path: "docs/b.md", Line: 1}, {Path: "docs/a.md", Line: 7}}}, // a.md only as secondary evidence
		diag("3", "docs/c.md", 0),
		{ID: "4"}, // repository-level
		diag("5", "docs/a.md", 9),
	}
	tests := []struct {
		changed []string
		want    []string
	}{
		{[]string{"docs/a.md"}, []string{"1", "5"}},
		{[]string{"docs/c.md", "docs/b.md"}, []string{"2", "3"}},
		{[]string{"docs"}, []string{}}, // a directory is not its files
		{nil, []string{}},
	}
	for _, tt := range tests {
		got := FilterChanged(ds, tt.changed)
		if got == nil || !slices.Equal(ids(got), tt.want) {
			t.Errorf("FilterChanged(%v) = %v, want %v", tt.changed, ids(got), tt.want)
		}
	}
}
