package scan

import (
	"path"
	"sort"
	"strings"
)

// Documentation sites (VitePress, Docusaurus, MkDocs, mdBook) serve a
// directory of the repository at "/" and resolve links without extensions
// ("/guide/setup" is guide/setup.md). Links written for the site are correct
// there and would be reported broken under GitHub's rules, so documents
// inside a site root resolve links the way the site does — and only those.

// siteRoots returns the repository's documentation-site roots, sorted.
func siteRoots(t *tree) []string {
	set := map[string]bool{}
	for d := range t.dirs {
		if path.Base(d) == ".vitepress" {
			set[parentDir(d)] = true
		}
	}
	for _, p := range t.paths {
		base, dir := path.Base(p), parentDir(p)
		switch {
		case strings.HasPrefix(base, "docusaurus.config."), base == "mkdocs.yml", base == "mkdocs.yaml":
			if docs := path.Join(dir, "docs"); t.dirs[docs] {
				set[docs] = true
			}
		case base == "book.toml":
			if src := path.Join(dir, "src"); t.dirs[src] {
				set[src] = true
			}
		}
	}
	roots := sortedKeys(set)
	sort.Strings(roots)
	return roots
}

// siteRootOf returns the innermost site root holding the document.
func siteRootOf(roots []string, doc string) (string, bool) {
	best, ok := "", false
	for _, r := range roots {
		if within(doc, r) && (!ok || len(r) > len(best)) {
			best, ok = r, true
		}
	}
	return best, ok
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
