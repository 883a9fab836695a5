package scan

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

func TestPlaceholderDestination(t *testing.T) {
	tests := []struct {
		dest string
		want bool
	}{
		{"TODO", true},
		{"todo#section", true},
		{"TBD", true},
		{"FIXME", true},
		{"url", true}, // [x](<url>)
		{"link", true},
		{"xxx", true},
		{"XXXX", true},
		{"$BRANCH_URL", true},
		{"${base}/guide.md", true},
		{"{{ .Site.BaseURL }}/x", true},
		{"{% link a.md %}", true},
		{"...", true},
		{"docs/.../setup.md", true},
		{"docs/…/setup.md", true},
		{"%plugin_api_link%", true},
		{"topics/%var_1%#x", true},
		{"src/<filename>.py", true},
		{"<version>/notes.md", true},
		{"@API_URL@/cats/Functor.html", true},
		{"@API_LINK_BASE@cats/index.html", true},
		{"docs/@project.version@/x.md", true},
		{"{\"http://localhost:3000\"}", true},
		{"{props.href}", true},
		{"[url('/content/docs/install.md')]", true},
		{"[url('/content/docs/install.md')]#python", true},
		{"[notes]", false},
		{"docs/changelogs/vX.Y.md", true},
		{"docs/changelogs/v0.1.md", false},
		// Real targets, reported when missing.
		{"docs/gone.md", false},
		{"TODO.md", false},
		{"{draft}/notes.md", false},
		{"docs/TODO", false},
		{"../README.md", false},
		{"./x", false},
		{"xx", false},
		{"urls.md", false},
		{"$", false},
		{"", false},
		{"price$.md", false},
		{"100%.md", false},
		{"%20gone%.md", false},
		{"%%", false},
		{"a<b.md", false},
		{"a<1x>.md", false},
		{"node_modules/@types/node/index.d.ts", false},
		{"mailto-me@example.com/x", false},
		{"a@@b.md", false},
		{"v@1.2@.md", false},
	}
	for _, tt := range tests {
		if got := placeholderDestination(tt.dest); got != tt.want {
			t.Errorf("placeholderDestination(%q) = %v, want %v", tt.dest, got, tt.want)
		}
	}
}

// TestTestInputTrees scans a repository with fixture books, a Jekyll
// source, data directories and a linter's test case inside test trees, a
// site with sections named fixtures and tests, and the tests' own READMEs,
// and checks which documents the scan marks as test input and the
// coverage note of each tree.
func TestTestInputTrees(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"README.md":                                       "# R\n",
		"tests/README.md":                                 "# How to run the tests\n",
		"docs/dev/tests/strategy.md":                      "# How we test\n",
		"tests/link-fragments.md":                         "# A linter's test case\n",
		"tests/e2e/readme.markdown":                       "# The end-to-end tests\n",
		"tests/books/basic/book.toml":                     "[book]\n",
		"tests/books/basic/src/SUMMARY.md":                "- [A](a.md)\n",
		"tests/books/basic/src/a.md":                      "# A\n",
		"tests/books/bare/src/SUMMARY.md":                 "- [A](a.md)\n",
		"test/source/_posts/2020-01-01-x.md":              "# X\n",
		"test/source/about.md":                            "# About\n",
		"e2e/site/mkdocs.yml":                             "site_name: x\n",
		"e2e/site/docs/index.md":                          "# I\n",
		"pkg/x/testdata/in.md":                            "# In\n",
		"src/__fixtures__/a.md":                           "# A\n",
		"web/__e2e__/cases/nav.md":                        "# An end-to-end test's page\n",
		"web/__e2e__/README.md":                           "# How to run the end-to-end tests\n",
		"cmd/fixtures/repo/.github/ISSUE_TEMPLATE/bug.md": "# Bug\n",
		"docs/mkdocs.yml":                                 "site_name: d\ndocs_dir: content\n",
		"docs/content/index.md":                           "# Home\n",
		"docs/content/fixtures/index.md":                  "# Writing fixtures\n",
		"docs/content/tests/visual.md":                    "# A page of the site's tests section\n",
		"hsite/hugo.toml":                                 "title = 'h'\n",
		"hsite/content/tests/visual.md":                   "# A page of the Hugo site's tests section\n",
		"hsite/tests/goldens/index.md":                    "# Expected output\n",
		// Playgrounds: pages to try a generator out, copied or broken on
		// purpose; inside a site, a section named playground is content.
		"playground/src/pages/index.mdx":            "# Try it\n",
		"packages/ui/playground/content/0.index.md": "# Try the UI\n",
		"docs/content/playground/index.md":          "# The playground's page\n",
		"test_site/config.toml":                     "title = 't'\n",
		"test_site/content/posts/draft.md":          "# A draft the tests build\n",
		"tools/test-project/README.md":              "# How the test project is set up\n",
		"examples/benchmark/README.md":              "# How to run the benchmark\n",
		"examples/benchmark/source/intro.md":        "# A copied book the benchmark builds\n",
		// A book outside a test tree is documentation.
		"guide/book.toml":      "[book]\n",
		"guide/src/SUMMARY.md": "- [A](a.md)\n",
	})
	s := scanDir(t, root, nil, Options{})
	var marked []string
	for _, e := range s.Entities {
		if e.Kind == snapshot.KindDocument && e.Metadata[testInputKey] != nil {
			marked = append(marked, e.Path+" in "+e.Metadata[testInputKey].(string))
		}
	}
	want := []string{
		"cmd/fixtures/repo/.github/ISSUE_TEMPLATE/bug.md in cmd/fixtures",
		"e2e/site/docs/index.md in e2e/site",
		"examples/benchmark/source/intro.md in examples/benchmark",
		"hsite/tests/goldens/index.md in hsite/tests",
		"packages/ui/playground/content/0.index.md in packages/ui/playground",
		"pkg/x/testdata/in.md in pkg/x/testdata",
		"playground/src/pages/index.mdx in playground",
		"src/__fixtures__/a.md in src/__fixtures__",
		"test/source/_posts/2020-01-01-x.md in test/source",
		"test/source/about.md in test/source",
		"test_site/content/posts/draft.md in test_site",
		"tests/books/bare/src/SUMMARY.md in tests/books/bare",
		"tests/books/basic/src/SUMMARY.md in tests/books/basic",
		"tests/books/basic/src/a.md in tests/books/basic",
		"tests/link-fragments.md in tests",
		"web/__e2e__/cases/nav.md in web/__e2e__",
	}
	if !slices.Equal(marked, want) {
		t.Errorf("test input:\n got %q\nwant %q", marked, want)
	}
	var notes []string
	for _, c := range s.Coverage {
		if c.Analyzer == "documents" {
			notes = append(notes, c.Scope+": "+c.Reason)
		}
	}
	wantNotes := []string{
		"cmd/fixtures: test input, a directory of test data: 1 document(s) whose links, anchors, paths and front matter are not checked",
		"e2e/site: test input, an MkDocs site a test builds (inside a test tree): 1 document(s) whose links, anchors, paths and front matter are not checked",
		"examples/benchmark: test input, Markdown in a test tree, other than its README: 1 document(s) whose links, anchors, paths and front matter are not checked",
		"hsite/tests: test input, Markdown in a test tree, other than its README: 1 document(s) whose links, anchors, paths and front matter are not checked",
		"packages/ui/playground: test input, a directory of test data: 1 document(s) whose links, anchors, paths and front matter are not checked",
		"pkg/x/testdata: test input, a directory of test data: 1 document(s) whose links, anchors, paths and front matter are not checked",
		"playground: test input, a directory of test data: 1 document(s) whose links, anchors, paths and front matter are not checked",
		"src/__fixtures__: test input, a directory of test data: 1 document(s) whose links, anchors, paths and front matter are not checked",
		"test/source: test input, a Jekyll site a test builds (inside a test tree): 2 document(s) whose links, anchors, paths and front matter are not checked",
		"test_site: test input, a Hugo site a test builds (inside a test tree): 1 document(s) whose links, anchors, paths and front matter are not checked",
		"tests/books/bare: test input, an mdBook book a test builds (inside a test tree): 1 document(s) whose links, anchors, paths and front matter are not checked",
		"tests/books/basic: test input, an mdBook book a test builds (inside a test tree): 2 document(s) whose links, anchors, paths and front matter are not checked",
		"tests: test input, Markdown in a test tree, other than its README: 1 document(s) whose links, anchors, paths and front matter are not checked",
		"web/__e2e__: test input, Markdown in a test tree, other than its README: 1 document(s) whose links, anchors, paths and front matter are not checked",
	}
	slices.Sort(notes)
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("notes:\n got %q\nwant %q", notes, wantNotes)
	}
}

// FuzzPlaceholderDestination: any destination is judged without a panic,
// and what the judgement reads (the path before # and ?) decides it.
func FuzzPlaceholderDestination(f *testing.F) {
	for _, s := range []string{"TODO", "$BRANCH_URL", "docs/.../x.md", "docs/gone.md", "url#a?b", "{{x}}", "…", "#", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, dest string) {
		got := placeholderDestination(dest)
		if got != placeholderDestination(dest+"#fragment") && !strings.ContainsAny(dest, "#?") {
			t.Fatalf("a fragment changed the judgement of %q", dest)
		}
	})
}
