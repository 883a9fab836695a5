package scan

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

const hugoGuide = "document:site/content/en/docs/guide.md"

// TestHugoSite scans testdata/hugo: a Hugo site with language content
// directories, module mounts (one whose source is absent), a link render
// hook, blackfriday heading ids, an include shortcode and an archetype. Every
// link the guide writes Hugo's way resolves; the deleted page, the renamed
// heading, the GitHub-style slug and the missing ref are still reported.
func TestHugoSite(t *testing.T) {
	ix := newIndex(scanDir(t, "testdata/hugo", nil, Options{}))

	// The broken links are exactly the deleted page and the missing ref.
	var broken []string
	for _, r := range ix.s.Relations {
		if r.Kind == snapshot.RelLinksTo && r.From == hugoGuide && strings.HasPrefix(r.To, snapshot.KindUnresolved+":") {
			broken = append(broken, r.To)
		}
	}
	sort.Strings(broken)
	want := []string{"unresolved:site/content/en/docs/missing-page", "unresolved:site/content/en/docs/removed"}
	if !slices.Equal(broken, want) {
		t.Errorf("broken links = %q, want %q", broken, want)
	}

	// Resolved targets, each a relation.
	for _, to := range []string{
		"site/content/en/docs/setup/index.md",     // /docs/setup/, ../setup/, ref "setup"
		"site/content/en/docs/Getting Started.md", // /Docs/Getting-Started/, alias, relref by file name
		"site/shared/common.md",                   // mount, not the repository's shared/common.md
		"site/content/en/docs/widgets.md",         // open page
	} {
		ix.relation(t, snapshot.RelLinksTo, hugoGuide, "document:"+to)
	}
	// The French guide links into the English tree (no French setup page);
	// /fr/docs/guide/ from the English guide is the English guide itself.
	ix.relation(t, snapshot.RelLinksTo, "document:site/content/fr/docs/guide.md", "document:site/content/en/docs/setup/index.md")
	// A broken link and a broken ref to the same root-absolute page name
	// the same path: under the page's own (French) content root.
	frGuide := "document:site/content/fr/docs/guide.md"
	for _, r := range ix.s.Relations {
		if r.From == frGuide && r.Kind == snapshot.RelLinksTo && strings.HasPrefix(r.To, snapshot.KindUnresolved+":") && r.To != "unresolved:site/content/fr/docs/nowhere" {
			t.Errorf("French guide: broken link to %s, want only site/content/fr/docs/nowhere", r.To)
		}
	}
	if n := len(ix.relation(t, snapshot.RelLinksTo, frGuide, "unresolved:site/content/fr/docs/nowhere").Evidence); n != 2 {
		t.Errorf("French guide: %d evidence for site/content/fr/docs/nowhere, want 2 (the link and the ref)", n)
	}

	// Anchors: Hugo's blackfriday ids, explicit ids and included headings
	// resolve; the renamed heading and the missing ref anchor do not.
	setup := ix.relation(t, snapshot.RelLinksTo, hugoGuide, "document:site/content/en/docs/setup/index.md")
	if got := asStrings(setup.Metadata["missingAnchors"]); !slices.Equal(got, []string{"gone", "old-heading"}) {
		t.Errorf("missingAnchors into setup = %q, want [gone old-heading]", got)
	}
	var self []string
	for _, b := range asMaps(ix.ent[hugoGuide].Metadata["brokenAnchors"]) {
		self = append(self, fmt.Sprint(b["anchor"]))
	}
	if !slices.Equal(self, []string{"upgrade--downgrade"}) {
		t.Errorf("brokenAnchors = %q, want [upgrade--downgrade] (github's slug, not blackfriday's)", self)
	}
	widgets := ix.relation(t, snapshot.RelLinksTo, hugoGuide, "document:site/content/en/docs/widgets.md")
	if got := asStrings(widgets.Metadata["missingAnchors"]); len(got) != 0 {
		t.Errorf("missingAnchors into a page with a {{%% %%}} shortcode = %q, want none (noted)", got)
	}

	ix.wantCoverage(t, "site", "Hugo site (configuration site/hugo.toml)", 0)
	ix.wantCoverage(t, "site", "link render hook site/layouts/_default/_markup/render-link.html", 0)
	ix.wantCoverage(t, "site/content/en/docs/guide.md", "1 link into Hugo content mounted from site/generated/spec", 0)
	ix.wantCoverage(t, "site/content/en/docs/guide.md", "whose shortcode widget-table may render headings", 0)
	if c := ix.coverage("site/config/production", "Hugo site"); len(c) != 0 {
		t.Errorf("an environment directory is no site: %v", c)
	}

	// The archetype is a template: no FRONT_MATTER_INVALID, no links.
	for _, c := range ix.s.Coverage {
		if c.Scope == "site/archetypes/default.md" && c.Code != "" {
			t.Errorf("archetype coverage with a code: %+v", c)
		}
	}
	for _, r := range ix.s.Relations {
		if r.From == "document:site/archetypes/default.md" && r.Kind == snapshot.RelLinksTo {
			t.Errorf("archetype link relation %s", r.To)
		}
	}
	// A relative link of an include file nobody known includes is noted;
	// its root-absolute link is still checked.
	ix.wantCoverage(t, "site/content/en/docs/_includes/orphan.md", "1 link relative, in an _includes file", 0)
	ix.wantCoverage(t, "site/content/en/docs/_includes/orphan.md", "an _includes file whose including pages are not known", 0)
	if b := ix.ent["document:site/content/en/docs/_includes/orphan.md"].Metadata["brokenAnchors"]; b != nil {
		t.Errorf("orphan include: brokenAnchors %v, want none (noted)", b)
	}
	ix.relation(t, snapshot.RelLinksTo, "document:site/content/en/docs/_includes/orphan.md", "unresolved:site/content/en/docs/removed")

	// An include of a page whose shortcodes may render headings is open too.
	ix.wantCoverage(t, "site/content/en/docs/_includes/widget-snippet.md", "of site/content/en/docs/widgets.md, which includes it", 0)

	// Outside the site, GitHub's rules still apply.
	ix.relation(t, snapshot.RelLinksTo, "document:README.md", hugoGuide)
}

// TestHugoSiteConfigured: docbridge.yaml overrides the content roots and
// the id type, and generator none turns a detected site off.
func TestHugoSiteConfigured(t *testing.T) {
	cfg := config.Default()
	cfg.Sites = []config.Site{{Root: "site", Generator: config.GeneratorHugo, HeadingIDs: "github",
		ContentDirs: []string{"content/en"}}}
	ix := newIndex(scanDir(t, "testdata/hugo", cfg, Options{}))
	var self []string
	for _, b := range asMaps(ix.ent[hugoGuide].Metadata["brokenAnchors"]) {
		self = append(self, fmt.Sprint(b["anchor"]))
	}
	// Under github ids, #upgrade-downgrade is the broken one.
	if !slices.Equal(self, []string{"upgrade-downgrade"}) {
		t.Errorf("brokenAnchors = %q, want [upgrade-downgrade]", self)
	}
	ix.wantCoverage(t, "site", "docbridge.yaml sites over site/hugo.toml", 0)

	cfg.Sites = []config.Site{{Root: "site", Generator: config.GeneratorNone}}
	ix = newIndex(scanDir(t, "testdata/hugo", cfg, Options{}))
	if c := ix.coverage("site", "Hugo site"); len(c) != 0 {
		t.Errorf("generator none left the site: %v", c)
	}
	// GitHub's rules: /docs/setup/ is the repository's docs/setup.
	ix.relation(t, snapshot.RelLinksTo, hugoGuide, "unresolved:docs/setup")
}

func TestHugoGeneratedPath(t *testing.T) {
	s := &hugoSite{generated: []string{"tags", "categories"}, outputs: []string{"sitemap", "robots", "index", "404", "llms"}}
	for v, want := range map[string]bool{
		"tags": true, "tags/cli": true, "sitemap.xml": true, "llms.txt": true, "index.xml": true, "docs/index.xml": true,
		"docs/tags": false, "index.html": false, "docs/guide": false, "robots": false,
	} {
		if got := s.generatedPath(v); got != want {
			t.Errorf("generatedPath(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestHugoSourcesFrom: a page resolves into its own content roots first,
// innermost first (content/en before content), then in mount order.
func TestHugoSourcesFrom(t *testing.T) {
	s := &hugoSite{content: []hugoMount{{source: "site/content"}, {source: "site/content/en"}, {source: "site/shared", target: "docs/shared"}}}
	for _, tc := range []struct {
		doc, v string
		want   []string
	}{
		{"site/content/en/docs/a.md", "docs/b", []string{"site/content/en/docs/b", "site/content/docs/b", "site/content/docs/b", "site/content/en/docs/b"}},
		{"site/content/docs/a.md", "docs/b", []string{"site/content/docs/b", "site/content/docs/b", "site/content/en/docs/b"}},
		{"other/a.md", "docs/shared/x", []string{"site/content/docs/shared/x", "site/content/en/docs/shared/x", "site/shared/x"}},
	} {
		if got := s.sourcesFrom(tc.doc, tc.v); !slices.Equal(got, tc.want) {
			t.Errorf("sourcesFrom(%q, %q) = %q, want %q", tc.doc, tc.v, got, tc.want)
		}
	}
	d := &docRefs{}
	if got := d.hugoBrokenTarget(s, "site/content/en/docs/a.md", markdown.Link{Destination: "/docs/gone/#x"}); got != "site/content/en/docs/gone" {
		t.Errorf("hugoBrokenTarget = %q, want the page's innermost content root", got)
	}
}

// TestHugoLinkIntoIgnoredContent: pages a build step writes into a Hugo
// site's content tree, which git ignores (by a nested .gitignore or a
// pattern at the root), are on the published site: a link to them is a
// note, not a broken link. A page no rule ignores is still reported.
func TestHugoLinkIntoIgnoredContent(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"hugo.yaml":                          "title: Example\n",
		".gitignore":                         "content/docs/cmd/tool*\n",
		"content/docs/components/.gitignore": "generated.md\nsection/\n",
		"content/docs/components/_index.md":  "# Components\n",
		"content/docs/cmd/_index.md":         "# Commands\n",
		"content/docs/guide.md": "# Guide\n\n" +
			"[Generated](/docs/components/generated/#spec)\n" +
			"[Section](/docs/components/section/)\n" +
			"[Command](/docs/cmd/tool_run/)\n" +
			"[Missing](/docs/components/missing/)\n",
	})
	s := scanDir(t, root, nil, Options{})
	ix := newIndex(s)
	if got, want := ix.unresolved("document:content/docs/guide.md"), []string{"content/docs/components/missing"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	found := false
	for _, c := range s.Coverage {
		if c.Scope == "content/docs/guide.md" && c.Reason == "3 links into paths git ignores in the site's source (build output), not checked" {
			found = true
		}
	}
	if !found {
		t.Errorf("no note for the three links into ignored content: %+v", s.Coverage)
	}
}

// TestHugoPermalinks: a section's permalink pattern serves its regular
// pages at the URL the pattern gives (the front matter date, slug or title,
// the file or bundle name); a link by that URL resolves, a link by a URL
// the pattern does not give is broken, and a page without the date the
// pattern needs keeps its file's path.
func TestHugoPermalinks(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"hugo.yaml":                         "permalinks:\n  blog: /:section/:year/:month/:slug/\n  news: /:year/:filename/\n",
		"content/blog/_index.md":            "# Blog\n",
		"content/blog/2021-01-06-update.md": "---\ntitle: January 2021 Update\ndate: 2021-01-06 12:30:00+00:00\n---\n# Update\n\n![Diagram](../../../../img/diagram.png)\n",
		"static/img/diagram.png":            "png",
		"content/blog/bundle/index.md":      "---\ntitle: Bundle\nslug: My Slug\ndate: 2021-02-03\n---\n# Bundle\n",
		"content/blog/undated.md":           "---\ntitle: Undated\n---\n# Undated\n",
		"content/news/launch.md":            "---\ntitle: Launch\ndate: 2022-05-01T00:00:00Z\n---\n# Launch\n",
		"content/docs/guide.md": "# Guide\n\n" +
			"[a](/blog/2021/01/january-2021-update/) [b](/blog/2021/02/my-slug/) [c](/blog/undated/) [d](/2022/launch/)\n\n" +
			"Broken: [x](/blog/2021/02/january-2021-update/)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const guide = "document:content/docs/guide.md"
	for _, to := range []string{"content/blog/2021-01-06-update.md", "content/blog/bundle/index.md", "content/blog/undated.md", "content/news/launch.md"} {
		ix.relation(t, snapshot.RelLinksTo, guide, "document:"+to)
	}
	if got, want := ix.unresolved(guide), []string{"content/blog/2021/02/january-2021-update"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	// Served at /blog/2021/01/january-2021-update/, the post reads
	// ../../../../img/diagram.png as /img/diagram.png: a static file, not a
	// link out of the repository.
	const post = "content/blog/2021-01-06-update.md"
	if got := ix.unresolved("document:" + post); len(got) != 0 {
		t.Errorf("broken links of the post = %q, want none", got)
	}
	for _, c := range ix.s.Coverage {
		if c.Scope == post {
			t.Errorf("note on the post: %+v", c)
		}
	}
}

// TestHugoRenderHookGetPage: with a link render hook, a destination
// naming a/index.md or a/_index.md is the page a (GetPage's reading),
// whatever its file; a ref "/name" that is no page at the root finds the
// one page of that name. Without a page, both are still broken.
func TestHugoRenderHookGetPage(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"hugo.toml": "title = \"Example\"\n",
		"layouts/_default/_markup/render-link.html": "{{ with .Page.GetPage .Destination }}{{ .RelPermalink }}{{ end }}\n",
		"content/docs/get-started.md":               "# Get started\n",
		"content/docs/migration/faq-migration.md":   "# FAQ\n",
		"content/docs/guide.md": "# Guide\n\n[a](/docs/get-started/index.md) [b]({{< relref \"/faq-migration\" >}})\n\n" +
			"Broken: [x](/docs/nothing/_index.md) [y]({{< relref \"/nothing\" >}})\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const guide = "document:content/docs/guide.md"
	ix.relation(t, snapshot.RelLinksTo, guide, "document:content/docs/get-started.md")
	ix.relation(t, snapshot.RelLinksTo, guide, "document:content/docs/migration/faq-migration.md")
	if got, want := ix.unresolved(guide), []string{"content/docs/nothing/_index.md", "content/nothing"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
}

// TestHugoModuleRenderHook: a theme imported as a Hugo module whose link
// render hook looks root-absolute destinations up as pages (Hextra) makes
// /customization/index/ the section's _index.md; without that import the
// link is read as a URL, and stays broken, as does one to no page.
func TestHugoModuleRenderHook(t *testing.T) {
	for _, tt := range []struct {
		config string
		want   []string
	}{
		{"module:\n  imports:\n    - path: github.com/imfing/hextra\n", []string{"content/nothing/index"}},
		{"title: x\n", []string{"content/customization/index", "content/nothing/index"}},
	} {
		root := t.TempDir()
		testtree.Write(t, root, map[string]string{
			"hugo.yaml":                       tt.config,
			"content/customization/_index.md": "# Customization\n",
			"content/guide.md":                "# Guide\n\n[a](/customization/index/) [b](/nothing/index/)\n",
		})
		ix := newIndex(scanDir(t, root, nil, Options{}))
		if got := ix.unresolved("document:content/guide.md"); !slices.Equal(got, tt.want) {
			t.Errorf("%q: broken links = %q, want %q", tt.config, got, tt.want)
		}
	}
}

// A multilingual site that translates by file name: a ref to a.md (or a
// section's _index.md) finds a.<lang>.md, the linking page's language
// first, so an anchor is read in the page of that language; a ref to a
// page with no file in any language is still broken.
func TestHugoTranslationByFileName(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"config.toml": "defaultContentLanguage = \"en\"\n[Languages]\n[Languages.en]\nweight = 1\n[Languages.fr]\nweight = 2\n",
		"content/basics/configuration/_index.en.md": "# Configuration\n\n## Activate search\n",
		"content/basics/configuration/_index.fr.md": "# Configuration\n\n## Activer la recherche\n",
		"content/cont/syntaxhighlight.en.md":        "# Code highlighting\n",
		"content/cont/markdown.en.md":               "# Markdown\n\nSee [code]({{< ref \"syntaxhighlight.md\" >}}).\n",
		"content/_index.en.md": "# Home\n\n[search]({{%relref \"basics/configuration/_index.md#activate-search\" %}}) " +
			"[pages]({{%relref \"basics/configuration\" %}}) [gone]({{%relref \"cont/missing.md\" %}})\n",
		"content/_index.fr.md": "# Accueil\n\n[recherche]({{%relref \"basics/configuration/_index.md#activer-la-recherche\" %}}) " +
			"[wrong]({{%relref \"basics/configuration/_index.md#activate-search\" %}})\n",
	})
	snap := scanDir(t, root, nil, Options{})
	ix := newIndex(snap)
	ix.relation(t, snapshot.RelLinksTo, "document:content/_index.en.md", "document:content/basics/configuration/_index.en.md")
	ix.relation(t, snapshot.RelLinksTo, "document:content/_index.fr.md", "document:content/basics/configuration/_index.fr.md")
	ix.relation(t, snapshot.RelLinksTo, "document:content/cont/markdown.en.md", "document:content/cont/syntaxhighlight.en.md")
	if got, want := ix.unresolved("document:content/_index.en.md"), []string{"content/cont/missing.md"}; !slices.Equal(got, want) {
		t.Errorf("broken links of the English home = %q, want %q", got, want)
	}
	if got := ix.unresolved("document:content/_index.fr.md"); len(got) != 0 {
		t.Errorf("broken links of the French home = %q, want none", got)
	}
}

// A page in a language looks a ref up in its own language's site first:
// from a.ja.md, ref "b#コメント" is b/index.ja.md, whose heading is
// translated, so the English anchor a translator left is broken there
// (it is found in b/index.md, which that page never links). The
// languages are those of config/_default/languages.<lang>.toml.
func TestHugoRefInOwnLanguage(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"config/_default/hugo.toml":         "title = \"Example\"\ndefaultContentLanguage = \"en\"\n",
		"config/_default/languages.en.toml": "languageName = \"English\"\nweight = 1\n",
		"config/_default/languages.ja.toml": "languageName = \"日本語\"\nweight = 2\n[params]\ndateFormat = \"2006年1月2日\"\n",
		"content/docs/b/index.md":           "# B\n\n## Comments\n",
		"content/docs/b/index.ja.md":        "# B\n\n## コメント\n",
		"content/docs/a/index.md":           "# A\n\n[c]({{< ref \"b#comments\" >}})\n",
		"content/docs/a/index.ja.md":        "# A\n\n[c]({{< ref \"b#コメント\" >}}) [left]({{< ref \"b#comments\" >}})\n",
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	want := []string{"content/docs/a/index.ja.md -> content/docs/b/index.ja.md#comments"}
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}

// "./#id" on a regular page of a Hugo site without a render hook is the
// page itself (served at /a/b/, the browser resolves "./" there), so its
// anchor is read in the page; on a section's index "./" is the section,
// as before, and a missing id stays broken.
func TestHugoDotSlashAnchor(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"hugo.toml":               "title = \"Example\"\n",
		"content/guide/_index.md": "# Guide\n\n## Intro\n\n[i](./#intro) [x](./#nowhere)\n",
		"content/guide/config.md": "# Config\n\n<a name=\"epoll\"></a>\n\n## Epoll\n\n[e](./#epoll) [g](./#gone)\n",
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	want := []string{"content/guide/_index.md -> content/guide/_index.md#nowhere", "content/guide/config.md -> content/guide/config.md#gone"}
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}

// A draft (draft: true) is a page its site does not publish: a link or an
// anchor of it that fails reaches no reader and is counted, not reported.
// The same page published, and a README GitHub shows whatever its front
// matter says, keep theirs.
func TestDraftPagesAreNotPublished(t *testing.T) {
	root := t.TempDir()
	body := "# Page\n\n[gone](../missing/) [anchor](#nowhere) [other]({{< ref \"kept#nowhere\" >}})\n"
	testtree.Write(t, root, map[string]string{
		"hugo.toml":             "title = \"Example\"\n",
		"content/docs/draft.md": "---\ntitle: Draft\ndraft: true\n---\n\n" + body,
		"content/docs/kept.md":  "---\ntitle: Kept\n---\n\n" + body,
		"README.md":             "---\ndraft: true\n---\n\n# Readme\n\n[gone](missing.md) [anchor](#nowhere)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got := ix.unresolved("document:content/docs/draft.md"); len(got) != 0 {
		t.Errorf("the draft's broken links %q, want none", got)
	}
	if got := ix.unresolved("document:content/docs/kept.md"); len(got) != 1 {
		t.Errorf("the published page's broken links %q, want one", got)
	}
	if got := ix.unresolved("document:README.md"); len(got) != 1 {
		t.Errorf("README's broken links %q, want one", got)
	}
	want := []string{"README.md -> README.md#nowhere", "content/docs/kept.md -> content/docs/kept.md#nowhere", "content/docs/kept.md -> content/docs/kept.md#nowhere"}
	if got := brokenAnchors(ix); !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage("content/docs/draft.md", "3 links from draft pages")) != 1 || len(ix.coverage("README.md", "from draft pages")) != 0 {
		t.Errorf("want a note counting the draft's links, coverage %+v", ix.s.Coverage)
	}
}

// TestHugoRelativeStaticFile: a relative link is read from the page's URL,
// so the home page's "shot.png" and a section's "../shot.png" are the
// static file served at /shot.png; a regular page a/b.md is served at
// /a/b/, so its "shot.png" is /a/b/shot.png, not the static file beside
// the section. A file no reading finds stays broken.
func TestHugoRelativeStaticFile(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"config.toml":              "baseURL = \"/\"\ntitle = \"x\"\n",
		"static/shot.png":          "png",
		"static/guide/beside.png":  "png",
		"content/_index.md":        "# Home\n\n![a](shot.png) ![m](missing.png)\n",
		"content/guide/_index.md":  "# Guide\n\n![a](../shot.png) ![b](beside.png)\n",
		"content/guide/install.md": "# Install\n\n![b](beside.png) ![a](../../shot.png)\n",
	})
	got := brokenFrom(newIndex(scanDir(t, root, nil, Options{})), "content/")
	want := []string{
		"content/_index.md -> content/missing.png",
		"content/guide/install.md -> content/guide/beside.png",
	}
	if !slices.Equal(got, want) {
		t.Errorf("broken links %q, want %q", got, want)
	}
}
