package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// The walk's notes that change what "no findings" means end the text
// report: a directory it could not read is named there, not counted as a
// file not analyzed; a build output directory read for its documents, by
// design, is not named.
func TestTextNamesPartialCoverage(t *testing.T) {
	cov := []snapshot.Coverage{
		{Analyzer: "walk", Scope: "docs/private", Status: snapshot.StatusNotAnalyzed, Reason: "cannot read directory: permission denied"},
		{Analyzer: "walk", Scope: "a/b", Status: snapshot.StatusPartial, Reason: "directory deeper than walk.MaxDepth (256) is not walked"},
		{Analyzer: "walk", Scope: "site/build", Status: snapshot.StatusPartial, Reason: "directory of build output by a built-in rule (build): only its documents are read"},
	}
	var b bytes.Buffer
	if err := WriteText(&b, Build(Input{Coverage: cov}), TextOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "no findings\npartial coverage: the walk left out part of the tree (2 notes), so findings there are unknown:\n" +
		"  a/b: directory deeper than walk.MaxDepth (256) is not walked\n  docs/private: cannot read directory: permission denied\n"
	if b.String() != want {
		t.Errorf("text report\n got %q\nwant %q", b.String(), want)
	}
	if strings.Contains(b.String(), "not analyzed") {
		t.Error("an unreadable directory counted as a file not analyzed")
	}
}
