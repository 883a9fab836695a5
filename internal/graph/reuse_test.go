package graph

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestReuseIsCompute holds Reuse to Compute: a snapshot is changed in one
// field of one entity or relation (a field Compute reads or one it does
// not), or gains or loses a relation, and the signals Reuse gives from the
// original's equal, byte for byte, the ones Compute gives of the changed
// snapshot, and carry its index. Every field sameGraph leaves out that
// Compute reads would show here as reused signals that differ.
func TestReuseIsCompute(t *testing.T) {
	base := generated(24, 3)
	goEnts, goRels := goPackages(4)
	s := snap(append(slices.Clone(base.Entities), goEnts...), slices.Concat(base.Relations, tangled(12, 1).Relations, goRels))
	for i := range s.Relations {
		if s.Relations[i].Kind == snapshot.RelImports && i%5 == 0 {
			s.Relations[i].Metadata = map[string]any{importMarks[i%len(importMarks)]: true}
		}
	}
	s.Normalize()
	opts := []Options{{}, {Base: generated(24, 2), CycleExclude: []string{"src/g1/"}}}
	var reused, recomputed, changed int
	for oi, o := range opts {
		prev := Compute(s, o)
		prevJSON := mustJSON(t, prev)
		rng := rand.New(rand.NewPCG(uint64(oi), 29))
		for i := range 150 {
			m, what := mutate(rng, s)
			got := Reuse(prev, m, o)
			if got.Index() == nil || got.Index().Snapshot() != m {
				t.Fatalf("options %d, change %d (%s): the signals do not carry the changed snapshot's index", oi, i, what)
			}
			want := mustJSON(t, Compute(m, o))
			if g := mustJSON(t, got); g != want {
				t.Fatalf("options %d, change %d (%s): Reuse gave other signals than Compute\n got %.300s\nwant %.300s", oi, i, what, g, want)
			}
			if fmt.Sprintf("%p", got.Canonicality) == fmt.Sprintf("%p", prev.Canonicality) {
				reused++
			} else {
				recomputed++
			}
			if want != prevJSON {
				changed++
			}
		}
		// Other options are never answered with the old signals.
		other := o
		other.TypeImports = true
		if g, w := mustJSON(t, Reuse(prev, s, other)), mustJSON(t, Compute(s, other)); g != w {
			t.Fatalf("options %d with type imports: Reuse gave the signals of the other options", oi)
		}
		if got := Reuse(prev, s, o); fmt.Sprintf("%p", got.Canonicality) != fmt.Sprintf("%p", prev.Canonicality) {
			t.Fatalf("options %d: the same snapshot's signals were computed again", oi)
		}
	}
	// The fixture must exercise both ways and changes that matter.
	if reused < 40 || recomputed < 40 || changed < 40 {
		t.Fatalf("fixture too weak: %d reused, %d recomputed, %d changed the signals", reused, recomputed, changed)
	}
	t.Logf("%d reused, %d recomputed, %d changed the signals", reused, recomputed, changed)
}

func mustJSON(t *testing.T, sig *Signals) string {
	t.Helper()
	b, err := json.Marshal(sig)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mutate returns a copy of s with one change, and what it was; s is not
// written.
func mutate(rng *rand.Rand, s *snapshot.Snapshot) (*snapshot.Snapshot, string) {
	c := *s
	c.Entities, c.Relations = slices.Clone(s.Entities), slices.Clone(s.Relations)
	ei, ri := rng.IntN(len(c.Entities)), rng.IntN(len(c.Relations))
	e, r := &c.Entities[ei], &c.Relations[ri]
	other := c.Entities[rng.IntN(len(c.Entities))].ID
	setMeta := func(meta *map[string]any, k string, v any) {
		*meta = maps.Clone(*meta)
		if *meta == nil {
			*meta = map[string]any{}
		}
		(*meta)[k] = v
	}
	kinds := []string{snapshot.KindDocument, snapshot.KindModule, snapshot.KindPackage, snapshot.KindExternal, snapshot.KindUnresolved, snapshot.KindArea}
	relKinds := []string{snapshot.RelLinksTo, snapshot.RelCovers, snapshot.RelContains, snapshot.RelImports, snapshot.RelReExports, snapshot.RelMentions}
	switch n := rng.IntN(16); n {
	case 0:
		e.Kind = kinds[rng.IntN(len(kinds))]
		return &c, "entity kind"
	case 1:
		e.Path = "src/elsewhere/" + e.Name
		return &c, "entity path"
	case 2:
		e = &c.Entities[slices.IndexFunc(c.Entities, func(x snapshot.Entity) bool { return strings.HasPrefix(x.ID, "module:") })+rng.IntN(24)]
		setMeta(&e.Metadata, "language", []string{"golang", "typescript", ""}[rng.IntN(3)])
		return &c, "entity language"
	case 3:
		// A Go file, whose package's imports it then leaves.
		e = &c.Entities[slices.IndexFunc(c.Entities, func(x snapshot.Entity) bool { return strings.HasPrefix(x.ID, "module:g/") })+rng.IntN(12)]
		setMeta(&e.Metadata, "test", rng.IntN(2) == 0)
		return &c, "entity test"
	case 4:
		e.Name, e.Provenance = e.Name+"x", snapshot.Declared
		setMeta(&e.Metadata, "title", "x")
		return &c, "entity name, provenance and other metadata (not read)"
	case 5:
		r.From = other
		return &c, "relation from"
	case 6:
		r.To = other
		return &c, "relation to"
	case 7:
		r.Kind = relKinds[rng.IntN(len(relKinds))]
		return &c, "relation kind"
	case 8:
		r.Evidence = slices.Clone(r.Evidence)
		r.Evidence[0].LineStart += 7
		return &c, "relation evidence"
	case 9:
		setMeta(&r.Metadata, importMarks[rng.IntN(len(importMarks))], rng.IntN(2) == 0)
		return &c, "relation mark"
	case 10:
		r.Provenance, r.Confidence = snapshot.Declared, snapshot.ConfidenceFuzzy
		setMeta(&r.Metadata, "anchor", "x")
		return &c, "relation provenance, confidence and other metadata (not read)"
	case 11:
		c.Relations = slices.Delete(c.Relations, ri, ri+1)
		return &c, "relation removed"
	case 12:
		n := rel(relKinds[rng.IntN(len(relKinds))], r.From, other, 9)
		c.Relations = slices.Insert(c.Relations, ri, n)
		return &c, "relation added"
	case 13:
		a := ent(snapshot.EntityID(snapshot.KindArea, "src/g"+fmt.Sprint(rng.IntN(4))), nil)
		if _, found := slices.BinarySearchFunc(c.Entities, a.ID, func(x snapshot.Entity, id string) int { return strings.Compare(x.ID, id) }); !found {
			c.Entities = append(c.Entities, a)
			c.Normalize()
		}
		return &c, "area added"
	case 14:
		r.Evidence = slices.Clone(r.Evidence)
		r.Evidence[0].Context = "unread"
		if r.Kind == snapshot.RelImports || r.Kind == snapshot.RelReExports {
			return &c, "import evidence context"
		}
		return &c, "evidence of a relation whose evidence is not read"
	default:
		return &c, "nothing"
	}
}
