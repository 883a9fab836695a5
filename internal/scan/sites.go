package scan

import (
	"net/url"
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// Documentation sites (VitePress, Docusaurus, MkDocs, mdBook, …) serve a
// directory of the repository at "/" and resolve links without extensions
// ("/guide/setup" is guide/setup.md). Links written for the site are correct
// there and would be reported broken under GitHub's rules, so documents
// inside a site root resolve links the way the site does — and only those.
//
// Each generator is one siteGenerator, in a file of its own (site_*.go),
// listed once in siteGenerators: detection, docbridge.yaml entries, heading
// ids, link and include resolution all ask the site's generator. Adding a
// generator is writing its file and adding it to that list (and, for a
// docbridge.yaml entry, its name to config). Hugo, whose pages are a
// virtual tree assembled from mounts rather than a directory, is resolved
// apart (site_hugo.go); a tree no generator marks may be resolved under an
// inferred convention (site_inferred.go), the registry's fallback.

// siteGenerator is what the scan asks of the generator that renders a site.
// siteDefaults gives every operation a generator does not need its
// default: GitHub's reading where one exists.
type siteGenerator interface {
	// kind names the generator, as coverage notes and docbridge.yaml do.
	kind() string
	// detect returns the sites the tree's files mark, in the tree's order.
	detect(t *tree) []docSite
	// configured builds the site a docbridge.yaml sites entry names; ok is
	// false when the entry makes none.
	configured(t *tree, c config.Site) (docSite, bool)
	// anchors returns the heading ids the generator renders for doc; ok is
	// false when they are GitHub's.
	anchors(doc *markdown.Document, site docSite) ([]string, bool)
	// links lists, in order, the paths a link of the page doc may name,
	// and the path a broken one is reported by; ok is false when the link
	// names no file the scan can check (siteLinkCandidates).
	links(d *docRefs, site docSite, doc string, l markdown.Link) (candidates []string, target string, ok bool)
	// pageDir returns the directory, repo-relative, a browser reads the
	// page's relative URLs from when the generator serves it at a URL of
	// its own (x.md at x/); ok is false when it reads them from the file.
	pageDir(d *docRefs, site docSite, doc string) (string, bool)
	// urlCandidates lists the files a path of the site read from a page's
	// URL names beyond the path itself (Jekyll's permalinks).
	urlCandidates(d *docRefs, site docSite, target string) []string
	// includeBases returns the directories an include directive of a page
	// resolves from before the page's own, and the include as the
	// generator reads it; ok is false for a syntax the generator does not
	// render.
	includeBases(site docSite, inc markdown.Include) (markdown.Include, []string, bool)
	// filled reports whether the page renders headings from outside the
	// file (a template expression hooks rewrite, a command reference).
	filled(site docSite, doc *markdown.Document) bool
	// mdx reports whether the generator compiles every page as MDX, .md
	// too, and the directory its "@site/" and "/" imports resolve from.
	mdx(site docSite) (siteDir string, ok bool)
	// uncheckedLink returns why a link of a page is left unchecked before
	// any reading ("" for none): what only the site's configuration, run,
	// would resolve.
	uncheckedLink(site docSite, l markdown.Link) string
	// index builds what the generator looks the site's pages up by (routes,
	// permalinks), before any document resolves.
	index(d *docRefs, site docSite)
	// pageRefs records what a page relates to beyond its links: the
	// includes a missing one of which fails the build, as broken links
	// (mdBook), the code its API-documentation directives render (MkDocs).
	pageRefs(d *docRefs, site docSite, x *Extraction, from string)
	// note adds to the site's coverage note what the scan does not model.
	note(site docSite) string
	// nav lists the pages the site's navigation lists (site_nav.go); nil
	// for a site without one.
	nav(d *docRefs, site docSite) []string
}

// siteGenerators is every generator detection recognises, in the order
// that decides a directory two of them claim (the first keeps it). Hugo,
// resolved apart, takes the pages of its content before any of them; the
// inferred convention (inferredGen) is the fallback for a tree none marks.
var siteGenerators = []siteGenerator{vitepressGen{}, vuepressGen{}, docusaurusGen{}, mkdocsGen{}, mdbookGen{}, jekyllGen{}, astroGen{}, sphinxGen{}}

// docSite is a documentation-site root and the generator that renders it.
type docSite struct {
	root string
	gen  siteGenerator
	// opts are the generator's options (*mkdocsOptions, …), read through
	// its typed accessor in its own file; nil for none.
	opts any
	// config is the file (or .vitepress directory) the site was detected
	// from; the options are what resolution reads from it (site_*.go).
	config string
	// unread says why config could not be read (the site then has its
	// generator's default options); "" when it was.
	unread string
	// origin names the docbridge.yaml sites entry that made the site; ""
	// for a detected one (site_config.go).
	origin string
}

// kind names the site's generator, "" for no site.
func (s docSite) kind() string {
	if s.gen == nil {
		return ""
	}
	return s.gen.kind()
}

// siteRoots returns the repository's documentation-site roots, sorted by
// root. A directory claimed by two generators keeps the first in
// siteGenerators, so the answer never depends on map order.
func siteRoots(t *tree) []docSite {
	sites := map[string]docSite{}
	for _, g := range siteGenerators {
		for _, s := range g.detect(t) {
			if _, ok := sites[s.root]; !ok {
				sites[s.root] = s
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

// siteDefaults is what a generator does that needs nothing of its own:
// it renders GitHub's heading ids, reads links as files with its
// template destinations left alone, serves pages at their file's URL and
// renders only the include directives every generator shares.
type siteDefaults struct{}

func (siteDefaults) detect(*tree) []docSite                               { return nil }
func (siteDefaults) configured(*tree, config.Site) (docSite, bool)        { return docSite{}, false }
func (siteDefaults) anchors(*markdown.Document, docSite) ([]string, bool) { return nil, false }
func (siteDefaults) pageDir(*docRefs, docSite, string) (string, bool)     { return "", false }
func (siteDefaults) urlCandidates(*docRefs, docSite, string) []string     { return nil }
func (siteDefaults) filled(docSite, *markdown.Document) bool              { return false }
func (siteDefaults) mdx(docSite) (string, bool)                           { return "", false }
func (siteDefaults) uncheckedLink(docSite, markdown.Link) string          { return "" }
func (siteDefaults) index(*docRefs, docSite)                              {}
func (siteDefaults) pageRefs(*docRefs, docSite, *Extraction, string)      {}
func (siteDefaults) note(docSite) string                                  { return "" }
func (siteDefaults) nav(*docRefs, docSite) []string                       { return nil }

// links reads a link as a path of the repository, the way files are
// served (fileLinks), after its destination (siteDestination).
func (siteDefaults) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	if l.Kind == markdown.LinkSite || l.Kind == markdown.LinkPost {
		return nil, "", false // Liquid tags: Jekyll's alone
	}
	l, ok := siteDestination(l, l.Destination, doc)
	if !ok {
		return nil, "", false
	}
	out, urlTarget := d.fileLinks(site, doc, l, nil)
	return d.withIncluders(doc, l, out, urlTarget)
}

// includeBases: pymdownx.snippets and markdown-include resolve from the
// repository root, an mdBook include from the page alone; Jekyll's and
// VitePress' directives render only in their own sites.
func (siteDefaults) includeBases(_ docSite, inc markdown.Include) (markdown.Include, []string, bool) {
	switch inc.Syntax {
	case markdown.IncludeSnippets, markdown.IncludeMarkdownInclude:
		return inc, []string{"."}, true
	case markdown.IncludeJekyll, markdown.IncludeVitePress, markdown.IncludeMyST, markdown.IncludeMarkdownPlugin:
		return inc, nil, false
	}
	return inc, nil, true
}

// stemDir is the directory a page x.md served at x/ reads its relative
// URLs from; ok is false for an index or README page, served at its own
// directory already.
func stemDir(doc string) (string, bool) {
	stem := strings.TrimSuffix(path.Base(doc), path.Ext(doc))
	if strings.EqualFold(stem, "index") || strings.EqualFold(stem, "readme") {
		return "", false
	}
	return path.Join(parentDir(doc), stem), true
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

// sitePages returns the Markdown pages whose innermost site is site, in
// path order.
func (d *docRefs) sitePages(site docSite) []*Extraction {
	paths := d.t.paths
	if site.root != "." {
		paths = pathsBelow(paths, site.root)
	}
	var out []*Extraction
	for _, p := range paths {
		x := d.t.byPath[p]
		if x == nil || x.Markdown == nil {
			continue
		}
		if s, _ := siteRootOf(d.sites, p); s.root == site.root {
			out = append(out, x)
		}
	}
	return out
}

// indexSites builds every site's lookups (siteGenerator.index).
func (d *docRefs) indexSites() {
	d.docusaurus = map[string]*docusaurusRoutes{}
	d.astro = map[string]*astroRoutes{}
	d.permalinks = map[string]map[string]string{}
	d.objectAnchors = map[string][]string{}
	for _, s := range d.sites {
		s.gen.index(d, s)
	}
}

// headingAnchors returns the anchors a link into doc may name, lowercased
// as links are compared: the heading ids its site's generator renders
// (siteGenerator.anchors), GitHub's outside a site or for a generator that
// renders GitHub's. Raw HTML anchors count everywhere.
func headingAnchors(doc *markdown.Document, site docSite, inSite bool) map[string]bool {
	headings := doc.Anchors
	if inSite {
		if a, ok := site.gen.anchors(doc, site); ok {
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
		// VuePress from .vuepress/public/, Docusaurus from static/ beside
		// the docs directory.
		bases = []string{path.Join(site, target), path.Join(site, "public", target), path.Join(site, ".vuepress", "public", target),
			path.Join(parentDir(site), "static", target), target}
	}
	var out []string
	for _, b := range bases {
		out = append(out, b)
		switch ext := path.Ext(b); ext {
		case ".html":
			out = append(out, strings.TrimSuffix(b, ext)+".md")
			if path.Base(b) == "index.html" {
				// VuePress (and docsify, GitBook) serve a directory's
				// README.md as its index.
				out = append(out, path.Join(path.Dir(b), "README.md"))
			}
		case "":
			out = append(out, b+".md", b+".mdx", b+"/index.md", b+"/index.mdx", b+"/README.md")
		}
	}
	return out
}
