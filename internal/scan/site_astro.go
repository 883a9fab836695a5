package scan

import (
	"cmp"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// An Astro Starlight site is the docs content collection of an Astro
// project: src/content/docs/ (below the project's srcDir) beside an
// astro.config.*. Starlight serves a page a/b.md(x) at /a/b/ and
// a/index.md(x) at /a/ (each path segment slugged the way GitHub slugs a
// heading; front matter slug replaces the whole path), below the
// configuration's base; the project's src/pages/ adds routes and public/
// static files at "/". A locale is a directory of the same tree (es/,
// pt-br/), and a page missing from a locale is served there with the
// default locale's page. A link that is not to a .md/.mdx file is a URL the
// browser reads from the page's URL (/a/b/ + ../c/ is /a/c/), looked up
// among the routes.
//
// The options come from the literal part of astro.config.* (typescript.
// File.SiteConfig): base, trailingSlash, srcDir, redirects, and the
// Starlight integration's locales and defaultLocale.

// siteAstro names the Astro (Starlight) generator.
const siteAstro = "astro"

// astroGen is Astro's Starlight: an astro.config.* beside a docs
// collection marks its site. Heading ids are GitHub's.
type astroGen struct{ siteDefaults }

func (astroGen) kind() string { return siteAstro }

// astro returns the site's Starlight options; nil for another generator's.
func (s docSite) astro() *astroOptions {
	o, _ := s.opts.(*astroOptions)
	return o
}

func (astroGen) detect(t *tree) []docSite {
	var out []docSite
	for _, p := range t.paths {
		if !isAstroConfig(p) {
			continue
		}
		if s, ok := astroSite(t, p, ""); ok {
			out = append(out, s)
		}
	}
	return out
}

// configured reads astro.config.* when the tree has it, as detection
// reads it; srcDir over it. Without a docs collection the entry still
// names the site (its directory is reported missing).
func (astroGen) configured(t *tree, c config.Site) (docSite, bool) {
	p := ""
	for _, ext := range astroConfigExts {
		if q := path.Join(c.Root, "astro.config"+ext); t.files[q] && p == "" {
			p = q
		}
	}
	s, _ := astroSite(t, cmp.Or(p, path.Join(c.Root, "astro.config.mjs")), c.SrcDir)
	if s.gen == nil {
		return docSite{}, false // srcDir outside the repository
	}
	s.config = p
	return s, true
}

// links: against the site's routes (astroLinkCandidates).
func (astroGen) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	if l.Kind != markdown.LinkSite && l.Kind != markdown.LinkPost && site.astro() != nil {
		return d.astroLinkCandidates(site, doc, l)
	}
	return siteDefaults{}.links(d, site, doc, l)
}

// index computes every page's URL.
func (astroGen) index(d *docRefs, site docSite) {
	if site.astro() != nil {
		d.astro[site.root] = newAstroRoutes(d.t, site)
	}
}

// astroConfigExts are the extensions of astro.config.*.
var astroConfigExts = []string{".mjs", ".ts", ".js", ".mts", ".cjs"}

// astroOptions are the options of one Starlight site.
type astroOptions struct {
	// project is the Astro project directory (astro.config.*'s); src its
	// srcDir.
	project, src string
	// base is the URL prefix the site is served below ("/docs/"), "/"
	// when none.
	base string
	// noTrailingSlash: trailingSlash 'never' serves /a/b, so a relative
	// link from it resolves from /a/.
	noTrailingSlash bool
	// locales are the directories of the non-root locales; defaultLocale
	// is the default locale's directory, "" for the root locale.
	locales       []string
	defaultLocale string
	// redirects maps each literal redirects key (a route) to its
	// destination.
	redirects map[string]string
}

// isAstroConfig reports whether p is an Astro project's configuration.
func isAstroConfig(p string) bool {
	base := path.Base(p)
	return strings.HasPrefix(base, "astro.config.") && slices.Contains(astroConfigExts, path.Ext(base))
}

// astroSite returns the Starlight site of the Astro project whose
// configuration is at config; srcDir, when not empty, overrides the
// configuration's. ok is false when the project has no docs collection.
func astroSite(t *tree, config, srcDir string) (docSite, bool) {
	dir := parentDir(config)
	var cfg map[string]any
	if x := t.byPath[config]; x != nil {
		cfg = x.TypeScript.SiteConfigValue()
	}
	o := &astroOptions{project: dir, src: path.Join(dir, "src"), base: "/"}
	if s, ok := cfg["srcDir"].(string); ok && s != "" {
		o.src = path.Join(dir, s)
	}
	if srcDir != "" {
		o.src = path.Join(dir, srcDir)
	}
	if b, ok := cfg["base"].(string); ok && strings.HasPrefix(b, "/") {
		o.base = strings.TrimSuffix(b, "/") + "/"
	}
	o.noTrailingSlash = cfg["trailingSlash"] == "never"
	if b, ok := cfg["build"].(map[string]any); ok && b["format"] == "file" {
		o.noTrailingSlash = true
	}
	o.starlight(cfg)
	if rd, ok := cfg["redirects"].(map[string]any); ok {
		o.redirects = map[string]string{}
		rd = withImports(t, config, rd)
		for from, to := range rd {
			if m, ok := to.(map[string]any); ok {
				to = m["destination"]
			}
			if to, ok := to.(string); ok {
				o.redirects[from] = to
			}
		}
	}
	root := path.Join(o.src, "content", "docs")
	if strings.HasPrefix(root, "../") || root == ".." {
		return docSite{}, false
	}
	return docSite{root: root, gen: astroGen{}, config: config, opts: o}, t.dirs[root]
}

// starlight reads the locales of the Starlight integration: the first
// integration whose literal options name locales (or, failing that, a
// title, which Starlight requires).
func (o *astroOptions) starlight(cfg map[string]any) {
	list, _ := cfg["integrations"].([]any)
	var opts map[string]any
	for _, pass := range []string{"locales", "title"} {
		for _, it := range list {
			if m, ok := it.(map[string]any); ok && m[pass] != nil && opts == nil {
				opts = m
			}
		}
	}
	locales, _ := opts["locales"].(map[string]any)
	root := false
	for k := range locales {
		if k == "root" {
			root = true
			continue
		}
		// Entries' paths are slugged, lowercase: so are their URLs.
		o.locales = append(o.locales, strings.ToLower(k))
	}
	sort.Strings(o.locales)
	if d, ok := opts["defaultLocale"].(string); ok && !root && slices.Contains(o.locales, strings.ToLower(d)) {
		o.defaultLocale = strings.ToLower(d)
	} else if !root && len(o.locales) > 0 {
		// Without a root locale or a literal default, Starlight's default
		// is the first locale; object order is lost, so the first by
		// name stands in (a guess the fallback only ever widens).
		o.defaultLocale = o.locales[0]
	}
}

// astroRoutes are the URLs of one site's pages.
type astroRoutes struct {
	opts *astroOptions
	// byURL maps a URL (routeKey, without base) to the file served there;
	// urlOf is a docs page's URL.
	byURL map[string]string
	urlOf map[string]string
}

// astroPageExts are the extensions of docs collection entries.
var astroPageExts = []string{".md", ".mdx", ".mdoc"}

// newAstroRoutes computes the URL of every page of the site, the default
// locale's pages again at every other locale that lacks them, and the
// routes of src/pages.
func newAstroRoutes(t *tree, site docSite) *astroRoutes {
	o := site.astro()
	r := &astroRoutes{opts: o, byURL: map[string]string{}, urlOf: map[string]string{}}
	var pages []string
	for _, p := range pathsBelow(t.paths, site.root) {
		rel := strings.TrimPrefix(p, site.root+"/")
		if partialPath(rel) || !slices.Contains(astroPageExts, strings.ToLower(path.Ext(p))) {
			continue
		}
		var fm map[string]string
		if x := t.byPath[p]; x != nil && x.Markdown != nil {
			fm = x.Markdown.FrontMatter.Fields
		}
		u := routeKey("/" + astroSlug(rel, fm["slug"]))
		if _, ok := r.byURL[u]; !ok {
			r.byURL[u] = p
		}
		if _, ok := r.urlOf[p]; !ok {
			r.urlOf[p] = u
		}
		pages = append(pages, p)
	}
	// Fallbacks: a default-locale page is served at every other locale
	// that has no page of its own there.
	def := o.defaultLocale
	for _, p := range pages {
		u := r.urlOf[p]
		rest, ok := localeRest(u, def)
		if !ok || slices.ContainsFunc(o.locales, func(l string) bool { _, in := localeRest(u, l); return l != def && in }) {
			continue // not a default-locale page
		}
		for _, l := range o.locales {
			if l == def {
				continue
			}
			k := routeKey(routeJoin(l, rest))
			if _, taken := r.byURL[k]; !taken {
				r.byURL[k] = p
			}
		}
	}
	// src/pages: file-based routes (dynamic ones, [param], are left out).
	pagesDir := path.Join(o.src, "pages")
	for _, p := range pathsBelow(t.paths, pagesDir) {
		rel := strings.TrimPrefix(p, pagesDir+"/")
		if strings.ContainsAny(rel, "[") || partialPath(rel) {
			continue
		}
		if k := routeKey(routeJoin(fileRoute(rel))); r.byURL[k] == "" {
			r.byURL[k] = p
		}
	}
	// redirects: the route exists and serves what its destination does
	// (the configuration itself when that is no page of the site).
	for _, from := range sortedKeys(o.redirects) {
		if strings.Contains(from, "[") {
			continue
		}
		k := routeKey(routeJoin(from))
		if _, taken := r.byURL[k]; taken {
			continue
		}
		to, _, _ := strings.Cut(o.redirects[from], "#")
		if f, ok := r.byURL[routeKey(routeJoin(to))]; ok && strings.HasPrefix(to, "/") {
			r.byURL[k] = f
		} else {
			r.byURL[k] = site.config
		}
	}
	return r
}

// localeRest returns the URL below the locale's directory ("" is the root
// locale: the whole URL).
func localeRest(u, locale string) (string, bool) {
	if locale == "" {
		return u, true
	}
	if u == "/"+locale {
		return "/", true
	}
	rest, ok := strings.CutPrefix(u, "/"+locale+"/")
	return "/" + rest, ok
}

// astroSlug is a docs entry's URL path below the site: its front matter
// slug, or its path without extension, each segment slugged as GitHub
// slugs a heading (github-slugger, as Astro's content layer does), an
// index page served at its directory.
func astroSlug(rel, slug string) string {
	if slug = strings.Trim(strings.TrimSpace(slug), "/"); slug != "" {
		return slug
	}
	rel = strings.TrimSuffix(rel, path.Ext(rel))
	segs := strings.Split(rel, "/")
	for i, s := range segs {
		segs[i] = markdown.Slug(s)
	}
	if segs[len(segs)-1] == "index" {
		segs = segs[:len(segs)-1]
	}
	return strings.Join(segs, "/")
}

// astroLinkCandidates lists what a link from doc may name in its Starlight
// site: a .md/.mdx link (or one from a file that is not a page) as a file,
// else a URL resolved against the page's URL and looked up among the
// site's routes, then public/, then as a file from the page. target is the
// path a broken link is reported by.
func (d *docRefs) astroLinkCandidates(site docSite, doc string, l markdown.Link) (candidates []string, target string, ok bool) {
	r := d.astro[site.root]
	p := linkURLPath(l.Destination)
	if l.Image && d.langs.typescript != nil {
		// An image may name its file through an import alias of the
		// project's tsconfig (![](@assets/a.png)); Astro resolves it.
		if files, ok := d.langs.typescript.AliasTargets(doc, p); ok {
			return files, files[0], true
		}
	}
	// Read as a file, exactly: a link written for GitHub (a sibling
	// page's .md, an image beside the page), which Astro resolves from
	// the file too.
	files := []string{l.Target}
	ext := strings.ToLower(path.Ext(p))
	base, known := r.urlOf[doc]
	if p == "" || ext == ".md" || ext == ".mdx" || (!strings.HasPrefix(p, "/") && !known) {
		return files, l.Target, true
	}
	urls := baseReadings(resolveURL(base, !r.opts.noTrailingSlash, p), r.opts.base, true)
	out := routeCandidates(r.byURL, []string{path.Join(r.opts.project, "public")}, urls)
	if !strings.HasPrefix(p, "/") {
		out = append(out, files...)
	}
	return out, path.Join(site.root, strings.TrimPrefix(urls[0], "/")), true
}
