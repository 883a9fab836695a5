package scan

import (
	"net/url"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// A documentation site's navigation lists pages a reader reaches from any
// page of the site, whether or not another page links to them: MkDocs'
// nav, mdBook's SUMMARY.md, VitePress' themeConfig.sidebar. Each listed
// document records the file that lists it (metadata navigation), so that
// reachability (ORPHANED_DOCUMENT, the doctor's entry documents) counts
// it. A site without such a list (MkDocs without nav lists every page,
// but no order says which matter) marks nothing.

// Bounds on reading a navigation.
const (
	maxNavDepth = 16
	maxNavPages = 10000
)

// mkdocsNav lists the pages of an MkDocs nav: a page is a string
// ("index.md") or a one-key mapping whose value is a page, a URL or a
// section (a list of entries). URLs and absolute paths are left out.
func mkdocsNav(n *yaml.Node, out []string, depth int) []string {
	navEntries(n, depth, func(e *yaml.Node) bool {
		if p, ok := navPage(e.Value); ok {
			out = append(out, p)
		}
		return len(out) < maxNavPages
	})
	return out
}

// navEntries calls visit with each scalar entry of an MkDocs nav, in
// order, through sections (lists) and titled entries (one-key mappings'
// values), at most maxNavDepth levels down; visit returns false to stop.
func navEntries(n *yaml.Node, depth int, visit func(*yaml.Node) bool) bool {
	if n == nil || depth > maxNavDepth {
		return true
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return visit(n)
	case yaml.SequenceNode:
		for _, c := range n.Content {
			if !navEntries(c, depth+1, visit) {
				return false
			}
		}
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			if !navEntries(n.Content[i], depth+1, visit) {
				return false
			}
		}
	}
	return true
}

// navPage cleans a navigation entry that names a page file: no URL, no
// absolute path, no climb; the fragment and query dropped.
func navPage(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if v == "" || strings.Contains(v, "://") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "mailto:") {
		return "", false
	}
	if i := strings.IndexAny(v, "#?"); i >= 0 {
		v = v[:i]
	}
	p := path.Clean(v)
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// navigation marks every document a site's navigation lists
// (siteGenerator.nav).
func (d *docRefs) navigation() {
	for _, s := range d.sites {
		pages := s.gen.nav(d, s)
		for _, p := range pages {
			x := d.t.byPath[p]
			if x == nil || x.Markdown == nil {
				continue
			}
			e := d.b.entity(snapshot.KindDocument, p, x.Markdown.Title, p)
			if _, done := e.Metadata["navigation"]; !done && e.Metadata != nil {
				e.Metadata["navigation"] = s.config
			}
		}
	}
}

// vitepressSidebar lists the pages of a VitePress sidebar: a list of
// items, or a mapping of URL prefixes to lists (or to {base, items}). An
// item's link is a route below the source directory ("/guide/intro",
// "/guide/" for its index, with or without .md or .html), prefixed with
// its group's base; its items nest.
func (d *docRefs) vitepressSidebar(s docSite, v any, base string, out []string, depth int) []string {
	if depth > maxNavDepth || len(out) >= maxNavPages {
		return out
	}
	switch x := v.(type) {
	case []any:
		for _, it := range x {
			out = d.vitepressSidebar(s, it, base, out, depth+1)
		}
	case map[string]any:
		if b, ok := x["base"].(string); ok {
			base = b
		}
		if link, ok := x["link"].(string); ok {
			if p, ok := d.vitepressRoute(s, base+link); ok {
				out = append(out, p)
			}
		}
		if items, ok := x["items"]; ok {
			return d.vitepressSidebar(s, items, base, out, depth+1)
		}
		if _, item := x["text"]; item {
			return out
		}
		// The multi-sidebar form: each key a URL prefix.
		for _, k := range sortedKeys(x) {
			if strings.HasPrefix(k, "/") {
				out = d.vitepressSidebar(s, x[k], base, out, depth+1)
			}
		}
	}
	return out
}

// vitepressRoute is the source file a sidebar link serves: the page at
// the route below the source directory, through the site's rewrites.
func (d *docRefs) vitepressRoute(s docSite, link string) (string, bool) {
	if strings.Contains(link, "://") || !strings.HasPrefix(link, "/") {
		return "", false
	}
	if i := strings.IndexAny(link, "#?"); i >= 0 {
		link = link[:i]
	}
	if u, err := url.PathUnescape(link); err == nil {
		link = u
	}
	r := strings.TrimPrefix(link, "/")
	if r == "" || strings.HasSuffix(r, "/") {
		r += "index"
	}
	r = strings.TrimSuffix(strings.TrimSuffix(r, ".md"), ".html")
	p := path.Join(s.root, r)
	if src, ok := s.vitepress().byRoute[p]; ok {
		return src, true
	}
	for _, f := range []string{p + ".md", p + "/index.md"} {
		if d.t.files[f] {
			return f, true
		}
	}
	return "", false
}
