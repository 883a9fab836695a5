package driftbench

import (
	"strings"
	"testing"
)

const goodCase = `{"id": "link-1", "base": "` + b1 + `", "head": "` + h1 + `", "document": "docs/a.md", "line": 3,
 "reference": "old.md", "kind": "link", "note": "the head deleted docs/old.md"}`

func TestLoadCases(t *testing.T) {
	ok := `{"repository": "o/a", "cases": [` + goodCase + `]}`
	f, err := loadCases("cases/o+a.json", []byte(ok), "o/a")
	if err != nil || len(f.Cases) != 1 || f.Cases[0].Line != 3 {
		t.Fatalf("loadCases = %+v, %v", f, err)
	}
	for _, tt := range []struct{ name, data, want string }{
		{"other repository", ok, "named for o/b"},
		{"unknown field", `{"repository": "o/b", "cases": [], "x": 1}`, "unknown field"},
		{"short commit", `{"repository": "o/b", "cases": [` + strings.Replace(goodCase, b1, "1111", 1) + `]}`, "40 lower-case hex"},
		{"bad kind", `{"repository": "o/b", "cases": [` + strings.Replace(goodCase, `"link"`, `"url"`, 1) + `]}`, "kind \"url\""},
		{"line 0", `{"repository": "o/b", "cases": [` + strings.Replace(goodCase, `"line": 3`, `"line": 0`, 1) + `]}`, "line 0"},
		{"unclean document", `{"repository": "o/b", "cases": [` + strings.Replace(goodCase, `"docs/a.md"`, `"docs/../a.md"`, 1) + `]}`, "clean repo-relative"},
		{"duplicate id", `{"repository": "o/b", "cases": [` + goodCase + `,` + goodCase + `]}`, "used twice"},
		{"no note", `{"repository": "o/b", "cases": [` + strings.Replace(goodCase, `"the head deleted docs/old.md"`, `""`, 1) + `]}`, "note"},
	} {
		_, err := loadCases("cases/o+b.json", []byte(tt.data), "o/b")
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "cases/o+b.json") {
			t.Errorf("%s: error %v, want one naming the file and %q", tt.name, err, tt.want)
		}
	}
}

func TestLoadCorpus(t *testing.T) {
	if _, err := loadCorpus("corpus.json", []byte(`{"repositories": [{"repository": "o/a", "split": "dev"}, {"repository": "o/b", "split": "test"}]}`)); err != nil {
		t.Fatal(err)
	}
	for _, data := range []string{
		`{"repositories": []}`,
		`{"repositories": [{"repository": "o/a", "split": "train"}]}`,
		`{"repositories": [{"repository": "oa", "split": "dev"}]}`,
		`{"repositories": [{"repository": "o/a", "split": "dev"}, {"repository": "o/a", "split": "test"}]}`,
	} {
		if _, err := loadCorpus("corpus.json", []byte(data)); err == nil {
			t.Errorf("loadCorpus(%s): no error", data)
		}
	}
}

func FuzzLoadCases(f *testing.F) {
	f.Add([]byte(`{"repository": "o/a", "cases": [` + goodCase + `]}`))
	f.Add([]byte(`{"repository": "o/a", "cases": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cf, err := loadCases("f.json", data, "o/a")
		if err != nil {
			return
		}
		for _, c := range cf.Cases {
			if checkCase(c) != nil {
				t.Errorf("accepted a bad case %+v", c)
			}
		}
	})
}

func TestCheckLine(t *testing.T) {
	doc := []byte("# Guide\n\nSee [setup](setup.md) and the [build][] pipe, [ci][].\n\n[build]: builds.md\n[ci]:\n  https://github.com/o/r/blob/main/ci.yml\nhttps://github.com/o/r/blob/main/not-a-definition.yml\n")
	for _, tt := range []struct {
		c    Case
		want string
	}{
		{Case{Document: "g.md", Line: 3, Reference: "setup.md", Kind: kindLink}, ""},
		{Case{Document: "g.md", Line: 3, Reference: "builds.md", Kind: kindLink}, ""}, // its definition
		{Case{Document: "g.md", Line: 3, Reference: "builds.md", Kind: kindPath}, "does not hold"},
		// A definition with its destination on the line after its label.
		{Case{Document: "g.md", Line: 3, Reference: "https://github.com/o/r/blob/main/ci.yml", Kind: kindSelfURL}, ""},
		{Case{Document: "g.md", Line: 3, Reference: "https://github.com/o/r/blob/main/not-a-definition.yml", Kind: kindSelfURL}, "does not hold"},
		{Case{Document: "g.md", Line: 1, Reference: "setup.md", Kind: kindLink}, "does not hold"},
		{Case{Document: "g.md", Line: 9, Reference: "setup.md", Kind: kindLink}, "no line 9"},
	} {
		err := checkLine(doc, tt.c)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("checkLine(%+v) = %v, want %q", tt.c, err, tt.want)
		}
	}
}
