package scan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

func TestDocumentationSiteLinks(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/.vitepress/config.ts": "export default {}\n",
		"docs/guide/index.md": "# Guide\n\n[a](/config/options#speed) [b](/config/options.html) [c](../config/) " +
			"[d](/config/missing) [e](/config/options#nope) ![logo](/logo.svg)\n",
		"docs/public/logo.svg":   "<svg/>\n",
		"docs/config/options.md": "# Options\n\n## Speed\n",
		"docs/config/index.md":   "# Config\n",
		"README.md":              "# Readme\n\n[site style](docs/config/options) [github style](docs/config/options.md)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const guide, options = "document:docs/guide/index.md", "document:docs/config/options.md"
	rel := ix.relation(t, snapshot.RelLinksTo, guide, options)
	if got := strings.Join(asStrings(rel.Metadata["missingAnchors"]), ","); got != "nope" {
		t.Errorf("missingAnchors = %q, want only nope (speed is a heading)", got)
	}
	if len(rel.Evidence) != 3 {
		t.Errorf("the site-root link, the .html link and the anchored one all reach options.md: %d evidence", len(rel.Evidence))
	}
	ix.relation(t, snapshot.RelLinksTo, guide, "document:docs/config/index.md")
	ix.relation(t, snapshot.RelLinksTo, guide, "unresolved:config/missing")
	ix.noRelation(t, snapshot.RelLinksTo, guide, "unresolved:logo.svg")
	// Outside the site, GitHub's rules: an extensionless link is broken.
	ix.relation(t, snapshot.RelLinksTo, "document:README.md", "unresolved:docs/config/options")
	ix.relation(t, snapshot.RelLinksTo, "document:README.md", options)
}

// TestVuePressPublicAssets: VuePress serves its public directory,
// .vuepress/public, at the site's root, and a directory's README.md as its
// index.html; an asset or a page missing there is still broken.
func TestVuePressPublicAssets(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/.vuepress/config.js":           "module.exports = {title: 'x'}\n",
		"docs/.vuepress/public/img/logo.svg": "<svg/>\n",
		"docs/README.md":                     "# Home\n\n![logo](/img/logo.svg) ![gone](/img/gone.svg)\n",
		"docs/zh/README.md":                  "# 首页\n",
		"docs/zh/guide/a.md":                 "# A\n\n[home](../index.html) [gone](../nope/index.html)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	// A directory's README.md is its index.html.
	ix.relation(t, snapshot.RelLinksTo, "document:docs/zh/guide/a.md", "document:docs/zh/README.md")
	ix.relation(t, snapshot.RelLinksTo, "document:docs/zh/guide/a.md", "unresolved:docs/zh/nope/index.html")
	ix.noRelation(t, snapshot.RelLinksTo, "document:docs/README.md", "unresolved:img/logo.svg")
	ix.relation(t, snapshot.RelLinksTo, "document:docs/README.md", "unresolved:img/gone.svg")
}

func TestSymbolMentionsPreferTheProjectsOwnAPI(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"src/server.ts":                "export function createServer() {}\nexport const serve = 1;\n",
		"src/other.ts":                 "export const serve = 2;\n",
		"playground/a/server.js":       "export function createServer() {}\n",
		"src/__tests__/server.test.ts": "export function createServer() {}\nexport function onlyInTests() {}\n",
		"README.md":                    "# Readme\n\nCall `createServer()`; `serve` and again `serve`; the helper `onlyInTests`.\n",
	})
	s := scanDir(t, root, nil, Options{})
	ix := newIndex(s)
	ix.relation(t, snapshot.RelMentionsSymbol, "document:README.md", "module:src/server.ts")
	ix.noRelation(t, snapshot.RelMentionsSymbol, "document:README.md", "module:playground/a/server.js")
	ix.relation(t, snapshot.RelMentionsSymbol, "document:README.md", "module:src/__tests__/server.test.ts")
	notes := ix.coverage("README.md", "`serve`")
	if len(notes) != 1 || !strings.Contains(notes[0].Reason, "(2 mentions)") || notes[0].Line != 3 {
		t.Errorf("want one note for both mentions of the ambiguous serve, got %+v", notes)
	}
}

// TestEveryReferenceResolvesPastTheEvidenceBound: a long document's links
// are all checked; only the evidence it contributes is bounded.
func TestEveryReferenceResolvesPastTheEvidenceBound(t *testing.T) {
	files := map[string]string{}
	var b strings.Builder
	b.WriteString("# Index\n\nNot paths: `//`, `a//b`, `../`, `./` and `..`.\n\n")
	for i := 0; i < 100; i++ {
		p := fmt.Sprintf("docs/p%03d.md", i)
		files[p] = "# Page\n"
		fmt.Fprintf(&b, "- [page %d](%s) and again [it](%s)\n", i, p, p)
	}
	b.WriteString("- [broken](docs/nope.md)\n")
	files["README.md"] = b.String()
	root := t.TempDir()
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	for i := 0; i < 100; i++ {
		r := ix.relation(t, snapshot.RelLinksTo, "document:README.md", fmt.Sprintf("document:docs/p%03d.md", i))
		if want := 2; i >= maxDocumentEvidence/2 {
			want = 1
			if len(r.Evidence) != want {
				t.Fatalf("link %d past the bound keeps %d evidence items, want its first only", i, len(r.Evidence))
			}
		} else if len(r.Evidence) != want {
			t.Fatalf("link %d within the bound keeps %d evidence items, want %d", i, len(r.Evidence), want)
		}
	}
	ix.relation(t, snapshot.RelLinksTo, "document:README.md", "unresolved:docs/nope.md")
	meta := ix.entity(t, "document:README.md").Metadata
	if meta["evidenceTruncated"] != true || meta["referenceCount"] != 206 {
		t.Errorf("the document must record the truncation and its 206 references (201 links, 5 code spans): %v", meta)
	}
	for id := range ix.ent {
		if strings.HasPrefix(id, "unresolved:") && id != "unresolved:docs/nope.md" {
			t.Errorf("unexpected %s", id)
		}
	}
}

func TestLinksToTheDocumentItselfAreAnchorsNotLoops(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/a.md": "---\ndocbridge:\n  covers: [document:docs/a.md]\n---\n# A\n\n## Usage\n\n[here](a.md#usage) [there](./a.md#gone) [top](a.md) [same](#nope)\n",
	})
	s := scanDir(t, root, nil, Options{})
	for _, r := range s.Relations {
		if r.From == r.To {
			t.Errorf("self-loop %s", r.ID)
		}
	}
	ix := newIndex(s)
	ix.wantCoverage(t, "docs/a.md", "to itself", 3)
	broken := asMaps(ix.entity(t, "document:docs/a.md").Metadata["brokenAnchors"])
	if len(broken) != 2 || broken[0]["anchor"] != "gone" || broken[1]["anchor"] != "nope" {
		t.Errorf("brokenAnchors = %v, want gone and nope", broken)
	}
}
