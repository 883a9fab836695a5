package scan

import (
	"slices"
	"testing"
)

// TestExportReader: the registry's language analyzers read a module's
// export names (a Go method by its name, no private Python name); a path
// no language takes is no module and has none.
func TestExportReader(t *testing.T) {
	r := NewExportReader()
	defer r.Close()
	for _, tc := range []struct {
		path, src string
		module    bool
		want      []string
	}{
		{"pkg/store.go", "package store\n\n// Store stores.\ntype Store struct{}\n\n// Open opens.\nfunc (s *Store) Open() {}\n\nfunc hidden() {}\n", true, []string{"Store", "Open"}},
		{"web/api.ts", "export function fetchUser() {}\nexport const LIMIT = 3;\nfunction local() {}\n", true, []string{"fetchUser", "LIMIT"}},
		{"lib/util.py", "def public():\n    pass\n\ndef _private():\n    pass\n", true, []string{"public"}},
		{"docs/guide.md", "# Guide\n", false, nil},
	} {
		if got := IsModule(tc.path); got != tc.module {
			t.Errorf("IsModule(%s) = %v, want %v", tc.path, got, tc.module)
		}
		got := r.Names(tc.path, []byte(tc.src))
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("Names(%s) = %q, want %q", tc.path, got, want)
		}
	}
	if got := r.Names("pkg/store.go", nil); got != nil {
		t.Errorf("no data: %q", got)
	}
}
