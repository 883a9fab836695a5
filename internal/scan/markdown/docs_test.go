package markdown

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Every diagnostic code constant in codes.go has a section in
// docs/diagnostics.md, so the docs cannot drift from the code. The constants
// are read from the source, so a new one cannot be forgotten here either.
func TestDiagnosticsDocumented(t *testing.T) {
	docs, err := os.ReadFile("../../../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(docs)
	if !strings.Contains(text, "Document diagnostics (Markdown scan)") {
		t.Error("docs/diagnostics.md lacks the heading Document diagnostics (Markdown scan)")
	}
	f, err := parser.ParseFile(token.NewFileSet(), "codes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			for _, v := range spec.(*ast.ValueSpec).Values {
				lit, ok := v.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				code, _ := strconv.Unquote(lit.Value)
				n++
				if !strings.Contains(text, "### "+code+"\n") {
					t.Errorf("code %s has no section in docs/diagnostics.md", code)
				}
			}
		}
	}
	if n < 14 {
		t.Errorf("found %d codes in codes.go; the parse missed some", n)
	}
}
