package sitterparse

import (
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	typescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

// neverConverges, once blanked as the extractor blanks it, is an input on
// which the TSX grammar's error recovery stays at byte 94 for ever (found
// by typescript.FuzzESMImports, its seed afcecbba7d466bba).
const neverConverges = "\xbe\x96\xf9\x88\xe0\xb5\x1c\xb1\xf7\xb1\x18\xf9\xba\x06\x1f\xc5\xd7\xdf\xf2\xbe\x1e\x8f\xaa\xdc\xd8\x15\xb9\x86\x1b\xfd\xaa\x0e\t\x7fz}[\x96\xc5\xf4OfZ0\n\xa8\x0ez\x10\n\"\xfe\xa7\x10Ƣ%\xf7/\xe5\x1b\xd6Df\x93\xb8\x9f\x98\xd2^\x11-@r*2\"\x82\xb6{\xc8\x121e\xfe\x84#\x84_\x06\xeb}}}}}}}d \x00\x00\x00\x06쎓r%\xf2\xad\xfbQ"

func tsxParser(t *testing.T) *sitter.Parser {
	t.Helper()
	p := sitter.NewParser()
	t.Cleanup(p.Close)
	if err := p.SetLanguage(sitter.NewLanguage(typescript.LanguageTSX())); err != nil {
		t.Fatal(err)
	}
	return p
}

// blank replaces what the TypeScript extractor blanks before parsing:
// bytes of no valid UTF-8 and C0 controls but whitespace.
func blank(s string) []byte {
	return []byte(strings.Map(func(r rune) rune {
		if r == '\uFFFD' || r < 0x20 && !strings.ContainsRune("\t\n\v\f\r", r) {
			return ' '
		}
		return r
	}, s))
}

func TestParseGivesUpAndResets(t *testing.T) {
	p := tsxParser(t)
	for range 2 {
		in := blank(neverConverges)
		if tree := Parse(p, in); tree != nil {
			tree.Close()
			t.Fatalf("%q: a tree, want the parse given up", in)
		}
		// The parser starts afresh: a cancelled one would resume the
		// abandoned parse instead.
		src := []byte("import a from './a';\nexport const b = a;\n")
		tree := Parse(p, src)
		if tree == nil {
			t.Fatal("no tree for valid input after a given-up parse")
		}
		root := tree.RootNode()
		if root.HasError() || root.EndByte() != uint(len(src)) || root.NamedChildCount() != 2 {
			sexp := root.ToSexp()
			t.Errorf("after a given-up parse: %s…", sexp[:min(len(sexp), 300)])
		}
		tree.Close()
	}
}

// A large input with errors throughout is parsed: the budget grows with
// the input, and ordinary error recovery stays far inside it.
func TestParseLargeBrokenInput(t *testing.T) {
	p := tsxParser(t)
	var b strings.Builder
	for b.Len() < 256<<10 {
		b.WriteString("export function f(a: number { return <div>{a</div>; }\nconst x = [1, 2,, ;\nclass C { m( { } }\n")
	}
	tree := Parse(p, []byte(b.String()))
	if tree == nil {
		t.Fatalf("a %d-byte input with ordinary errors was given up", b.Len())
	}
	defer tree.Close()
	if tree.RootNode().EndByte() != uint(b.Len()) {
		t.Errorf("the tree ends at %d of %d bytes", tree.RootNode().EndByte(), b.Len())
	}
}

func TestGaveUpNamesTheBound(t *testing.T) {
	if got, want := GaveUp(4000), "within 150000 operations, the bound for 4000 bytes"; !strings.Contains(got, want) {
		t.Errorf("GaveUp(4000) = %q, want it to contain %q", got, want)
	}
}
