package scan

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/golden"
	"github.com/docbridge/docbridge/internal/testtree"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// copyTree copies a fixture into a fresh temporary directory and adds the
// files a fixture cannot carry in git (ignored ones).
func copyTree(t testing.TB, src string, extra map[string]string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	testtree.Write(t, dst, extra)
	return dst
}

func scanDir(t testing.TB, root string, cfg *config.Config, opts Options) *snapshot.Snapshot {
	t.Helper()
	if cfg == nil {
		var err error
		if cfg, err = config.Load(root); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Scan(context.Background(), root, cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := snapshot.Validate(res.Snapshot); err != nil {
		t.Fatal(err)
	}
	return res.Snapshot
}

func marshal(t testing.TB, s *snapshot.Snapshot) []byte {
	t.Helper()
	data, err := snapshot.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

var fixtureExtras = map[string]string{"debug.log": "ignored by *.log\n", "tmp/x.md": "# ignored by /tmp/\n"}

func TestFixtureGolden(t *testing.T) {
	root := copyTree(t, "testdata/fixture", fixtureExtras)
	got := marshal(t, scanDir(t, root, nil, Options{}))
	golden.Check(t, filepath.Join("testdata", "fixture.golden.json"), got)
}

// index makes a snapshot easy to query in assertions.
type index struct {
	s   *snapshot.Snapshot
	ent map[string]snapshot.Entity
	rel map[string]snapshot.Relation
}

func newIndex(s *snapshot.Snapshot) *index {
	ix := &index{s: s, ent: map[string]snapshot.Entity{}, rel: map[string]snapshot.Relation{}}
	for _, e := range s.Entities {
		ix.ent[e.ID] = e
	}
	for _, r := range s.Relations {
		ix.rel[r.ID] = r
	}
	return ix
}

func (ix *index) relation(t *testing.T, kind, from, to string) snapshot.Relation {
	t.Helper()
	r, ok := ix.rel[snapshot.RelationID(kind, from, to)]
	if !ok {
		t.Errorf("missing relation %s %s -> %s", kind, from, to)
	}
	return r
}

func (ix *index) noRelation(t *testing.T, kind, from, to string) {
	t.Helper()
	if _, ok := ix.rel[snapshot.RelationID(kind, from, to)]; ok {
		t.Errorf("unexpected relation %s %s -> %s", kind, from, to)
	}
}

func (ix *index) entity(t *testing.T, id string) snapshot.Entity {
	t.Helper()
	e, ok := ix.ent[id]
	if !ok {
		t.Errorf("missing entity %s", id)
	}
	return e
}

// coverage returns the coverage entries for scope that mention substr.
func (ix *index) coverage(scope, substr string) []snapshot.Coverage {
	var out []snapshot.Coverage
	for _, c := range ix.s.Coverage {
		if c.Scope == scope && (strings.Contains(c.Reason, substr) || c.Code == substr) {
			out = append(out, c)
		}
	}
	return out
}

func (ix *index) wantCoverage(t *testing.T, scope, substr string, line int) {
	t.Helper()
	for _, c := range ix.coverage(scope, substr) {
		if line == 0 || c.Line == line {
			return
		}
	}
	t.Errorf("no coverage note for %s:%d mentioning %q; have %+v", scope, line, substr, ix.coverage(scope, ""))
}

func TestFixtureRelations(t *testing.T) {
	root := copyTree(t, "testdata/fixture", fixtureExtras)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const (
		readme = "document:README.md"
		guide  = "document:docs/guide.md"
		store  = "module:internal/store/store.go"
		rank   = "module:web/src/rank.ts"
		util   = "module:web/src/util.ts"
	)
	// The walk honours .gitignore: ignored files are not entities.
	if _, ok := ix.ent["document:tmp/x.md"]; ok {
		t.Error("tmp/x.md is ignored by /tmp/ and must not be scanned")
	}

	// Documents: links, anchors, broken links, near-miss.
	guideLink := ix.relation(t, snapshot.RelLinksTo, readme, guide)
	if m := guideLink.Metadata["missingAnchors"]; m == nil || !strings.Contains(strings.Join(m.([]string), ","), "nowhere") {
		t.Errorf("the #nowhere anchor must be recorded as missing: %v", guideLink.Metadata)
	}
	if strings.Contains(strings.Join(asStrings(guideLink.Metadata["missingAnchors"]), ","), "setup") {
		t.Errorf("#setup exists in docs/guide.md: %v", guideLink.Metadata)
	}
	ix.relation(t, snapshot.RelLinksTo, readme, "unresolved:docs/missing.md")
	ix.noRelation(t, snapshot.RelLinksTo, readme, "unresolved:assets/logo.png")
	ix.relation(t, snapshot.RelLinksTo, readme, "package:web")
	fuzzy := ix.relation(t, snapshot.RelMentions, readme, rank)
	if fuzzy.Confidence != snapshot.ConfidenceFuzzy {
		t.Errorf("web/src/rnak.ts must resolve to rank.ts through the near-miss, got %+v", fuzzy)
	}
	ix.relation(t, snapshot.RelMentions, readme, "package:internal/store")
	ix.relation(t, snapshot.RelMentions, readme, "package:web")
	if syms := strings.Join(asStrings(ix.relation(t, snapshot.RelMentionsSymbol, readme, store).Metadata["symbols"]), ","); syms != "DB.Close,Open,store.Open" {
		t.Errorf("symbols mentioned in store.go = %q, want DB.Close,Open,store.Open", syms)
	}
	ix.relation(t, snapshot.RelMentionsSymbol, readme, rank)
	ix.relation(t, snapshot.RelMentionsSymbol, readme, "module:py/src/demo_py/core.py")
	ix.noRelation(t, snapshot.RelMentions, readme, "unresolved:and/or")
	brokenSelf := asMaps(ix.entity(t, readme).Metadata["brokenAnchors"])
	if len(brokenSelf) != 1 || brokenSelf[0]["anchor"] != "nope" {
		t.Errorf("README's #nope is its only broken same-document anchor: %v", brokenSelf)
	}
	ix.relation(t, snapshot.RelLinksTo, "document:web/README.md", rank)
	ix.relation(t, snapshot.RelMentions, "document:web/README.md", util)
	ix.relation(t, snapshot.RelMentions, guide, "package:cmd/demo")
	ix.noRelation(t, snapshot.RelMentions, guide, "unresolved:internal/nothing/here.go")

	// The docbridge block: covers, a stale cover, a declared relation, errors.
	ix.relation(t, snapshot.RelCovers, guide, "area:internal/store")
	ix.relation(t, snapshot.RelCovers, guide, "unresolved:module:web/src/gone.ts")
	ix.relation(t, "explains", guide, "package:web")
	ix.wantCoverage(t, "docs/bad-block.md", "DOCBRIDGE_TYPE", 3)
	ix.wantCoverage(t, "docs/bad-block.md", "DOCBRIDGE_UNKNOWN_KEY", 5)
	ix.wantCoverage(t, "docs/bad-block.md", "DOCBRIDGE_INVALID_KIND", 6)
	ix.wantCoverage(t, "docs/bad-block.md", "DOCBRIDGE_MISSING_FIELD", 7)
	if gen := fmt.Sprint(ix.entity(t, guide).Metadata["generated"]); !strings.Contains(gen, "0000000000000000") || !strings.Contains(gen, "true") {
		t.Errorf("the generated region must keep its declared hash and be closed: %s", gen)
	}

	// Go: imports resolve through go.mod to package directories.
	ix.relation(t, snapshot.RelImports, store, "package:internal/model")
	ix.relation(t, snapshot.RelImports, store, "external:fmt")
	ix.relation(t, snapshot.RelImports, store, "external:github.com/pkg/errors")
	ix.relation(t, snapshot.RelImports, "module:cmd/demo/main.go", "unresolved:example.com/demo/internal/missing")
	if pkg := ix.entity(t, "package:internal/store"); pkg.Name != "example.com/demo/internal/store" {
		t.Errorf("Go package name = %q", pkg.Name)
	}
	if ix.entity(t, "module:internal/store/store_test.go").Metadata["test"] != true {
		t.Error("store_test.go must be marked as a test")
	}
	ix.relation(t, snapshot.RelDependsOn, "package:.", "external:github.com/pkg/errors")

	// TypeScript: ESM .js → .ts, tsconfig paths, re-exports, externals.
	ix.relation(t, snapshot.RelReExports, "module:web/src/index.ts", rank)
	ix.relation(t, snapshot.RelReExports, "module:web/src/index.ts", util)
	ix.relation(t, snapshot.RelImports, rank, util)
	ix.relation(t, snapshot.RelImports, rank, "external:react")
	ix.relation(t, snapshot.RelImports, rank, "external:node:fs")
	ix.wantCoverage(t, "web/src/rank.ts", "non-literal", 15)
	ix.relation(t, snapshot.RelDependsOn, "package:web", "external:react")

	// Python: absolute and relative imports under a src/ layout.
	cli := "module:py/src/demo_py/cli.py"
	ix.relation(t, snapshot.RelImports, cli, "module:py/src/demo_py/core.py")
	ix.relation(t, snapshot.RelImports, cli, "external:yaml")
	ix.entity(t, "package:py/src/demo_py")

	// Areas and containment: package → area → module.
	ix.relation(t, snapshot.RelContains, "area:internal/store", store)
	ix.relation(t, snapshot.RelContains, "package:internal/store", "area:internal/store")
	ix.relation(t, snapshot.RelContains, "package:.", "package:internal/store")
	ix.relation(t, snapshot.RelContains, "package:py", "package:py/src/demo_py")
	ix.relation(t, snapshot.RelContains, "package:web", rank)

	// Gaps are coverage, never silence.
	ix.wantCoverage(t, "rust", "no analyzer", 0)
}

func asStrings(v any) []string { s, _ := v.([]string); return s }
func asMaps(v any) []map[string]any {
	list, _ := v.([]any)
	var out []map[string]any
	for _, item := range list {
		if m, ok := item.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// TestDeterminism scans one tree on one and two cores and with shuffled
// directory order, and requires byte-identical snapshots.
func TestDeterminism(t *testing.T) {
	root := copyTree(t, "testdata/fixture", fixtureExtras)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	runtime.GOMAXPROCS(1)
	want := marshal(t, scanDir(t, root, nil, Options{}))
	runtime.GOMAXPROCS(2)
	for seed := uint64(1); seed <= 8; seed++ {
		var mu sync.Mutex
		rng := rand.New(rand.NewPCG(seed, 99))
		order := func(_ string, entries []os.DirEntry) {
			mu.Lock()
			defer mu.Unlock()
			rng.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
		}
		got := marshal(t, scanDir(t, root, nil, Options{Order: order, Workers: int(seed%3) + 1}))
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %d: snapshot differs from the single-core scan", seed)
		}
	}
}
