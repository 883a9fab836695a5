package scan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocumentsParallelEqualsSequential generates documents whose
// resolution interacts across documents in every way the parallel pass has
// to reproduce — unresolved targets several documents share (the first
// creator's evidence wins), docbridge blocks declaring relations from other
// documents (those resolve in sequence), ambiguous symbols (a scan-wide note
// count), references past the per-document evidence bound, broken anchors,
// near-miss suggestions — and requires the snapshot from one worker and
// from several to be byte-identical.
func TestDocumentsParallelEqualsSequential(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		root := t.TempDir()
		writeInteractingDocs(t, root, rand.New(rand.NewPCG(seed, 7)))
		want := marshal(t, scanDir(t, root, nil, Options{Workers: 1}))
		for _, workers := range []int{2, 3, 8} {
			got := marshal(t, scanDir(t, root, nil, Options{Workers: workers}))
			if !bytes.Equal(got, want) {
				t.Fatalf("seed %d, %d workers: the snapshot differs from the sequential one", seed, workers)
			}
		}
		// The generated documents must exercise what they claim to.
		for _, needle := range []string{`"unresolved:docs/missing-0.md"`, `"declared": true`, `"evidenceTruncated": true`,
			`"brokenAnchors"`, `is declared by 2 modules`, `"confidence": "fuzzy"`, `"missingAnchors"`} {
			if !bytes.Contains(want, []byte(needle)) {
				t.Errorf("seed %d: the corpus never produces %s", seed, needle)
			}
		}
	}
}

func writeInteractingDocs(t *testing.T, root string, rng *rand.Rand) {
	t.Helper()
	write := func(rel, body string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	for i := range 6 {
		// Shared and Twice are declared by two modules each: ambiguous.
		write(fmt.Sprintf("pkg%d/a.go", i), fmt.Sprintf("package pkg%d\n\nfunc Unique%d() {}\n\nfunc Shared() {}\n", i, i))
	}
	write("tools/generator.go", "package main\n\nfunc main() {}\n")
	write("pkg0/twice.go", "package pkg0\n\nfunc Twice() {}\n")
	write("pkg1/twice.go", "package pkg1\n\nfunc Twice() {}\n")
	const docs = 30
	for i := range docs {
		var b strings.Builder
		if i%5 == 0 {
			// A block declaring relations from another document, and one
			// from this document to a missing one.
			other := (i + 7) % docs
			fmt.Fprintf(&b, "---\ndocbridge:\n  covers: [module:pkg%d/a.go]\n  relations:\n", i%6)
			fmt.Fprintf(&b, "    - {from: document:docs/d%02d.md, to: document:docs/d%02d.md, kind: links-to}\n", other, (other+1)%docs)
			fmt.Fprintf(&b, "    - {to: document:docs/never-%d.md, kind: explains}\n---\n", i%3)
		}
		fmt.Fprintf(&b, "# Doc %d\n\n## Part %d\n\nNext: [next](d%02d.md).\n", i, i, (i+1)%docs)
		n := 5 + rng.IntN(10)
		if i%4 == 0 {
			n = 200 // past the per-document evidence bound
		}
		for k := range n {
			switch rng.IntN(9) {
			case 0:
				// The same missing target spelled two ways: whichever
				// document comes first names the unresolved entity's evidence.
				fmt.Fprintf(&b, "See [missing](%smissing-%d.md).\n", []string{"", "./"}[rng.IntN(2)], rng.IntN(3))
			case 1:
				fmt.Fprintf(&b, "See [d](d%02d.md#part-%d).\n", rng.IntN(docs), rng.IntN(docs))
			case 2:
				fmt.Fprintf(&b, "Call `Shared` or `Twice()`.\n")
			case 3:
				fmt.Fprintf(&b, "Call `Unique%d`, and `NoSuch%d`.\n", rng.IntN(6), rng.IntN(4))
			case 4:
				fmt.Fprintf(&b, "Read `pkg%d/a.go` and `tools/generatr.go`.\n", rng.IntN(6)) // a near miss
			case 5:
				fmt.Fprintf(&b, "Jump to [here](#nowhere-%d).\n", k%3)
			case 6:
				fmt.Fprintf(&b, "Open `docs/ghost-%d/x.md`.\n", rng.IntN(2))
			case 7:
				fmt.Fprintf(&b, "Back to [doc %d](d%02d.md) and [line %d](d%02d.md).\n", k, rng.IntN(docs), k, rng.IntN(docs))
			default:
				fmt.Fprintf(&b, "Plain prose line %d.\n", k)
			}
		}
		write(fmt.Sprintf("docs/d%02d.md", i), b.String())
	}
}
