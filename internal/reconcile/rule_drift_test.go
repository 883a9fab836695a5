package reconcile

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

var driftCodes = []string{catalog.DriftAnchor, catalog.DriftLink, catalog.DriftPath, catalog.DriftSymbol}

// scanPair scans testdata/drift/<name>/base and testdata/drift/<name>/<head>.
func scanPair(t *testing.T, name, head string) (base, h *snapshot.Snapshot, cfg *config.Config) {
	t.Helper()
	base, _ = scanDir(t, filepath.Join("testdata", "drift", name, "base"))
	h, cfg = scanDir(t, filepath.Join("testdata", "drift", name, head))
	return base, h, cfg
}

// checkPair is what `docbridge check --base` computes for a fixture pair.
func checkPair(t *testing.T, name, head string) Result {
	t.Helper()
	base, h, cfg := scanPair(t, name, head)
	res := Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: base, Config: cfg})
	if res.Comparison == nil {
		t.Fatalf("%s: no comparison with a base", name)
	}
	return res
}

// drifts keeps the DRIFT_* diagnostics.
func drifts(ds []finding.Diagnostic) []finding.Diagnostic {
	var out []finding.Diagnostic
	for _, d := range ds {
		if slices.Contains(driftCodes, d.Code) {
			out = append(out, d)
		}
	}
	return out
}

func ids(ds []finding.Diagnostic) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		out = append(out, d.ID)
	}
	return out
}

// A rename in code that breaks a doc mention is exactly one new finding,
// DRIFT_SYMBOL on the mention's line with the renamed export as the
// suggestion; fixing the document resolves it.
func TestDriftSymbolRename(t *testing.T) {
	res := checkPair(t, "symbol_rename", "head")
	got := drifts(res.Head)
	if w := where(got); !slices.Equal(w, []string{"docs/ranking.md:3 DRIFT_SYMBOL"}) {
		t.Fatalf("drift = %v", w)
	}
	d := got[0]
	if want := "`RankDocs` was renamed to `rankDocuments` in src/rank.ts (same signature)"; d.Message != want {
		t.Errorf("message = %q, want %q", d.Message, want)
	}
	if d.Remediation != "Write `rankDocuments`." || d.Severity != catalog.Error {
		t.Errorf("got %+v", d)
	}
	if len(d.Evidence) != 2 || d.Evidence[1] != (finding.Location{Path: "src/rank.ts", Line: 2}) {
		t.Errorf("evidence = %v, want the mention and the renamed export", d.Evidence)
	}
	if !slices.Equal(ids(res.Comparison.New), []string{d.ID}) {
		t.Errorf("new = %v, want exactly the drift", where(res.Comparison.New))
	}

	fixed := checkPair(t, "symbol_rename", "fixed")
	if got := drifts(fixed.Head); len(got) != 0 {
		t.Fatalf("fixed document still drifts: %v", where(got))
	}
	if len(fixed.Comparison.New) != 0 {
		t.Errorf("fixed: new = %v", where(fixed.Comparison.New))
	}
	c := finding.Compare(res.Head, fixed.Head)
	if !slices.Equal(ids(c.Resolved), []string{d.ID}) || len(c.New) != 0 {
		t.Errorf("broken → fixed: resolved %v, new %v", where(c.Resolved), where(c.New))
	}
}

// Inserting paragraphs above a broken link moves it; its fingerprint does
// not move, so the comparison calls it unchanged.
func TestDriftMovedLines(t *testing.T) {
	base, head, cfg := scanPair(t, "moved_lines", "head")
	before := withCode(Run(Input{Head: base, Config: cfg}), catalog.BrokenLink)
	if w := where(before); !slices.Equal(w, []string{"docs/guide.md:3 BROKEN_LINK"}) {
		t.Fatalf("base: %v", w)
	}
	res := Check(Input{Head: head, Signals: graph.Compute(head, graph.Options{}), Base: base, Config: cfg})
	c := res.Comparison
	if len(c.New) != 0 || len(c.Resolved) != 0 {
		t.Fatalf("new %v, resolved %v; want none", where(c.New), where(c.Resolved))
	}
	moved := withCode(c.Unchanged, catalog.BrokenLink)
	if w := where(moved); !slices.Equal(w, []string{"docs/guide.md:7 BROKEN_LINK"}) {
		t.Fatalf("unchanged = %v", w)
	}
	if moved[0].ID != before[0].ID {
		t.Errorf("fingerprint moved with the line: %s → %s", before[0].ID, moved[0].ID)
	}
	if len(drifts(res.Head)) != 0 {
		t.Errorf("a link broken in the base drifted: %v", where(drifts(res.Head)))
	}
}

// A file moved with its content is found by its hash, however far its new
// path is from the old one; the drift replaces the plain BROKEN_LINK.
func TestDriftMovedFile(t *testing.T) {
	res := checkPair(t, "moved_file", "head")
	got := drifts(res.Head)
	if w := where(got); !slices.Equal(w, []string{"docs/index.md:3 DRIFT_LINK"}) {
		t.Fatalf("drift = %v", w)
	}
	d := got[0]
	if want := "link `setup.md#install`: docs/setup.md was moved to handbook/first-steps.md by this change"; d.Message != want {
		t.Errorf("message = %q, want %q", d.Message, want)
	}
	if want := "Link to `../handbook/first-steps.md#install`."; d.Remediation != want {
		t.Errorf("remediation = %q, want %q", d.Remediation, want)
	}
	if n := len(withCode(res.Head, catalog.BrokenLink)); n != 0 {
		t.Errorf("BROKEN_LINK not superseded: %d", n)
	}
	if !slices.Contains(ids(res.Comparison.New), d.ID) {
		t.Errorf("drift is not new")
	}

	// Without a base, or with DRIFT_LINK off, the plain finding stands.
	_, head, cfg := scanPair(t, "moved_file", "head")
	plain := withCode(Run(Input{Head: head, Config: cfg}), catalog.BrokenLink)
	if w := where(plain); !slices.Equal(w, []string{"docs/index.md:3 BROKEN_LINK"}) {
		t.Errorf("no base: %v", w)
	}
	off := *cfg
	off.Checks.Severity = map[string]catalog.Level{catalog.DriftLink: catalog.Off}
	base, _, _ := scanPair(t, "moved_file", "head")
	ds := Run(Input{Head: head, Base: base, Config: &off})
	if w := where(append(drifts(ds), withCode(ds, catalog.BrokenLink)...)); !slices.Equal(w, []string{"docs/index.md:3 BROKEN_LINK"}) {
		t.Errorf("DRIFT_LINK off: %v", w)
	}
}

// A mentioned path whose file was deleted is DRIFT_PATH with no guess (its
// declaration in the docbridge block is STALE_DECLARATION's, not drift);
// one whose file was renamed (new content) names the scan's near miss.
func TestDriftPath(t *testing.T) {
	tests := []struct {
		name, where, message, remediation string
	}{
		{"deleted_path", "docs/architecture.md:9 DRIFT_PATH",
			"`src/legacy.ts` was moved or deleted by this change", ""},
		{"fuzzy_path", "docs/loading.md:3 DRIFT_PATH",
			"`src/loader.ts` was moved or deleted by this change; did you mean src/loaders.ts?", "Write `src/loaders.ts`."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := checkPair(t, tt.name, "head")
			got := drifts(res.Head)
			if w := where(got); !slices.Equal(w, []string{tt.where}) {
				t.Fatalf("drift = %v", w)
			}
			if got[0].Message != tt.message || got[0].Remediation != tt.remediation {
				t.Errorf("got %q / %q, want %q / %q", got[0].Message, got[0].Remediation, tt.message, tt.remediation)
			}
			if n := len(withCode(res.Head, catalog.UnresolvedPath)); n != 0 {
				t.Errorf("UNRESOLVED_PATH not superseded: %d", n)
			}
		})
	}
}

// A renamed heading breaks the anchors into it, from the same document and
// from another; an anchor broken in the base too is not drift.
func TestDriftAnchor(t *testing.T) {
	res := checkPair(t, "renamed_heading", "head")
	got := drifts(res.Head)
	want := []string{"docs/guide.md:9 DRIFT_ANCHOR", "docs/index.md:3 DRIFT_ANCHOR"}
	if w := where(got); !slices.Equal(w, want) {
		t.Fatalf("drift = %v, want %v", w, want)
	}
	msgs := map[string]string{}
	for _, d := range got {
		msgs[d.Primary().Path] = d.Message + " | " + d.Remediation
	}
	if m := msgs["docs/guide.md"]; m != "`#installation` matches no heading: \"Installation\" in docs/guide.md was renamed or removed by this change; did you mean `#getting-installed`? | Link to `#getting-installed`." {
		t.Errorf("same-document: %s", m)
	}
	if m := msgs["docs/index.md"]; m != "`guide.md#installation` matches no heading: \"Installation\" in docs/guide.md was renamed or removed by this change; did you mean `guide.md#getting-installed`? | Link to `guide.md#getting-installed`." {
		t.Errorf("cross-document: %s", m)
	}
	// #nowhere stays a plain BROKEN_ANCHOR; the drifted ones are not repeated.
	plain := withCode(res.Head, catalog.BrokenAnchor)
	if len(plain) != 1 || !strings.Contains(plain[0].Message, "#nowhere") {
		t.Errorf("BROKEN_ANCHOR = %v", plain)
	}
}

// Without a base no rule knows what resolved before: no drift.
func TestDriftNeedsBase(t *testing.T) {
	for _, name := range []string{"symbol_rename", "moved_lines", "moved_file", "deleted_path", "fuzzy_path", "renamed_heading"} {
		_, head, cfg := scanPair(t, name, "head")
		res := Check(Input{Head: head, Signals: graph.Compute(head, graph.Options{}), Config: cfg})
		if res.Comparison != nil {
			t.Errorf("%s: comparison without a base", name)
		}
		if got := drifts(res.Head); len(got) != 0 {
			t.Errorf("%s: drift without a base: %v", name, where(got))
		}
	}
}

func TestSupersede(t *testing.T) {
	doc := "document:a.md"
	at := func(line int) []finding.Location { return []finding.Location{{Path: "a.md", Line: line}} }
	fs := []draft{
		{Code: catalog.DriftLink, Evidence: at(3), EntityIDs: []string{doc, "unresolved:x.md", "document:x.md"}, Key: "x.md"},
		{Code: catalog.BrokenLink, Evidence: at(3), EntityIDs: []string{doc, "unresolved:x.md"}, Key: "x.md"},  // same reference
		{Code: catalog.BrokenLink, Evidence: at(3), EntityIDs: []string{doc, "unresolved:y.md"}, Key: "y.md"},  // other link, same line
		{Code: catalog.BrokenLink, Evidence: at(4), EntityIDs: []string{doc, "unresolved:x.md"}, Key: "x.md"},  // other line
		{Code: catalog.UnresolvedPath, Evidence: at(3), EntityIDs: []string{doc, "unresolved:x.md"}, Key: "x"}, // other code
		{Code: catalog.DriftAnchor, Evidence: at(5), EntityIDs: []string{doc}, Key: "#a"},
		{Code: catalog.BrokenAnchor, Evidence: at(5), EntityIDs: []string{doc}, Key: "a.md#a"}, // same anchor
		{Code: catalog.BrokenAnchor, Evidence: at(5), EntityIDs: []string{doc}, Key: "a.md#b"}, // other anchor, same line
		{Code: catalog.DriftAnchor, Evidence: at(6), EntityIDs: []string{doc, "document:g.md"}, Key: "g.md#x"},
		{Code: catalog.BrokenAnchor, Evidence: at(6), EntityIDs: []string{doc, "document:g.md"}, Key: "g.md#x"}, // same
		{Code: catalog.BrokenAnchor, Evidence: at(6), EntityIDs: []string{doc, "document:g.md"}, Key: "g.md#y"}, // same target, other anchor
		{Code: catalog.DriftLink, Evidence: at(7), EntityIDs: []string{doc, "unresolved:site/z", "document:site/z.md"}, Key: "site/z"},
		{Code: catalog.UnverifiedLink, Evidence: at(7), EntityIDs: []string{doc, "unresolved:site/z"}, Key: "site/z"}, // same, in a tree of an unknown generator
	}
	got := supersede(slices.Clone(fs))
	var kept []string
	for _, f := range got {
		kept = append(kept, f.Code+"/"+f.Key+"@"+itoa(primary(f).Line))
	}
	want := []string{"DRIFT_LINK/x.md@3", "BROKEN_LINK/y.md@3", "BROKEN_LINK/x.md@4", "UNRESOLVED_PATH/x@3",
		"DRIFT_ANCHOR/#a@5", "BROKEN_ANCHOR/a.md#b@5", "DRIFT_ANCHOR/g.md#x@6", "BROKEN_ANCHOR/g.md#y@6", "DRIFT_LINK/site/z@7"}
	if !slices.Equal(kept, want) {
		t.Fatalf("kept %v, want %v", kept, want)
	}
	if plain := fs[1:5]; len(supersede(plain)) != len(plain) {
		t.Errorf("without drift findings something was dropped")
	}
}

func TestNameIndexPick(t *testing.T) {
	tests := []struct {
		query      string
		candidates []string
		want       string
	}{
		{"RankDocs", []string{"rankDocuments", "rankLimit"}, "rankDocuments"},
		{"rankdocs", []string{"RankDocs", "rankLimit"}, "RankDocs"},     // case-only rename
		{"RankDocs", []string{"rankDocs", "RANKDOCS"}, ""},              // fold alike: ambiguous
		{"RankDocs", []string{"rankDocsA", "rankDocsB"}, ""},            // two near misses
		{"RankDocs", []string{"openStore", "closeStore"}, ""},           // nothing near
		{"Open", []string{"Open"}, ""},                                  // the query itself is no suggestion
		{"installation", []string{"installing", "usage"}, "installing"}, // slugs too
	}
	for _, tt := range tests {
		got, ok := newNameIndex(tt.candidates).pick(tt.query)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("pick(%q, %v) = %q, %v; want %q", tt.query, tt.candidates, got, ok, tt.want)
		}
	}
}

func TestRelPath(t *testing.T) {
	tests := []struct{ doc, to, want string }{
		{"docs/index.md", "handbook/first-steps.md", "../handbook/first-steps.md"},
		{"docs/index.md", "docs/setup.md", "setup.md"},
		{"README.md", "docs/setup.md", "docs/setup.md"},
		{"docs/a/b.md", "docs/c.md", "../c.md"},
		{"docs/a/b.md", "README.md", "../../README.md"},
		{"docs/a.md", "docs/a/b.md", "a/b.md"},
	}
	for _, tt := range tests {
		if got := relPath(tt.doc, tt.to); got != tt.want {
			t.Errorf("relPath(%q, %q) = %q, want %q", tt.doc, tt.to, got, tt.want)
		}
	}
}

// The base usually comes from a snapshot file: after a JSON round trip
// (numbers as float64, lists as []any) drift judges the same.
func TestDriftFromSnapshotFiles(t *testing.T) {
	roundTrip := func(s *snapshot.Snapshot) *snapshot.Snapshot {
		data, err := snapshot.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		out, err := snapshot.Unmarshal(data)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, name := range []string{"symbol_rename", "moved_file", "fuzzy_path", "renamed_heading"} {
		base, head, cfg := scanPair(t, name, "head")
		want := drifts(Run(Input{Head: head, Base: base, Config: cfg}))
		got := drifts(Run(Input{Head: roundTrip(head), Base: roundTrip(base), Config: cfg}))
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: after a round trip %+v, before %+v", name, got, want)
		}
	}
}

// A code span naming a command (`tool` for cmd/tool) resolves to its area
// and package, and also leaves an unresolved-symbol trace; an unchanged
// tree is no drift, and deleting the command still is.
func TestDriftCommandName(t *testing.T) {
	if w := where(drifts(checkPair(t, "command_name", "head").Head)); len(w) != 0 {
		t.Errorf("unchanged command: drift %v", w)
	}
	if w := where(drifts(checkPair(t, "command_name", "gone").Head)); !slices.Contains(w, "docs/tools.md:3 DRIFT_PATH") {
		t.Errorf("deleted command: drift %v, want docs/tools.md:3 DRIFT_PATH", w)
	}
}
