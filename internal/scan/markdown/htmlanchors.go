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

// htmlAnchors collects Document.HTMLAnchors, bounded by MaxAnchors, and
// the <summary> texts of Document.ElementTitles.
type htmlAnchors struct {
	list    []string
	titles  []string
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

// read tokenizes raw HTML and keeps every id, every <a name> and the text
// of every <summary>.
func (h *htmlAnchors) read(raw string) {
	// Attribute names are case-insensitive (Id=, NAME=): the tokenizer
	// lowercases them, and this cheap test must not be stricter.
	if !containsFoldASCII(raw, "id") && !containsFoldASCII(raw, "name") && !containsFoldASCII(raw, "summary") {
		return
	}
	z := html.NewTokenizer(strings.NewReader(raw))
	var summary *strings.Builder // the open <summary>'s text
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return
		case html.TextToken:
			if summary != nil {
				summary.Write(z.Text())
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "summary" && summary != nil {
				if title := collapse(summary.String()); title != "" {
					h.title(title)
				}
				summary = nil
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			if t.Data == "summary" && tt == html.StartTagToken {
				summary = &strings.Builder{}
			}
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

// title keeps an element's title, bounded as anchors are.
func (h *htmlAnchors) title(t string) {
	if len(h.titles) >= MaxAnchors {
		h.dropped++
		return
	}
	h.titles = append(h.titles, t)
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
	doc.ElementTitles = sortedUnique(h.titles)
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
