package scan

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestHugoMountTemplate: a Hugo site whose module mounts live in a template
// its build renders (config/_default/module-template.yaml, the rendered
// module.yaml git-ignored) mounts content from a directory the build fills:
// links under that mount are unverified, not broken, while a link to a page
// missing from content the checkout holds is still broken. Without the
// template the same links are broken.
func TestHugoMountTemplate(t *testing.T) {
	files := map[string]string{
		"config/_default/hugo.yaml": "title: Site\ndefaultContentLanguage: en\n",
		"config/_default/module-template.yaml": "mounts:\n" +
			"  - source: content/en\n    target: content\n" +
			"  - source: tmp/spec/specification\n    target: content/docs/specs/otel\n",
		"content/en/docs/_index.md":       "# Docs\n",
		"content/en/docs/specs/_index.md": "# Specs\n",
		"content/en/docs/guide.md": "# Guide\n\nSee [trace](/docs/specs/otel/trace/api/), [logs](/docs/specs/otel/logs/), " +
			"[specs](/docs/specs/) and [gone](/docs/removed-page/).\n",
	}
	root := t.TempDir()
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := brokenFrom(ix, "content/"), []string{"content/en/docs/guide.md -> content/en/docs/removed-page"}; !slices.Equal(got, want) {
		t.Errorf("with the template: broken links %q, want %q", got, want)
	}
	ix.wantCoverage(t, "content/en/docs/guide.md", "2 links into Hugo content mounted from tmp/spec/specification", 0)

	delete(files, "config/_default/module-template.yaml")
	root = t.TempDir()
	testtree.Write(t, root, files)
	got := brokenFrom(newIndex(scanDir(t, root, nil, Options{})), "content/")
	for _, want := range []string{"specs/otel/logs", "specs/otel/trace/api"} {
		if !slices.ContainsFunc(got, func(b string) bool { return strings.HasSuffix(b, want) }) {
			t.Errorf("without the template: broken links %q, want one to %s", got, want)
		}
	}
}

// TestSphinxObjectReferences: under Sphinx, MyST reads "#Name" that names
// no heading or label as a cross-reference to a documented object; an
// anchor in a heading's or label's shape that matches none stays broken,
// and in a mystmd project (no Sphinx domains) an object-shaped anchor is
// broken too.
func TestSphinxObjectReferences(t *testing.T) {
	page := "# Spawners\n\n(spawner-label)=\n## Options\n\n" +
		"See [](#Spawner), [](#Spawner.start_timeout), [](#jupyterhub.app.JupyterHub), [label](#Spawner-Label), " +
		"[options](#options) and [gone](#old-options).\n"
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/conf.py":      "extensions = ['myst_parser', 'sphinx.ext.autodoc']\n",
		"docs/index.md":     "# Project\n",
		"docs/spawners.md":  page,
		"other/myst.yml":    "version: 1\n",
		"other/index.md":    "# Other\n",
		"other/spawners.md": page,
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	var got []string
	for _, doc := range []string{"document:docs/spawners.md", "document:other/spawners.md"} {
		for _, a := range asMaps(ix.entity(t, doc).Metadata["brokenAnchors"]) {
			got = append(got, doc+"#"+a["anchor"].(string))
		}
	}
	want := []string{
		"document:docs/spawners.md#old-options",
		"document:other/spawners.md#Spawner", "document:other/spawners.md#Spawner.start_timeout",
		"document:other/spawners.md#jupyterhub.app.JupyterHub", "document:other/spawners.md#old-options",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	ix.wantCoverage(t, "docs/spawners.md", "to objects of Sphinx domains", 0)
	for _, a := range []string{"Spawner", "HubAuth.allow_token_in_url", "a.B", "_private.X"} {
		if !objectShaped(a) {
			t.Errorf("objectShaped(%q) = false", a)
		}
	}
	for _, a := range []string{"", "options", "spawner-label", "Spawner-Label", "a..b", "9lives.X", "Über"} {
		if objectShaped(a) {
			t.Errorf("objectShaped(%q) = true", a)
		}
	}
}

// TestNestedHeadingIDs: a tree no known generator renders whose failing
// same-page anchors join a section's heading to its parent's
// ("#Options-port", svelte.dev's ids) reads them so; an anchor that joins
// two headings not nested stays broken, and a single such anchor is no
// evidence.
func TestNestedHeadingIDs(t *testing.T) {
	page := "---\ntitle: Adapter\ndescription: Adapter\n---\n\n# Adapter\n\n## Options\n\n### port\n\n### host\n\n## Environment variables\n\n### IDLE_TIMEOUT\n\n" +
		"See [port](#Options-port), [host](#Options-host), [idle](#Environment-variables-IDLE_TIMEOUT) and [wrong](#Options-IDLE_TIMEOUT).\n"
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"documentation/docs/10-adapter.md": page,
		"documentation/docs/20-other.md":   "---\ntitle: Other\ndescription: Other\n---\n\n# Other\n\n## Options\n\n### port\n",
		"documentation/docs/30-more.md":    "---\ntitle: More\ndescription: More\n---\n\n# More\n",
	})
	if got, want := brokenAnchors(newIndex(scanDir(t, root, nil, Options{}))), []string{
		"documentation/docs/10-adapter.md -> documentation/docs/10-adapter.md#Options-IDLE_TIMEOUT",
	}; !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}

	root = t.TempDir()
	testtree.Write(t, root, map[string]string{
		"documentation/docs/10-adapter.md": "---\ntitle: Adapter\ndescription: Adapter\n---\n\n# Adapter\n\n## Options\n\n### port\n\nSee [port](#Options-port).\n",
		"documentation/docs/20-other.md":   "---\ntitle: Other\ndescription: Other\n---\n\n# Other\n",
		"documentation/docs/30-more.md":    "---\ntitle: More\ndescription: More\n---\n\n# More\n",
	})
	if got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{}))); len(got) != 1 {
		t.Errorf("one nested anchor alone: broken anchors %q, want it reported", got)
	}
}
