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
// a package's component (@theme/Tabs) and an imported partial the page
// never renders add nothing, and an anchor matching nothing is still
// broken.
func TestMDXPartialAnchors(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"website/docusaurus.config.js": "module.exports = { presets: [['classic', { docs: {} }]] };\n",
		"website/docs/_partials/_clone.mdx": "import Nested from './_nested.md';\n\n## Clone the repository\n\n<Nested />\n",
		"website/docs/_partials/_nested.md": "## Nested step\n",
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
