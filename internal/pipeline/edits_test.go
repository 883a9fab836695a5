package pipeline

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/fix"
	"github.com/docbridge/docbridge/internal/testtree"
)

// editTree has one near-miss anchor, written twice on line 3 of
// docs/a.md, after a character outside the BMP.
func editTree(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"docs/a.md": "# A\n\n😀 See [b](b.md#instal) or [again](b.md#instal).\n\nAnd [c](c.md).\n",
		"docs/b.md": "# B\n\n## Install\n\nSteps.\n",
		"docs/c.md": "# C\n\nSee [a](a.md).\n",
	})
}

func anchorFinding(t *testing.T, out *Outcome) finding.Diagnostic {
	t.Helper()
	i := slices.IndexFunc(out.Findings, func(d finding.Diagnostic) bool { return d.Code == catalog.BrokenAnchor })
	if i < 0 {
		t.Fatalf("no BROKEN_ANCHOR among %+v", out.Findings)
	}
	return out.Findings[i]
}

// The check locates each edit in the file it read: both occurrences, at
// UTF-16 columns, and keeps the bytes as Sources.
func TestCheckLocatesEdits(t *testing.T) {
	dir := editTree(t)
	out, err := Run(context.Background(), Options{Repo: Repo{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	d := anchorFinding(t, out)
	want := []finding.Edit{{Path: "docs/a.md", Line: 3, Kind: finding.EditLink, Old: "b.md#instal", New: "b.md#install", Columns: []int{12, 36}}}
	if !slices.EqualFunc(d.Edits, want, func(a, b finding.Edit) bool {
		return a.Path == b.Path && a.Line == b.Line && a.Old == b.Old && a.New == b.New && slices.Equal(a.Columns, b.Columns)
	}) {
		t.Errorf("edits = %+v, want %+v", d.Edits, want)
	}
	if src := out.Sources["docs/a.md"]; !strings.Contains(string(src), "b.md#instal)") {
		t.Errorf("Sources[docs/a.md] = %q", src)
	}
}

// Verify accepts the finding's own edit, and refuses an edit that leaves
// the finding or adds another.
func TestVerify(t *testing.T) {
	dir := editTree(t)
	out, err := Run(context.Background(), Options{Repo: Repo{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	d := anchorFinding(t, out)
	src := out.Sources["docs/a.md"]
	good := fix.Apply(src, d.Edits).Out
	if err := out.Verify(d, map[string][]byte{"docs/a.md": good}); err != nil {
		t.Errorf("the finding's own edit: %v", err)
	}
	if err := out.Verify(d, map[string][]byte{"docs/a.md": src}); err == nil || !strings.Contains(err.Error(), "still reported") {
		t.Errorf("no change: err = %v, want still reported", err)
	}
	// Fixed, but a new broken link on the way.
	worse := []byte(strings.Replace(string(good), "c.md)", "gone.md)", 1))
	if err := out.Verify(d, map[string][]byte{"docs/a.md": worse}); err == nil || !strings.Contains(err.Error(), catalog.BrokenLink) {
		t.Errorf("a new broken link: err = %v, want one naming %s", err, catalog.BrokenLink)
	}
}
