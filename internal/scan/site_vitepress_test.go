package scan

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestVitePressSite scans a VitePress site whose configuration sets
// srcDir, base and rewrites, with pages that include others: links by the
// base, to a rewritten page, and to headings an included file brings in
// resolve, while a deleted page and a renamed heading are still reported.
func TestVitePressSite(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"site/.vitepress/config.mts": `import { defineConfig } from 'vitepress'
export default ({ mode }) => defineConfig({
  srcDir: 'src',
  base: '/docs/',
  cleanUrls: true,
  rewrites: { 'packages/:pkg/src/(.*)': ':pkg/:0' },
})
`,
		"site/src/guide.md": "# Guide\n\n" +
			"[a](/docs/cli#standalone) [b](/cli#project) [c](/pkg-a/intro) [d](./cli.md#options) [e](/reference/part#region-heading)\n\n" +
			"Broken: [x](/docs/deleted) [y](/cli#old-flag) [z](/cli#partial)\n",
		"site/src/cli.md":                      "# CLI\n\n## Options\n\n<!--@include: ./cli-generated.md-->\n\n<!--@include: @/parts/more.md{3,}-->\n",
		"site/src/cli-generated.md":            "### standalone\n\nText.\n",
		"site/src/parts/more.md":               "# More\n\n### project\n",
		"site/src/parts/_partial.md":           "## partial\n",
		"site/src/packages/pkg-a/src/intro.md": "# Intro\n\n[back](../guide)\n",
		"site/src/reference/part.md":           "# Part\n\n<!--@include: ../parts/region.md#region-->\n",
		"site/src/parts/region.md":             "## Region heading\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const guide = "document:site/src/guide.md"
	rel := ix.relation(t, snapshot.RelLinksTo, guide, "document:site/src/cli.md")
	if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"old-flag", "partial"}) {
		t.Errorf("missingAnchors = %q, want the renamed heading and one no page includes", got)
	}
	ix.relation(t, snapshot.RelLinksTo, guide, "document:site/src/packages/pkg-a/src/intro.md")
	if r := ix.relation(t, snapshot.RelLinksTo, guide, "document:site/src/reference/part.md"); len(asStrings(r.Metadata["missingAnchors"])) != 0 {
		t.Errorf("a region include brings its headings: missing %q", asStrings(r.Metadata["missingAnchors"]))
	}
	var broken []string
	for _, r := range ix.rel {
		if r.Kind == snapshot.RelLinksTo && strings.HasPrefix(r.To, "unresolved:") && strings.HasPrefix(r.From, "document:site/") {
			broken = append(broken, r.From+" -> "+r.To)
		}
	}
	sort.Strings(broken)
	if want := []string{"document:site/src/guide.md -> unresolved:deleted"}; !slices.Equal(broken, want) {
		t.Errorf("broken links = %q, want %q", broken, want)
	}
}

// TestVitePressAttrsDelimiters: a configuration split over a config/
// directory sets markdown.attrs' delimiters; "Title %{#id}%" then gives
// the heading the id "id", and a link to another id is still broken. (The
// default "{#id}" is still accepted: the scan does not re-slug headings
// per site.)
func TestVitePressAttrsDelimiters(t *testing.T) {
	// VitePress 1's option names (markdown-it-attrs), then VitePress 2's
	// (@mdit/plugin-attrs).
	for _, attrs := range []string{"leftDelimiter: '%{', rightDelimiter: '}%'", "left: '%{', right: '}%'"} {
		root := t.TempDir()
		testtree.Write(t, root, map[string]string{
			"docs/.vitepress/config/index.ts":  "import { shared } from './shared'\nexport default defineConfig({ ...shared, lang: 'zh' })\n",
			"docs/.vitepress/config/shared.ts": "export const shared = defineConfig({ markdown: { attrs: { " + attrs + " } } })\n",
			"docs/api.md":                      "# API\n\n### StateTree %{#statetree}%\n\n### Other {#plain}\n",
			"docs/guide.md":                    "# Guide\n\n[a](./api.md#statetree) [b](./api.md#_statetree) [c](./api.md#plain)\n",
		})
		ix := newIndex(scanDir(t, root, nil, Options{}))
		rel := ix.relation(t, snapshot.RelLinksTo, "document:docs/guide.md", "document:docs/api.md")
		if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"_statetree"}) {
			t.Errorf("%s: missingAnchors = %q, want only _statetree", attrs, got)
		}
	}
}

// TestVitePressAttrsParagraph: markdown.attrs gives any element an id, not
// only a heading: a line "{#automocking-algorithm}" alone, or a paragraph
// ending in "{#id}", is an anchor of the page; an id nothing gives is still
// missing, and with attrs disabled none is given.
func TestVitePressAttrsParagraph(t *testing.T) {
	for _, tt := range []struct {
		name, config string
		want         []string
	}{
		{"default", "export default defineConfig({ title: 'x' })\n", []string{"_gone"}},
		{"disabled", "export default defineConfig({ markdown: { attrs: { disable: true } } })\n", []string{"_gone", "automocking-algorithm", "para"}},
	} {
		root := t.TempDir()
		testtree.Write(t, root, map[string]string{
			"docs/.vitepress/config.ts": tt.config,
			"docs/api.md":               "# API\n\nOtherwise it mocks everything:\n\n{#automocking-algorithm}\n\n- arrays are empty\n\nA paragraph. {#para}\n",
			"docs/guide.md":             "# Guide\n\n[a](./api.md#automocking-algorithm) [b](./api.md#para) [c](./api.md#_gone)\n",
		})
		ix := newIndex(scanDir(t, root, nil, Options{}))
		rel := ix.relation(t, snapshot.RelLinksTo, "document:docs/guide.md", "document:docs/api.md")
		if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, tt.want) {
			t.Errorf("%s: missingAnchors = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestVitePressRewriteChannel: a rewrites key whose first segment the
// configuration computes when it runs ([`${channel}/:path*`]) matches every
// value of it, and ":path*" takes the rest of the path: both channels' pages
// are served at the same URLs, so a link by that URL resolves from each; a
// page that is in neither is still reported.
func TestVitePressRewriteChannel(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"website/.vitepress/config.ts": "import { defineConfig } from 'vitepress'\n" +
			"const channel = process.env.DOCS_CHANNEL === 'latest' ? 'latest' : 'next';\n" +
			"export default defineConfig({ srcDir: 'src', cleanUrls: true, rewrites: { [`${channel}/:path*`]: ':path*' } })\n",
		"website/src/latest/docs/guide.md":         "# Guide\n\n[CLI](/docs/reference/cli#options) [Gone](/docs/gone)\n",
		"website/src/latest/docs/reference/cli.md": "# CLI\n\n## Options\n",
		"website/src/next/docs/guide.md":           "# Guide\n\n[CLI](/docs/reference/cli#options)\n",
		"website/src/next/docs/reference/cli.md":   "# CLI\n\n## Options\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	// One page answers a URL both channels serve: the channel built.
	ix.relation(t, snapshot.RelLinksTo, "document:website/src/latest/docs/guide.md", "document:website/src/latest/docs/reference/cli.md")
	if got, want := ix.unresolved("document:website/src/latest/docs/guide.md"), []string{"docs/gone"}; !slices.Equal(got, want) {
		t.Errorf("broken links of latest = %q, want %q", got, want)
	}
	if got := ix.unresolved("document:website/src/next/docs/guide.md"); len(got) != 0 {
		t.Errorf("broken links of next = %q, want none", got)
	}
}

// TestVuePressSite: a .vuepress directory makes its parent a site that
// resolves as VitePress does — root-absolute and .html links by the
// configuration's base, markdown-it's heading ids — and "@[code](path)"
// imports a file: through an alias it is noted, relative it must exist.
func TestVuePressSite(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"site/.vuepress/config.js": "import { defineUserConfig } from 'vuepress'\nexport default defineUserConfig({ base: '/docs/' })\n",
		"site/book/a.md": "# A\n\n[b](/docs/book/b.html#nushell-0-74) [c](./b.md#nushell-074) [self](#intro_notes)\n\n" +
			"## Intro notes\n\n@[code](@snippets/x.sh)\n\n@[code js{2}](./example.js)\n\n@[code](./missing.sh)\n",
		"site/book/b.md":       "# B\n\n## Nushell 0.74\n",
		"site/book/example.js": "x\n",
		"README.md":            "# R\n\n@[code](@snippets/x.sh)\n",
	})
	s := scanDir(t, root, nil, Options{})
	ix := newIndex(s)
	const a = "document:site/book/a.md"
	rel := ix.relation(t, snapshot.RelLinksTo, a, "document:site/book/b.md")
	if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"nushell-074"}) {
		t.Errorf("missingAnchors = %q, want the GitHub-style id only (markdown-it's is nushell-0-74)", got)
	}
	if got, want := ix.unresolved(a), []string{"site/book/missing.sh"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	if got, want := ix.unresolved("document:README.md"), []string{"@snippets/x.sh"}; !slices.Equal(got, want) {
		t.Errorf("outside the site an import is a link: broken links = %q, want %q", got, want)
	}
	var sites []string
	for _, c := range s.Coverage {
		if c.Analyzer == "sites" {
			sites = append(sites, c.Scope+": "+c.Reason)
		}
	}
	if !slices.Contains(sites, "site/book/a.md: 1 link code imports through an alias of the site's configuration (VuePress' @[code]), not checked") {
		t.Errorf("sites notes = %q, want the alias import noted", sites)
	}
}
