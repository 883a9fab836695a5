package markdown

import (
	"bytes"
	"golang.org/x/net/html"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// walker collects what a parsed document says. Its input is the body handed
// to goldmark, in which every line is the line of the file with the same
// number (front matter and MDX lines are blank, not removed).
type walker struct {
	body     []byte
	lines    lineIndex
	inRegion []bool // by line: inside a generated region
	// liquidCode and liquidRaw are, by line, inside a Liquid highlight or
	// comment block, and inside a raw block (liquid.go).
	liquidCode, liquidRaw []bool
	lastHeading           ast.Node
	doc                   *Document
	is                    *issues

	slugs          *slugger
	anchors        []string
	anchorsDropped int
	site           siteAnchors
	siteHeads      siteHeadings
	html           htmlAnchors
	attrs          htmlAnchors // attribute-list ids (attrAnchors)
	passthroughIDs []string    // ids in fences a generator may pass through (passthrough)
	snippetBlock   bool        // inside a --8<-- block of snippet paths
	headsDropped   int
	h1             string

	// cues are the code span cues of cueOf, the block last asked about.
	cueOf ast.Node
	cues  map[*ast.CodeSpan]string
	// rowCue is the link cue of cueRow, the table row last asked about.
	cueRow ast.Node
	rowCue string
}

// htmlBlockLines returns the lines goldmark parsed as HTML blocks: the only
// lines that can hold a generated-region marker.
func htmlBlockLines(root ast.Node, lines lineIndex) map[int]bool {
	out := map[int]bool{}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.HTMLBlock)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		segs := h.Lines()
		for i := 0; i < segs.Len(); i++ {
			out[lines.lineOf(segs.At(i).Start)] = true
		}
		if h.HasClosure() {
			out[lines.lineOf(h.ClosureLine.Start)] = true
		}
		return ast.WalkSkipChildren, nil
	})
	return out
}

func (w *walker) walk(root ast.Node) {
	w.slugs = newSlugger()
	w.site.slugs = newSiteSlugger()
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			w.heading(n)
		case *ast.Paragraph:
			if w.headingIAL(n) {
				return ast.WalkSkipChildren, nil
			}
			w.prose(n)
			w.blockDirectives(n)
			w.paragraphIncludes(n)
			if w.doc.Summary == "" && !w.hidden(n) {
				w.doc.Summary = summarise(collapse(inlineText(n, w.body, false)))
			}
		case *ast.TextBlock:
			w.prose(n)
			w.blockDirectives(n)
		case *east.TableCell:
			w.prose(n)
		case *ast.Link, *ast.Image, *ast.AutoLink:
			w.link(n)
		case *ast.CodeSpan:
			w.codeSpan(n)
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			raw, line := w.rawHTMLBlock(n)
			w.readHTML(raw, line, htmlBlockParts)
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			raw, parts, line := rawText(n, w.body), htmlAnchorParts, 0
			if n.Segments.Len() > 0 && len(raw) > 8 && strings.EqualFold(raw[:8], "<include") {
				// <include src="x.md" /> inside text (a template's loop
				// around it makes the text a paragraph).
				parts, line = parts|htmlElementParts, w.lines.lineOf(n.Segments.At(0).Start)
			}
			w.readHTML(raw, line, parts)
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			w.mystInclude(n)
			w.passthrough(n)
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if w.headsDropped > 0 {
		w.is.add(0, "", "%d headings of levels 1–3 beyond the first %d are not listed", w.headsDropped, maxHeadings)
	}
	if w.anchorsDropped > 0 {
		w.is.cutAnchors("%d heading anchors beyond the first %d are not listed", w.anchorsDropped, MaxAnchors)
	}
	w.doc.Anchors = sortedUnique(w.anchors)
	w.site.finish(w.doc, w.is)
	w.siteHeads.finish(w.doc, w.is)
	w.html.finish(w.doc, w.is)
	w.doc.AttrAnchors = sortedUnique(w.attrs.list)
	w.doc.PassthroughAnchors = sortedUnique(w.passthroughIDs)
}

// blockDirectives reads the site directives of a paragraph outside
// generated regions.
func (w *walker) blockDirectives(n ast.Node) {
	if !w.hidden(n) {
		w.snippetBlock = false
		w.directives(n)
	}
}

// headingSource is a heading's source text, its lines joined by spaces.
func (w *walker) headingSource(n *ast.Heading) string {
	var parts []string
	segs := n.Lines()
	for i := 0; i < segs.Len(); i++ {
		seg := segs.At(i)
		parts = append(parts, strings.TrimSpace(string(seg.Value(w.body))))
	}
	return strings.Join(parts, " ")
}

// line is the file line where n starts: its own position when goldmark
// recorded one, else its first line segment, else its parent's.
func (w *walker) line(n ast.Node) int {
	for ; n != nil; n = n.Parent() {
		if p := n.Pos(); p >= 0 {
			return w.lines.lineOf(p)
		}
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return w.lines.lineOf(n.Lines().At(0).Start)
		}
	}
	return 1
}

// hidden reports whether n starts inside a generated region.
func (w *walker) hidden(n ast.Node) bool {
	l := w.line(n)
	return l < len(w.inRegion) && w.inRegion[l] || l < len(w.liquidCode) && w.liquidCode[l]
}

// headingIAL reads a kramdown block attribute list on the line after a
// heading as that heading's id ("## 1.0\n{: #v1-0}"), for Jekyll.
func (w *walker) headingIAL(n *ast.Paragraph) bool {
	h, ok := n.PreviousSibling().(*ast.Heading)
	if !ok || h != w.lastHeading || len(w.siteHeads.list) == 0 {
		return false
	}
	id, ok := blockIAL(n, w.body)
	if !ok || w.line(n) != w.line(h)+1 {
		return false
	}
	w.siteHeads.list[len(w.siteHeads.list)-1].BlockID = id
	return true
}

// prose counts the words of a block of inline text.
func (w *walker) prose(n ast.Node) {
	if !w.hidden(n) {
		w.doc.WordCount += len(strings.Fields(inlineText(n, w.body, false)))
	}
}

func (w *walker) heading(n *ast.Heading) {
	raw := inlineText(n, w.body, true)
	text := collapse(raw)
	w.prose(n)
	// The slugger sees every heading, even one with an empty slug, because
	// GitHub counts it when numbering repeats. GitHub slugs the heading's
	// text content, which an image's alt text is not part of: "## Team
	// ![badge](b.svg)" is #team- (site generators read raw, below).
	slug := w.slugs.unique(inlineText(n, w.body, false))
	w.site.heading(raw)
	smart := raw // typography only turns "--" into dashes
	if strings.Contains(raw, "--") {
		smart = smartText(n, w.body)
	}
	w.siteHeads.add(raw, smart, w.headingSource(n), w.line(n))
	w.lastHeading = n
	if slug != "" {
		if len(w.anchors) < MaxAnchors {
			w.anchors = append(w.anchors, slug)
		} else {
			w.anchorsDropped++
		}
	}
	if text == "" {
		return
	}
	if n.Level <= 3 {
		if len(w.doc.Headings) < maxHeadings {
			w.doc.Headings = append(w.doc.Headings, Heading{Level: n.Level, Text: text, Slug: slug, Line: w.line(n)})
		} else {
			w.headsDropped++
		}
	}
	if n.Level == 1 && w.h1 == "" {
		w.h1 = text
	}
}

// codeImport reports whether the link n with text text is written as
// VuePress' code import: "@" right before it, and the text "code" or
// "code" and its options ("code{1-3}", "code js").
func codeImport(n *ast.Link, text string, source []byte) bool {
	if text != "code" && !strings.HasPrefix(text, "code ") && !strings.HasPrefix(text, "code{") {
		return false
	}
	prev, ok := n.PreviousSibling().(*ast.Text)
	return ok && bytes.HasSuffix(TextValue(prev, source), []byte("@"))
}

// reference counts a link or code span and reports whether it is kept.
func (w *walker) reference() bool {
	w.doc.ReferenceCount++
	if len(w.doc.Links)+len(w.doc.CodeSpans) < maxReferences {
		return true
	}
	w.doc.EvidenceTruncated = true
	return false
}

func (w *walker) link(n ast.Node) {
	if w.hidden(n) {
		return
	}
	l := Link{Line: w.line(n)}
	switch n := n.(type) {
	case *ast.Link:
		l.Destination = string(textValueBytes(n.Destination))
		l.Text = collapse(inlineText(n, w.body, true))
		l.CodeImport = codeImport(n, l.Text, w.body)
		l.Directive = linkDirective(n, w.body)
	case *ast.Image:
		l.Destination = string(textValueBytes(n.Destination))
		l.Text = collapse(inlineText(n, w.body, true))
		l.Image = true
	case *ast.AutoLink:
		l.Text = string(n.Label(w.body))
		l.Destination = string(n.URL(w.body))
		if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(l.Destination), "mailto:") {
			l.Destination = "mailto:" + l.Destination
		}
	}
	if !classifyLink(&l, w.doc.Path) {
		w.is.add(l.Line, CodeLinkOutsideRoot, "%s", OutsideRootMessage(l.Destination))
	}
	if w.reference() {
		if l.Kind == LinkRelative {
			l.Cue = w.linkCue(n)
		}
		w.doc.Links = append(w.doc.Links, l)
	}
}

// linkDirective returns the name of a directive written right before a
// link's text — Paradox's @scaladoc[Actor](pekko.actor.Actor),
// @ref[Streams](stream.md), @@snip[x](path) (then "@snip") — or "": the
// text before the link ends in '@' and a name, and the '@' starts a word.
func linkDirective(n *ast.Link, source []byte) string {
	prev, ok := n.PreviousSibling().(*ast.Text)
	if !ok {
		return ""
	}
	text := prev.Segment.Value(source)
	i := len(text)
	for i > 0 && (text[i-1] >= 'a' && text[i-1] <= 'z' || text[i-1] >= 'A' && text[i-1] <= 'Z') {
		i--
	}
	if i == len(text) || i == 0 || text[i-1] != '@' {
		return ""
	}
	name := string(text[i:])
	at := i - 1
	if at > 0 && text[at-1] == '@' {
		name, at = "@"+name, at-1
	}
	if at > 0 {
		if c := text[at-1]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' {
			return "" // an address: user@example[...]
		}
	}
	return name
}

func (w *walker) codeSpan(n *ast.CodeSpan) {
	text := strings.TrimSpace(CodeSpanText(n, w.body))
	if text == "" || w.hidden(n) {
		return
	}
	if w.reference() {
		span := CodeSpan{Text: text, Line: w.line(n), InLink: inLink(n)}
		if strings.Contains(text, "/") {
			span.Cue = w.cue(n)
		}
		w.doc.CodeSpans = append(w.doc.CodeSpans, span)
	}
}

// cue returns the cue of a code span, computing those of its whole block
// the first time one of them is asked for.
func (w *walker) cue(n *ast.CodeSpan) string {
	b := cueBlock(n)
	if b == nil {
		return ""
	}
	if b != w.cueOf {
		w.cueOf, w.cues = b, blockCues(b, w.body)
	}
	return w.cues[n]
}

// sortedUnique sorts s and drops repeats; nil when s is empty.
func sortedUnique(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	slices.Sort(s)
	return slices.Compact(s)
}

// passthrough collects the ids and <a name>s of a fence that may be a
// generator's raw HTML passthrough rather than code: one without an info
// string, or whose "info string" is itself HTML (Franklin.jl's ~~~ … ~~~,
// ~~~<span id="x"></span>~~~). GitHub shows it as code; a generator the
// scan does not know may render it (Document.PassthroughAnchors).
func (w *walker) passthrough(n *ast.FencedCodeBlock) {
	info := ""
	if n.Info != nil {
		info = strings.TrimSpace(string(n.Info.Segment.Value(w.body)))
	}
	if info != "" && !strings.HasPrefix(info, "<") {
		return
	}
	// Most fences are code: look for a tag with an id or a name in the
	// source itself before copying anything.
	lines := n.Lines()
	tagged := strings.Contains(info, "<") && (containsFoldASCII(info, "id") || containsFoldASCII(info, "name"))
	for i := 0; i < lines.Len() && !tagged; i++ {
		seg := lines.At(i)
		v := seg.Value(w.body)
		tagged = bytes.IndexByte(v, '<') >= 0 && (containsFoldASCIIBytes(v, "id") || containsFoldASCIIBytes(v, "name"))
	}
	if !tagged {
		return
	}
	var b strings.Builder
	b.WriteString(info)
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(w.body))
	}
	raw := b.String()
	z := html.NewTokenizer(strings.NewReader(raw))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			for more && len(w.passthroughIDs) < MaxAnchors {
				var k, v []byte
				k, v, more = z.TagAttr()
				if a := strings.TrimSpace(string(v)); a != "" && (string(k) == "id" || string(k) == "name" && string(name) == "a") {
					w.passthroughIDs = append(w.passthroughIDs, a)
				}
			}
		}
	}
}

// mystInclude records a MyST include directive: a fence whose info string
// is "{include} path". Only a Sphinx site splices the file in (elsewhere
// the fence is a code block); resolution decides.
func (w *walker) mystInclude(n *ast.FencedCodeBlock) {
	if n.Info == nil {
		return
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(string(n.Info.Segment.Value(w.body))), "{include}")
	if p := strings.TrimSpace(rest); ok && p != "" && !strings.ContainsAny(p, " \t") {
		w.include(p, IncludeMyST, w.lines.lineOf(n.Info.Segment.Start))
	}
}
