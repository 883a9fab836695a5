package scan

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// These tests keep the property test honest: its checker must reject each
// way a warm scan can go wrong, and its generator must be able to make every
// kind of edit.

// TestPropertyCheckerRejects feeds checkStep warm results that are wrong in
// one way each and requires it to say so.
func TestPropertyCheckerRejects(t *testing.T) {
	root := t.TempDir()
	w, err := newWorld(root, 1)
	if err != nil {
		t.Fatal(err)
	}
	first := scanResult(t, root, Options{})
	const doc = "docs/guide-1.md"
	old, err := w.read(doc)
	if err != nil {
		t.Fatal(err)
	}
	testtree.Write(t, root, map[string]string{doc: old + "\n## A new heading\n\nSee [guide 2](guide-2.md).\n"})
	edited := change{desc: doc, touched: []string{doc}}
	cold := scanResult(t, root, Options{})

	// stale is the first store with the edited document's extraction kept
	// under its new hash: what reuse that ignores the hash would produce.
	stale := copyStore(first.Store)
	now := cold.Store.Extractions[slices.IndexFunc(cold.Store.Extractions, func(x Extraction) bool { return x.Path == doc })]
	for i := range stale.Extractions {
		if x := &stale.Extractions[i]; x.Path == doc {
			x.Hash, x.Size = now.Hash, now.Size
		}
	}
	bumped := copyStore(first.Store)
	bumped.Header.AnalyzerVersions["markdown"] += "-previous"

	for _, tc := range []struct {
		name     string
		c        change
		previous *Store
		want     string // "" when the step is right
	}{
		{"a correct warm step", edited, first.Store, ""},
		{"a stale extraction", edited, stale, "the warm snapshot differs from the cold one at line"},
		{"more parsed than touched", change{desc: "nothing"}, first.Store, "parse at most the 0 touched files"},
		{"an expected refusal that did not happen", change{refuse: "configuration changed"}, first.Store, `must be refused with "configuration changed"`},
		{"a refusal for another reason", change{refuse: "configuration changed"}, bumped, `must be refused with "configuration changed"`},
		{"a refusal that was expected", change{refuse: "an analyzer version changed (markdown "}, bumped, ""},
		{"a refusal that was not expected", edited, bumped, "reuse must be complete"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			warm := scanResult(t, root, Options{Previous: tc.previous})
			got := checkStep(tc.c, warm, cold)
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("checkStep = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFirstDiff(t *testing.T) {
	for _, tc := range []struct {
		name, warm, cold, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"second line", "{\n\"id\": \"x\",\n\"n\": 1\n}", "{\n\"id\": \"x\",\n\"n\": 2\n}", "line 3 (in \"id\": \"x\"):\n  warm: \"n\": 1\n  cold: \"n\": 2"},
		{"cold longer", "a", "a\nb", "line 2:\n  warm: (end of file)\n  cold: b"},
	} {
		if got := firstDiff([]byte(tc.warm), []byte(tc.cold)); got != tc.want {
			t.Errorf("%s: firstDiff = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestSameExceptRunIgnoresOnlyTheRunEntry(t *testing.T) {
	base := func() *snapshot.Snapshot {
		return &snapshot.Snapshot{ContentHash: "1", Coverage: []snapshot.Coverage{
			{Analyzer: "repository", Scope: snapshot.ScopeReusedEntities, Status: snapshot.StatusComplete, Reason: "Reused 3"},
			{Analyzer: "markdown", Scope: "repository", Status: snapshot.StatusComplete, Reason: "3 files analyzed"},
		}}
	}
	runOnly, other := base(), base()
	runOnly.Coverage[0].Reason = "Reused 0"
	other.Coverage[1].Reason, other.ContentHash = "4 files analyzed", "2"
	for _, tc := range []struct {
		name string
		warm *snapshot.Snapshot
		want string
	}{
		{"the run entry differs", runOnly, ""},
		{"a fact differs", other, `warm: "reason": "4 files analyzed"`},
	} {
		got, err := sameExceptRun(tc.warm, base())
		if err != nil || tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: sameExceptRun = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

func TestPropertySeedList(t *testing.T) {
	for _, tc := range []struct {
		one, many string
		short     bool
		want      []uint64 // first and last
		count     int
		err       string
	}{
		{"", "", false, []uint64{1, propertySeeds}, propertySeeds, ""},
		{"", "", true, []uint64{1, 5}, 5, ""},
		{"", "500", false, []uint64{1, 500}, 500, ""},
		{"17", "500", false, []uint64{17, 17}, 1, ""},
		{"x", "", false, nil, 0, "DOCBRIDGE_PROPERTY_SEED"},
		{"", "0", false, nil, 0, "DOCBRIDGE_PROPERTY_SEEDS"},
		{"", "many", false, nil, 0, "DOCBRIDGE_PROPERTY_SEEDS"},
	} {
		got, err := propertySeedList(tc.one, tc.many, tc.short)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("(%q, %q): error %v, want %q", tc.one, tc.many, err, tc.err)
			}
			continue
		}
		if err != nil || len(got) != tc.count || got[0] != tc.want[0] || got[len(got)-1] != tc.want[1] {
			t.Errorf("(%q, %q, %v) = %v…, %v; want %d seeds %v", tc.one, tc.many, tc.short, got[:min(len(got), 3)], err, tc.count, tc.want)
		}
	}
}

// TestEveryEditChangesTheTree applies each edit to a fresh repository and
// requires that it applies and changes what it says it changes.
func TestEveryEditChangesTheTree(t *testing.T) {
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			root := t.TempDir()
			w, err := newWorld(root, 7)
			if err != nil {
				t.Fatal(err)
			}
			before := treeContents(t, root)
			var c change
			ok := false
			for range maxEditAttempts {
				if c, ok, err = e.apply(w); err != nil || ok {
					break
				}
			}
			if err != nil || !ok {
				t.Fatalf("the edit never applied (err %v)", err)
			}
			after := treeContents(t, root)
			if c.previous != nil {
				if !maps.Equal(before, after) || c.refuse == "" {
					t.Errorf("%s: a store edit must leave the tree alone and expect a refusal", c.desc)
				}
				prev := copyStore(scanResult(t, root, Options{}).Store)
				if got := c.previous(prev); maps.Equal(got.Header.AnalyzerVersions, prev.Header.AnalyzerVersions) {
					t.Errorf("%s: the store's analyzer versions are unchanged", c.desc)
				}
				return
			}
			if maps.Equal(before, after) {
				t.Fatalf("%s: the tree did not change", c.desc)
			}
			for _, p := range c.touched {
				if _, ok := after[p]; !ok {
					t.Errorf("%s: touched file %s does not exist", c.desc, p)
				} else if before[p] == after[p] && !strings.HasPrefix(c.desc, "un-ignore") {
					t.Errorf("%s: touched file %s is unchanged", c.desc, p)
				}
			}
			for p, content := range after {
				if before[p] != content && !slices.Contains(c.touched, p) {
					t.Errorf("%s: %s changed but is not listed as touched", c.desc, p)
				}
			}
		})
	}
}

func treeContents(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
