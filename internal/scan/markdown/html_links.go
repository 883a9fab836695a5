package markdown

import (
	"strings"

	"golang.org/x/net/html"
)

// htmlBlockLinks records the absolute http(s) URLs that the tags of a raw
// HTML block link to with href —
// <p align="center"><a href="https://github.com/o/r/tree/main/examples">
// — as external links on their lines: resolution checks the ones that
// name the repository's own files (self URLs) and leaves the others
// alone. Relative hrefs are not read: which base a site resolves them
// against is the site's, not the Markdown's. (An MDX file's JSX lines are
// blanked before this reads them.) line is the block's first.
func (w *walker) htmlBlockLinks(raw string, line int) {
	if !containsFoldASCII(raw, "href") {
		return
	}
	z := html.NewTokenizer(strings.NewReader(raw))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		at := line // a tag's line is where it begins
		line += strings.Count(string(z.Raw()), "\n")
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			t := z.Token()
			for _, a := range t.Attr {
				if a.Namespace != "" || a.Key != "href" || !absoluteHTTP(a.Val) {
					continue
				}
				l := Link{Destination: strings.TrimSpace(a.Val), Line: at}
				classifyLink(&l, w.doc.Path)
				if w.reference() {
					w.doc.Links = append(w.doc.Links, l)
				}
			}
		}
	}
}

// absoluteHTTP reports whether v is an http or https URL.
func absoluteHTTP(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	return strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://")
}
