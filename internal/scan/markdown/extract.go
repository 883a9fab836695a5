package markdown

import (
	"path"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// documentParser parses every document: GitHub, and every generator
// docbridge models, renders footnotes, so a "[^label]: …" line is a
// footnote, not a link reference definition. One parser serves all
// documents and workers: goldmark's parsers keep a parse's state in its
// context, not in themselves (and building one per document cost 5 % of
// the Markdown extraction).
var documentParser = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote)).Parser()

// Extract returns what the Markdown document at path (repo-relative,
// slash-separated, e.g. "docs/guide.md") says. It never fails: whatever it
// cannot read becomes an Issue, and the rest is still extracted. A path
// ending in .mdx is read as MDX, best effort.
func Extract(path string, data []byte) Document { return ExtractWith(path, data, Options{}) }

// Options are what ExtractWith is given beyond the file.
type Options struct {
	// ESMImports parses the ESM of an MDX document (its import and export
	// lines, every other line empty) and returns its import statements.
	// The scan hands it the TypeScript parser; nil leaves the imports of
	// MDX documents unread.
	ESMImports func(esm []byte) []ESMImport
}

// ExtractWith is Extract, with the parsers of opts.
func ExtractWith(path string, data []byte, opts Options) Document {
	doc := Document{Path: path, MDX: isMDX(path)}
	var is issues
	if len(data) > maxDocumentBytes {
		is.addStatus(0, "", extract.StatusNotAnalyzed,
			"document is %d bytes, over the %d-byte bound; not analyzed", len(data), maxDocumentBytes)
		doc.Title, doc.TitleSource = fileTitle(path), titleFromFilename
		doc.AnchorsCut = true // none was read
		doc.Issues = is.result()
		return doc
	}
	src := newSource(data)
	doc.LineCount = src.lineCount()
	blank := make([]bool, src.lineCount()+1)

	fmTitle, bodyFrom := readFrontMatter(src, &doc, &is, blank)
	var mdx *mdxBlanker
	switch {
	case doc.MDX:
		mdx = &mdxBlanker{src: src, blank: blank}
		mdx.run(bodyFrom)
	case opts.ESMImports != nil && esmLike(data):
		// Docusaurus reads .md files as MDX too: their imports and
		// components are read the same way, nothing blanked (resolution
		// decides whether the page's site is one that reads them so).
		mdx = &mdxBlanker{src: src, blank: make([]bool, len(blank))}
		mdx.run(bodyFrom)
	}
	body := buildBody(src, blank, &is)
	lines := newLineIndex(body)
	root := documentParser.Parse(text.NewReader(body))

	finder := regionFinder{src: src, is: &is}
	html := htmlBlockLines(root, lines)
	regions, inRegion := finder.find(html)
	doc.Generated = regions
	doc.GeneratedFile = generatedFileMarker(src, &doc.FrontMatter, html, bodyFrom)
	w := walker{body: body, lines: lines, inRegion: inRegion, doc: &doc, is: &is}
	w.liquidCode, w.liquidRaw = liquidLines(root, body, lines)
	doc.Footnotes = footnoteLabels(root, body, lines)
	doc.Targets = mystTargets(root, body, lines)
	var tabsDropped int
	if doc.Tabs, tabsDropped = contentTabs(root, body, lines); tabsDropped > 0 {
		is.cutAnchors("%d content tabs beyond the first %d are not listed for site anchors", tabsDropped, MaxAnchors)
	}
	w.walk(root)
	if mdx != nil {
		if len(mdx.attrs.list) > 0 || len(mdx.attrs.titles) > 0 {
			doc.HTMLAnchors = boundedUnion(doc.HTMLAnchors, mdx.attrs.list)
			doc.ElementTitles = boundedUnion(doc.ElementTitles, mdx.attrs.titles)
		}
		if rendered := mdx.renderedImports(opts.ESMImports); len(rendered) > 0 {
			doc.Includes = append(rendered, doc.Includes...)
			doc.Includes = doc.Includes[:min(len(doc.Includes), maxIncludes)]
			slices.SortStableFunc(doc.Includes, func(a, b Include) int { return a.Line - b.Line })
		}
	}
	doc.Hugo = hugoExtract(root, body, lines, bodyFrom, &is)

	switch {
	case fmTitle != "":
		doc.Title, doc.TitleSource = fmTitle, TitleFromFrontMatter
	case w.h1 != "":
		doc.Title, doc.TitleSource = w.h1, TitleFromH1
	default:
		doc.Title, doc.TitleSource = fileTitle(path), titleFromFilename
	}
	doc.AnchorsCut = is.anchorsCut
	doc.Issues = is.result()
	return doc
}

// readFrontMatter fills doc.FrontMatter and doc.Block, marks the front
// matter's lines in blank and returns its title and the first body line.
func readFrontMatter(src *source, doc *Document, is *issues, blank []bool) (title string, bodyFrom int) {
	start, end, format, unclosed := findFrontMatter(src)
	if unclosed {
		is.add(1, codeFrontMatterUnclosed,
			"the opening --- has no closing --- or ... line, so it is not front matter (GitHub renders it as a rule)")
	}
	if end == 0 {
		return "", 1
	}
	fm := &doc.FrontMatter
	fm.Present, fm.LineStart, fm.LineEnd = true, start, end
	if format == frontMatterTOML {
		fm.Format = frontMatterTOML
	}
	for n := 1; n <= end; n++ {
		blank[n] = true
	}
	lines := make([]string, 0, end-start-1)
	for n := start + 1; n < end; n++ {
		lines = append(lines, string(src.line(n)))
	}
	r := frontMatterReader{docPath: doc.Path, first: start + 1, last: end - 1, is: is}
	if format == frontMatterTOML {
		return r.readTOML(lines, fm), end + 1
	}
	title, doc.Block = r.read(strings.Join(lines, "\n"), fm)
	return title, end + 1
}

// boundedUnion is the sorted union of a and b, at most MaxAnchors long.
func boundedUnion(a, b []string) []string {
	u := sortedUnique(append(slices.Clone(a), b...))
	return u[:min(len(u), MaxAnchors)]
}

// fileTitle is the file name without its extension.
func fileTitle(p string) string {
	base := path.Base(p)
	if t := strings.TrimSuffix(base, path.Ext(base)); t != "" {
		return t
	}
	return base
}
