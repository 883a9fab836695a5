package scan

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// unresolved lists, sorted, the targets of the links from the entity from
// that name nothing ("unresolved:<path>").
func (ix *index) unresolved(from string) []string {
	var out []string
	for _, r := range ix.rel {
		if r.Kind == snapshot.RelLinksTo && r.From == from && strings.HasPrefix(r.To, "unresolved:") {
			out = append(out, strings.TrimPrefix(r.To, "unresolved:"))
		}
	}
	sort.Strings(out)
	return out
}

func TestResolveURL(t *testing.T) {
	for _, c := range []struct {
		page          string
		trailingSlash bool
		ref, want     string
	}{
		{"/a/b", true, "../c", "/a/c"},
		{"/a/b", false, "../c", "/c"},
		{"/a/b", false, "c", "/a/c"},
		{"/a/b", true, "c/", "/a/b/c"},
		{"/", true, "c", "/c"},
		{"/", false, "../c", "/c"},
		{"/a/b", true, "/x/y", "/x/y"},
	} {
		if got := resolveURL(c.page, c.trailingSlash, c.ref); got != c.want {
			t.Errorf("resolveURL(%q, %v, %q) = %q, want %q", c.page, c.trailingSlash, c.ref, got, c.want)
		}
	}
}

func TestBaseReadings(t *testing.T) {
	for _, c := range []struct {
		u, base    string
		baseIsRoot bool
		want       []string
	}{
		{"/docs/a", "/docs/", false, []string{"/a", "/docs/a"}},
		{"/docs/a", "/", false, []string{"/docs/a"}},
		{"/docsx/a", "/docs/", true, []string{"/docsx/a"}},
		{"/docs", "/docs/", true, []string{"/", "/docs"}},
		{"/docs", "/docs/", false, []string{"/docs"}},
	} {
		if got := baseReadings(c.u, c.base, c.baseIsRoot); !slices.Equal(got, c.want) {
			t.Errorf("baseReadings(%q, %q, %v) = %q, want %q", c.u, c.base, c.baseIsRoot, got, c.want)
		}
	}
}

func TestFileRoute(t *testing.T) {
	for rel, want := range map[string]string{
		"a/b.mdx":    "a/b",
		"a/index.js": "a",
		"index.tsx":  ".",
		"indexes.md": "indexes",
	} {
		if got := fileRoute(rel); got != want {
			t.Errorf("fileRoute(%q) = %q, want %q", rel, got, want)
		}
	}
}

func TestPathsBelow(t *testing.T) {
	paths := []string{"a.md", "d/x.md", "d/y/z.md", "d.md", "dd/x.md", "e/x.md"}
	slices.Sort(paths)
	if got, want := pathsBelow(paths, "d"), []string{"d/x.md", "d/y/z.md"}; !slices.Equal(got, want) {
		t.Errorf("pathsBelow(d) = %q, want %q", got, want)
	}
	if got := pathsBelow(paths, "f"); len(got) != 0 {
		t.Errorf("pathsBelow(f) = %q, want none", got)
	}
}

func TestLinkURLPath(t *testing.T) {
	for dest, want := range map[string]string{
		"a/b%20c/?x=1#h": "a/b c/",
		"../x#y":         "../x",
		"%zz":            "%zz",
	} {
		if got := linkURLPath(dest); got != want {
			t.Errorf("linkURLPath(%q) = %q, want %q", dest, got, want)
		}
	}
}
