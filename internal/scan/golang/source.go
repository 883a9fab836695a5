package golang

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// File is the extraction of one .go file.
type File struct {
	// Package is the package clause's name; empty when the parser could not
	// read it.
	Package string `json:"package,omitempty"`
	// Doc is the first paragraph of the package doc comment (the comment
	// directly above the package clause), whitespace collapsed, at most
	// maxDocRunes runes with a trailing "…" when cut; empty without one.
	Doc string `json:"doc,omitempty"`
	// Imports are in source order, without the cgo pseudo-package "C".
	Imports []Import `json:"imports,omitempty"`
	// Exports are sorted by (Line, Name, Kind).
	Exports []Export `json:"exports,omitempty"`
	// Embeds are the patterns of the file's //go:embed directives, in
	// source order, as written (relative to the file's directory): files
	// the program carries and shows — a command's help text in Markdown.
	Embeds []string `json:"embeds,omitempty"`
	// IsTest reports a _test.go file.
	IsTest bool            `json:"isTest,omitempty"`
	Issues []extract.Issue `json:"issues,omitempty"`
}

// Import is one import spec.
type Import struct {
	Path string `json:"path"`
	Line int    `json:"line"`
}

// Export is one exported top-level declaration.
type Export struct {
	// Name is the identifier, or "Type.Method" for a method.
	Name string `json:"name"`
	// Kind is one of the Kind* constants.
	Kind string `json:"kind"`
	Line int    `json:"line"`
	// Sig is a hash of the declaration's signature: a function's receiver,
	// type parameter, parameter and result types (not their names); a
	// type's definition; a constant's or variable's type and value. A
	// test file's exports have neither hash.
	Sig string `json:"sig,omitempty"`
	// Body is a hash of a function's body or a type's definition, as
	// tokens (formatting and comments do not count); empty when it has
	// fewer than 12 tokens, too common to identify a declaration.
	Body string `json:"body,omitempty"`
}

// Export kinds.
const (
	kindFunc   = "func"
	kindType   = "type"
	kindMethod = "method"
	kindConst  = "const"
	kindVar    = "var"
)

// IsSource reports whether path is a file this analyzer extracts.
func IsSource(path string) bool {
	return strings.HasSuffix(path, ".go")
}

// Extract parses one Go source file. It never fails: a syntax error keeps
// whatever the parser recovered and records one partial Issue.
func Extract(path string, data []byte) File {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, data, parser.ParseComments|parser.SkipObjectResolution)
	out := File{IsTest: strings.HasSuffix(path, "_test.go")}
	if err != nil {
		out.Issues = append(out.Issues, syntaxIssue(data, err))
	}
	if f == nil { // only when the source cannot be read, which []byte rules out
		return out
	}
	if f.Name != nil {
		out.Package = f.Name.Name
	}
	out.Doc = packageDoc(f)
	// Positions are taken unadjusted: a //line directive must not move a
	// declaration to a line that is not in this file.
	line := func(p token.Pos) int { return fset.PositionFor(p, false).Line }
	out.Imports = imports(f, line)
	out.Embeds = embeds(f)
	// A test file's declarations are not hashed: documentation names none
	// of them, so drift never looks for one renamed.
	var sh *shapeHasher
	if !out.IsTest {
		sh = newShapeHasher(fset.File(f.Pos()), data)
	}
	out.Exports = exports(f, line, sh)
	if n := len(out.Imports); n > maxImports {
		out.Imports = out.Imports[:maxImports]
		out.Issues = append(out.Issues, truncated("imports", n, maxImports))
	}
	if n := len(out.Exports); n > maxExports {
		out.Exports = out.Exports[:maxExports]
		out.Issues = append(out.Issues, truncated("exported declarations", n, maxExports))
	}
	return out
}

// embeds reads the patterns of the //go:embed directives: space-separated,
// each bare or a Go string literal ("with space.md", `raw.md`); a pattern
// that does not unquote is left out.
func embeds(f *ast.File) []string {
	var out []string
	for _, g := range f.Comments {
		for _, c := range g.List {
			rest, ok := strings.CutPrefix(c.Text, "//go:embed")
			if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			for rest = strings.TrimSpace(rest); rest != "" && len(out) < maxImports; rest = strings.TrimSpace(rest) {
				var pat string
				switch rest[0] {
				case '"', '`':
					end := strings.IndexByte(rest[1:], rest[0])
					if end < 0 {
						rest = ""
						continue
					}
					lit := rest[:end+2]
					rest = rest[end+2:]
					if u, err := strconv.Unquote(lit); err == nil {
						pat = u
					}
				default:
					pat, rest, _ = strings.Cut(rest, " ")
				}
				if pat != "" {
					out = append(out, validUTF8(pat))
				}
			}
		}
	}
	return out
}

func imports(f *ast.File, line func(token.Pos) int) []Import {
	var out []Import
	for _, spec := range f.Imports {
		if spec.Path == nil {
			continue
		}
		// A malformed spec (already reported as a syntax error) does not
		// unquote; it names nothing.
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p == "" || p == "C" {
			continue
		}
		out = append(out, Import{Path: validUTF8(p), Line: line(spec.Path.Pos())})
	}
	return out
}

// syntaxIssue reports the earliest error in the file. Lines come from byte
// offsets, because the parser's own line numbers follow //line directives.
func syntaxIssue(data []byte, err error) extract.Issue {
	var list scanner.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return extract.Issue{Status: extract.StatusPartial,
			Message: fmt.Sprintf("parse error: %s; the module is analyzed partially", validUTF8(err.Error()))}
	}
	first := list[0]
	for _, e := range list[1:] {
		if e.Pos.Offset < first.Pos.Offset {
			first = e
		}
	}
	n := lineAt(data, first.Pos.Offset)
	return extract.Issue{
		Line:    n,
		Status:  extract.StatusPartial,
		Message: fmt.Sprintf("syntax error at line %d: %s; the module is analyzed partially", n, validUTF8(first.Msg)),
	}
}

// lineAt is the 1-based line holding byte offset off, clamped to data.
func lineAt(data []byte, off int) int {
	off = max(0, min(off, len(data)))
	return bytes.Count(data[:off], []byte{'\n'}) + 1
}

func truncated(what string, n, limit int) extract.Issue {
	return extract.Issue{Status: extract.StatusPartial,
		Message: fmt.Sprintf("%d %s, only the first %d are kept", n, what, limit)}
}

// validUTF8 replaces invalid UTF-8 in text taken from the input, which JSON
// would otherwise rewrite: a stored extraction must decode to what was
// extracted.
func validUTF8(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
