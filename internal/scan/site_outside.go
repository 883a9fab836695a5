package scan

import (
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// Links that climb above the repository root under GitHub's rules but not
// under their site's. Extraction reads a relative link from the file, as
// GitHub does, and reports LINK_OUTSIDE_ROOT for one that climbs above the
// root. A page of a site is served at a URL of its own, and the browser
// reads the link from that URL: notices.md of a Jekyll site at the
// repository root is served at /notices/, where ../legal/ is /legal/, a
// page of the site. Resolution reads such a link again the way the site
// does (pageURLTarget for a generator that serves a page at a URL of its
// own, siteGenerator.pageDir: MkDocs with use_directory_urls, Jekyll; the
// Hugo resolver for Hugo), and when that reading stays inside the site the
// LINK_OUTSIDE_ROOT is withdrawn and the link resolves as any other: to
// the page it names, or to BROKEN_LINK at the path the site would serve.
// When the site's reading climbs above the site's root too, or the site
// reads the link as the file does, LINK_OUTSIDE_ROOT stands.

// siteReadKey names the LINK_OUTSIDE_ROOT issue of one link: its
// document, line and message (markdown.OutsideRootMessage).
type siteReadKey struct {
	path    string
	line    int
	message string
}

// readBySite reports whether the site of doc reads l, a link that climbs
// above the repository root under GitHub's rules, inside the site; if so
// the link's LINK_OUTSIDE_ROOT issue is withdrawn (flushSiteRead).
func (d *docRefs) readBySite(doc string, l markdown.Link) bool {
	read := false
	if s := d.hugoSite(doc); s != nil {
		out, _, _ := d.hugo.resolveLink(s, doc, l)
		read = out != hugoBroken
	} else if site, inSite := siteRootOf(d.sites, doc); inSite {
		t, ok := d.pageURLTarget(site, doc, l)
		read = ok && within(t, site.root)
	}
	if read {
		d.siteReads = append(d.siteReads, siteReadKey{doc, l.Line, markdown.OutsideRootMessage(l.Destination)})
	}
	return read
}

// flushSiteRead records the current document's links its site reads
// inside the site, for coverage to leave their issues out.
func (d *docRefs) flushSiteRead() {
	if len(d.siteReads) == 0 {
		return
	}
	if d.resolver.siteRead == nil {
		d.resolver.siteRead = map[siteReadKey]bool{}
	}
	for _, k := range d.siteReads {
		d.resolver.siteRead[k] = true
	}
	d.siteReads = nil
}

// githubWiki reports whether the repository is a GitHub wiki's: a Home.md
// beside a _Sidebar.md or _Footer.md at its root. A wiki serves its page
// x.md at github.com/<owner>/<repo>/wiki/x.
func (d *docRefs) githubWiki() bool {
	return d.t.files["Home.md"] && (d.t.files["_Sidebar.md"] || d.t.files["_Footer.md"])
}

// wikiRoute reports, and notes, a link of a wiki page that climbs above
// the repository root under GitHub's reading of files into a page GitHub
// serves beside the wiki: from /<owner>/<repo>/wiki/Page, ../issues/917 is
// the repository's issue 917. Its LINK_OUTSIDE_ROOT is withdrawn.
func (d *docRefs) wikiRoute(doc string, l markdown.Link) bool {
	if !d.githubWiki() || strings.Contains(doc, "/") {
		return false
	}
	rest, ok := strings.CutPrefix(l.Destination, "../")
	first, _, _ := strings.Cut(rest, "/")
	first, _, _ = strings.Cut(first, "#")
	first, _, _ = strings.Cut(first, "?")
	if !ok || strings.HasPrefix(rest, "../") || !markdown.GitHubRoute(path.Clean(first)) {
		return false
	}
	d.siteReads = append(d.siteReads, siteReadKey{doc, l.Line, markdown.OutsideRootMessage(l.Destination)})
	d.unverified["from a GitHub wiki's pages to the repository's pages (../issues/917)"]++
	return true
}
