package retrieval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestIdentityBoosts(t *testing.T) {
	doc := coreDoc("docs/storage.md", "Storage guide", "how records are kept")
	mod := coreModule("internal/store/store.go", "OpenStore", "Store.Put")
	pkg := Entry{ID: "package:internal/store", Kind: snapshot.KindPackage, Path: "internal/store", Title: "example.com/x/internal/store", Aliases: []string{"@x/store"}}
	ix := coreIndex(append(coreFiller(10), doc, mod, pkg))
	for _, tc := range []struct {
		query, target, comp string
		boost               float64
	}{
		{"document:docs/storage.md", doc.ID, compIDExact, idExactBoost},
		{"DOCUMENT:docs/Storage.md", doc.ID, compIDExact, idExactBoost},
		{"@x/store", pkg.ID, compIDExact, idExactBoost},
		{"docs/storage.md", doc.ID, compPath, pathBoost},
		{"./docs/storage.md", doc.ID, compPath, pathBoost},
		{"internal/store/", pkg.ID, compPath, pathBoost},
		{"storage.md", doc.ID, compBasename, basenameBoost},
		{"storage", doc.ID, compBasename, basenameBoost},
		{"store.go", mod.ID, compBasename, basenameBoost},
		{"OpenStore", mod.ID, compSymbol, symbolBoost},
		{"OpenStore()", mod.ID, compSymbol, symbolBoost},
		{"store.OpenStore", mod.ID, compSymbol, symbolBoost},
		{"Store.Put", mod.ID, compSymbol, symbolBoost},
		{"internal", mod.ID, compDirPrefix, dirPrefixBoost},
		{"internal/store", mod.ID, compDirPrefix, dirPrefixBoost},
	} {
		r := ix.Search(Query{Text: tc.query, Explain: true, Limit: MaxLimit})
		i := rankOf(r, tc.target)
		if i < 0 {
			t.Errorf("%q: %s not found: %v", tc.query, tc.target, hitIDs(r))
			continue
		}
		c := r.Hits[i].Components
		if c[tc.comp] != tc.boost {
			t.Errorf("%q: %s component %s = %v, want %v (%v)", tc.query, tc.target, tc.comp, c[tc.comp], tc.boost, c)
		}
		identities := 0
		for _, name := range []string{compIDExact, compPath, compBasename, compSymbol} {
			if c[name] != 0 {
				identities++
			}
		}
		if want := map[bool]int{true: 0, false: 1}[tc.comp == compDirPrefix]; identities != want {
			t.Errorf("%q: %d identity boosts on %s, want %d", tc.query, identities, tc.target, want)
		}
	}
	// Symbols name modules only, and only as written.
	r := ix.Search(Query{Text: "openstore", Explain: true})
	if i := rankOf(r, mod.ID); i >= 0 && r.Hits[i].Components[compSymbol] != 0 {
		t.Errorf("a symbol matches case-sensitively: %v", r.Hits)
	}
}

// TestNamedEntriesAlwaysWin is a property over generated indexes: whatever
// the text, PageRank, proximity, status and agent signal of the other
// entries, every entry the query names ranks above every entry it does
// not, and an entry named by its id comes first.
func TestNamedEntriesAlwaysWin(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	vocab := []string{"store", "guide", "index", "search", "graph", "scan", "state", "open", "record", "page"}
	word := func() string { return vocab[rng.IntN(len(vocab))] }
	for trial := range 200 {
		n := 20 + rng.IntN(60)
		entries := make([]Entry, n)
		for i := range entries {
			dir := word()
			if i%2 == 0 {
				entries[i] = coreModule(fmt.Sprintf("%s/m%d.go", dir, i), fmt.Sprintf("Sym%d", i), "Open"+word())
			} else {
				entries[i] = coreDoc(fmt.Sprintf("%s/d%d.md", dir, i), word()+" "+word(), word()+" "+word()+" "+word())
				if rng.IntN(4) == 0 {
					entries[i].Status = statusSuperseded
				}
			}
			entries[i].Aliases = []string{fmt.Sprintf("alias-%d", i)}
			entries[i].Facts.PageRank = rng.Float64()
		}
		// The target is as weak as it gets: a deep path (a long path field
		// scores low in BM25), no PageRank, superseded when a document.
		ti := rng.IntN(n)
		deep := "a/b/c/d/e/f/g/h/i/j/k/" + entries[ti].Path
		entries[ti].ID = entries[ti].Kind + ":" + deep
		entries[ti].Path = deep
		entries[ti].Facts.PageRank = 0
		if entries[ti].Kind == snapshot.KindDocument {
			entries[ti].Status = statusSuperseded
		}
		target := entries[ti]
		var query string
		mode := rng.IntN(4)
		switch mode {
		case 0:
			query = target.ID
		case 1:
			query = target.Aliases[0]
		case 2:
			query = target.Path
		case 3:
			query = target.Path[len(target.Path)-len("xx.go"):] // may name nothing
			if target.Kind == snapshot.KindModule {
				query = target.Symbols[0]
			}
		}
		// The adversary: every other entry repeats the query's words, sits
		// next to everything, and has the strongest agent signal.
		var rels [][3]string
		for i := range entries {
			if entries[i].ID == target.ID {
				continue
			}
			entries[i].Title += " " + query + " " + query
			entries[i].Body += " " + query
			entries[i].Signal = 1
			rels = append(rels, [3]string{snapshot.RelLinksTo, entries[i].ID, entries[(i+1)%n].ID})
		}
		r := coreIndex(entries, rels...).Search(Query{Text: query, Explain: true, Limit: MaxLimit})
		seenUnnamed := false
		for _, h := range r.Hits {
			named := h.Components[compIDExact]+h.Components[compPath]+h.Components[compBasename]+h.Components[compSymbol] > 0
			if named && seenUnnamed {
				t.Fatalf("trial %d, query %q: named %s ranks below an unnamed entry: %v", trial, query, h.ID, hitIDs(r))
			}
			seenUnnamed = seenUnnamed || !named
		}
		if mode <= 2 || target.Kind == snapshot.KindModule {
			if i := rankOf(r, target.ID); i < 0 || (mode <= 1 && i != 0) {
				t.Fatalf("trial %d, query %q (mode %d): target %s at rank %d: %v", trial, query, mode, target.ID, i, hitIDs(r))
			}
		}
	}
}

func TestSignalCannotLiftPastExactName(t *testing.T) {
	target := coreDoc("docs/target.md", "target", "x")
	rival := coreDoc("docs/rival.md", "document docs target md", "document docs target md document docs target md")
	rival.Facts.PageRank = 1
	rival.Status = ""
	for _, sig := range []float64{0, 0.5, 1, 1e9} {
		rival.Signal = sig
		ix := coreIndex(append(coreFiller(20), target, rival), [3]string{snapshot.RelLinksTo, rival.ID, target.ID})
		r := ix.Search(Query{Text: target.ID, Explain: true})
		if r.Hits[0].ID != target.ID {
			t.Fatalf("signal %v lifted %s past the entry the query names: %v", sig, rival.ID, r.Hits)
		}
		if i := rankOf(r, rival.ID); i < 0 || r.Hits[i].Components[compSignal] != signalWeight*min(sig, 1) {
			t.Fatalf("signal %v: rival's signal component %v", sig, r.Hits)
		}
	}
}

func TestSignalReordersNearTies(t *testing.T) {
	a := coreDoc("docs/a.md", "compaction", "compaction log")
	b := coreDoc("docs/b.md", "compaction", "compaction log rewrite")
	ix := coreIndex(append(coreFiller(20), a, b))
	base := ix.Search(Query{Text: "compaction"})
	if hitIDs(base)[0] != a.ID || base.Hits[0].Score-base.Hits[1].Score >= signalWeight {
		t.Fatalf("setup: want a near tie led by a: %v", base.Hits)
	}
	b.Signal = 1
	r := coreIndex(append(coreFiller(20), a, b)).Search(Query{Text: "compaction"})
	if hitIDs(r)[0] != b.ID {
		t.Fatalf("the signal must reorder a near tie: %v", r.Hits)
	}
	if math.Abs(r.Hits[0].Score-(base.Hits[1].Score+signalWeight)) > 1e-6 {
		t.Errorf("signal 1 adds signalWeight: %v vs %v", r.Hits[0].Score, base.Hits[1].Score)
	}
	for _, bad := range []float64{math.NaN(), -1} {
		b.Signal = bad
		r := coreIndex(append(coreFiller(20), a, b)).Search(Query{Text: "compaction"})
		if hitIDs(r)[0] != a.ID || r.Hits[1].Score != base.Hits[1].Score {
			t.Errorf("signal %v must count as 0: %v", bad, r.Hits)
		}
	}
}

func TestSupersededBelowActiveAtEqualScore(t *testing.T) {
	old := coreDoc("docs/a-old.md", "storage guide", "how records are kept")
	old.Status = statusSuperseded
	active := coreDoc("docs/b-new.md", "storage guide", "how records are kept")
	ix := coreIndex(append(coreFiller(10), old, active))
	r := ix.Search(Query{Text: "storage guide", Explain: true})
	if hitIDs(r)[0] != active.ID {
		t.Fatalf("superseded must rank below active: %v", r.Hits)
	}
	if c := r.Hits[1].Components[compSuperseded]; c != -supersededPenalty {
		t.Errorf("superseded component %v", c)
	}
	// At exactly equal score the tie-break alone decides, before kind and id.
	x := ranked{entry: &old, score: 10, superseded: true}
	y := ranked{entry: &active, score: 10}
	if compareRanked(&x, &y) <= 0 || compareRanked(&y, &x) >= 0 {
		t.Error("at equal score a superseded entry sorts after an active one")
	}
}

func TestTieBreaksAreTotal(t *testing.T) {
	d := coreDoc("b.md", "t", "")
	m := coreModule("a.go")
	a := Entry{ID: "area:a", Kind: snapshot.KindArea}
	p := Entry{ID: "package:a", Kind: snapshot.KindPackage}
	d2 := coreDoc("c.md", "t", "")
	list := []*Entry{&m, &p, &d2, &a, &d}
	want := []string{d.ID, d2.ID, a.ID, p.ID, m.ID}
	rs := make([]ranked, len(list))
	for i, e := range list {
		rs[i] = ranked{entry: e, score: 1}
	}
	for range 10 {
		rand.Shuffle(len(rs), func(i, j int) { rs[i], rs[j] = rs[j], rs[i] })
		slices.SortFunc(rs, func(a, b ranked) int { return compareRanked(&a, &b) })
		for i := range rs {
			if rs[i].entry.ID != want[i] {
				t.Fatalf("tie order %d = %s, want %v", i, rs[i].entry.ID, want)
			}
		}
	}
}

func TestProximityDecaysByDistance(t *testing.T) {
	seed := coreDoc("docs/seed.md", "zebra", "zebra")
	chain := []Entry{seed}
	for i := 1; i <= 4; i++ {
		chain = append(chain, coreDoc(fmt.Sprintf("docs/n%d.md", i), "page", "zebra mention"))
	}
	inDir := coreDoc("docs/contained.md", "page", "zebra mention")
	rels := [][3]string{{snapshot.RelContains, seed.ID, inDir.ID}}
	kinds := []string{snapshot.RelLinksTo, snapshot.RelMentions, snapshot.RelCovers, snapshot.RelImports}
	for i := 1; i < len(chain); i++ {
		// Alternate directions: proximity walks relations both ways.
		from, to := chain[i-1].ID, chain[i].ID
		if i%2 == 0 {
			from, to = to, from
		}
		rels = append(rels, [3]string{kinds[i-1], from, to})
	}
	ix := coreIndex(append(append(coreFiller(20), chain...), inDir), rels...)
	sc := ix.getScratch()
	defer putScratch(sc)
	ix.proximity([]int32{corePos(ix, seed.ID)}, sc)
	for i, want := range []float64{0, ProximityBoost, ProximityBoost / 2, ProximityBoost / 4, 0} {
		got := proximityBoost(int(sc.near[corePos(ix, chain[i].ID)]))
		if got != want {
			t.Errorf("hop %d: boost %v, want %v", i, got, want)
		}
	}
	if sc.near[corePos(ix, inDir.ID)] != 0 {
		t.Error("contains must not count as proximity")
	}
	r := ix.Search(Query{Text: "zebra", Explain: true})
	if i := rankOf(r, chain[1].ID); i < 0 || r.Hits[i].Components[compProximity] != ProximityBoost {
		t.Errorf("search applies the boost: %v", r.Hits)
	}
}

func TestCanonicalityComponent(t *testing.T) {
	for _, tc := range []struct {
		pr   float64
		n    int
		want float64
	}{
		{0, 10, 0},
		{0.1, 10, canonicalityFactor * math.Log(2)},
		{0.5, 10, canonicalityFactor * math.Log(6)},
		{1, 1e6, canonicalityMax},
	} {
		if got := canonicalityScore(tc.pr, tc.n); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("canonicality(%v, %d) = %v, want %v", tc.pr, tc.n, got, tc.want)
		}
	}
}

func TestProximityVisitBound(t *testing.T) {
	hub := coreDoc("docs/hub.md", "okapi", "okapi")
	entries := append(coreFiller(5), hub)
	var rels [][3]string
	for i := range maxProximityEdges + 10 {
		e := coreModule(fmt.Sprintf("m/%05d.go", i))
		entries = append(entries, e)
		rels = append(rels, [3]string{snapshot.RelImports, e.ID, hub.ID})
	}
	r := coreIndex(entries, rels...).Search(Query{Text: "okapi"})
	if len(r.Truncated) != 1 || r.Truncated[0].Bound != boundProximityEdges || r.Truncated[0].Limit != maxProximityEdges {
		t.Fatalf("the walk's bound must be recorded: %+v", r.Truncated)
	}
}

// TestTopRankedIsTheSortedPrefix: the k best by the bounded heap are the
// first k of a full sort, in the same order, for every k — ties on score
// included (the kind and id break them).
func TestTopRankedIsTheSortedPrefix(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := []string{snapshot.KindDocument, snapshot.KindModule, snapshot.KindPackage, snapshot.KindArea}
	entries := make([]Entry, 300)
	all := make([]ranked, len(entries))
	for i := range entries {
		entries[i] = Entry{ID: fmt.Sprintf("e%03d", rng.IntN(1000)), Kind: kinds[rng.IntN(len(kinds))]}
		all[i] = ranked{entry: &entries[i], score: float64(rng.IntN(20)), superseded: rng.IntN(5) == 0}
	}
	want := slices.Clone(all)
	slices.SortFunc(want, func(a, b ranked) int { return compareRanked(&a, &b) })
	for _, k := range []int{1, 2, 10, 299, 300, 1000} {
		ptrs := make([]*ranked, len(all))
		for i := range all {
			ptrs[i] = &all[i]
		}
		rng.Shuffle(len(ptrs), func(i, j int) { ptrs[i], ptrs[j] = ptrs[j], ptrs[i] })
		got := topRanked(ptrs, k)
		if len(got) != min(k, len(all)) {
			t.Fatalf("k %d: %d returned", k, len(got))
		}
		for i, r := range got {
			if compareRanked(r, &want[i]) != 0 {
				t.Fatalf("k %d: rank %d is %s (%v), want %s (%v)", k, i, r.entry.ID, r.score, want[i].entry.ID, want[i].score)
			}
		}
	}
}
