package pack

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/redact/redacttest"
	"github.com/docbridge/docbridge/internal/snapshot"
)

const guidePath = "docs/guide.md"

// world is a snapshot with one document (the target under test), nModules
// modules it mentions, and the files behind them.
type world struct {
	snap  *snapshot.Snapshot
	files fstest.MapFS
	diags []Diagnostic
}

func newWorld(nModules, nDiags int, guide string) *world {
	w := &world{snap: &snapshot.Snapshot{}, files: fstest.MapFS{}}
	w.addFile(snapshot.KindDocument, guidePath, guide, "Guide")
	for i := range nModules {
		p := fmt.Sprintf("src/m%02d.go", i)
		w.addFile(snapshot.KindModule, p, "package m\n", p)
		w.snap.Relations = append(w.snap.Relations, snapshot.Relation{
			ID: snapshot.RelationID(snapshot.RelMentions, "document:"+guidePath, "module:"+p), Kind: snapshot.RelMentions,
			From: "document:" + guidePath, To: "module:" + p, Provenance: snapshot.Observed,
		})
	}
	for i := range nDiags {
		w.diags = append(w.diags, Diagnostic{ID: fmt.Sprintf("d%02d", i), Code: "DRIFT_PATH", Message: "a path that moved", Path: guidePath, Line: i + 1})
	}
	return w
}

func (w *world) addFile(kind, path, content, name string) {
	w.files[path] = &fstest.MapFile{Data: []byte(content)}
	w.snap.Entities = append(w.snap.Entities, snapshot.Entity{
		ID: snapshot.EntityID(kind, path), Kind: kind, Name: name, Path: path, Provenance: snapshot.Observed,
		Evidence: []snapshot.Evidence{{Source: "scan", Path: path, ContentHash: snapshot.HashBytes([]byte(content))}},
	})
}

func (w *world) build(t *testing.T, maxBytes int) []Pack {
	t.Helper()
	packs, err := Build(Input{Snapshot: w.snap, Diagnostics: w.diags, Files: w.files, TargetHash: enrich.TargetHash, MaxBytes: maxBytes})
	if err != nil {
		t.Fatal(err)
	}
	return packs
}

func packOf(t *testing.T, packs []Pack, id string) Pack {
	t.Helper()
	for _, p := range packs {
		if p.Target.ID == id {
			return p
		}
	}
	t.Fatalf("no pack for %s", id)
	return Pack{}
}

func size(t *testing.T, p Pack) int {
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return len(raw)
}

func TestBuildBoundsNeighboursAndDiagnostics(t *testing.T) {
	w := newWorld(40, 20, "# Guide\n\nHello.\n")
	p := packOf(t, w.build(t, 0), "document:"+guidePath)
	if len(p.Neighbours) != maxNeighbours || p.Omitted.Neighbours != 40-maxNeighbours {
		t.Errorf("neighbours %d, omitted %d; want %d, %d", len(p.Neighbours), p.Omitted.Neighbours, maxNeighbours, 40-maxNeighbours)
	}
	if !slices.IsSortedFunc(p.Neighbours, func(a, b Neighbour) int {
		return strings.Compare(a.Relation+"\x00"+a.ID, b.Relation+"\x00"+b.ID)
	}) {
		t.Errorf("neighbours not sorted by relation kind then id: %v", p.Neighbours)
	}
	if p.Neighbours[0].ID != "module:src/m00.go" || p.Neighbours[0].Direction != "out" || p.Neighbours[0].ContentHash == "" {
		t.Errorf("first neighbour = %+v", p.Neighbours[0])
	}
	if len(p.Diagnostics) != maxDiagnostics || p.Omitted.Diagnostics != 20-maxDiagnostics {
		t.Errorf("diagnostics %d, omitted %d", len(p.Diagnostics), p.Omitted.Diagnostics)
	}
	if p.Diagnostics[0].Line != 1 || p.Diagnostics[maxDiagnostics-1].Line != maxDiagnostics {
		t.Errorf("diagnostics not in line order: %v", p.Diagnostics)
	}
	m := packOf(t, w.build(t, 0), "module:src/m03.go")
	if len(m.Neighbours) != 1 || m.Neighbours[0].Direction != "in" || m.Neighbours[0].ID != "document:"+guidePath {
		t.Errorf("module pack neighbours = %+v", m.Neighbours)
	}
	if len(m.Diagnostics) != 0 {
		t.Errorf("module pack got the document's diagnostics: %v", m.Diagnostics)
	}
}

func TestBuildDiagnosticsNamingTheTarget(t *testing.T) {
	w := newWorld(2, 0, "x")
	w.diags = []Diagnostic{
		{ID: "b", Code: "X", Message: "named", EntityIDs: []string{"module:src/m01.go"}},
		{ID: "a", Code: "X", Message: "at path", Path: "src/m01.go", Line: 3},
		{ID: "c", Code: "X", Message: "elsewhere", Path: "src/m00.go"},
	}
	p := packOf(t, w.build(t, 0), "module:src/m01.go")
	var ids []string
	for _, d := range p.Diagnostics {
		ids = append(ids, d.ID)
	}
	if strings.Join(ids, ",") != "b,a" {
		t.Fatalf("diagnostics = %v, want b (no path first), then a", ids)
	}
}

func TestBuildExcerptOnlyWhenTheFileStillHashes(t *testing.T) {
	w := newWorld(1, 0, "# Guide\n\nRead me.\n")
	p := packOf(t, w.build(t, 0), "document:"+guidePath)
	if p.Excerpt == nil || p.Excerpt.Text != "# Guide\n\nRead me.\n" || p.Excerpt.Truncated {
		t.Fatalf("excerpt = %+v", p.Excerpt)
	}
	w.files[guidePath] = &fstest.MapFile{Data: []byte("# Guide\n\nEdited since the scan.\n")}
	if p := packOf(t, w.build(t, 0), "document:"+guidePath); p.Excerpt != nil {
		t.Fatalf("excerpt of a changed file: %+v", p.Excerpt)
	}
	delete(w.files, guidePath)
	if p := packOf(t, w.build(t, 0), "document:"+guidePath); p.Excerpt != nil {
		t.Fatalf("excerpt of a missing file: %+v", p.Excerpt)
	}
}

func TestBuildExcerptIsBounded(t *testing.T) {
	long := strings.Repeat("é line of prose\n", 2000) // > 12 KB, multi-byte runes
	w := newWorld(0, 0, long)
	p := packOf(t, w.build(t, 0), "document:"+guidePath)
	if p.Excerpt == nil || len(p.Excerpt.Text) > maxExcerptBytes || !p.Excerpt.Truncated || !strings.HasPrefix(long, p.Excerpt.Text) {
		t.Fatalf("excerpt: %d bytes, truncated %v", len(p.Excerpt.Text), p.Excerpt.Truncated)
	}
}

func TestBuildBudgetDropOrder(t *testing.T) {
	long := strings.Repeat("a line of prose that fills the excerpt\n", 400)
	w := newWorld(32, 16, long)
	full := packOf(t, w.build(t, 0), "document:"+guidePath)
	if full.Excerpt == nil || len(full.Excerpt.Text) != maxExcerptBytes || full.Omitted != (Omitted{}) {
		t.Fatalf("the full pack should fit 64 KB untouched: %+v", full.Omitted)
	}
	full.PackHash = strings.Repeat("0", 16)
	withoutExcerpt := full
	withoutExcerpt.Excerpt = nil
	bare := withoutExcerpt
	bare.Diagnostics = nil
	cases := []struct {
		name   string
		budget int
		check  func(t *testing.T, p Pack)
	}{
		{"excerpt halved", size(t, full) - 1000, func(t *testing.T, p Pack) {
			if p.Excerpt == nil || len(p.Excerpt.Text) != maxExcerptBytes/2 || !p.Omitted.ExcerptShortened {
				t.Errorf("excerpt = %d bytes, omitted %+v", len(p.Excerpt.Text), p.Omitted)
			}
			if len(p.Diagnostics) != 16 || len(p.Neighbours) != 32 {
				t.Errorf("dropped diagnostics or neighbours before the excerpt")
			}
		}},
		{"excerpt dropped, then diagnostics from the end", size(t, withoutExcerpt) - 1, func(t *testing.T, p Pack) {
			if p.Excerpt != nil || !p.Omitted.ExcerptDropped {
				t.Errorf("excerpt kept")
			}
			if len(p.Diagnostics) != 15 || p.Diagnostics[14].ID != "d14" || p.Omitted.Diagnostics != 1 || len(p.Neighbours) != 32 {
				t.Errorf("diagnostics %d (omitted %d), neighbours %d", len(p.Diagnostics), p.Omitted.Diagnostics, len(p.Neighbours))
			}
		}},
		{"then neighbours from the end", size(t, bare) - 1, func(t *testing.T, p Pack) {
			if len(p.Diagnostics) != 0 || len(p.Neighbours) >= 32 || len(p.Neighbours) == 0 {
				t.Errorf("diagnostics %d, neighbours %d", len(p.Diagnostics), len(p.Neighbours))
			}
			if p.Neighbours[len(p.Neighbours)-1].ID != full.Neighbours[len(p.Neighbours)-1].ID {
				t.Errorf("neighbours not dropped from the end")
			}
		}},
		{"the target is never dropped", minMaxBytes, func(t *testing.T, p Pack) {
			if p.Target.ID != "document:"+guidePath || p.Target.ContentHash == "" {
				t.Errorf("target = %+v", p.Target)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := packOf(t, w.build(t, c.budget), "document:"+guidePath)
			if got := size(t, p); got > c.budget {
				t.Errorf("pack is %d bytes, budget %d", got, c.budget)
			}
			c.check(t, p)
		})
	}
}

func TestBuildRejectsATinyBudget(t *testing.T) {
	w := newWorld(0, 0, "x")
	if _, err := Build(Input{Snapshot: w.snap, TargetHash: enrich.TargetHash, MaxBytes: minMaxBytes - 1}); err == nil {
		t.Fatal("a budget below minMaxBytes was accepted")
	}
}

// TestBuildRedactsEverySection puts a secret-shaped fixture in each string
// a pack shows and checks that none survives in the pack's JSON.
func TestBuildRedactsEverySection(t *testing.T) {
	for _, fx := range redacttest.Fixtures() {
		t.Run(fx.Name, func(t *testing.T) {
			w := newWorld(1, 1, "# Guide\n\n"+fx.Text+"\n")
			g := &w.snap.Entities[0]
			g.Name = "Guide " + fx.Text
			g.Aliases = []string{fx.Text}
			g.Evidence[0].Context = fx.Text
			g.Metadata = map[string]any{"title": fx.Text, "headings": []any{fx.Text}, "nested": map[string]any{"k": fx.Text}}
			w.snap.Entities[1].Name = fx.Text
			w.diags[0].Message = "found " + fx.Text
			p := packOf(t, w.build(t, 0), "document:"+guidePath)
			if p.Excerpt == nil || len(p.Diagnostics) != 1 || len(p.Neighbours) != 1 {
				t.Fatalf("a section is missing: %+v", p)
			}
			raw, _ := json.Marshal(p)
			if strings.Contains(string(raw), fx.Secret) {
				t.Fatalf("secret survived in the pack:\n%s", raw)
			}
			for _, s := range []string{p.Target.Name, p.Target.Aliases[0], p.Target.Evidence[0].Context, p.Target.Metadata["title"].(string),
				p.Neighbours[0].Name, p.Diagnostics[0].Message, p.Excerpt.Text} {
				if !strings.Contains(s, "[REDACTED:") {
					t.Errorf("no redaction marker in %q", s)
				}
			}
		})
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	w := newWorld(40, 20, "# Guide\n")
	w.snap.Entities[0].Aliases = []string{"b", "a", "b"}
	want, _ := json.Marshal(w.build(t, 0))
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		r.Shuffle(len(w.snap.Entities), func(i, j int) { w.snap.Entities[i], w.snap.Entities[j] = w.snap.Entities[j], w.snap.Entities[i] })
		r.Shuffle(len(w.snap.Relations), func(i, j int) { w.snap.Relations[i], w.snap.Relations[j] = w.snap.Relations[j], w.snap.Relations[i] })
		r.Shuffle(len(w.diags), func(i, j int) { w.diags[i], w.diags[j] = w.diags[j], w.diags[i] })
		got, _ := json.Marshal(w.build(t, 0))
		if string(got) != string(want) {
			t.Fatal("packs differ after shuffling the inputs")
		}
	}
}

func TestPackHashMovesWithTargetAndNeighbours(t *testing.T) {
	hashes := func(w *world) map[string]string {
		out := map[string]string{}
		for _, p := range w.build(t, 0) {
			out[p.Target.ID] = p.PackHash
		}
		return out
	}
	w := newWorld(3, 0, "# Guide\n")
	before := hashes(w)
	// Edit one module: its own pack and the guide's (a neighbour) move; the
	// other modules' packs do not.
	w.snap.Entities[2].Evidence[0].ContentHash = snapshot.HashBytes([]byte("package m // edited\n"))
	after := hashes(w)
	for id, h := range before {
		moved := after[id] != h
		want := id == "module:src/m01.go" || id == "document:"+guidePath
		if moved != want {
			t.Errorf("%s: moved %v, want %v", id, moved, want)
		}
	}
	// A new diagnostic does not move any pack's hash.
	w.diags = append(w.diags, Diagnostic{ID: "x", Code: "X", Message: "m", Path: guidePath})
	for id, h := range hashes(w) {
		if after[id] != h {
			t.Errorf("%s moved on a new diagnostic", id)
		}
	}
}

func TestFitShrinksACopy(t *testing.T) {
	w := newWorld(32, 16, strings.Repeat("prose\n", 3000))
	p := packOf(t, w.build(t, 0), "document:"+guidePath)
	before, _ := json.Marshal(p)
	small, err := Fit(p, 6000)
	if err != nil {
		t.Fatal(err)
	}
	if got := size(t, small); got > 6000 || small.Excerpt != nil || small.PackHash != p.PackHash {
		t.Fatalf("Fit: %d bytes, excerpt %v, hash %s", got, small.Excerpt != nil, small.PackHash)
	}
	if after, _ := json.Marshal(p); string(after) != string(before) {
		t.Fatal("Fit changed the pack it was given")
	}
}
