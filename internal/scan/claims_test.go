package scan

import (
	"fmt"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestUnclaimedOncePerOccurrence: a span that is no claim, written twice on
// one line and once more on another, is listed once per (line, text) in
// the relation's metadata unclaimed, with its reason.
func TestUnclaimedOncePerOccurrence(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"src/app/main.go": "package main\n",
		"README.md":       "# R\n\nEdit `src/foo/main.go`, then `src/foo/main.go` again.\n\nStill `src/foo/main.go`.\n",
	})
	s := scanDir(t, root, nil, Options{})
	var got []string
	for _, r := range s.Relations {
		list, _ := r.Metadata["unclaimed"].([]any)
		for _, v := range list {
			m, _ := v.(map[string]any)
			got = append(got, fmt.Sprintf("%s %v %v %v", r.To, m["line"], m["text"], m["reason"]))
		}
	}
	want := []string{"unresolved:src/foo/main.go 3 src/foo/main.go placeholder", "unresolved:src/foo/main.go 5 src/foo/main.go placeholder"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("unclaimed\n got %q\nwant %q", got, want)
	}
}
