package config

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestEveryCodeIsDocumented keeps docs/diagnostics.md in step with the codes:
// it reads every DOCBRIDGE_CONFIG_* constant of this package's source, so a
// new code cannot be added without its documentation.
func TestEveryCodeIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, pkg := range pkgs {
		ast.Inspect(pkg, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			code, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.HasPrefix(code, "DOCBRIDGE_CONFIG_") {
				return true
			}
			found++
			if !strings.Contains(string(doc), "`"+code+"`") {
				t.Errorf("%s is not documented in docs/diagnostics.md", code)
			}
			return true
		})
	}
	if found < 10 {
		t.Errorf("found %d codes in the source; the parse is broken", found)
	}
}
