package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// astroFixture is a Starlight site served below /site with a root locale
// and two translations, es and pt-br.
var astroFixture = map[string]string{
	"docs/astro.config.mjs": `// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export const locales = {
	root: { label: 'English', lang: 'en' },
	es: { label: 'Español', lang: 'es' },
	'pt-br': { label: 'Português do Brasil', lang: 'pt-BR' },
};

const site = process.env.SITE || 'https://example.org/';

export default defineConfig({
	site,
	base: '/site',
	trailingSlash: 'always',
	redirects: { '/old/': '/guides/install/', '/ext': { status: 302, destination: 'https://example.org/' }, '/[x]': '/' },
	integrations: [starlight({ title: 'Docs', locales })],
});
`,
	"docs/src/content/docs/index.mdx": "---\ntitle: Home\n---\n# Home\n\n" +
		"[a](/guides/setup/) [b](/site/reference/config/#options) [c](guides/setup/) [d](/logo.svg) [e](/about/) " +
		"[f](/custom/path/) [g](/mixed-case/page-one/) [h](/es/) [i](./guides/install.md) [j](/old/) [k](/ext/)\n\n" +
		"Broken: [x](/guides/deleted/) [y](/reference/config/#old-heading) [z](/partial/)\n",
	"docs/src/content/docs/guides/setup.md": "# Setup\n\n" +
		"[a](../../reference/config/#options) [b](../install/) [c](./install.md) [d](../) [e](/site/)\n\n" +
		"Broken: [z](../nothing/) [w](../install/#gone)\n",
	"docs/src/content/docs/guides/install.md":           "# Install\n",
	"docs/src/content/docs/reference/config.md":         "# Config\n\n## Options\n",
	"docs/src/content/docs/custom.md":                   "---\nslug: custom/path\n---\n# Custom\n",
	"docs/src/content/docs/Mixed Case/Page One.md":      "# Page one\n",
	"docs/src/content/docs/_partial.md":                 "# Partial\n",
	"docs/src/content/docs/es/index.mdx":                "# Inicio\n\n[a](/es/guides/setup/) [b](/es/reference/config/#options) [c](guides/install/)\n\nBroken: [x](/es/guides/missing/) [y](/es/reference/config/#opciones)\n",
	"docs/src/content/docs/es/guides/setup.md":          "# Configuración\n\n[a](../install/) [b](../../reference/config/) [c](/pt-br/guides/setup/)\n",
	"docs/src/content/docs/pt-br/guides/extra.md":       "# Extra\n\n[a](/guides/extra/)\n",
	"docs/public/logo.svg":                              "<svg/>\n",
	"docs/src/pages/about.astro":                        "---\n---\n<h1>About</h1>\n",
	"docs/src/pages/[...slug].astro":                    "---\n---\n",
	"docs/README.md":                                    "# Project\n\n[route](/guides/setup/) [file](src/content/docs/guides/setup.md)\n",
	"docs/src/content/docs/guides/relative-no-slash.md": "# Relative\n\n[a](setup)\n",
}

// TestAstroRoutes scans a Starlight site and checks that links written as
// the site's URLs resolve to the pages served there — by route below the
// base or without it, slug, slugged file names, index pages, locales and
// the default locale's page a translation falls back to, src/pages and
// public/ — while a deleted page linked by route, a renamed heading, a
// locale page linking a missing default-locale page and a page that is a
// partial are still reported.
func TestAstroRoutes(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, astroFixture)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const (
		home   = "document:docs/src/content/docs/index.mdx"
		setup  = "document:docs/src/content/docs/guides/setup.md"
		esHome = "document:docs/src/content/docs/es/index.mdx"
		config = "document:docs/src/content/docs/reference/config.md"
	)
	for _, to := range []string{setup, config, "document:docs/src/content/docs/custom.md", "document:docs/src/content/docs/Mixed Case/Page One.md",
		esHome, "document:docs/src/content/docs/guides/install.md"} {
		ix.relation(t, snapshot.RelLinksTo, home, to)
	}
	for _, to := range []string{config, "document:docs/src/content/docs/guides/install.md", home} {
		ix.relation(t, snapshot.RelLinksTo, setup, to)
	}
	// es has its own setup page; its config page is the default locale's.
	for _, to := range []string{"document:docs/src/content/docs/es/guides/setup.md", config} {
		ix.relation(t, snapshot.RelLinksTo, esHome, to)
	}
	rel := ix.relation(t, snapshot.RelLinksTo, home, config)
	if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"old-heading"}) {
		t.Errorf("missingAnchors of home → config = %q, want the renamed heading only", got)
	}
	rel = ix.relation(t, snapshot.RelLinksTo, esHome, config)
	if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"opciones"}) {
		t.Errorf("missingAnchors of es home → config = %q, want the fallback page's missing heading", got)
	}
	rel = ix.relation(t, snapshot.RelLinksTo, setup, "document:docs/src/content/docs/guides/install.md")
	if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"gone"}) {
		t.Errorf("missingAnchors of setup → install = %q, want gone", got)
	}
	for _, c := range []struct {
		from string
		want []string
	}{
		{home, []string{"docs/src/content/docs/guides/deleted", "docs/src/content/docs/partial"}},
		{setup, []string{"docs/src/content/docs/guides/nothing"}},
		{esHome, []string{"docs/src/content/docs/es/guides/missing"}},
		{"document:docs/src/content/docs/es/guides/setup.md", nil},
		// pt-br's own page is no default-locale page: the root has no
		// guides/extra.
		{"document:docs/src/content/docs/pt-br/guides/extra.md", []string{"docs/src/content/docs/guides/extra"}},
		// setup from /guides/relative-no-slash/ is /guides/relative-no-slash/setup/.
		{"document:docs/src/content/docs/guides/relative-no-slash.md", []string{"docs/src/content/docs/guides/relative-no-slash/setup"}},
		// Outside the docs collection GitHub's rules hold.
		{"document:docs/README.md", []string{"guides/setup"}},
	} {
		if got := ix.unresolved(c.from); !slices.Equal(got, c.want) {
			t.Errorf("broken links of %s = %q, want %q", c.from, got, c.want)
		}
	}
}

// TestAstroSiteDetected: the coverage note names the generator, the docs
// collection and the configuration; an Astro project without a docs
// collection is no site, and a sites entry names one.
func TestAstroSiteDetected(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/astro.config.mjs":         "export default {};\n",
		"docs/src/content/docs/a.md":    "# A\n\n[b](/b/)\n",
		"docs/src/content/docs/b.md":    "# B\n",
		"web/astro.config.ts":           "export default {};\n",
		"web/src/pages/index.md":        "# Web\n",
		"site/www/content/docs/x.md":    "# X\n\n[y](/y/)\n",
		"site/www/content/docs/y.md":    "# Y\n",
		"site/www/content/docs/z/z.mdx": "# Z\n",
	})
	cfg := config.Default()
	cfg.Sites = []config.Site{{Root: "site", Generator: config.GeneratorAstro, SrcDir: "www"}}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	s := scanDir(t, root, cfg, Options{})
	var notes []string
	for _, c := range s.Coverage {
		if c.Analyzer == "sites" {
			notes = append(notes, c.Scope+": "+c.Reason)
		}
	}
	want := []string{
		"docs/src/content/docs: astro site detected from docs/astro.config.mjs",
		"site/www/content/docs: astro site configured in docbridge.yaml (sites.0)",
	}
	if !slices.Equal(notes, want) {
		t.Errorf("site notes = %q, want %q", notes, want)
	}
	ix := newIndex(s)
	ix.relation(t, snapshot.RelLinksTo, "document:docs/src/content/docs/a.md", "document:docs/src/content/docs/b.md")
	ix.relation(t, snapshot.RelLinksTo, "document:site/www/content/docs/x.md", "document:site/www/content/docs/y.md")
}

// TestAstroSlug: a docs entry's URL path, as Astro's content layer makes
// it (github-slugger on each segment, index at its directory, slug front
// matter as is).
func TestAstroSlug(t *testing.T) {
	for _, c := range []struct{ rel, slug, want string }{
		{"index.mdx", "", ""},
		{"guides/index.md", "", "guides"},
		{"guides/setup.md", "", "guides/setup"},
		{"Mixed Case/Page One.mdx", "", "mixed-case/page-one"},
		{"pt-br/guides/i18n.mdx", "", "pt-br/guides/i18n"},
		{"v1.0/notes (old).md", "", "v10/notes-old"},
		{"guides/setup.md", "custom/path", "custom/path"},
		{"guides/setup.md", "/abs/", "abs"},
		{"guides/index/more.md", "", "guides/index/more"},
	} {
		if got := astroSlug(c.rel, c.slug); got != c.want {
			t.Errorf("astroSlug(%q, %q) = %q, want %q", c.rel, c.slug, got, c.want)
		}
	}
}

// TestAstroLocales: the Starlight integration's locales and default.
func TestAstroLocales(t *testing.T) {
	for _, c := range []struct {
		name    string
		cfg     map[string]any
		locales []string
		def     string
	}{
		{"none", map[string]any{}, nil, ""},
		{"root", map[string]any{"integrations": []any{map[string]any{"title": "x", "locales": map[string]any{"root": map[string]any{}, "es": map[string]any{}}}}}, []string{"es"}, ""},
		{"default", map[string]any{"integrations": []any{nil, map[string]any{"title": "x", "defaultLocale": "fr", "locales": map[string]any{"en": map[string]any{}, "fr": map[string]any{}}}}}, []string{"en", "fr"}, "fr"},
		{"case", map[string]any{"integrations": []any{map[string]any{"title": "x", "defaultLocale": "pt-BR", "locales": map[string]any{"zh-CN": map[string]any{}, "pt-BR": map[string]any{}}}}}, []string{"pt-br", "zh-cn"}, "pt-br"},
		{"first", map[string]any{"integrations": []any{map[string]any{"locales": map[string]any{"ja": map[string]any{}, "en": map[string]any{}}}}}, []string{"en", "ja"}, "en"},
	} {
		o := &astroOptions{}
		o.starlight(c.cfg)
		if !slices.Equal(o.locales, c.locales) || o.defaultLocale != c.def {
			t.Errorf("%s: locales %q default %q, want %q %q", c.name, o.locales, o.defaultLocale, c.locales, c.def)
		}
	}
}

// FuzzAstroLink resolves arbitrary link destinations and entry paths in a
// Starlight site: no panic, and every link is either resolvable by some
// candidate or reported by a path below the repository.
func FuzzAstroLink(f *testing.F) {
	for _, s := range []string{"/guides/setup/", "../c/#x", "/site/", "./a.md", "%zz/..//", "/es/", "?q#h", "../../../../x"} {
		f.Add(s, "guides/Setup Page.md")
	}
	o := &astroOptions{project: "docs", src: "docs/src", base: "/site/", locales: []string{"es"}}
	site := docSite{root: "docs/src/content/docs", gen: astroGen{}, opts: o}
	f.Fuzz(func(t *testing.T, dest, rel string) {
		_ = astroSlug(rel, dest)
		doc := "docs/src/content/docs/guides/setup.md"
		r := &astroRoutes{opts: o, byURL: map[string]string{"/guides/setup": doc}, urlOf: map[string]string{doc: "/guides/setup"}}
		d := &docRefs{astro: map[string]*astroRoutes{site.root: r}}
		l, ok := markdown.Retarget(markdown.Link{}, dest, doc)
		if !ok || l.Kind != markdown.LinkRelative || l.Target == "" {
			return
		}
		cands, target, ok := d.astroLinkCandidates(site, doc, l)
		if !ok || len(cands) == 0 || target == "" {
			t.Fatalf("astroLinkCandidates(%q) = %q, %q, %v", dest, cands, target, ok)
		}
	})
}

// TestAstroImageAlias: an image of a Starlight page named through an import
// alias of the project's tsconfig is the aliased file; a missing one is
// reported at the path the alias gives, and a plain link written like an
// alias is no image, read as it always was.
func TestAstroImageAlias(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"astro.config.mjs":          "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\nexport default defineConfig({ integrations: [starlight({ title: 'Docs' })] });\n",
		"tsconfig.json":             `{"extends": "astro/tsconfigs/strict", "compilerOptions": {"baseUrl": ".", "paths": {"@assets/*": ["src/assets/*"]}}}`,
		"src/assets/a.png":          "png",
		"src/content/docs/guide.md": "# Guide\n\n![A](@assets/a.png)\n\n![Gone](@assets/gone.png)\n\n![Unaliased](@other/x.png)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{"src/assets/gone.png", "src/content/docs/guide/@other/x.png"}
	if got := ix.unresolved("document:src/content/docs/guide.md"); !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
}

// TestAstroRedirectsFromAModule: redirects a generated module holds, spread
// into the configuration's redirects, are routes: a link to one resolves to
// the page it serves; a link no redirect or page serves is still broken.
func TestAstroRedirectsFromAModule(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\nimport redirects from './redirects.js';\n" +
			"export default defineConfig({ redirects: { ...redirects, '/own': '/rules/b/' }, integrations: [starlight({ title: 'Docs' })] });\n",
		"redirects.js":                           "// generated\nexport default { '/rules/a': '/rules/a/javascript' };\n",
		"src/content/docs/rules/a/javascript.md": "# A\n",
		"src/content/docs/rules/b.md":            "# B\n",
		"src/content/docs/index.md":              "# Home\n\n[a](/rules/a/) [own](/own/) [gone](/rules/c/)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const home = "document:src/content/docs/index.md"
	ix.relation(t, snapshot.RelLinksTo, home, "document:src/content/docs/rules/a/javascript.md")
	ix.relation(t, snapshot.RelLinksTo, home, "document:src/content/docs/rules/b.md")
	if got, want := ix.unresolved(home), []string{"src/content/docs/rules/c"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
}
