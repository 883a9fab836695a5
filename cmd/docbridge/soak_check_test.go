package main

import (
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/report"
)

// These tests keep the soak honest: its oracle must expect the drift of
// each kind of reference and nothing else, its matcher must reject a
// missed and an unexplained finding, and every mutation must take away
// what it says.

func TestSoakExpected(t *testing.T) {
	base := map[string]string{
		"docs/a.md": "# A\n\nSee [b](b.md), [b's part](b.md#section-1), [c](../src/c.ts).\n" +
			"Mentions `src/c.ts`, `computeC` and `Handler1.Serve1`; [d](d.md).\n",
		"docs/b.md":      "# B\n\n## Section 1\n\nText.\n",
		"docs/moved.md":  "Links [d](d.md).\n",
		"docs/edited.md": "Links [d](d.md) too.\n",
		"docs/d.md":      "# D\n",
		"src/c.ts":       "export function computeC(): number {\n  return 1;\n}\n",
		"internal/h.go":  "package h\n\nfunc (h *Handler1) Serve1() string { return \"\" }\n",
	}
	head := map[string]string{
		"docs/a.md":           base["docs/a.md"],
		"docs/b.md":           "# B\n\n## Part 2\n\nText.\n",
		"docs/more/moved.md":  base["docs/moved.md"],                // moved: judged against its base self
		"docs/more/edited.md": base["docs/edited.md"] + "Edited.\n", // moved with edits: a new document
		"docs/new.md":         "Links [d](d.md) and `src/c.ts`.\n",
		"src/renamed.ts":      "export function computeD(): number {\n  return 1;\n}\n",
		"internal/h.go":       base["internal/h.go"],
		"docs/unrelated.txt":  "",
	}
	gone := soakGone{
		paths:   []string{"src/c.ts", "docs/d.md", "docs/never.md"},
		symbols: []string{"computeC", "Handler1.Serve1"},
		anchors: [][2]string{{"docs/b.md", "section-1"}},
	}
	got := soakExpected(base, head, gone)
	want := []soakExpect{
		{"docs/a.md", "anchor", "docs/b.md#section-1", "](b.md#section-1)"},
		{"docs/a.md", "link", "docs/d.md", "](d.md)"},
		{"docs/a.md", "link", "src/c.ts", "](../src/c.ts)"},
		{"docs/a.md", "path", "src/c.ts", "`src/c.ts`"},
		{"docs/a.md", "symbol", "computeC", "`computeC`"},
		{"docs/more/moved.md", "link", "docs/d.md", "](d.md)"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("soakExpected =\n  %v\nwant\n  %v\n(Handler1.Serve1 is still declared; a new document and one moved with edits are not judged)", got, want)
	}

	// A reference the head no longer writes is no expectation.
	head["docs/a.md"] = strings.Replace(base["docs/a.md"], "[d](d.md)", "d", 1)
	if got := soakExpected(base, head, gone); slices.ContainsFunc(got, func(e soakExpect) bool { return e.doc == "docs/a.md" && e.what == "docs/d.md" }) {
		t.Errorf("a reference the change removed is expected: %v", got)
	}
}

func TestSoakMatch(t *testing.T) {
	ev := func(paths ...string) []report.Location {
		var out []report.Location
		for _, p := range paths {
			out = append(out, report.Location{Path: p, Line: 3})
		}
		return out
	}
	link := soakExpect{"docs/a.md", "link", "docs/old/b.md", "](old/b.md)"}
	symbol := soakExpect{"docs/a.md", "symbol", "Handler1.Serve1", "`Handler1.Serve1`"}
	for _, tc := range []struct {
		name                string
		want                []soakExpect
		drift               []report.Finding
		missed, unexplained int
	}{
		{"reported", []soakExpect{link, symbol}, []report.Finding{
			{Code: "DRIFT_LINK", Detail: "link `old/b.md`: docs/old/b.md was removed", Evidence: ev("docs/a.md")},
			{Code: "DRIFT_SYMBOL", Detail: "`Handler1.Serve1` was renamed", Evidence: ev("docs/a.md")},
		}, 0, 0},
		{"grouped under its directory", []soakExpect{link}, []report.Finding{
			{Code: "DRIFT_MOVE", Detail: "5 references into `docs/old/`, which this change removed", Evidence: ev("docs/z.md", "docs/a.md")},
		}, 0, 0},
		{"not reported", []soakExpect{link}, nil, 1, 0},
		{"another code", []soakExpect{link}, []report.Finding{
			{Code: "DRIFT_PATH", Detail: "`docs/old/b.md` was moved or deleted", Evidence: ev("docs/a.md")},
		}, 1, 1},
		{"another document", []soakExpect{link}, []report.Finding{
			{Code: "DRIFT_LINK", Detail: "link `old/b.md`: docs/old/b.md was removed", Evidence: ev("docs/c.md")},
		}, 1, 1},
		{"another target", []soakExpect{link}, []report.Finding{
			{Code: "DRIFT_LINK", Detail: "link `x.md`: docs/x.md was removed", Evidence: ev("docs/a.md")},
		}, 1, 1},
		{"drift nothing explains", nil, []report.Finding{
			{Code: "DRIFT_ANCHOR", Detail: "`b.md#intro` matches no heading", Evidence: ev("docs/a.md")},
		}, 0, 1},
	} {
		missed, unexplained := soakMatch(tc.want, tc.drift)
		if len(missed) != tc.missed || len(unexplained) != tc.unexplained {
			t.Errorf("%s: %d missed, %d unexplained; want %d and %d", tc.name, len(missed), len(unexplained), tc.missed, tc.unexplained)
		}
	}
}

// TestSoakMutations applies each mutation to a fresh repository: it must
// apply, and what it says it took away must be gone.
func TestSoakMutations(t *testing.T) {
	for _, m := range soakMutations {
		t.Run(m.name, func(t *testing.T) {
			tree := &soakTree{root: t.TempDir(), rng: rand.New(rand.NewPCG(3, 3))}
			if err := corpus.Write(tree.root, soakSpec(3)); err != nil {
				t.Fatal(err)
			}
			if m.name == "recreate a gone path" { // needs one
				_, g, _, err := tree.deleteDocument()
				if err != nil {
					t.Fatal(err)
				}
				tree.gone = g.paths
			}
			before, err := tree.snapshotFiles()
			if err != nil {
				t.Fatal(err)
			}
			var gone soakGone
			ok := false
			for range 100 {
				var err error
				if _, gone, ok, err = m.apply(tree); err != nil {
					t.Fatal(err)
				} else if ok {
					break
				}
			}
			if !ok {
				t.Fatal("the mutation never applied")
			}
			after, err := tree.snapshotFiles()
			if err != nil {
				t.Fatal(err)
			}
			if len(before) == len(after) && !slices.ContainsFunc(slices.Collect(maps.Keys(after)), func(p string) bool { return before[p] != after[p] }) {
				t.Error("the tree did not change")
			}
			for _, p := range gone.paths {
				if _, err := os.Stat(tree.abs(p)); err == nil || before[p] == "" {
					t.Errorf("%s: not a path that was there and is gone", p)
				}
			}
			for _, sym := range gone.symbols {
				was, is := soakDeclaredIn(before, sym), soakDeclaredIn(after, sym)
				if was != 1 || is != 0 {
					t.Errorf("%s: declared %d times before and %d after; want 1 and 0", sym, was, is)
				}
			}
			for _, a := range gone.anchors {
				heading := "\n## Section " + strings.TrimPrefix(a[1], "section-") + "\n"
				if !strings.Contains(before[a[0]], heading) || strings.Contains(after[a[0]], heading) {
					t.Errorf("%s#%s: the heading was not there or is still there", a[0], a[1])
				}
			}
		})
	}
}

func soakDeclaredIn(tree map[string]string, mention string) int {
	n := 0
	for p, src := range tree {
		if soakIsModule(p) {
			for _, d := range soakDeclared(src) {
				if d.mention == mention {
					n++
				}
			}
		}
	}
	return n
}

func TestSoakSettings(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name  string
		env   func(string) string
		short bool
		runs  int
		seed  uint64
		err   string
	}{
		{"short", env(), true, soakShortRuns, 1, ""},
		{"default", env(), false, soakDefaultRuns, 1, ""},
		{"long", env("DOCBRIDGE_SOAK_RUNS", "200", "DOCBRIDGE_SOAK_SEED", "9"), true, 200, 9, ""},
		{"no count", env("DOCBRIDGE_SOAK_RUNS", "0"), false, 0, 0, "DOCBRIDGE_SOAK_RUNS"},
		{"bad seed", env("DOCBRIDGE_SOAK_SEED", "x"), false, 0, 0, "DOCBRIDGE_SOAK_SEED"},
	} {
		runs, seed, err := soakSettings(tc.env, tc.short)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || runs != tc.runs || seed != tc.seed {
			t.Errorf("%s: %d runs, seed %d, %v; want %d, %d", tc.name, runs, seed, err, tc.runs, tc.seed)
		}
	}
}
