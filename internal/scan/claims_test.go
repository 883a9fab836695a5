package scan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
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
	got := unclaimedOf(scanDir(t, root, nil, Options{}), func(to string, m map[string]any) string {
		return fmt.Sprintf("%s %v %v %v", to, m["line"], m["text"], m["reason"])
	})
	want := []string{"unresolved:src/foo/main.go 3 src/foo/main.go placeholder", "unresolved:src/foo/main.go 5 src/foo/main.go placeholder"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("unclaimed\n got %q\nwant %q", got, want)
	}
}

// unclaimedOf renders, with show, every occurrence the relations' metadata
// unclaimed lists, in relation order.
func unclaimedOf(s *snapshot.Snapshot, show func(to string, m map[string]any) string) []string {
	var out []string
	for _, r := range s.Relations {
		list, _ := r.Metadata["unclaimed"].([]any)
		for _, v := range list {
			m, _ := v.(map[string]any)
			out = append(out, show(r.To, m))
		}
	}
	return out
}

// reasonOf shows an unclaimed occurrence as its target and reason.
func reasonOf(to string, m map[string]any) string { return fmt.Sprintf("%s %v", to, m["reason"]) }

func TestPathLocation(t *testing.T) {
	tests := []struct {
		text  string
		want  string
		last  int
		items []string
	}{
		{"a/b.go", "a/b.go", 0, nil},
		{"a/b.go:12", "a/b.go", 12, nil},
		{"a/b.go:12:5", "a/b.go", 12, nil},
		{"a/b.go:12-20", "a/b.go", 20, nil},
		{"a/b.ts#L10-L20", "a/b.ts", 20, nil},
		{"b.py#L5", "b.py", 5, nil},
		{"docs/x.md#usage", "docs/x.md", 0, nil},
		{"cli/cli#123", "cli/cli#123", 0, nil},
		{"Array#map", "Array#map", 0, nil},
		{"tests/test_x.py::TestY::test_z", "tests/test_x.py", 0, []string{"TestY", "test_z"}},
		{"tests/test_x.py::test_z[a-1]", "tests/test_x.py", 0, []string{"test_z"}},
		{"crates/x/src/y.rs::tests::name", "crates/x/src/y.rs", 0, []string{"tests", "name"}},
		{"crate::x::y", "crate::x::y", 0, nil},
		{"a/b.py::", "a/b.py::", 0, nil},
		{"a/b.py::x y", "a/b.py::x y", 0, nil},
	}
	for _, tc := range tests {
		got := pathLocation(tc.text)
		if got.path != tc.want || got.last != tc.last || !slices.Equal(got.items, tc.items) {
			t.Errorf("pathLocation(%q) = %+v, want %q %d %v", tc.text, got, tc.want, tc.last, tc.items)
		}
	}
}

// TestElsewhereCueNeedsAnotherRepository: a sentence that loads paths
// "from `owner/name`" speaks of that repository's files — unless owner/name
// is a directory here, when the paths are claims as usual; a page copied
// from another repository (its front matter says so) claims nothing here.
func TestElsewhereCueNeedsAnotherRepository(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"src/lib/a.go":             "package lib\n",
		"src/app/b.go":             "package app\n",
		".github/workflows/ci.yml": "on: push\n",
		"README.md": "# R\n\nLoad `.github/aw/gone.md` from `github/gh-aw`.\n\n" +
			"Copy `src/app/gone.go` from `src/lib`.\n",
		"themes/x/index.md": "---\nextra:\n  repository: https://github.com/someone/x-theme\n---\n# X\n\nEdit `src/app/templates/theme.html`.\n",
	})
	got := unclaimedOf(scanDir(t, root, nil, Options{}), reasonOf)
	slices.Sort(got)
	want := []string{
		"unresolved:.github/aw/gone.md sentence: from github/gh-aw",
		"unresolved:src/app/templates/theme.html a page copied from another repository",
	}
	if !slices.Equal(got, want) {
		t.Errorf("unclaimed\n got %q\nwant %q", got, want)
	}
}

// TestSitePagePathsAreTheReaders: a documentation site's page, or a guide,
// names the reader's project (`src/routes/about.tsx`, also written from
// ./ or ../), not this repository — unless the page is for contributors; the same span in a README or an architecture page is a
// claim.
func TestSitePagePathsAreTheReaders(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"src/routes/index.mdx":      "# Home\n",
		"src/lib/a.ts":              "export const a = 1;\n",
		"src/lib/b.tsx":             "export const b = 1;\n",
		"src/lib/c.go":              "package lib\n",
		"src/lib/d.ex":              "defmodule D do\nend\n",
		"site/mkdocs.yml":           "site_name: s\n",
		"site/docs/routing.md":      "# Routing\n\nA file `src/routes/about.tsx` serves /about.\n\nOur script is `../../src/routes/gone.ts`.\n",
		"README.md":                 "# R\n\nThe page lives in `src/routes/about.tsx`.\n",
		"guides/testing.md":         "# Testing\n\nYour tests share `src/routes/case.ex`.\n",
		"site/docs/CONTRIBUTING.md": "# Contributing\n\nThe build script is `src/routes/build.ts`.\n",
		"docs/architecture.md":      "# Architecture\n\nThe router was `src/routes/router.go`.\n",
	})
	s := scanDir(t, root, nil, Options{})
	unclaimed := unclaimedOf(s, reasonOf)
	var claims []string
	for _, r := range s.Relations {
		if r.Metadata["unclaimed"] == nil && strings.HasPrefix(r.To, "unresolved:src/") {
			claims = append(claims, strings.TrimPrefix(r.From, "document:")+" "+r.To)
		}
	}
	slices.Sort(claims)
	slices.Sort(unclaimed)
	if want := []string{"unresolved:src/routes/about.tsx a page for the project's users", "unresolved:src/routes/case.ex a page for the project's users", "unresolved:src/routes/gone.ts a page for the project's users"}; !slices.Equal(unclaimed, want) {
		t.Errorf("unclaimed = %q, want %q", unclaimed, want)
	}
	if want := []string{"README.md unresolved:src/routes/about.tsx", "docs/architecture.md unresolved:src/routes/router.go", "site/docs/CONTRIBUTING.md unresolved:src/routes/build.ts"}; !slices.Equal(claims, want) {
		t.Errorf("claims = %q, want %q", claims, want)
	}
}

// TestOriginOfThisRepository: a page whose front matter names this very
// repository is no copy from elsewhere: its missing paths stay claims and
// its broken relative links stay broken.
func TestOriginOfThisRepository(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"src/app/main.go": "package main\n",
		"themes/x/index.md": "---\nextra:\n  repository: https://github.com/Acme/Widgets.git\n---\n# X\n\n" +
			"Edit `src/app/templates/theme.html` and `src/app/gone.go`. See [shot](shot.png).\n",
	})
	cfg, err := config.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Project.Repository = "acme/widgets"
	s := scanDir(t, root, cfg, Options{})
	if got := unclaimedOf(s, reasonOf); len(got) != 0 {
		t.Errorf("unclaimed %q, want the spans of this repository's own page claimed", got)
	}
	if got, want := brokenFrom(newIndex(s), "themes/"), []string{"themes/x/index.md -> themes/x/shot.png"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
}

// TestForeignLanguageIsAnotherProjects: a source file in a language no
// file of the repository is written in (TypeScript named in a Python
// project: the JavaScript port's files) is another project's, near miss
// or not; a missing file in a language the repository has, and a missing
// script of a kind it has none of, are still claims.
func TestForeignLanguageIsAnotherProjects(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"src/agents/run.py":                "x = 1\n",
		"examples/mcp/sse_example/main.py": "x = 1\n",
		"examples/mcp/sse_example/README.md": "# SSE\n\nA Python port of the JS `examples/mcp/sse-example.ts`.\n\n" +
			"Run `examples/mcp/sse_example/server.py`, `src/agents/gone.py` and `scripts/release.sh`; see `examples/port/client.ts`.\n",
	})
	got := unclaimedOf(scanDir(t, root, nil, Options{}), reasonOf)
	slices.Sort(got)
	want := []string{
		"unresolved:examples/port/client.ts a language the repository has no file in",
	}
	var fuzzy []string
	for _, g := range got {
		if !strings.HasPrefix(g, "unresolved:") {
			fuzzy = append(fuzzy, g)
		}
	}
	if len(fuzzy) != 1 || !strings.HasSuffix(fuzzy[0], " a language the repository has no file in") {
		t.Errorf("the near miss examples/mcp/sse-example.ts: unclaimed %q, want it another project's", fuzzy)
	}
	if got = slices.DeleteFunc(got, func(g string) bool { return !strings.HasPrefix(g, "unresolved:") }); !slices.Equal(got, want) {
		t.Errorf("unclaimed\n got %q\nwant %q", got, want)
	}
}
