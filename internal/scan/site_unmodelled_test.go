package scan

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
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

// TestTemplateHeadings: an anchor into a heading whose text a template tag
// fills at build time ("Configure {{% param "PRODUCT_NAME" %}}") is left
// unverified when it fits the heading's literal words around the tag; one
// that does not fit, or only repeats the literal words, stays broken.
func TestTemplateHeadings(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/debug.md": "# {% $frontmatter.title %}\n\n## {{% param \"PRODUCT_NAME\" %}} UI\n\n### Configure {{< param \"PRODUCT_NAME\" >}} for {{% param \"OS\" %}}\n",
		"docs/guide.md": "# Guide\n\nSee [ui](debug.md#alloy-ui), [linux](debug.md#configure-alloy-for-linux), " +
			"[bare](debug.md#ui), [other](debug.md#install-alloy), [words](debug.md#configure-for).\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	r := ix.relation(t, snapshot.RelLinksTo, "document:docs/guide.md", "document:docs/debug.md")
	if got, want := asStrings(r.Metadata["missingAnchors"]), []string{"configure-for", "install-alloy", "ui"}; !slices.Equal(got, want) {
		t.Errorf("missingAnchors = %q, want %q", got, want)
	}
	ix.wantCoverage(t, "docs/guide.md", "2 links to headings whose text a template tag fills", 0)
	for text, want := range map[string][]string{
		"Plain":                   {"Plain"},
		"{{% param X %}} UI":      {"", " UI"},
		"a {% tag %} b {{ c }} d": {"a ", " b ", " d"},
		"open {{ never closed":    {"open {{ never closed"},
		"set {x} and {{y}}":       {"set {x} and ", ""},
	} {
		if got, _ := templateParts(text); !slices.Equal(got, want) {
			t.Errorf("templateParts(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestAgentInstructionFiles: a relative link to no file in an AI agent's
// skill (under .claude/ or .agents/) is unverified, marked as read by an
// agent; the same link in a published page stays broken, and a path the
// skill names in a code span is still a claim to check.
func TestAgentInstructionFiles(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		".claude/skills/talk/transcript.md": "# Talk\n\n![slide](slides/01.jpg)\n",
		".agents/skills/release/SKILL.md":   "# Release\n\nRun `scripts/release.sh`. See [notes](notes.md).\n",
		"docs/guide.md":                     "# Guide\n\n![slide](slides/01.jpg)\n",
		"scripts/build.sh":                  "echo\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{
		".agents/skills/release/SKILL.md -> .agents/skills/release/notes.md (agent-instructions)",
		".claude/skills/talk/transcript.md -> .claude/skills/talk/slides/01.jpg (agent-instructions)",
		"docs/guide.md -> docs/slides/01.jpg",
	}
	if got := failingLinks(ix); !slices.Equal(got, want) {
		t.Errorf("failing links:\n got %q\nwant %q", got, want)
	}
	ix.relation(t, snapshot.RelMentions, "document:.agents/skills/release/SKILL.md", "unresolved:scripts/release.sh")
}

// TestPassthroughIDs: in a tree a generator the scan does not know renders
// (Franklin.jl's pages with front matter), the ids of a fence it may pass
// through as raw HTML (~~~ … ~~~, ~~~<span id>~~~) are anchors; a fence
// with a language stays code, a heading's underscore slug (#why_contribute)
// is no common slug, and on a page GitHub renders the same anchors are
// broken.
func TestPassthroughIDs(t *testing.T) {
	page := "---\ntitle: P\ndescription: d\n---\n\n# Contribute\n\n## Why contribute?\n\n~~~\n<h2 id=\"events\">Events</h2>\n~~~\n\n" +
		"```html\n<h2 id=\"sample\">Sample</h2>\n```\n\n" +
		"See [why](#why_contribute), [events](#events), [note](#fn1) and [sample](#sample).\n\n" +
		"~~~<span id=\"fn1\"></span>[1] ~~~ A note.\n"
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"site/contribute.md":  page,
		"site/about.md":       "---\ntitle: A\ndescription: d\n---\n\n# About\n",
		"site/more.md":        "---\ntitle: M\ndescription: d\n---\n\n# More\n",
		"notes/contribute.md": strings.Replace(page, "---\ntitle: P\ndescription: d\n---\n\n", "", 1),
	})
	want := []string{
		"notes/contribute.md -> notes/contribute.md#events", "notes/contribute.md -> notes/contribute.md#fn1",
		"notes/contribute.md -> notes/contribute.md#sample", "notes/contribute.md -> notes/contribute.md#why_contribute",
		"site/contribute.md -> site/contribute.md#sample", "site/contribute.md -> site/contribute.md#why_contribute",
	}
	if got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{}))); !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}

// TestTagPluginAnchors: an anchor into a page whose template tag builds ids
// from its argument ({% tabs Tab one %} writes #tab-one and #tab-one-2)
// is counted in the notes; one no argument starts, or that a short argument
// starts, stays broken.
func TestTagPluginAnchors(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"source/docs/tabs.md": "# Tabs\n\n{% tabs Tab one, 2 %}\n<!-- tab -->\nA\n{% endtabs %}\n\n{% video v1 %}\n\n" +
			"See [one](#tab-one), [pane](#tab-one-2), [two](#tab-two) and [v](#v1-intro).\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{"source/docs/tabs.md -> source/docs/tabs.md#tab-two", "source/docs/tabs.md -> source/docs/tabs.md#v1-intro"}
	if got := brokenAnchors(ix); !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	ix.wantCoverage(t, "source/docs/tabs.md", "a template tag of the page may build from its argument (Tab one)", 0)
}

// TestParadoxDirectiveLinks: a link a Paradox directive writes to API
// documentation (@scaladoc, @apidoc) is counted in the notes, not broken;
// one its @ref directive writes to a page is checked as any link.
func TestParadoxDirectiveLinks(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/actors.md": "# Actors\n\nExtend @scaladoc[Actor](pekko.actor.Actor) or @apidoc[Props](Props$), " +
			"see @ref[Streams](stream.md) and @ref[Gone](gone.md).\n",
		"docs/stream.md": "# Streams\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := brokenFrom(ix, "docs/"), []string{"docs/actors.md -> docs/gone.md"}; !slices.Equal(got, want) {
		t.Errorf("broken links %q, want %q", got, want)
	}
	ix.relation(t, snapshot.RelLinksTo, "document:docs/actors.md", "document:docs/stream.md")
	ix.wantCoverage(t, "docs/actors.md", "2 links to targets of link directives", 0)
}

// TestDocusaurusUnbuiltVersions: the pages of a Docusaurus version that
// versions.json no longer lists, and of its translations under i18n/, are
// marked unbuilt (reconcile reports nothing in them), with a note per
// directory; a listed version's pages and its translations are not.
func TestDocusaurusUnbuiltVersions(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"website/docusaurus.config.js":                                        "module.exports = { presets: [['classic', { docs: {} }]] };\n",
		"website/versions.json":                                               `["1.0"]`,
		"website/docs/intro.md":                                               "# Intro\n",
		"website/versioned_docs/version-1.0/intro.md":                         "# Intro\n\n[gone](gone.md)\n",
		"website/versioned_docs/version-0.9/intro.md":                         "# Intro\n\n[gone](gone.md)\n",
		"website/i18n/fr/docusaurus-plugin-content-docs/version-0.9/intro.md": "# Intro\n\n[gone](#nowhere)\n",
		"website/i18n/fr/docusaurus-plugin-content-docs/version-1.0/intro.md": "# Intro\n",
		"website/i18n/fr/docusaurus-plugin-content-docs/current/intro.md":     "# Intro\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	var unbuilt []string
	for _, e := range ix.ent {
		if dir, ok := e.Metadata[unbuiltKey].(string); ok {
			unbuilt = append(unbuilt, e.Path+" in "+dir)
		}
	}
	slices.Sort(unbuilt)
	want := []string{
		"website/i18n/fr/docusaurus-plugin-content-docs/version-0.9/intro.md in website/i18n/fr/docusaurus-plugin-content-docs/version-0.9",
		"website/versioned_docs/version-0.9/intro.md in website/versioned_docs/version-0.9",
	}
	if !slices.Equal(unbuilt, want) {
		t.Errorf("unbuilt:\n got %q\nwant %q", unbuilt, want)
	}
	ix.wantCoverage(t, "website/versioned_docs/version-0.9", "a docs version the site does not build", 0)
}

// TestGoEmbeddedMarkdown: a Markdown file a Go program embeds (a command's
// help text shown on a generated page) has its missing links — relative or
// root-absolute, the site's URLs — unverified, and its anchors into itself
// left to the page that shows it; the same file not embedded, or in a
// directory embedded whole (a content tree the program serves as pages of
// their own), keeps them broken.
func TestGoEmbeddedMarkdown(t *testing.T) {
	help := "# Mount\n\nSee [serve](/commands/rclone_serve/), [rc](rc) and [flags](#options).\n"
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"cmd/mount/mount.go":  "package mount\n\nimport _ \"embed\"\n\n//go:embed mount.md\nvar help string\n",
		"cmd/mount/mount.md":  help,
		"cmd/other/notes.md":  help,
		"vfs/vfs.go":          "package vfs\n\nimport \"embed\"\n\n//go:embed doc\nvar doc embed.FS\n",
		"vfs/doc/overview.md": "# VFS\n\n[rc](rc) [gone](#gone-section)\n",
		"vfs/help.go":         "package vfs\n\nimport _ \"embed\"\n\n//go:embed help/*.md\nvar help string\n",
		"vfs/help/flags.md":   "# Flags\n\n[rc](rc) [x](#options)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{
		"cmd/mount/mount.md -> cmd/mount/rc (embedded file)",
		"cmd/mount/mount.md -> commands/rclone_serve (embedded file)",
		"cmd/other/notes.md -> cmd/other/rc",
		"cmd/other/notes.md -> commands/rclone_serve",
		"vfs/doc/overview.md -> vfs/doc/rc",
		"vfs/help/flags.md -> vfs/help/rc (embedded file)",
	}
	if got := failingLinks(ix); !slices.Equal(got, want) {
		t.Errorf("failing links:\n got %q\nwant %q", got, want)
	}
	if got, want := brokenAnchors(ix), []string{"cmd/other/notes.md -> cmd/other/notes.md#options", "vfs/doc/overview.md -> vfs/doc/overview.md#gone-section"}; !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}
