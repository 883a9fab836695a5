package reconcile

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestBrokenAnchor(t *testing.T) {
	ds := withCode(check(t, "anchors"), catalog.BrokenAnchor)
	// docs/setup.md links only to anchors that exist: nothing there.
	want := []string{
		"docs/guide.md:10 BROKEN_ANCHOR", // setup.md#troubleshooting, here and on line 11: one finding
		"docs/guide.md:11 BROKEN_ANCHOR", // setup.md#faq, beside a working setup.md#requirements
		"docs/guide.md:13 BROKEN_ANCHOR", // guide.md#nowhere, through its own file name
		"docs/guide.md:14 BROKEN_ANCHOR", // guide.md#instal, a near miss through its own file name
		"docs/guide.md:7 BROKEN_ANCHOR",  // #uninstall, twice: one finding (2×)
		"docs/guide.md:8 BROKEN_ANCHOR",  // #configure-the-tol
	}
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	byMessage := map[string][]finding.Diagnostic{}
	for _, d := range ds {
		byMessage[d.Message] = append(byMessage[d.Message], d)
	}
	tests := []struct {
		message     string
		n           int
		entities    []string
		remediation string
		occurrences int
	}{
		{"anchor #uninstall matches no heading of this document", 1, []string{"document:docs/guide.md"}, "", 2},
		{"anchor #configure-the-tol matches no heading of this document; did you mean #configure-the-tool?", 1,
			[]string{"document:docs/guide.md"}, "Link to #configure-the-tool, the heading anchor nearest to #configure-the-tol.", 0},
		{"anchor #troubleshooting matches no heading of docs/setup.md", 1, []string{"document:docs/guide.md", "document:docs/setup.md"}, "", 2},
		{"anchor #faq matches no heading of docs/setup.md", 1, []string{"document:docs/guide.md", "document:docs/setup.md"}, "", 0},
		{"anchor #nowhere matches no heading of this document", 1, []string{"document:docs/guide.md"}, "", 0},
		{"anchor #instal matches no heading of this document; did you mean #install?", 1,
			[]string{"document:docs/guide.md"}, "Link to #install, the heading anchor nearest to #instal.", 2},
	}
	for _, tc := range tests {
		got := byMessage[tc.message]
		if len(got) != tc.n {
			t.Errorf("%q: %d findings, want %d (all: %v)", tc.message, len(got), tc.n, byMessage)
			continue
		}
		for _, d := range got {
			if !slices.Equal(d.EntityIDs, tc.entities) || d.Remediation != tc.remediation || d.Severity != catalog.Error || d.Occurrences != tc.occurrences {
				t.Errorf("%q: got %+v", tc.message, d)
			}
		}
	}
	// The near misses are the edits: each destination as written, with the
	// nearest heading's anchor (through the file's own name, the name kept).
	for _, d := range ds {
		var want []finding.Edit
		switch {
		case strings.Contains(d.Message, "#configure-the-tol "):
			want = []finding.Edit{{Path: "docs/guide.md", Line: 8, Kind: finding.EditLink, Old: "#configure-the-tol", New: "#configure-the-tool"}}
		case strings.Contains(d.Message, "#instal "):
			// Written both ways on one line: one finding, an edit for each way.
			want = []finding.Edit{{Path: "docs/guide.md", Line: 14, Kind: finding.EditLink, Old: "guide.md#instal", New: "guide.md#install"},
				{Path: "docs/guide.md", Line: 14, Kind: finding.EditLink, Old: "#instal", New: "#install"}}
		}
		if !slices.EqualFunc(d.Edits, want, sameEdit) {
			t.Errorf("%s: edits %+v, want %+v", d.Message, d.Edits, want)
		}
	}
	if got := byMessage["anchor #troubleshooting matches no heading of docs/setup.md"]; len(got) == 1 {
		if want := []finding.Location{{Path: "docs/guide.md", Line: 10}, {Path: "docs/guide.md", Line: 11}}; !slices.Equal(got[0].Evidence, want) {
			t.Errorf("#troubleshooting: evidence %v, want %v", got[0].Evidence, want)
		}
	}
}

// TestBrokenAnchorSurvivesLineMoves: moving every line leaves the
// fingerprints as they were.
func TestBrokenAnchorSurvivesLineMoves(t *testing.T) {
	assertMovedKeepsIDs(t, "anchors", catalog.BrokenAnchor)
}

// TestBrokenAnchorWithoutOccurrence: an anchor the relation lists as
// missing but whose occurrence fell past the evidence bound is reported on
// the document, not dropped.
func TestBrokenAnchorWithoutOccurrence(t *testing.T) {
	s := &snapshot.Snapshot{
		Entities: []snapshot.Entity{
			{ID: "document:a.md", Kind: snapshot.KindDocument, Path: "a.md"},
			{ID: "document:b.md", Kind: snapshot.KindDocument, Path: "b.md"},
		},
		Relations: []snapshot.Relation{{
			ID: "links-to:document:a.md->document:b.md", Kind: snapshot.RelLinksTo, From: "document:a.md", To: "document:b.md",
			Evidence: []snapshot.Evidence{{Source: "markdown", Path: "a.md", LineStart: 4, Context: "b.md#kept"}},
			Metadata: map[string]any{"missingAnchors": []any{"dropped", "kept"}},
		}},
	}
	got := where(withCode(Run(Input{Head: s}), catalog.BrokenAnchor))
	if want := []string{"a.md:0 BROKEN_ANCHOR", "a.md:4 BROKEN_ANCHOR"}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestDestinationAnchor(t *testing.T) {
	tests := []struct {
		dest, anchor string
		ok           bool
	}{
		{"setup.md#faq", "faq", true},
		{"#faq", "faq", true},
		{" setup.md#faq ", "faq", true},
		{"setup.md?plain=1#faq", "faq", true},
		{"setup.md#%C3%BCber-uns", "über-uns", true},
		{"setup.md#100%", "100%", true}, // not valid percent-encoding: kept as written
		{"setup.md#", "", true},
		{"setup.md", "", false},
		{"setup.md#faq:~:text=install", "faq", true},
		{"setup.md#:~:text=install", "", true},
	}
	for _, tc := range tests {
		a, ok := destinationAnchor(tc.dest)
		if a != tc.anchor || ok != tc.ok {
			t.Errorf("destinationAnchor(%q) = %q, %v; want %q, %v", tc.dest, a, ok, tc.anchor, tc.ok)
		}
	}
}

// assertMovedKeepsIDs checks a fixture against a copy of it in which every
// Markdown line moved down: the findings of code keep their fingerprints,
// and at least one of them reports a new line (else the move proved
// nothing).
func assertMovedKeepsIDs(t *testing.T, name, code string) {
	t.Helper()
	before := withCode(check(t, name), code)
	dir := movedCopy(t, filepath.Join("testdata", name), 3)
	s, cfg := scanDir(t, dir)
	after := withCode(Run(Input{Head: s, Config: cfg}), code)
	ids := func(ds []finding.Diagnostic) []string {
		out := make([]string, 0, len(ds))
		for _, d := range ds {
			out = append(out, d.ID)
		}
		slices.Sort(out)
		return out
	}
	if len(before) == 0 || !slices.Equal(ids(before), ids(after)) {
		t.Fatalf("fingerprints changed with the lines:\nbefore %v\nafter  %v", before, after)
	}
	if slices.Equal(where(before), where(after)) {
		t.Fatalf("no %s finding moved: %v", code, where(after))
	}
}

// movedCopy copies a fixture into a temporary directory, moving every
// Markdown line down by n: blank lines on top, or YAML comments right
// after the opening --- of front matter.
func movedCopy(t *testing.T, src string, n int) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".md") {
			if rest, ok := strings.CutPrefix(string(data), "---\n"); ok {
				data = []byte("---\n" + strings.Repeat("# moved\n", n) + rest)
			} else {
				data = []byte(strings.Repeat("\n", n) + string(data))
			}
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copy %s: %v", src, err)
	}
	return dst
}

// TestAnchorSuggestionFollowsTheSite: inside a VitePress site the "did you
// mean" names the anchor VitePress renders, not GitHub's slug of the same
// heading (internal/scan's site fixture).
func TestAnchorSuggestionFollowsTheSite(t *testing.T) {
	s, cfg := scanDir(t, filepath.Join("..", "scan", "testdata", "sites"))
	ds := withCode(Run(Input{Head: s, Config: cfg}), catalog.BrokenAnchor)
	found := false
	for _, d := range ds {
		p := d.Primary()
		if p.Path == "docs/guide.md" && p.Line == 7 {
			found = true
			if !strings.Contains(d.Message, "did you mean #build-assetsinlinelimit?") {
				t.Errorf("VitePress suggestion: %s", d.Message)
			}
		}
	}
	if !found {
		t.Fatalf("no broken anchor at docs/guide.md:7 in %v", where(ds))
	}
}
