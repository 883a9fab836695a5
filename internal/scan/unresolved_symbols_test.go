package scan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// A symbol-shaped code span that names no export is recorded on its
// document (drift against a base needs to know the mention is still
// there); resolved, ambiguous and path-shaped spans are not, and the list
// is bounded per document.
func TestUnresolvedSymbolsAreRecordedAndBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Index\n\n`Open` resolves, `Twice` is ambiguous, `src/none.ts` is a path.\n")
	for i := range maxUnresolvedSymbols + 6 {
		fmt.Fprintf(&b, "`missing%02d()`\n", i)
	}
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"README.md":  b.String(),
		"src/a.ts":   "export function Open() {}\nexport const Twice = 1;\n",
		"src/b.ts":   "export const Twice = 2;\n",
		"docs/ok.md": "# Ok\n\n`Open` and `Open()`.\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	meta := ix.entity(t, "document:README.md").Metadata
	got := asMaps(meta["unresolvedSymbols"])
	if len(got) != maxUnresolvedSymbols || meta["unresolvedSymbolsTruncated"] != true {
		t.Fatalf("%d unresolved symbols, truncated %v; want %d and true", len(got), meta["unresolvedSymbolsTruncated"], maxUnresolvedSymbols)
	}
	for i, m := range got {
		if want := fmt.Sprintf("missing%02d", i); m["symbol"] != want || m["line"] != 4+i {
			t.Fatalf("item %d = %v, want %s (the name without \"()\") at line %d", i, m, want, 4+i)
		}
	}
	ok := ix.entity(t, "document:docs/ok.md").Metadata
	if _, found := ok["unresolvedSymbols"]; found {
		t.Errorf("a document whose spans all resolve records %v", ok["unresolvedSymbols"])
	}
}
