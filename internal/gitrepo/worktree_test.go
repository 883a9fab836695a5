package gitrepo

import (
	"maps"
	"testing"
)

// TestParseRenames reads git diff --name-status -z output: renames only,
// and a record cut short is no rename.
func TestParseRenames(t *testing.T) {
	out := []byte("M\x00docs/a.md\x00R087\x00src/old.go\x00src/new.go\x00D\x00gone.md\x00C075\x00a.go\x00b.go\x00R100\x00x y.md\x00z.md\x00")
	want := map[string]string{"src/old.go": "src/new.go", "x y.md": "z.md"}
	if got := parseRenames(out); !maps.Equal(got, want) {
		t.Errorf("parseRenames = %v, want %v", got, want)
	}
	if got := parseRenames([]byte("R090\x00only-one\x00")); len(got) != 0 {
		t.Errorf("a record cut short: %v", got)
	}
}
