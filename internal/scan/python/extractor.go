package python

import (
	"fmt"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/docbridge/docbridge/internal/scan/extract"
	_ "github.com/docbridge/docbridge/internal/scan/sitteralloc" // tree-sitter allocates with the C library directly
	"github.com/docbridge/docbridge/internal/scan/sitterparse"
)

// Extractor parses Python files. It owns a tree-sitter parser, which is
// neither safe for concurrent use nor freed by the garbage collector: use
// one Extractor per goroutine and Close it when done.
type Extractor struct {
	parser *sitter.Parser
	query  *sitter.Query
	cursor *sitter.QueryCursor
	// err is why the grammar or the query could not be loaded; Extract
	// reports it on every file rather than panicking in NewExtractor.
	err error
}

// importQuery finds the nodes imports come from. Running it in C costs far
// less than visiting every node from Go, where each step is a cgo call.
const importQuery = `
(import_statement) @import
(import_from_statement) @import
(call) @import
`

// maxParseBytes is tree-sitter's limit: it addresses bytes with uint32.
const maxParseBytes = 1<<32 - 1

// NewExtractor returns an Extractor with its own parser.
func NewExtractor() *Extractor {
	lang := sitter.NewLanguage(tspython.Language())
	p := sitter.NewParser()
	if err := p.SetLanguage(lang); err != nil {
		p.Close()
		return &Extractor{err: fmt.Errorf("load the tree-sitter python grammar: %w", err)}
	}
	q, qerr := sitter.NewQuery(lang, importQuery)
	if qerr != nil {
		p.Close()
		return &Extractor{err: fmt.Errorf("compile the python import query: %w", qerr)}
	}
	return &Extractor{parser: p, query: q, cursor: sitter.NewQueryCursor()}
}

// Close frees the parser and the query. It is safe to call more than once.
func (e *Extractor) Close() {
	if e.parser != nil {
		e.cursor.Close()
		e.query.Close()
		e.parser.Close()
		e.parser, e.query, e.cursor = nil, nil, nil
	}
}

// IsSource reports whether path names a Python source or stub file.
func IsSource(path string) bool {
	return strings.HasSuffix(path, ".py") || strings.HasSuffix(path, ".pyi")
}

// Extract returns the imports, exports and issues of one file. It depends
// on data alone (path is not read, so that an extraction stays valid for
// any file with the same bytes) and never fails: problems are Issues.
func (e *Extractor) Extract(path string, data []byte) File {
	_ = path
	if e.parser == nil {
		msg := "the python extractor is closed"
		if e.err != nil {
			msg = e.err.Error()
		}
		return File{Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed, Message: msg}}}
	}
	if len(data) == 0 {
		return File{}
	}
	if uint64(len(data)) > maxParseBytes {
		return File{Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed,
			Message: fmt.Sprintf("larger than %d bytes, the most tree-sitter can address", uint64(maxParseBytes))}}}
	}
	tree := sitterparse.Parse(e.parser, data)
	if tree == nil {
		return File{Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed,
			Message: sitterparse.GaveUp(len(data))}}}
	}
	defer tree.Close()
	w := newWalker(data, tree.RootNode(), e.query, e.cursor)
	defer w.close()
	return w.run()
}
