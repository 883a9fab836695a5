package scan

import (
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
	siteDocusaurus = "docusaurus"
	siteMkDocs     = "mkdocs"
	siteMdBook     = "mdbook"
)

// docSite is a documentation-site root and the generator that renders it.
type docSite struct {
	root, kind string
}

// siteRoots returns the repository's documentation-site roots, sorted by
// root. A directory claimed by two generators keeps the first kind in
// generator order above, so the answer never depends on map order.
func siteRoots(t *tree) []docSite {
	kinds := map[string]string{}
	claim := func(root, kind string) {
		if old, ok := kinds[root]; !ok || siteRank(kind) < siteRank(old) {
			kinds[root] = kind
		}
	}
	for d := range t.dirs {
		if path.Base(d) == ".vitepress" {
			claim(parentDir(d), siteVitePress)
		}
	}
	for _, p := range t.paths {
		base, dir := path.Base(p), parentDir(p)
		switch {
		case strings.HasPrefix(base, "docusaurus.config."):
			if docs := path.Join(dir, "docs"); t.dirs[docs] {
				claim(docs, siteDocusaurus)
			}
		case base == "mkdocs.yml", base == "mkdocs.yaml":
			if docs := path.Join(dir, "docs"); t.dirs[docs] {
				claim(docs, siteMkDocs)
			}
		case base == "book.toml":
			if src := path.Join(dir, "src"); t.dirs[src] {
				claim(src, siteMdBook)
			}
		}
	}
	roots := make([]docSite, 0, len(kinds))
	for _, r := range sortedKeys(kinds) {
		roots = append(roots, docSite{root: r, kind: kinds[r]})
	}
	return roots
}

// siteRank orders generators for siteRoots' tie-break.
func siteRank(kind string) int {
	return slices.Index([]string{siteVitePress, siteDocusaurus, siteMkDocs, siteMdBook}, kind)
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
// as links are compared: the anchors its site renders, GitHub's outside a
// site. VitePress renders only its own slugs and explicit ids; Docusaurus
// shares GitHub's slugger and adds explicit ids; MkDocs and mdBook are left
// to GitHub's slugs, which they mostly agree with.
func headingAnchors(doc *markdown.Document, site docSite, inSite bool) map[string]bool {
	lists := [][]string{doc.Anchors}
	switch {
	case !inSite:
	case site.kind == siteVitePress:
		lists = [][]string{doc.VitePressAnchors}
	case site.kind == siteDocusaurus:
		lists = append(lists, doc.CustomAnchors)
	}
	set := map[string]bool{}
	for _, l := range lists {
		for _, a := range l {
			set[strings.ToLower(a)] = true
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
