package markdown

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestContentTabs(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      []Tab
	}{
		{"one set", "=== \"A\"\n\n    a\n\n=== \"B\"\n\n    b\n",
			[]Tab{{Title: "A", NewSet: true, Line: 1}, {Title: "B", Line: 5}}},
		{"one paragraph", "=== \"A\"\n    a\n=== \"B\"\n    b\n",
			[]Tab{{Title: "A", NewSet: true, Line: 1}, {Title: "B", Line: 3}}},
		{"text between", "=== \"A\"\n\n    a\n\ntext\n\n=== \"B\"\n",
			[]Tab{{Title: "A", NewSet: true, Line: 1}, {Title: "B", NewSet: true, Line: 7}}},
		{"unindented line between", "=== \"A\"\n    a\ntext\n=== \"B\"\n",
			[]Tab{{Title: "A", NewSet: true, Line: 1}, {Title: "B", NewSet: true, Line: 4}}},
		{"bang and plus", "===+ \"A\"\n\n===! \"B\"\n\n===+ \"C\"\n",
			[]Tab{{Title: "A", NewSet: true, Line: 1}, {Title: "B", NewSet: true, Line: 3}, {Title: "C", Line: 5}}},
		{"markup and emoji", "=== \":octicons-image-16: `x` *Image*\"\n",
			[]Tab{{Title: ":octicons-image-16: x Image", NewSet: true, Line: 1}}},
		{"quotes", "=== \"say \"hi\" now\"  \n", []Tab{{Title: "say \"hi\" now", NewSet: true, Line: 1}}},
		{"mid paragraph", "Intro\n=== \"Mid\"\n    x\n", []Tab{{Title: "Mid", NewSet: true, Line: 2}}},
		{"list item", "- item\n\n    === \"N\"\n\n        x\n", []Tab{{Title: "N", NewSet: true, Line: 3}}},
		{"nested content is code", "=== \"A\"\n\n    === \"Inner\"\n\n        x\n", []Tab{{Title: "A", NewSet: true, Line: 1}}},
		{"lazy nested line", "=== \"A\"\n    === \"Inner\"\n", []Tab{{Title: "A", NewSet: true, Line: 1}}},
		{"fenced", "```\n=== \"No\"\n```\n", nil},
		{"four equals", "==== \"No\"\n", nil},
		{"no quotes", "=== No\n", nil},
		{"no space", "===\"No\"\n", nil},
	} {
		got := Extract("docs/x.md", []byte(tt.src)).Tabs
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: tabs %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestContentTabsBounded(t *testing.T) {
	src := strings.Repeat("=== \"T\"\n\n    x\n\n", MaxAnchors+5)
	doc := Extract("docs/x.md", []byte(src))
	if len(doc.Tabs) != MaxAnchors {
		t.Fatalf("%d tabs, want %d", len(doc.Tabs), MaxAnchors)
	}
	found := false
	for _, is := range doc.Issues {
		found = found || strings.Contains(is.Message, "5 content tabs beyond")
	}
	if !found {
		t.Errorf("no issue for the dropped tabs: %+v", doc.Issues)
	}
}

func FuzzContentTabs(f *testing.F) {
	for _, s := range []string{
		"=== \"A\"\n\n    a\n\n===! \"B\"\n",
		"- x\n\n    ===+ \"`c` *d*\"\n        y\n",
		"Intro\n=== \"\"\n=== \"\\\"\"\n",
		"> === \"q\"\n>     z\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		doc := Extract("docs/x.md", []byte(src))
		last := 0
		for i, tab := range doc.Tabs {
			if tab.Line < last || tab.Line < 1 || tab.Line > doc.LineCount {
				t.Fatalf("tab %d at line %d (previous %d, %d lines)", i, tab.Line, last, doc.LineCount)
			}
			if i == 0 && !tab.NewSet {
				t.Fatalf("first tab does not open a set: %+v", tab)
			}
			if utf8.ValidString(src) && !utf8.ValidString(tab.Title) {
				t.Fatalf("title %q not UTF-8", tab.Title)
			}
			last = tab.Line
		}
	})
}
