package retrieval

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestProjectFixture(t *testing.T) {
	s, sig, body := coreScan(t, coreRepoDir)
	p := Project(s, sig, body)
	if p.SnapshotHash != s.ContentHash || p.Hash == "" {
		t.Fatalf("hashes: snapshot %q (want %q), projection %q", p.SnapshotHash, s.ContentHash, p.Hash)
	}
	// One entry per document, area, package and module; none for the rest.
	want := map[string]bool{}
	for _, e := range s.Entities {
		if projected[e.Kind] {
			want[e.ID] = true
		}
	}
	if len(p.Entries) != len(want) || len(want) < 8 {
		t.Fatalf("%d entries for %d projectable entities", len(p.Entries), len(want))
	}
	if !slices.IsSortedFunc(p.Entries, func(a, b Entry) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("entries not sorted by id")
	}
	by := map[string]Entry{}
	for _, e := range p.Entries {
		if !want[e.ID] {
			t.Errorf("unexpected entry %s", e.ID)
		}
		by[e.ID] = e
		ent := coreEntity(s, e.ID)
		if len(ent.Evidence) > 0 && ent.Evidence[0].ContentHash != "" && e.ContentHash != ent.Evidence[0].ContentHash {
			t.Errorf("%s: content hash %s, evidence says %s", e.ID, e.ContentHash, ent.Evidence[0].ContentHash)
		}
		if e.Facts.PageRank != sig.Canonicality[e.ID] {
			t.Errorf("%s: pageRank %v, signals say %v", e.ID, e.Facts.PageRank, sig.Canonicality[e.ID])
		}
	}
	guide := by["document:docs/storage.md"]
	if guide.Title != "Storage guide" || !slices.Equal(guide.Headings, []string{"Storage guide", "Compaction"}) ||
		!strings.Contains(guide.Summary, "persisted") || !strings.Contains(guide.Body, "Compaction rewrites the log") {
		t.Errorf("storage guide: %+v", guide)
	}
	if guide.Facts.InboundLinks != 2 || guide.Status != "" {
		t.Errorf("storage guide: %d inbound links (want 2), status %q", guide.Facts.InboundLinks, guide.Status)
	}
	if old := by["document:docs/old-storage.md"]; old.Status != statusSuperseded {
		t.Errorf("old guide status %q, want superseded (front matter)", old.Status)
	}
	st := by["module:internal/store/store.go"]
	if !slices.Equal(st.Symbols, []string{"Store", "OpenStore", "Store.Put"}) || st.Body != "" {
		t.Errorf("store.go symbols %q (source order), body %q", st.Symbols, st.Body)
	}
	if !slices.Equal(st.Facts.MentionedBy, []string{"document:docs/storage.md"}) ||
		st.Facts.Area != "area:internal/store" || st.Facts.Package != "package:internal/store" {
		t.Errorf("store.go facts %+v", st.Facts)
	}
	if pkg := by["package:internal/store"]; !slices.Equal(pkg.Symbols, []string{"OpenStore", "Store", "Store.Put"}) || pkg.Facts.Package != "package:." {
		t.Errorf("package symbols %q (sorted, from its modules), facts %+v", pkg.Symbols, pkg.Facts)
	}
	if again := Project(s, sig, body); again.Hash != p.Hash {
		t.Error("projecting twice gives two hashes")
	}
}

func TestProjectHashFollowsDocuments(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(coreRepoDir)); err != nil {
		t.Fatal(err)
	}
	hash := func() string {
		s, sig, body := coreScan(t, dir)
		return Project(s, sig, body).Hash
	}
	before := hash()
	if hash() != before {
		t.Fatal("the same tree gives two hashes")
	}
	f := filepath.Join(dir, "docs", "storage.md")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, append(data, "\nOne more sentence.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if hash() == before {
		t.Fatal("the hash must change when a document changes")
	}
	// The body alone moves the hash too (the snapshot is the same).
	s, sig, body := coreScan(t, dir)
	other := func(p string) []byte { return append(body(p), 'x') }
	if Project(s, sig, body).Hash == Project(s, sig, other).Hash {
		t.Error("the hash must cover the bodies")
	}
}

func TestProjectBounds(t *testing.T) {
	var headings, exports []any
	for i := range maxHeadings + 3 {
		headings = append(headings, map[string]any{"text": fmt.Sprintf("h%d", i), "level": 2})
	}
	for i := range maxSymbols + 4 {
		exports = append(exports, map[string]any{"name": fmt.Sprintf("S%d", i)})
	}
	s := &snapshot.Snapshot{ContentHash: "h",
		Entities: []snapshot.Entity{
			{ID: "document:big.md", Kind: snapshot.KindDocument, Path: "big.md", Name: "big.md",
				Metadata: map[string]any{"headings": headings, "frontMatterFields": map[string]any{"Status": " Superseded "}}},
			{ID: "module:m.go", Kind: snapshot.KindModule, Path: "m.go", Metadata: map[string]any{"exports": exports}},
			{ID: "external:fmt", Kind: snapshot.KindExternal, Name: "fmt"},
			{ID: "unresolved:x.md", Kind: snapshot.KindUnresolved, Name: "x.md"},
		}}
	for i := range maxFactRefs + 2 {
		from := fmt.Sprintf("document:d%03d.md", i)
		s.Entities = append(s.Entities, snapshot.Entity{ID: from, Kind: snapshot.KindDocument, Path: from[len("document:"):]})
		s.Relations = append(s.Relations, snapshot.Relation{Kind: snapshot.RelMentions, From: from, To: "module:m.go"})
	}
	text := strings.Repeat("é", MaxBodyRunes+10) // two bytes a rune: the cut must respect runes
	p := Project(s, nil, func(path string) []byte {
		if path == "big.md" {
			return []byte("\uFEFF" + text)
		}
		return nil
	})
	var big, mod *Entry
	for i := range p.Entries {
		switch p.Entries[i].ID {
		case "document:big.md":
			big = &p.Entries[i]
		case "module:m.go":
			mod = &p.Entries[i]
		case "external:fmt", "unresolved:x.md":
			t.Errorf("%s projected", p.Entries[i].ID)
		}
	}
	if big == nil || mod == nil {
		t.Fatalf("entries missing: %+v", p.Entries)
	}
	if n := utf8.RuneCountInString(big.Body); n != MaxBodyRunes || !utf8.ValidString(big.Body) || strings.HasPrefix(big.Body, "\uFEFF") {
		t.Errorf("body: %d runes, valid %v", n, utf8.ValidString(big.Body))
	}
	if len(big.Headings) != maxHeadings || big.Status != statusSuperseded || big.Title != "big.md" {
		t.Errorf("big.md: %d headings, status %q, title %q", len(big.Headings), big.Status, big.Title)
	}
	wantBig := []Truncation{{Bound: boundHeadings, Limit: maxHeadings, Omitted: 3}, {Bound: boundBody, Limit: MaxBodyRunes, Omitted: 10}} // the BOM is no body text
	if !coreSameTruncations(big.Truncated, wantBig) {
		t.Errorf("big.md truncated %+v, want %+v", big.Truncated, wantBig)
	}
	wantMod := []Truncation{{Bound: boundSymbols, Limit: maxSymbols, Omitted: 4}, {Bound: boundMentionedBy, Limit: maxFactRefs, Omitted: 2}}
	if len(mod.Symbols) != maxSymbols || len(mod.Facts.MentionedBy) != maxFactRefs || !coreSameTruncations(mod.Truncated, wantMod) {
		t.Errorf("m.go: %d symbols, %d mentions, truncated %+v", len(mod.Symbols), len(mod.Facts.MentionedBy), mod.Truncated)
	}
}

func TestProjectNilInputs(t *testing.T) {
	a, b := Project(nil, nil, nil), Project(&snapshot.Snapshot{}, nil, nil)
	if len(a.Entries) != 0 || a.Hash == "" || a.Hash != b.Hash {
		t.Fatalf("empty projections: %+v %+v", a, b)
	}
	if r := NewIndex(a, nil).Search(Query{Text: "x"}); r.Total != 0 {
		t.Fatalf("empty index: %+v", r)
	}
	if r := NewIndex(nil, nil).Recent(5, nil); r.Total != 0 {
		t.Fatalf("nil projection: %+v", r)
	}
}

func coreSameTruncations(got, want []Truncation) bool {
	key := func(list []Truncation) []string {
		var out []string
		for _, x := range list {
			out = append(out, fmt.Sprint(x))
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(got), key(want))
}

// coreEntity returns the entity with id.
func coreEntity(s *snapshot.Snapshot, id string) *snapshot.Entity {
	for i := range s.Entities {
		if s.Entities[i].ID == id {
			return &s.Entities[i]
		}
	}
	return &snapshot.Entity{}
}

func TestProjectSummaryFromDoc(t *testing.T) {
	// A real scan: the package doc comment reaches the module, the package
	// and the area at the package's directory.
	s, sig, body := coreScan(t, coreRepoDir)
	by := map[string]Entry{}
	for _, e := range Project(s, sig, body).Entries {
		by[e.ID] = e
	}
	for _, id := range []string{"module:internal/store/store.go", "package:internal/store", "area:internal/store"} {
		if got := by[id].Summary; got != "Package store persists records." {
			t.Errorf("%s: summary %q", id, got)
		}
	}
	if got := by["package:internal/httpserver"].Summary; got != "Package httpserver serves the store over HTTP." {
		t.Errorf("httpserver summary %q", got)
	}

	// Without a doc, or without a package at the area's directory, no
	// summary; a nested package's doc is not its parent area's.
	s = &snapshot.Snapshot{Entities: []snapshot.Entity{
		{ID: "area:lib", Kind: snapshot.KindArea, Path: "lib"},
		{ID: "package:lib/sub", Kind: snapshot.KindPackage, Metadata: map[string]any{"doc": "Package sub does it."}},
		{ID: "area:lib/sub", Kind: snapshot.KindArea}, // path from the id
		{ID: "package:tools", Kind: snapshot.KindPackage, Path: "tools"},
		{ID: "area:tools", Kind: snapshot.KindArea, Path: "tools"},
		{ID: "module:tools/t.go", Kind: snapshot.KindModule, Path: "tools/t.go"},
	}}
	want := map[string]string{"area:lib": "", "package:lib/sub": "Package sub does it.", "area:lib/sub": "Package sub does it.",
		"package:tools": "", "area:tools": "", "module:tools/t.go": ""}
	for _, e := range Project(s, nil, nil).Entries {
		if w, ok := want[e.ID]; !ok || e.Summary != w {
			t.Errorf("%s: summary %q, want %q", e.ID, e.Summary, w)
		}
	}
}

func TestSearchReachesPackageDoc(t *testing.T) {
	// Words only the doc comment holds find the package.
	s, sig, body := coreScan(t, coreRepoDir)
	r := NewIndex(Project(s, sig, body), nil).Search(Query{Text: "persists records"})
	if len(r.Hits) == 0 {
		t.Fatalf("no hits: %+v", r)
	}
	top := map[string]bool{}
	for _, h := range r.Hits[:min(3, len(r.Hits))] {
		top[h.ID] = true
	}
	if !top["package:internal/store"] {
		t.Errorf("package:internal/store not in the first 3: %+v", r.Hits)
	}
}

// TestEntryCountMatchesProject: the count the doctor takes without
// projecting is the projection's own, for every kind.
func TestEntryCountMatchesProject(t *testing.T) {
	s, sig, body := coreScan(t, coreRepoDir)
	p := Project(s, sig, body)
	for _, kind := range []string{snapshot.KindDocument, snapshot.KindModule, snapshot.KindPackage, snapshot.KindArea, snapshot.KindExternal, snapshot.KindUnresolved} {
		want := 0
		for i := range p.Entries {
			if p.Entries[i].Kind == kind {
				want++
			}
		}
		if got := EntryCount(s, kind); got != want {
			t.Errorf("EntryCount(%s) = %d, the projection holds %d", kind, got, want)
		}
	}
	if EntryCount(s, snapshot.KindDocument) == 0 {
		t.Fatal("the fixture has no documents; the test proves nothing")
	}
	if EntryCount(nil, snapshot.KindDocument) != 0 {
		t.Error("a nil snapshot has no entries")
	}
}
