package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
)

// Raw HTML anchors: a link's fragment finds any element by its id, and an
// <a> by its name (the HTML standard's "find a potential indicated
// element"), so both are anchors of the document wherever the raw HTML
// sits — an HTML block or inline HTML in a paragraph.

// htmlAnchors collects Document.HTMLAnchors, bounded by MaxAnchors.
type htmlAnchors struct {
	list    []string
	dropped int
}

// inline reads one inline raw HTML tag.
func (h *htmlAnchors) inline(n *ast.RawHTML, source []byte) {
	var b strings.Builder
	for i := 0; i < n.Segments.Len(); i++ {
		s := n.Segments.At(i)
		b.Write(s.Value(source))
	}
	h.read(b.String())
}

// read tokenizes raw HTML and keeps every id and every <a name>.
func (h *htmlAnchors) read(raw string) {
	// Attribute names are case-insensitive (Id=, NAME=): the tokenizer
	// lowercases them, and this cheap test must not be stricter.
	if !containsFoldASCII(raw, "id") && !containsFoldASCII(raw, "name") {
		return
	}
	z := html.NewTokenizer(strings.NewReader(raw))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			for _, a := range t.Attr {
				if a.Namespace != "" || a.Val == "" {
					continue
				}
				if a.Key == "id" || (a.Key == "name" && t.Data == "a") {
					h.add(a.Val)
				}
			}
		}
	}
}

func (h *htmlAnchors) add(a string) {
	if len(h.list) >= MaxAnchors {
		h.dropped++
		return
	}
	h.list = append(h.list, a)
}

func (h *htmlAnchors) finish(doc *Document, is *issues) {
	if h.dropped > 0 {
		is.add(0, "", "%d raw HTML anchors beyond the first %d are not listed", h.dropped, MaxAnchors)
	}
	doc.HTMLAnchors = sortedUnique(h.list)
}

// containsFoldASCII reports whether s holds sub, a lower-case ASCII word,
// in any case, without allocating.
func containsFoldASCII(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && s[i+j]|0x20 == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}
