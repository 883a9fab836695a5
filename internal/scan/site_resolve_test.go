package scan

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// brokenIn lists what a document's links leave broken, as reconcile reads
// it: "link:<target>" for a link into nothing, "anchor:<doc>#<anchor>" for
// a missing anchor of another document, "self#<anchor>" for one of its own.
func brokenIn(ix *index, doc string) []string {
	from := "document:" + doc
	var out []string
	for _, r := range ix.s.Relations {
		if r.From != from || r.Kind != snapshot.RelLinksTo {
			continue
		}
		if strings.HasPrefix(r.To, snapshot.KindUnresolved+":") {
			out = append(out, "link:"+strings.TrimPrefix(r.To, snapshot.KindUnresolved+":"))
		}
		for _, a := range asStrings(r.Metadata["missingAnchors"]) {
			out = append(out, "anchor:"+strings.TrimPrefix(r.To, "document:")+"#"+a)
		}
	}
	for _, b := range asMaps(ix.ent[from].Metadata["brokenAnchors"]) {
		out = append(out, fmt.Sprint("self#", b["anchor"]))
	}
	sort.Strings(out)
	return out
}

// TestGeneratorSites scans testdata/gensites: an MkDocs site (docs_dir,
// pymdownx.slugs, attr_list, snippets with a base_path), an mdBook book
// (src, .html links, {{#include}}), a Jekyll site (baseurl, permalink,
// {% link %}, {% post_url %}, kramdown ids) and a plain directory. Each
// site's links that work there resolve; a deleted page and a renamed
// heading in each are still broken.
func TestGeneratorSites(t *testing.T) {
	ix := newIndex(scanDir(t, "testdata/gensites", nil, Options{}))
	tests := []struct {
		doc  string
		want []string
	}{
		{"mk/content/index.md", []string{"anchor:mk/content/setup.md#install-upgrade", "link:mk/content/removed.md"}},
		{"mk/snippets/shared.md", nil}, // its link is written from the page it lands in
		{"book/pages/chapter.md", []string{"anchor:book/pages/other.md#foo-bar-baz", "link:book/pages/gone.md", "link:book/pages/inc/missing.md"}}, // a missing {{#include}} fails the build
		{"site/index.md", []string{"anchor:site/docs/guide.md#old-heading", "link:site/docs/missing.md"}},
		// ../x/ from the page served at ar/building-community/ is ar/x/, the
		// Arabic page, not the English one beside the Arabic directory.
		{"site/_articles/ar/building-community.md", []string{"anchor:site/_articles/ar/starting-a-project.md#write-a-readme", "link:site/_articles/ar/deleted-article"}},
		// SUMMARY.md's missing chapters are created by mdBook, unless the
		// book says [build] create-missing = false.
		{"book/pages/SUMMARY.md", nil},
		{"strict/src/SUMMARY.md", []string{"link:strict/src/missing.md"}},
		{"plain/readme.md", []string{"self#nowhere"}},
	}
	for _, tt := range tests {
		if got := brokenIn(ix, tt.doc); !slices.Equal(got, tt.want) {
			t.Errorf("%s: broken %q, want %q", tt.doc, got, tt.want)
		}
	}
	for _, w := range []struct{ root, reason string }{
		{"mk/content", "mkdocs site detected from mk/mkdocs.yml"},
		{"book/pages", "mdbook site detected from book/book.toml"},
		{"site", "jekyll site detected from site/_config.yml"},
	} {
		ix.wantCoverage(t, w.root, w.reason, 0)
	}
	// The links that resolve are relations to the pages.
	ix.relation(t, snapshot.RelLinksTo, "document:site/index.md", "document:site/install.md")
	ix.relation(t, snapshot.RelLinksTo, "document:site/index.md", "document:site/_posts/2020-01-01-hello.md")
	ix.relation(t, snapshot.RelLinksTo, "document:site/index.md", "document:site/docs/guide.md")
	ix.relation(t, snapshot.RelLinksTo, "document:mk/snippets/shared.md", "document:mk/content/setup.md")
	ix.relation(t, snapshot.RelLinksTo, "document:book/pages/SUMMARY.md", "document:book/pages/chapter.md")
}
