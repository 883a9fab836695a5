package scan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestShareMetadataOnlyEqualMaps: maps share only when their keys, value
// types and values are all equal, including where a naive key would run
// two fields together; maps with values the scan shares nothing of keep
// their own.
func TestShareMetadataOnlyEqualMaps(t *testing.T) {
	metas := []map[string]any{
		{"anchors": []string{"b", "c"}},
		{"anchors": []string{"bc"}},
		{"anchors": []string{"b"}, "c": true},
		{"anchors": []string{}},
		{"anchors": []string(nil)},
		{"ab": "c"},
		{"a": "bc"},
		{"a": true},
		{"a": "true"},
		{"a": 1},
		{"a": "1"},
		{"a": 12},
		{"a": 1, "2": 1},
		{"unclaimed": []any{map[string]any{"text": "x"}}},
	}
	var rels []*snapshot.Relation
	for range 2 {
		for _, m := range metas {
			rels = append(rels, &snapshot.Relation{Metadata: cloneMeta(m)})
		}
	}
	shareMetadata(rels)
	n := len(metas)
	for i := range metas {
		first, second := rels[i].Metadata, rels[n+i].Metadata
		if !reflect.DeepEqual(first, metas[i]) || !reflect.DeepEqual(second, metas[i]) {
			t.Fatalf("%v became %v and %v", metas[i], first, second)
		}
		shared := reflect.ValueOf(first).UnsafePointer() == reflect.ValueOf(second).UnsafePointer()
		if want := i != n-1; shared != want {
			t.Errorf("%v: shared %v, want %v", metas[i], shared, want)
		}
		for j := range i {
			if reflect.ValueOf(rels[j].Metadata).UnsafePointer() == reflect.ValueOf(first).UnsafePointer() {
				t.Errorf("%v shares the map of %v", metas[i], metas[j])
			}
		}
	}
}

func cloneMeta(m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		if l, ok := v.([]string); ok && l != nil {
			v = slices.Clone(l)
		}
		out[k] = v
	}
	return out
}

// TestSnapshotSharedMetadataIsDeterministic builds the same relations, with
// the anchors and symbols documents name, in shuffled orders and on several
// worker counts: every snapshot encodes to the same bytes, every relation
// holds exactly the list it was given, and equal lists share one map.
func TestSnapshotSharedMetadataIsDeterministic(t *testing.T) {
	type ref struct{ from, to, kind, key, value string }
	rng := rand.New(rand.NewPCG(29, 1))
	var refs []ref
	for d := range 40 {
		for range 6 {
			to := fmt.Sprintf("document:d%d.md", rng.IntN(40))
			refs = append(refs, ref{fmt.Sprintf("document:d%d.md", d), to, snapshot.RelLinksTo, "anchors", fmt.Sprintf("section-%d", rng.IntN(3))})
			mod := fmt.Sprintf("module:m%d.ts", rng.IntN(10))
			refs = append(refs, ref{fmt.Sprintf("document:d%d.md", d), mod, snapshot.RelMentionsSymbol, "symbols", fmt.Sprintf("Name%d", rng.IntN(4))})
		}
	}
	want := map[string][]string{} // relation id → its sorted, distinct values
	for _, r := range refs {
		if r.from == r.to {
			continue
		}
		id := snapshot.RelationID(r.kind, r.from, r.to)
		if !slices.Contains(want[id], r.value) {
			want[id] = append(want[id], r.value)
			slices.Sort(want[id])
		}
	}
	var first []byte
	for round := range 6 {
		rng.Shuffle(len(refs), func(i, j int) { refs[i], refs[j] = refs[j], refs[i] })
		b := newBuilder(0, 0)
		for i, r := range refs {
			if r.from == r.to {
				continue // never a relation
			}
			rel := b.relate(r.kind, r.from, r.to, snapshot.Observed, snapshot.Evidence{Path: r.from, LineStart: i + 1})
			addSorted(&rel.Metadata, r.key, r.value)
			rel.Evidence = rel.Evidence[:1] // the first occurrence differs by order; the metadata must not
			rel.Evidence[0].LineStart = 1
		}
		s := b.snapshot(1 + round%3)
		maps := map[string]bool{}
		lists := map[string]bool{}
		for _, r := range s.Relations {
			var got []string
			for _, v := range r.Metadata {
				got = v.([]string)
			}
			if len(r.Metadata) != 1 || !slices.Equal(got, want[r.ID]) {
				t.Fatalf("round %d: %s holds %v, want %v", round, r.ID, r.Metadata, want[r.ID])
			}
			maps[fmt.Sprintf("%p", r.Metadata)] = true
			lists[fmt.Sprint(r.Kind, got)] = true
		}
		if len(s.Relations) != len(want) || len(maps) != len(lists) {
			t.Fatalf("round %d: %d relations in %d maps for %d distinct lists, want %d relations", round, len(s.Relations), len(maps), len(lists), len(want))
		}
		s.Normalize()
		data, err := snapshot.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = data
		} else if !bytes.Equal(data, first) {
			t.Fatalf("round %d encodes differently", round)
		}
	}
}
