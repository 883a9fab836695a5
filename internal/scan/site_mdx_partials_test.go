package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestMDXPartialAnchors: an MDX page renders the headings of the Markdown
// partials it imports and renders as components (relatively, through
// @site/, nested), so anchors into them resolve; an anchor of a page that
// renders a component module of the repository is counted, not reported;
// Docusaurus' .md pages are MDX too, other .md files are not;
// a package's component (@theme/Tabs) and an imported partial the page
// never renders add nothing, and an anchor matching nothing is still
// broken.
func TestMDXPartialAnchors(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"website/docusaurus.config.js":       "module.exports = { presets: [['classic', { docs: {} }]] };\n",
		"website/docs/_partials/_clone.mdx":  "import Nested from './_nested.md';\n\n## Clone the repository\n\n<Nested />\n",
		"website/docs/_partials/_nested.md":  "## Nested step\n",
		"website/docs/_partials/_unused.mdx": "## Never rendered\n",
		"website/docs/_partials/_shared.mdx": "## Shared step\n",
		"website/docs/setup.mdx": "---\ntitle: Setup\n---\nimport Clone from './_partials/_clone.mdx';\n" +
			"import Shared from '@site/docs/_partials/_shared.mdx';\nimport Unused from './_partials/_unused.mdx';\n" +
			"import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n# Setup\n\n" +
			"<Tabs>\n<TabItem value=\"a\">\n<Clone />\n</TabItem>\n</Tabs>\n\n<Shared/>\n\n" +
			"[a](#clone-the-repository) [b](#nested-step) [c](#shared-step) [d](#never-rendered) [e](#gone)\n",
		"website/docs/widget.mdx": "import Widget from '../src/components/Widget';\n\n# Widget\n\n<Widget />\n",
		"website/docs/plain.mdx":  "import Tabs from '@theme/Tabs';\n\n# Plain\n\n<Tabs></Tabs>\n",
		"website/docs/links.md": "# Links\n\n[a](setup.mdx#clone-the-repository) [b](setup.mdx#gone-too) " +
			"[c](widget.mdx#from-the-widget) [d](plain.mdx#not-there)\n",
		"website/docs/usage.md":             "import Shared from '/docs/_partials/_shared.mdx';\n\n# Usage\n\n<Shared />\n\n[a](#shared-step)\n",
		"notes/page.md":                     "import Shared from '../website/docs/_partials/_shared.mdx';\n\n# Notes\n\n<Shared />\n\n[a](#shared-step)\n",
		"website/src/components/Widget.tsx": "export default function Widget() { return <h2 id=\"from-the-widget\">W</h2>; }\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	var self []string
	for _, b := range asMaps(ix.entity(t, "document:website/docs/setup.mdx").Metadata["brokenAnchors"]) {
		self = append(self, b["anchor"].(string))
	}
	if want := []string{"never-rendered", "gone"}; !slices.Equal(self, want) {
		t.Errorf("brokenAnchors of setup.mdx = %q, want %q", self, want)
	}
	// Docusaurus reads .md files as MDX (a root-relative import is read
	// from the site's directory); GitHub, outside the site, does not.
	if b := ix.entity(t, "document:website/docs/usage.md").Metadata["brokenAnchors"]; b != nil {
		t.Errorf("usage.md: brokenAnchors %v, want none", b)
	}
	if b := asMaps(ix.entity(t, "document:notes/page.md").Metadata["brokenAnchors"]); len(b) != 1 {
		t.Errorf("notes/page.md: brokenAnchors %v, want #shared-step", b)
	}
	const links = "document:website/docs/links.md"
	for to, want := range map[string][]string{
		"document:website/docs/setup.mdx":  {"gone-too"},
		"document:website/docs/widget.mdx": nil,
		"document:website/docs/plain.mdx":  {"not-there"},
	} {
		rel := ix.relation(t, snapshot.RelLinksTo, links, to)
		if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, want) {
			t.Errorf("missingAnchors to %s = %q, want %q", to, got, want)
		}
	}
	ix.wantCoverage(t, "website/docs/links.md", "1 link to anchors of website/docs/widget.mdx, whose component <Widget> (website/src/components/Widget.tsx) may render headings the scan cannot see, not checked", 0)
}

// TestComponentAndLayoutAnchors: an Astro or Vue component whose markup
// renders no heading keeps a page's missing anchors reported (its literal
// ids are anchors of the page); one that renders a heading makes them
// unverified. An id a layout writes literally is an anchor of the pages
// of its directory, noted, not of pages elsewhere.
func TestComponentAndLayoutAnchors(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/src/components/Since.astro":    "---\nconst { v } = Astro.props;\n---\n<span>Added in {v}</span>\n",
		"docs/src/components/Feedback.astro": "<div id=\"feedback\"><slot /></div>\n",
		"docs/src/components/Section.vue":    "<template><h2 :id=\"slug\">{{ title }}</h2></template>\n",
		"docs/pages/a.mdx": "import Since from '../src/components/Since.astro';\nimport Feedback from '../src/components/Feedback.astro';\n\n" +
			"# A\n\n<Since v=\"2\" />\n\n<Feedback />\n\n[x](#feedback) [y](#gone)\n",
		"docs/pages/b.mdx":        "import Section from '../src/components/Section.vue';\n\n# B\n\n<Section title=\"T\" />\n\n[y](#generated)\n",
		"site/_includes/base.njk": "<main>{{ content | safe }}</main>\n<h2 id=\"further-reading\">Further reading</h2>\n",
		"site/posts/p.md":         "# P\n\n[a](#further-reading) [b](#nothing)\n",
		"other/q.md":              "# Q\n\n[a](#further-reading)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	for doc, want := range map[string][]string{
		"document:docs/pages/a.mdx": {"gone"},
		"document:docs/pages/b.mdx": nil,
		"document:site/posts/p.md":  {"nothing"},
		"document:other/q.md":       {"further-reading"},
	} {
		var got []string
		for _, b := range asMaps(ix.entity(t, doc).Metadata["brokenAnchors"]) {
			got = append(got, b["anchor"].(string))
		}
		if !slices.Equal(got, want) {
			t.Errorf("brokenAnchors of %s = %q, want %q", doc, got, want)
		}
	}
	ix.wantCoverage(t, "docs/pages/b.mdx", "whose component <Section> (docs/src/components/Section.vue) may render headings", 0)
	ix.wantCoverage(t, "site/posts/p.md", "1 link to anchors rendered by a layout (site/_includes/base.njk), not checked", 0)
}
