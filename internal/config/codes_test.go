package config

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
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
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
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
