package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
)

// htmlParts says what a reading of raw HTML takes from it.
type htmlParts uint8

const (
	// htmlAnchorParts: every id, every <a name>, the text of every
	// <summary> (w.html).
	htmlAnchorParts htmlParts = 1 << iota
	// htmlLinkParts: absolute http(s) hrefs, as external links on their
	// lines (htmlBlockLink).
	htmlLinkParts
	// htmlVitePressParts: VitePress' <!--@include: file--> comments.
	htmlVitePressParts
	// htmlElementParts: include elements, <embed src="x.md"> and
	// <include>x.md</include>.
	htmlElementParts
)

// htmlBlockParts are what an HTML block gives.
const htmlBlockParts = htmlAnchorParts | htmlLinkParts | htmlVitePressParts | htmlElementParts

// readHTML tokenizes raw HTML that starts at line once, taking the parts
// asked for; a cheap look for each part's words first leaves out the
// parts the text cannot hold (attribute names are case-insensitive — the
// tokenizer lowercases them — so the look is too).
func (w *walker) readHTML(raw string, line int, parts htmlParts) {
	if parts&htmlAnchorParts != 0 && !containsFoldASCII(raw, "id") && !containsFoldASCII(raw, "name") && !containsFoldASCII(raw, "summary") {
		parts &^= htmlAnchorParts
	}
	if parts&htmlLinkParts != 0 && !containsFoldASCII(raw, "href") {
		parts &^= htmlLinkParts
	}
	if parts&htmlVitePressParts != 0 && !strings.Contains(raw, "@include:") {
		parts &^= htmlVitePressParts
	}
	if parts&htmlElementParts != 0 && !containsFoldASCII(raw, "embed") && !containsFoldASCII(raw, "include") {
		parts &^= htmlElementParts
	}
	if parts == 0 {
		return
	}
	z := html.NewTokenizer(strings.NewReader(raw))
	var summary *strings.Builder // the open <summary>'s text
	var include *strings.Builder // the open <include>'s text
	includeAt := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		at := line // a token's line is where it begins
		line += strings.Count(string(z.Raw()), "\n")
		switch tt {
		case html.CommentToken:
			if parts&htmlVitePressParts != 0 {
				if p, ok := vitepressIncludePath(string(z.Text())); ok {
					w.include(p, IncludeVitePress, at)
				}
			}
		case html.TextToken:
			if summary != nil || include != nil {
				text := z.Text()
				if summary != nil {
					summary.Write(text)
				}
				if include != nil {
					include.Write(text)
				}
			}
		case html.EndTagToken:
			switch name, _ := z.TagName(); string(name) {
			case "summary":
				if summary != nil {
					if title := collapse(summary.String()); title != "" {
						w.html.title(title)
					}
					summary = nil
				}
			case "include":
				if include != nil {
					if p := strings.TrimSpace(include.String()); markdownFile(p) {
						w.include(p, IncludeElement, includeAt)
					}
					include = nil
				}
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			if parts&htmlAnchorParts != 0 {
				if t.Data == "summary" && tt == html.StartTagToken {
					summary = &strings.Builder{}
				}
				for _, a := range t.Attr {
					if a.Namespace == "" && a.Val != "" && (a.Key == "id" || a.Key == "name" && t.Data == "a") {
						w.html.add(a.Val)
					}
				}
			}
			if parts&htmlLinkParts != 0 {
				w.htmlBlockLink(t, at)
			}
			if parts&htmlElementParts != 0 {
				switch t.Data {
				case "embed":
					for _, a := range t.Attr {
						if a.Key == "src" && markdownFile(a.Val) {
							w.include(strings.TrimSpace(a.Val), IncludeElement, at)
						}
					}
				case "include":
					// MarkBind's <include src="x.md" />; Fumadocs' names the
					// file as the element's text.
					if src, ok := includeSrc(t.Attr); ok {
						w.include(src, IncludeElement, at)
					} else if tt == html.StartTagToken {
						include, includeAt = &strings.Builder{}, at
					}
				}
			}
		}
	}
}

// rawText is the text of an inline raw HTML tag.
func rawText(n *ast.RawHTML, source []byte) string {
	var b strings.Builder
	for i := 0; i < n.Segments.Len(); i++ {
		s := n.Segments.At(i)
		b.Write(s.Value(source))
	}
	return b.String()
}
