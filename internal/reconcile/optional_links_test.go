package reconcile

import (
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

// TestOptionalFileLinks: check-spelling's configuration README lists the
// files it reads, one table row each, and says of dictionary.txt that
// creating it overrides the default: that link to a missing file is no
// broken link. The row of a file it names without such words still is.
func TestOptionalFileLinks(t *testing.T) {
	files := map[string]string{
		".github/actions/spelling/README.md": "# check-spelling configuration\n\nFile | Purpose\n-|-\n" +
			"[dictionary.txt](dictionary.txt) | Replacement dictionary (creating this file will override the default dictionary)\n" +
			"[allow.txt](allow.txt) | Add words to the dictionary\n" +
			"[expect.txt](expect.txt) | Expected words\n",
		".github/actions/spelling/expect.txt": "docbridge\n",
	}
	res := checkFiles(t, files, files)
	var broken []string
	for _, d := range res.Head {
		if d.Code == catalog.BrokenLink {
			broken = append(broken, d.Message)
		}
	}
	if len(broken) != 1 || broken[0] != "link to .github/actions/spelling/allow.txt: no such file" {
		t.Fatalf("broken links %q, want only allow.txt's", broken)
	}
}
