package markdown

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzExtract(f *testing.F) {
	for _, p := range []string{"testdata/guide.md", "testdata/components.mdx"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, strings.HasSuffix(p, ".mdx"))
	}
	for _, s := range []string{
		"",
		"---\n",
		"---\ntitle: x\n---\n# H\n",
		"\xEF\xBB\xBF# T\r\n\r\n[a](../b.md#c) `d`\r",
		"<!-- docbridge:generated hash=ab -->\n[x](y)\n",
		"[r][]\n\n[r]: /x\n",
		"<Foo\n  a={[\n]}\n/>\nimport x from 'y'\n{`}`}\n",
		"# \xff\x00\n\n\x00`\xfe`",
		"---\ndocbridge:\n  covers: [area:a\n\t- b\n---\n",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, mdx bool) {
		path := "docs/fuzz.md"
		if mdx {
			path = "docs/fuzz.mdx"
		}
		checkInvariants(t, string(data), Extract(path, data))
	})
}

func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{
		"title: x\ntags: [a, b]\nowner: me",
		"a: 1\n b: 2",
		"a: &a [x]\nb: *a\nc: *a",
		billionLaughs(),
		strings.Repeat("[", 100),
		"- a\n- b",
		"title: \"unterminated",
		"x: !!binary aGVsbG8=\ny: 2001-12-14\nz: ~",
		"...",
		"k: " + strings.Repeat("é", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, yamlText string) {
		doc := "---\n" + yamlText + "\n---\n# T\n"
		d := Extract("docs/fm.md", []byte(doc))
		checkInvariants(t, doc, d)
		fm := d.FrontMatter
		if !fm.Present || fm.LineStart != 1 || fm.LineEnd < 2 || fm.LineEnd > d.LineCount {
			t.Fatalf("front matter span %+v in %d lines", fm, d.LineCount)
		}
		for k, v := range fm.Fields {
			if utf8.RuneCountInString(v) > maxFieldRunes || !utf8.ValidString(k) || !utf8.ValidString(v) {
				t.Errorf("field %q = %q breaks a bound", k, v)
			}
			if l := fm.FieldLines[k]; l <= fm.LineStart || l >= fm.LineEnd {
				t.Errorf("field %q at line %d, outside the front matter %d–%d", k, l, fm.LineStart, fm.LineEnd)
			}
		}
	})
}

// FuzzTOMLFrontMatter: any TOML text between +++ lines is read without a
// panic, within the bounds, with every field's line inside the block.
func FuzzTOMLFrontMatter(f *testing.F) {
	for _, s := range []string{
		"title = \"x\"\ntags = [\"a\", \"b\"]\n[extra]\nrepository = \"https://github.com/o/r\"",
		"date = 2023-04-09T15:52:10+05:30\nn = 1.5\nb = true",
		"a = [[1, 2], [3]]\nx = {y = 1}",
		"broken = ",
		"date = {{ .Date }}",
		strings.Repeat("[", 100),
		"k = \"" + strings.Repeat("é", 300) + "\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tomlText string) {
		doc := "+++\n" + tomlText + "\n+++\n# T\n"
		d := Extract("docs/fm.md", []byte(doc))
		checkInvariants(t, doc, d)
		fm := d.FrontMatter
		if !fm.Present {
			return // a +++ line inside the text closed it early: still read
		}
		if fm.LineStart != 1 || fm.LineEnd < 2 || fm.LineEnd > d.LineCount {
			t.Fatalf("front matter span %+v in %d lines", fm, d.LineCount)
		}
		for k, v := range fm.Fields {
			if utf8.RuneCountInString(v) > maxFieldRunes || !utf8.ValidString(v) {
				t.Errorf("field %q = %q breaks a bound", k, v)
			}
			if l := fm.FieldLines[k]; l <= fm.LineStart || l >= fm.LineEnd {
				t.Errorf("field %q at line %d, outside the front matter %d–%d", k, l, fm.LineStart, fm.LineEnd)
			}
		}
	})
}

// FuzzBlock drives the docbridge block readers with arbitrary YAML text: the
// schema checker when yaml.v3 accepts it, the line scanner otherwise, and
// the line scanner directly in any case.
func FuzzBlock(f *testing.F) {
	for _, s := range []string{
		"docbridge:\n  covers: [area:src/rules, module:src/rules/engine.ts]\n  relations:\n    - {from: package:web, to: module:src/index.ts, kind: imports}",
		"docbridge:\n  covers:\n    - area:a\n\t- bad\n  note: x\n  relations:\n    - to: x\n      kind: Y\n      nte: 1",
		"docbridge:\n  relations:\n    - {to: area:a, kind: uses}\n    - {to: area:a, kind: uses}\n    - plain",
		"docbridge:\n  covers: [a,\n   \"b\", 'c' # x\n  ]\nx: [",
		"docbridge: {covers: [area:a]",
		"docbridge:\n  covers: *nope",
		"a: &a area:x\ndocbridge:\n  covers: [*a, *a]",
		"docbridge:\n    covers: |\n      text\n  relations: >\n    x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		run := func() ([]string, *Block, *Block) {
			var is issues
			r := frontMatterReader{docPath: "docs/b.md", first: 2, last: len(lines) + 1, is: &is}
			var fm FrontMatter
			_, fromYAML := r.read(text, &fm)
			sc := blockScanner{docPath: "docs/b.md", lineOffset: 1, is: &is}
			fromLines := sc.scan(lines, 2, "fuzz")
			return issueStrings(is.result()), fromYAML, fromLines
		}
		issuesA, a, b := run()
		issuesB, a2, b2 := run()
		if !reflect.DeepEqual(issuesA, issuesB) || !reflect.DeepEqual(a, a2) || !reflect.DeepEqual(b, b2) {
			t.Fatal("block readers are not deterministic")
		}
		var is issues
		r := frontMatterReader{docPath: "docs/b.md", first: 2, last: len(lines) + 1, is: &is}
		r.read(text, &FrontMatter{})
		for _, i := range is.result() {
			if i.Line < 0 || i.Line > len(lines)+2 {
				t.Errorf("issue line %d outside the front matter (%d lines): %s", i.Line, len(lines), i.Message)
			}
		}
		for _, blk := range []*Block{a, b} {
			checkBlock(t, blk, len(lines)+1)
		}
	})
}

// checkBlock asserts what every kept block entry must satisfy.
func checkBlock(t *testing.T, b *Block, lastLine int) {
	t.Helper()
	if b == nil {
		return
	}
	if len(b.Covers) > maxCovers || len(b.Relations) > maxRelations {
		t.Errorf("%d covers, %d relations kept", len(b.Covers), len(b.Relations))
	}
	seen := map[string]bool{}
	for _, c := range b.Covers {
		if checkID(c.ID) != "" || seen[c.ID] || c.Line < 2 || c.Line > lastLine {
			t.Errorf("cover %+v kept: invalid, repeated or outside the text", c)
		}
		seen[c.ID] = true
	}
	for _, r := range b.Relations {
		if checkID(r.From) != "" && r.From != "document:docs/b.md" || checkID(r.To) != "" ||
			checkRelationKind(r.Kind) != "" || r.Line < 2 || r.Line > lastLine {
			t.Errorf("relation %+v kept though invalid", r)
		}
	}
}

// FuzzAttrList feeds arbitrary text to the attribute-list, explicit-id,
// code-span and include readers: no panic, and what they return comes
// from the input.
func FuzzAttrList(f *testing.F) {
	for _, s := range []string{"Title {#id}", "x { #a .b k=\"v w\" }", "{: #q title='a {b} c'}", "`{#c}` {#d}", "--8<-- \"f.md:3:4\"", "```a``b```"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if rest, _, ok := trailingAttrs(s); ok && len(rest) > len(s) {
			t.Fatalf("trailingAttrs(%q) grew the text to %q", s, rest)
		}
		if rest, id, ok := ExplicitID(s); ok && (id == "" || !strings.Contains(s, id) || len(rest) > len(s)) {
			t.Fatalf("ExplicitID(%q) = %q, %q: an id not in the input, or a longer text", s, rest, id)
		}
		if id, ok := attrListID(s); ok && !strings.Contains(s, id) {
			t.Fatalf("attrListID(%q) = %q, not in the input", s, id)
		}
		if d := dropCodeSpans(s); len(d) > len(s) {
			t.Fatalf("dropCodeSpans(%q) = %q, longer than the input", s, d)
		}
		_, _ = cutSnippetMarker(s)
		_ = snippetPath(s)
		_ = elementFragment(s)
	})
}
