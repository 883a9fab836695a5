package typescript

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"unicode/utf8"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsgrammar "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/docbridge/docbridge/internal/scan/extract"
	_ "github.com/docbridge/docbridge/internal/scan/sitteralloc" // tree-sitter allocates with the C library directly
	"github.com/docbridge/docbridge/internal/scan/sitterparse"
)

// Extractor parses TypeScript and JavaScript files. It holds two tree-sitter
// parsers (C memory, released by Close) and must be used by one goroutine at
// a time; run one Extractor per worker.
type Extractor struct {
	parsers [grammarCount]*sitter.Parser
	kinds   [grammarCount]*kindTable
	// err is set when a grammar could not be loaded (an ABI mismatch between
	// the binding and the grammar, a build problem); every Extract then
	// reports it instead of panicking.
	err error
}

// NewExtractor returns an Extractor; call Close when done with it.
func NewExtractor() *Extractor {
	e := &Extractor{}
	languages := [grammarCount]*sitter.Language{
		grammarTypeScript: sitter.NewLanguage(tsgrammar.LanguageTypescript()),
		grammarTSX:        sitter.NewLanguage(tsgrammar.LanguageTSX()),
	}
	for g, lang := range languages {
		p := sitter.NewParser()
		e.parsers[g] = p
		e.kinds[g] = newKindTable()
		if err := p.SetLanguage(lang); err != nil && e.err == nil {
			e.err = fmt.Errorf("load tree-sitter grammar %d: %w", g, err)
		}
	}
	return e
}

// Close releases the parsers. The Extractor must not be used afterwards;
// closing twice is harmless.
func (e *Extractor) Close() {
	for g, p := range e.parsers {
		if p != nil {
			p.Close()
			e.parsers[g] = nil
		}
	}
}

// Extract returns the imports and exports of one file. It never fails: what
// it cannot analyze is reported in File.Issues. path selects the grammar and
// whether CommonJS exports count; it is not read.
func (e *Extractor) Extract(p string, data []byte) File {
	g, ok := grammarByExt[path.Ext(p)]
	switch {
	case !ok:
		return notAnalyzed(fmt.Sprintf("%s is not a TypeScript or JavaScript file", p))
	case e.err != nil:
		return notAnalyzed(e.err.Error())
	case e.parsers[g] == nil:
		return notAnalyzed("the extractor is closed")
	case len(data) > maxFileBytes:
		return notAnalyzed(fmt.Sprintf("file is %d bytes, more than the %d analyzed", len(data), maxFileBytes))
	}
	tree := e.parse(g, data)
	if tree == nil {
		return notAnalyzed(sitterparse.GaveUp(len(data)))
	}
	defer tree.Close()
	f := analyze(tree, data, e.kinds[g], isCommonJS(p), g == grammarTypeScript || path.Ext(p) == ".tsx")
	// A site's configuration, or a module whose default export is an
	// object literal, which a configuration may import (generated
	// redirects). A map of literals always encodes.
	if m := siteConfig(tree, data, e.kinds[g], !isSiteConfig(p)); m != nil && (len(m) > 0 || isSiteConfig(p)) {
		if b, _ := json.Marshal(m); len(b) <= maxDataModule || isSiteConfig(p) {
			f.SiteConfig = b
		}
	}
	return f
}

// parse parses data with grammar g; the caller closes the tree.
func (e *Extractor) parse(g grammar, data []byte) *sitter.Tree {
	// The parser reads a copy without the bytes tree-sitter mishandles;
	// names and strings are read from data itself, at the same offsets.
	return sitterparse.Parse(e.parsers[g], parserInput(data))
}

// parserInput returns data with every C0 control character but tab, line
// feed, vertical tab, form feed and carriage return as a space, and every
// byte that is not part of valid UTF-8 as a space too: one byte for one, so offsets
// and lines stand. tree-sitter's TSX grammar fails an internal assertion,
// and hangs the scan, on some broken input that ends in such a byte (the
// FuzzSiteConfig seeds in testdata/fuzz). data itself is not changed.
func parserInput(data []byte) []byte {
	var out []byte
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		invalid := r == utf8.RuneError && size == 1
		if invalid || (r < 0x20 && r != '\t' && r != '\n' && r != '\v' && r != '\f' && r != '\r') {
			if out == nil {
				out = bytes.Clone(data)
			}
			out[i] = ' '
		}
		i += size
	}
	if out == nil {
		return data
	}
	return out
}

// maxDataModule bounds the literal value kept of a module that is no site
// configuration.
const maxDataModule = 1 << 20

func notAnalyzed(msg string) File {
	return File{Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed, Message: msg}}}
}
