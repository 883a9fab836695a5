package python

import (
	"fmt"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// lines builds a source of n lines from a format with one %d verb.
func lines(n int, format string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, format+"\n", i)
	}
	return b.String()
}

func TestExtractBounds(t *testing.T) {
	names := make([]string, maxImportNames+5)
	for i := range names {
		names[i] = fmt.Sprintf("n%d", i)
	}
	allEntries := make([]string, maxExports+3)
	for i := range allEntries {
		allEntries[i] = fmt.Sprintf("'e%d'", i)
	}
	tests := []struct {
		name                   string
		src                    string
		imports, exports, all  int
		namesInFirstImport     int
		issues                 []extract.Issue
		lastIssueIsDropSummary bool
		issueCount             int
	}{
		{
			name:    "imports",
			src:     lines(maxImports+10, "import m%d"),
			imports: maxImports,
			issues:  []extract.Issue{partial(maxImports+1, fmt.Sprintf("more than %d imports; 10 are not recorded", maxImports))},
		},
		{
			name:               "names of one import",
			src:                "from m import " + strings.Join(names, ", ") + "\n",
			imports:            1,
			namesInFirstImport: maxImportNames,
			issues:             []extract.Issue{partial(1, fmt.Sprintf("more than %d names in one import; 5 are not recorded", maxImportNames))},
		},
		{
			name:    "public defs",
			src:     lines(maxExports+2, "def f%d(): pass"),
			exports: maxExports,
			issues:  []extract.Issue{partial(maxExports+1, fmt.Sprintf("more than %d exports; 2 are not recorded", maxExports))},
		},
		{
			name:    "__all__ entries",
			src:     "__all__ = [\n" + strings.Join(allEntries, ",\n") + "\n]\n",
			exports: maxExports,
			all:     maxExports,
			issues:  []extract.Issue{partial(maxExports+2, fmt.Sprintf("more than %d names in __all__; 3 are not recorded", maxExports))},
		},
		{
			name:       "issues",
			src:        lines(maxIssues+7, "__import__(x%d)"),
			issueCount: maxIssues + 1,
			issues: []extract.Issue{{Status: extract.StatusPartial,
				Message: fmt.Sprintf("more than %d issues; 7 are not recorded", maxIssues)}},
			lastIssueIsDropSummary: true,
		},
	}
	e := newTestExtractor(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := e.Extract("m.py", []byte(tt.src))
			if len(f.Imports) != tt.imports || len(f.Exports) != tt.exports || len(f.All) != tt.all {
				t.Errorf("got %d imports, %d exports, %d __all__; want %d, %d, %d",
					len(f.Imports), len(f.Exports), len(f.All), tt.imports, tt.exports, tt.all)
			}
			if tt.namesInFirstImport > 0 && len(f.Imports[0].Names) != tt.namesInFirstImport {
				t.Errorf("got %d names, want %d", len(f.Imports[0].Names), tt.namesInFirstImport)
			}
			got := f.Issues
			if tt.lastIssueIsDropSummary {
				if len(got) != tt.issueCount {
					t.Fatalf("got %d issues, want %d", len(got), tt.issueCount)
				}
				got = got[len(got)-1:]
			}
			assertIssues(t, got, tt.issues)
		})
	}
}

func assertIssues(t *testing.T, got, want []extract.Issue) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("issues\n got %+v\nwant %+v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("issue %d\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}
