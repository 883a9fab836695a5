package markdown

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestMDX(t *testing.T) {
	data, err := os.ReadFile("testdata/components.mdx")
	if err != nil {
		t.Fatal(err)
	}
	d := Extract("docs/components.mdx", data)
	if !d.MDX || d.Title != "MDX doc" {
		t.Errorf("MDX %v Title %q, want true and the front matter title", d.MDX, d.Title)
	}
	var links []string
	for _, l := range d.Links {
		links = append(links, l.Destination)
	}
	if want := []string{"a.md", "b.md"}; !slices.Equal(links, want) {
		t.Errorf("links %q, want %q: JSX and ESM lines must not yield links", links, want)
	}
	if len(d.CodeSpans) != 1 || d.CodeSpans[0] != (CodeSpan{Text: "code", Line: 18}) {
		t.Errorf("code spans %+v, want only `code` at line 18", d.CodeSpans)
	}
	if len(d.Headings) != 1 || d.Headings[0].Line != 11 {
		t.Errorf("headings %+v, want the one at line 11", d.Headings)
	}
	// Heading with link (3) + Markdown child with code and child (6) +
	// Prose at the end (4); nothing from JSX, ESM, expressions or the fence.
	if d.WordCount != 13 {
		t.Errorf("WordCount = %d, want 13", d.WordCount)
	}
	if d.Summary != "Markdown child with code and child." {
		t.Errorf("Summary = %q", d.Summary)
	}
	if len(d.Issues) != 0 {
		t.Errorf("issues %q, want none", issueStrings(d.Issues))
	}

	// The same bytes as plain Markdown: nothing is blanked.
	md := Extract("docs/components.md", data)
	if md.MDX || len(md.Links) <= len(d.Links) {
		t.Errorf("as .md: MDX %v, %d links; want false and more links than the MDX reading", md.MDX, len(md.Links))
	}
}

func TestMDXLines(t *testing.T) {
	tests := []struct {
		name  string
		doc   string
		blank []int
	}{
		{"esm runs to a blank line", "import a from 'a'\nimport {\n  b,\n} from 'b'\n\ntext\n", []int{1, 2, 3, 4}},
		{"export mid-file", "text\n\nexport const x = 1\n\nmore\n", []int{3}},
		{"indented import is prose", "  import x\n", nil},
		{"self-closing over lines", "<Card\n  a={{b: 1}}\n  c=\"d>e\"\n/>\nafter\n", []int{1, 2, 3, 4}},
		{"children stay", "<Note>\nchild text\n</Note>\n", []int{1, 3}},
		{"lowercase is html", "<div>\nx\n</div>\n", nil},
		{"expression", "{\n  items.map(x => x)\n}\nafter\n", []int{1, 2, 3}},
		{"fenced jsx stays", "~~~\n<Foo />\nimport x from 'y'\n~~~\n<Bar />\n", []int{5}},
		{"unclosed tag blanks one line", "<Card title=\"x\"\nrest\n", []int{1}},
	}
	for _, tt := range tests {
		src := newSource([]byte(tt.doc))
		blank := make([]bool, src.lineCount()+1)
		(&mdxBlanker{src: src, blank: blank}).run(1)
		var got []int
		for n, b := range blank {
			if b {
				got = append(got, n)
			}
		}
		if !slices.Equal(got, tt.blank) {
			t.Errorf("%s: blanked %v, want %v", tt.name, got, tt.blank)
		}
	}
}

// TestMDXRenderedImports: the ESM handed to the parser keeps its lines;
// an import becomes an IncludeMDX include when a JSX element the page
// blanks opens one of its names (nested, in an expression, as a member
// name), and not when it is only imported or shown in a code fence.
func TestMDXRenderedImports(t *testing.T) {
	src := "---\ntitle: T\n---\nimport A from './_a.mdx';\nimport B, { C as D } from './_b.mdx';\n\n" +
		"# T\n\nimport-like prose stays Markdown.\n\n<Tabs>\n<Item value=\"x\"><A /></Item>\n</Tabs>\n\n" +
		"{show && <D/>}\n\n```jsx\n<E />\n```\n\nexport const meta = 1;\nimport E from './_e.mdx';\nimport NS from './ns';\n\n<NS.Part />\n"
	var esm string
	parse := func(b []byte) []ESMImport {
		esm = string(b)
		return []ESMImport{
			{Spec: "./_a.mdx", Line: 4, Locals: []string{"A"}},
			{Spec: "./_b.mdx", Line: 5, Locals: []string{"B", "D"}},
			{Spec: "./_e.mdx", Line: 22, Locals: []string{"E"}},
			{Spec: "./ns", Line: 23, Locals: []string{"NS"}},
		}
	}
	d := ExtractWith("docs/p.mdx", []byte(src), Options{ESMImports: parse})
	wantESM := "\n\n\nimport A from './_a.mdx';\nimport B, { C as D } from './_b.mdx';\n" + strings.Repeat("\n", 15) +
		"export const meta = 1;\nimport E from './_e.mdx';\nimport NS from './ns';\n"
	if esm != wantESM {
		t.Errorf("ESM handed to the parser =\n%q\nwant\n%q", esm, wantESM)
	}
	want := []Include{
		{Path: "./_a.mdx", Syntax: IncludeMDX, Line: 4, Component: "A"},
		{Path: "./_b.mdx", Syntax: IncludeMDX, Line: 5, Component: "D"},
		{Path: "./ns", Syntax: IncludeMDX, Line: 23, Component: "NS"},
	}
	if !slices.Equal(d.Includes, want) {
		t.Errorf("Includes =\n%+v\nwant\n%+v", d.Includes, want)
	}
	// A Markdown file (Docusaurus reads it as MDX) has the same imports,
	// and its lines stay as they are; Extract reads none.
	md := ExtractWith("docs/p.md", []byte(src), Options{ESMImports: parse})
	if !slices.Equal(md.Includes, want) {
		t.Errorf("Includes of the .md file =\n%+v\nwant\n%+v", md.Includes, want)
	}
	if plain := Extract("docs/p.md", []byte(src)); plain.WordCount != md.WordCount || !slices.Equal(plain.Anchors, md.Anchors) {
		t.Errorf("reading the imports of a .md file changed it: %d words %q, want %d %q", md.WordCount, md.Anchors, plain.WordCount, plain.Anchors)
	}
	if d := Extract("docs/p.mdx", []byte(src)); len(d.Includes) != 0 {
		t.Errorf("Extract has includes %+v", d.Includes)
	}
}
