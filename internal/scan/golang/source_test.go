package golang

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	return data
}

func TestExtractExports(t *testing.T) {
	got := Extract("sample/exports.go", readFixture(t, "src/exports.go.txt"))
	want := []Export{
		{Name: "Pi", Kind: kindConst, Line: 14},
		{Name: "Tau", Kind: kindConst, Line: 14},
		{Name: "A", Kind: kindConst, Line: 17},
		{Name: "Z", Kind: kindConst, Line: 19},
		{Name: "Global", Kind: kindVar, Line: 22},
		{Name: "X", Kind: kindVar, Line: 25},
		{Name: "Public", Kind: kindType, Line: 29},
		{Name: "Alias", Kind: kindType, Line: 34},
		{Name: "Gen", Kind: kindType, Line: 35},
		{Name: "Pair", Kind: kindType, Line: 36},
		{Name: "Exported", Kind: kindFunc, Line: 39},
		{Name: "Public.Method", Kind: kindMethod, Line: 43},
		{Name: "Public.PtrMethod", Kind: kindMethod, Line: 45},
		{Name: "Gen.Get", Kind: kindMethod, Line: 51},
		{Name: "Pair.Put", Kind: kindMethod, Line: 53},
		{Name: "Public.Paren", Kind: kindMethod, Line: 55},
		{Name: "Generic", Kind: kindFunc, Line: 59},
	}
	if !reflect.DeepEqual(unhashed(got.Exports), want) {
		t.Errorf("exports:\n got %v\nwant %v", got.Exports, want)
	}
	wantImports := []Import{{"fmt", 5}, {"net/http", 6}, {"embed", 7}, {"strings", 9}, {"github.com/x/y", 12}}
	if !reflect.DeepEqual(got.Imports, wantImports) {
		t.Errorf("imports:\n got %v\nwant %v", got.Imports, wantImports)
	}
	if got.Package != "sample" || got.IsTest || len(got.Issues) != 0 {
		t.Errorf("package %q isTest %v issues %v", got.Package, got.IsTest, got.Issues)
	}
}

func TestExtractIssues(t *testing.T) {
	tests := []struct {
		name, path, src string
		fixture         string
		wantPkg         string
		wantTest        bool
		wantExports     []Export
		wantImports     []Import
		wantIssue       *extract.Issue // nil: no issue
	}{
		{
			name: "syntax error keeps the partial AST", path: "b/broken.go", fixture: "src/broken.go.txt",
			wantPkg:     "broken",
			wantImports: []Import{{"os", 3}},
			wantExports: []Export{{Name: "Good", Kind: kindFunc, Line: 5}, {Name: "Bad", Kind: kindFunc, Line: 7}},
			wantIssue: &extract.Issue{Line: 7, Status: extract.StatusPartial,
				Message: "syntax error at line 7: expected ')', found '{'; the module is analyzed partially"},
		},
		{
			name: "line directives do not move lines", path: "p/gen.go", fixture: "src/linedirective.go.txt",
			wantPkg:     "p",
			wantExports: []Export{{Name: "F", Kind: kindFunc, Line: 4}, {Name: "V", Kind: kindVar, Line: 6}},
		},
		{
			name: "syntax error after a line directive keeps the real line", path: "p/gen.go",
			src:         "package p\n//line x.go:500\nfunc F() {}\nfunc G( {\n",
			wantPkg:     "p",
			wantExports: []Export{{Name: "F", Kind: kindFunc, Line: 3}, {Name: "G", Kind: kindFunc, Line: 4}},
			wantIssue: &extract.Issue{Line: 4, Status: extract.StatusPartial,
				Message: "syntax error at line 4: expected ')', found '{'; the module is analyzed partially"},
		},
		{
			name: "invalid UTF-8", path: "p/u.go", src: "package p\n\nvar X = \"\xff\"\n",
			wantPkg:     "p",
			wantExports: []Export{{Name: "X", Kind: kindVar, Line: 3}},
			wantIssue: &extract.Issue{Line: 3, Status: extract.StatusPartial,
				Message: "syntax error at line 3: illegal UTF-8 encoding; the module is analyzed partially"},
		},
		{
			name: "NUL byte", path: "p/n.go", src: "package p\n\nfunc F() {}\x00\n",
			wantPkg:     "p",
			wantExports: []Export{{Name: "F", Kind: kindFunc, Line: 3}},
			wantIssue: &extract.Issue{Line: 3, Status: extract.StatusPartial,
				Message: "syntax error at line 3: illegal character NUL; the module is analyzed partially"},
		},
		{
			name: "empty file", path: "e.go", src: "",
			wantIssue: &extract.Issue{Line: 1, Status: extract.StatusPartial,
				Message: "syntax error at line 1: expected 'package', found 'EOF'; the module is analyzed partially"},
		},
		{
			name: "test file", path: "p/p_test.go", src: "package p_test\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n",
			wantPkg: "p_test", wantTest: true,
			wantImports: []Import{{"testing", 3}},
			wantExports: []Export{{Name: "TestX", Kind: kindFunc, Line: 5}},
		},
		{
			name: "cgo pseudo-import dropped, BOM accepted", path: "c.go", src: "\ufeffpackage c\n\nimport \"C\"\nimport \"unsafe\"\n",
			wantPkg:     "c",
			wantImports: []Import{{"unsafe", 4}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			if tt.fixture != "" {
				src = readFixture(t, tt.fixture)
			}
			got := Extract(tt.path, src)
			if got.Package != tt.wantPkg || got.IsTest != tt.wantTest {
				t.Errorf("package %q isTest %v, want %q %v", got.Package, got.IsTest, tt.wantPkg, tt.wantTest)
			}
			if !reflect.DeepEqual(unhashed(got.Exports), tt.wantExports) {
				t.Errorf("exports:\n got %v\nwant %v", got.Exports, tt.wantExports)
			}
			if !reflect.DeepEqual(got.Imports, tt.wantImports) {
				t.Errorf("imports:\n got %v\nwant %v", got.Imports, tt.wantImports)
			}
			var want []extract.Issue
			if tt.wantIssue != nil {
				want = []extract.Issue{*tt.wantIssue}
			}
			if !reflect.DeepEqual(got.Issues, want) {
				t.Errorf("issues:\n got %v\nwant %v", got.Issues, want)
			}
		})
	}
}

func TestExtractBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("package big\n")
	for i := range maxImports + 3 {
		fmt.Fprintf(&b, "import _ \"example.com/p%d\"\n", i)
	}
	for i := range maxExports + 5 {
		fmt.Fprintf(&b, "const C%d = %d\n", i, i)
	}
	got := Extract("big.go", []byte(b.String()))
	if len(got.Imports) != maxImports || got.Imports[maxImports-1].Path != fmt.Sprintf("example.com/p%d", maxImports-1) {
		t.Errorf("imports: %d kept, last %v", len(got.Imports), got.Imports[len(got.Imports)-1])
	}
	if len(got.Exports) != maxExports || got.Exports[0].Name != "C0" {
		t.Errorf("exports: %d kept, first %v", len(got.Exports), got.Exports[0])
	}
	want := []extract.Issue{
		{Status: extract.StatusPartial, Message: fmt.Sprintf("%d imports, only the first %d are kept", maxImports+3, maxImports)},
		{Status: extract.StatusPartial, Message: fmt.Sprintf("%d exported declarations, only the first %d are kept", maxExports+5, maxExports)},
	}
	if !reflect.DeepEqual(got.Issues, want) {
		t.Errorf("issues:\n got %v\nwant %v", got.Issues, want)
	}
}

func TestIsSource(t *testing.T) {
	for path, want := range map[string]bool{
		"main.go": true, "a/b_test.go": true, "a/go.mod": false, "x.go.txt": false, "README.md": false,
	} {
		if got := IsSource(path); got != want {
			t.Errorf("IsSource(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestExtractEmbeds: the patterns of //go:embed directives, bare and
// quoted, in source order; a comment that only mentions go:embed, or
// names another directive, gives none.
func TestExtractEmbeds(t *testing.T) {
	src := "package cmd\n\nimport _ \"embed\"\n\n//go:embed help.md\nvar help string\n\n" +
		"// The text uses //go:embed below.\n//go:embed docs/*.md \"with space.md\" `raw.md`\nvar docs embed.FS\n\n//go:embedded nothing.md\n//go:generate x\n"
	got := Extract("cmd/cmd.go", []byte(src)).Embeds
	if want := []string{"help.md", "docs/*.md", "with space.md", "raw.md"}; !slices.Equal(got, want) {
		t.Errorf("Embeds = %q, want %q", got, want)
	}
}
