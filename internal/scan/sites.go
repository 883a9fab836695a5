package scan

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// Documentation sites (VitePress, Docusaurus, MkDocs, mdBook) serve a
// directory of the repository at "/" and resolve links without extensions
// ("/guide/setup" is guide/setup.md). Links written for the site are correct
// there and would be reported broken under GitHub's rules, so documents
// inside a site root resolve links the way the site does — and only those.

// Site generators, by the file that marks their root.
const (
	siteVitePress  = "vitepress"
	siteVuePress   = "vuepress"
	siteDocusaurus = "docusaurus"
	siteMkDocs     = "mkdocs"
	siteMdBook     = "mdbook"
	siteJekyll     = "jekyll"
	siteAstro      = "astro"
)

// docSite is a documentation-site root and the generator that renders it.
type docSite struct {
	root, kind string
	// config is the file (or .vitepress directory) the site was detected
	// from; the options are what resolution reads from it (site_*.go).
	config string
	// unread says why config could not be read (the site then has its
	// generator's default options); "" when it was.
	unread string
	mkdocs *mkdocsOptions
	mdbook *mdbookOptions
	jekyll *jekyllOptions
	// origin names the docbridge.yaml sites entry that made the site; ""
	// for a detected one (site_config.go).
	origin string
	// docusaurus: the site directory's content plugins (site_docusaurus.go).
	docusaurus *docusaurusOptions
	// vitepress: base and rewrites (site_vitepress.go).
	vitepress *vitepressOptions
	// astro: the Starlight docs collection's options (site_astro.go).
	astro *astroOptions
	// inferred: how a tree no recognised generator renders serves its
	// pages, as its own links show (site_inferred.go).
	inferred *inferredOptions
}

// siteRoots returns the repository's documentation-site roots, sorted by
// root. A directory claimed by two generators keeps the first kind in
// generator order above, so the answer never depends on map order.
func siteRoots(t *tree) []docSite {
	sites := map[string]docSite{}
	claim := func(s docSite) {
		if old, ok := sites[s.root]; !ok || siteRank(s.kind) < siteRank(old.kind) {
			sites[s.root] = s
		}
	}
	for d := range t.dirs {
		switch path.Base(d) {
		case ".vitepress":
			claim(vitepressSite(t, d))
		case ".vuepress":
			claim(vuepressSite(t, d))
		}
	}
	for _, p := range t.paths {
		switch {
		case strings.HasPrefix(path.Base(p), "docusaurus.config."):
			// The site is the config's directory, widened to hold every
			// content directory (docs may lie beside it: path '../docs').
			if o := parseDocusaurus(t, p); o.servesAny(t) {
				claim(docSite{root: o.root(t), kind: siteDocusaurus, config: p, docusaurus: o})
			}
		case isAstroConfig(p):
			if s, ok := astroSite(t, p, ""); ok {
				claim(s)
			}
		default:
			if s, ok := configuredSite(t, p); ok {
				claim(s)
			}
		}
	}
	applyConfiguredSites(t, sites)
	roots := make([]docSite, 0, len(sites))
	for _, r := range sortedKeys(sites) {
		roots = append(roots, sites[r])
	}
	return roots
}

// siteRank orders generators for siteRoots' tie-break.
func siteRank(kind string) int {
	return slices.Index([]string{siteVitePress, siteVuePress, siteDocusaurus, siteMkDocs, siteMdBook, siteJekyll, siteAstro}, kind)
}

// siteRootOf returns the innermost site holding the document.
func siteRootOf(roots []docSite, doc string) (docSite, bool) {
	best, ok := docSite{}, false
	for _, r := range roots {
		if within(doc, r.root) && (!ok || len(r.root) > len(best.root)) {
			best, ok = r, true
		}
	}
	return best, ok
}

// headingAnchors returns the anchors a link into doc may name, lowercased
// as links are compared: the heading ids its site's generator renders
// (generatorAnchors), GitHub's outside a site or for a generator that
// renders GitHub's. Raw HTML anchors count everywhere.
func headingAnchors(doc *markdown.Document, site docSite, inSite bool) map[string]bool {
	headings := doc.Anchors
	if inSite {
		if a, ok := generatorAnchors(doc, site); ok {
			headings = a
		}
	}
	set := map[string]bool{}
	// Raw HTML ids and <a name>s are anchors wherever the page renders.
	for _, l := range [][]string{headings, doc.HTMLAnchors} {
		for _, a := range l {
			set[strings.ToLower(a)] = true
			if strings.Contains(a, "%") {
				// A link's anchor is compared percent-decoded.
				if dec, err := url.PathUnescape(a); err == nil {
					set[strings.ToLower(dec)] = true
				}
			}
		}
	}
	return set
}

// linkCandidates lists, in order, the paths a relative link from doc may
// name. Outside a site it is the link's own target (GitHub's rules). Inside
// one, a root-absolute link is tried against the site root before the
// repository root, and every candidate is probed the way site generators
// resolve pages: as written, ".html" as ".md", and an extensionless path as
// a Markdown file or a directory index.
func linkCandidates(site string, inSite bool, destination, target string) []string {
	if !inSite {
		return []string{target}
	}
	bases := []string{target}
	if strings.HasPrefix(destination, "/") {
		// Static assets are served at "/" too: VitePress from public/,
		// Docusaurus from static/ beside the docs directory.
		bases = []string{path.Join(site, target), path.Join(site, "public", target), path.Join(parentDir(site), "static", target), target}
	}
	var out []string
	for _, b := range bases {
		out = append(out, b)
		switch ext := path.Ext(b); ext {
		case ".html":
			out = append(out, strings.TrimSuffix(b, ext)+".md")
		case "":
			out = append(out, b+".md", b+".mdx", b+"/index.md", b+"/index.mdx", b+"/README.md")
		}
	}
	return out
}
