package scan

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestPathsFromTheCloneDirectory: a span written from the directory a
// clone makes (`kustomize/functions/examples/application-cr/` in kubernetes-sigs/
// kustomize) names the path after it, when the repository's name is known
// and the rest starts at a top-level directory: it resolves, and a stale
// one is a claim (no "first directory only"). A span that goes on inside
// the repository's own directory of that name is read as it is; without
// the repository's name the span agrees only at its first directory. A
// span written from a tree that holds the clone (a workspace's
// packages/kustomize/, though the repository has a packages/kustomize of
// its own) is read the same way.
func TestPathsFromTheCloneDirectory(t *testing.T) {
	doc := "# Basics\n\nSee `kustomize/functions/examples/application-cr/` and `kustomize/functions/examples/inject-tshirt-sizes`, and `kustomize/main.go`.\n" +
		"From the workspace: `packages/kustomize/functions/examples/application-cr/main.go`, `packages/kustomize/functions/examples/gone.go`.\n"
	for _, tt := range []struct {
		name, config string
		unresolved   []string // unresolved entities, with the reason when unclaimed
	}{
		{"named", "project:\n  repository: kubernetes-sigs/kustomize\n", []string{"unresolved:functions/examples/gone.go", "unresolved:functions/examples/inject-tshirt-sizes"}},
		{"unnamed", "", []string{"unresolved:kustomize/functions/examples/application-cr first directory only", "unresolved:kustomize/functions/examples/inject-tshirt-sizes first directory only", "unresolved:packages/kustomize/functions/examples/application-cr/main.go", "unresolved:packages/kustomize/functions/examples/gone.go"}},
	} {
		root := t.TempDir()
		files := map[string]string{
			"functions/examples/application-cr/main.go": "package main\n",
			"kustomize/main.go":                         "package main\n",
			"packages/kustomize/README.md":              "# The npm package\n",
			"docs/basics.md":                            doc,
		}
		if tt.config != "" {
			files["docbridge.yaml"] = tt.config
		}
		testtree.Write(t, root, files)
		s := scanDir(t, root, nil, Options{})
		var got []string
		for _, r := range s.Relations {
			if r.From != "document:docs/basics.md" || !strings.HasPrefix(r.To, "unresolved:") {
				continue
			}
			entry := r.To
			if list, _ := r.Metadata["unclaimed"].([]any); len(list) > 0 {
				m, _ := list[0].(map[string]any)
				entry += " " + m["reason"].(string)
			}
			got = append(got, entry)
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.unresolved) {
			t.Errorf("%s: unresolved %q, want %q", tt.name, got, tt.unresolved)
		}
	}
}
