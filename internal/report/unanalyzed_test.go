package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestUnanalyzed: the coverage notes of files the scan could not analyze
// are counted by kind and listed by path; notes that are no failure (a
// built-in excluded directory, a manifest kind without an analyzer, a
// document's partial resolution, a summary over the repository) are not.
func TestUnanalyzed(t *testing.T) {
	cov := []snapshot.Coverage{
		{Analyzer: "walk", Scope: "big.md", Status: snapshot.StatusNotAnalyzed, Reason: "4052632 bytes exceeds scan.maxFileBytes (1048576)"},
		{Analyzer: "golang", Scope: "bin.go", Status: snapshot.StatusNotAnalyzed, Reason: "binary content (a NUL byte in the first 8000 bytes); not analyzed as golang"},
		{Analyzer: "python", Scope: "bad.py", Status: snapshot.StatusPartial, Reason: "syntax error at line 1; the module is analyzed partially", Line: 1},
		{Analyzer: "markdown", Scope: "huge.md", Status: snapshot.StatusNotAnalyzed, Reason: "document is 2000000 bytes, over the 1048576-byte bound; not analyzed"},
		{Analyzer: "walk", Scope: "link", Status: snapshot.StatusNotAnalyzed, Reason: `dangling symlink -> "/nowhere"`},
		{Analyzer: "walk", Scope: "sock", Status: snapshot.StatusNotAnalyzed, Reason: "not a regular file (socket)"},
		// Not failures:
		{Analyzer: "walk", Scope: "vendor/", Status: snapshot.StatusNotAnalyzed, Reason: "directory excluded by a built-in rule (vendor)"},
		{Analyzer: "manifest", Scope: "Gemfile", Status: snapshot.StatusNotAnalyzed, Reason: "bundler manifests have no analyzer"},
		{Analyzer: "markdown", Scope: "docs/a.md", Status: snapshot.StatusPartial, Reason: "`Field` is declared by 2 modules"},
		{Analyzer: "typescript", Scope: "src/a.ts", Status: snapshot.StatusPartial, Reason: "dynamic import with a non-literal target"},
		{Analyzer: "sites", Scope: "docs/b.md", Status: snapshot.StatusPartial, Reason: "2 links not checked"},
		{Analyzer: "golang", Scope: "repository", Status: snapshot.StatusPartial, Reason: "2 files: 1 analyzed partially, 1 not analyzed"},
		{Analyzer: "markdown", Scope: "docs/c.md", Status: snapshot.StatusPartial, Code: "FRONT_MATTER_INVALID", Reason: "syntax error in front matter"},
	}
	u := unanalyzedFrom(cov)
	var paths []string
	for _, f := range u.Files {
		paths = append(paths, f.Path+":"+f.Kind)
	}
	want := "bad.py:syntax error big.md:too large bin.go:binary huge.md:too large link:symlink sock:other"
	if got := strings.Join(paths, " "); got != want || u.Total != 6 {
		t.Fatalf("files %q (total %d), want %q (6)", got, u.Total, want)
	}
	line := UnanalyzedLine(u)
	if want := "6 files not analyzed or only partly: 2 too large, 1 binary, 1 with a syntax error, 1 symlink that leads nowhere or out of the tree, 1 other (the JSON report lists them)"; line != want {
		t.Errorf("line\n got %q\nwant %q", line, want)
	}
	if unanalyzedFrom(cov[6:]) != nil || UnanalyzedLine(nil) != "" {
		t.Error("notes that are no failure must not make a line")
	}

	// Every report says it: the text's one line, the JSON's list.
	r := Build(Input{Version: "dev", Project: "p", Coverage: cov})
	var text, js bytes.Buffer
	if err := WriteText(&text, r, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), line) {
		t.Errorf("text report lacks the line:\n%s", text.String())
	}
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Unanalyzed Unanalyzed `json:"unanalyzed"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Unanalyzed.Total != 6 || len(back.Unanalyzed.Files) != 6 {
		t.Errorf("JSON unanalyzed %+v (%v)", back.Unanalyzed, err)
	}
}

// TestInferred: the scan's site-inference notes are said once in every
// report — a line of the text, the JSON's inferred list — and no other
// note is.
func TestInferred(t *testing.T) {
	note := "site generator not recognised in src/: 9 of 10 site-shaped links resolve as a site serves pretty URLs; checking them as such"
	cov := []snapshot.Coverage{
		{Analyzer: snapshot.AnalyzerSiteInference, Scope: "src", Status: snapshot.StatusPartial, Reason: note},
		{Analyzer: "sites", Scope: "docs", Status: snapshot.StatusComplete, Reason: "mkdocs site detected from mkdocs.yml"},
	}
	r := Build(Input{Version: "dev", Project: "p", Coverage: cov})
	if len(r.Inferred) != 1 || r.Inferred[0] != note {
		t.Fatalf("Inferred = %q", r.Inferred)
	}
	var text, js bytes.Buffer
	if err := WriteText(&text, r, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.Count(text.String(), note) != 1 || strings.Contains(text.String(), "mkdocs site detected") {
		t.Errorf("text report:\n%s", text.String())
	}
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Inferred []string `json:"inferred"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Inferred) != 1 || back.Inferred[0] != note {
		t.Errorf("JSON inferred %q (%v)", back.Inferred, err)
	}
}
