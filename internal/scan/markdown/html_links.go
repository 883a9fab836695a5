package markdown

import (
	"strings"

	"golang.org/x/net/html"
)

// htmlBlockLink records the absolute http(s) URLs that a tag of a raw
// HTML block links to with href —
// <p align="center"><a href="https://github.com/o/r/tree/main/examples">
// — as external links on the tag's line: resolution checks the ones that
// name the repository's own files (self URLs) and leaves the others
// alone. Relative hrefs are not read: which base a site resolves them
// against is the site's, not the Markdown's. (An MDX file's JSX lines are
// blanked before readHTML reads them.)
func (w *walker) htmlBlockLink(t html.Token, line int) {
	for _, a := range t.Attr {
		if a.Namespace != "" || a.Key != "href" || !absoluteHTTP(a.Val) {
			continue
		}
		l := Link{Destination: strings.TrimSpace(a.Val), Line: line}
		classifyLink(&l, w.doc.Path)
		if w.reference() {
			w.doc.Links = append(w.doc.Links, l)
		}
	}
}

// absoluteHTTP reports whether v is an http or https URL.
func absoluteHTTP(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	return strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://")
}
