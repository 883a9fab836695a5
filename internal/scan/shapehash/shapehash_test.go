package shapehash

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/docbridge/docbridge/internal/scan/sitterparse"
	python "github.com/tree-sitter/tree-sitter-python/bindings/go"
	typescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

// stackHash is the hash Add gave when it walked with an explicit stack of
// children: the reference the cursor walk must reproduce byte for byte.
func stackHash(src []byte, label string, n *sitter.Node) (string, int) {
	h := New(src, label)
	h.h.Write([]byte{1})
	stack := []*sitter.Node{n}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c == nil || c.IsExtra() && c.Kind() == "comment" {
			continue
		}
		if k := c.ChildCount(); k > 0 {
			for i := int(k) - 1; i >= 0; i-- {
				stack = append(stack, c.Child(uint(i)))
			}
			continue
		}
		start, end := c.ByteRange()
		if end > uint(len(src)) || start >= end || string(src[start:end]) == ";" {
			continue
		}
		h.count++
		h.h.Write(src[start:end])
		h.h.Write([]byte{0})
	}
	return h.Sum(), h.count
}

// sameHashes checks every node of src's tree: Add hashes it as the stack
// walk did, and counts the same tokens.
func sameHashes(t *testing.T, name string, lang *sitter.Language, src []byte) int {
	t.Helper()
	p := sitter.NewParser()
	defer p.Close()
	if err := p.SetLanguage(lang); err != nil {
		t.Fatal(err)
	}
	// Bounded as the extractors parse: broken input may not converge.
	tree := sitterparse.Parse(p, src)
	if tree == nil {
		return 0
	}
	defer tree.Close()
	toks := recordTokens(tree, src)
	c := tree.Walk()
	defer c.Close()
	nodes := 0
	for {
		n := c.Node()
		nodes++
		h := New(src, "x").Add(n)
		want, wantN := stackHash(src, "x", n)
		if got := h.Sum(); got != want || h.count != wantN {
			t.Fatalf("%s: %s at byte %d: %s (%d tokens), want %s (%d)", name, n.Kind(), n.StartByte(), got, h.count, want, wantN)
		}
		if got := toks.Sum("x", PartOf(n)); got != want {
			t.Fatalf("%s: %s at byte %d: from the record %s, want %s", name, n.Kind(), n.StartByte(), got, want)
		}
		wantBody := ""
		if wantN >= minBodyTokens {
			wantBody = want
		}
		if got := toks.SumBody("x", PartOf(n)); got != wantBody {
			t.Fatalf("%s: %s at byte %d: body from the record %q, want %q", name, n.Kind(), n.StartByte(), got, wantBody)
		}
		if c.GotoFirstChild() {
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				return nodes
			}
		}
	}
}

// recordTokens walks tree as an extractor's walk records its leaves:
// every leaf, extra comments and what is under them left out.
func recordTokens(tree *sitter.Tree, src []byte) *Tokens {
	toks := NewTokens(src)
	c := tree.Walk()
	defer c.Close()
	for {
		n := c.Node()
		if n.Kind() == "comment" && n.IsExtra() {
			toks.Comment(n)
		}
		if c.GotoFirstChild() {
			continue
		}
		toks.Leaf(n)
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				return toks
			}
		}
	}
}

func TestAddMatchesStackWalk(t *testing.T) {
	ts := sitter.NewLanguage(typescript.LanguageTypescript())
	tsx := sitter.NewLanguage(typescript.LanguageTSX())
	py := sitter.NewLanguage(python.Language())
	cases := []struct {
		name string
		lang *sitter.Language
		src  string
	}{
		{"comments.ts", ts, "export function f(a: number /* c */, b = 2): string { // c\n  return `${a}` + b;; }\n"},
		{"broken.ts", ts, "export class { m( { return } \nconst x = ;\n"},
		{"leaf", ts, "x"},
		{"empty", ts, ""},
		{"jsx.tsx", tsx, "export const A = () => <div a={1}>{/* c */}text</div>;\n"},
		{"p.py", py, "def f(a, b=1):\n    # c\n    return f\"{a}\" + 'b'\n\nclass C(B):\n    x: int = 1\n"},
	}
	for _, c := range cases {
		sameHashes(t, c.name, c.lang, []byte(c.src))
	}
	// The extractors' fixtures, every node of each.
	fixtures := 0
	for _, pat := range []string{"../typescript/testdata/extract/*", "../python/testdata/*.py"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			lang := py
			switch filepath.Ext(f) {
			case ".json":
				continue
			case ".ts", ".cts", ".mts":
				lang = ts
			case ".tsx", ".js", ".jsx", ".cjs", ".mjs":
				lang = tsx
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if sameHashes(t, f, lang, src) > 0 && !strings.HasSuffix(f, ".json") {
				fixtures++
			}
		}
	}
	if fixtures < 5 {
		t.Fatalf("read %d fixtures, want the extractors' (≥ 5)", fixtures)
	}
}

// FuzzAdd: on any TypeScript input, Add hashes every node as the stack
// walk did.
func FuzzAdd(f *testing.F) {
	f.Add([]byte("export function f(a: number /* c */): string { return `${a}`;; }\n"))
	f.Add([]byte("class { m( { return } \n"))
	lang := sitter.NewLanguage(typescript.LanguageTSX())
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1024 {
			// Every node is hashed twice, its whole subtree each time:
			// quadratic in the input. 4,000 nested unary operators took
			// 6.5 s, and the campaign's worker was lost minimizing them
			// (seed 2dd594d92d5c1411, kept at its length).
			return
		}
		sameHashes(t, "f.tsx", lang, src)
	})
}

// A nil node is a separator only, from the record as from Add.
func TestSumNilPart(t *testing.T) {
	toks := NewTokens([]byte("x"))
	if got, want := toks.Sum("k", Part{}, Part{}), New(nil, "k").Add(nil).Add(nil).Sum(); got != want {
		t.Fatalf("Sum of nil parts %s, want %s", got, want)
	}
	if toks.SumBody("k", Part{}) != "" {
		t.Fatal("a nil body has a hash")
	}
}
