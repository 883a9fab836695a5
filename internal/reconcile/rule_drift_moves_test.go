package reconcile

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// movesPair is a change that moves packages/core/ to pkg/core/ (seven
// references, links and code spans, from two documents), removes
// lib/util/ (five references) and moves tools/old/ to tools/new/ (two
// references: below the threshold).
func movesPair(t *testing.T) (base, head string) {
	t.Helper()
	code := func(name string) string {
		return fmt.Sprintf("export function %s(x: number): number {\n  return x * %d + %d;\n}\n", name, len(name), len(name)*7)
	}
	shared := map[string]string{
		"packages/other/index.ts": code("other"),
		"lib/keep.ts":             code("keep"),
		"docs/guide.md": "# Guide\n\n" +
			"The core: [a](../packages/core/a.ts), [b](../packages/core/b.ts#L1).\n" +
			"See `packages/core/c.ts` and `packages/core/d.ts`.\n" +
			"And [e](/packages/core/e.ts) and `packages/core/`.\n" +
			"The old tool is `tools/old/t1.ts`.\n",
		"docs/more.md": "# More\n\n" +
			"Helpers: `lib/util/u1.ts`, `lib/util/u2.ts`.\n\n" +
			"[u3](../lib/util/u3.ts) and [u4](../lib/util/u4.ts) and `lib/util/u5.ts`.\n\n" +
			"[core f](../packages/core/f.ts)\n\n" +
			"[tool](../tools/old/t2.ts)\n",
	}
	baseFiles, headFiles := map[string]string{}, map[string]string{}
	for p, b := range shared {
		baseFiles[p], headFiles[p] = b, b
	}
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		baseFiles["packages/core/"+n+".ts"] = code("core" + n)
		headFiles["pkg/core/"+n+".ts"] = code("core" + n)
	}
	for _, n := range []string{"u1", "u2", "u3", "u4", "u5"} {
		baseFiles["lib/util/"+n+".ts"] = code("util" + n)
	}
	for _, n := range []string{"t1", "t2"} {
		baseFiles["tools/old/"+n+".ts"] = code("tool" + n)
		headFiles["tools/new/"+n+".ts"] = code("tool" + n)
	}
	root := t.TempDir()
	base, head = filepath.Join(root, "base"), filepath.Join(root, "head")
	testtree.Write(t, base, baseFiles)
	testtree.Write(t, head, headFiles)
	return base, head
}

func checkDirs(t *testing.T, baseDir, headDir string) Result {
	t.Helper()
	base, _ := scanDir(t, baseDir)
	head, cfg := scanDir(t, headDir)
	return Check(Input{Head: head, Signals: graph.Compute(head, graph.Options{}), Base: base, Config: cfg})
}

// A moved directory with many references is one DRIFT_MOVE with every
// reference's line; a removed one is another; the two references into a
// directory below the threshold stay individual.
func TestDriftMoveGroups(t *testing.T) {
	baseDir, headDir := movesPair(t)
	res := checkDirs(t, baseDir, headDir)
	moves := withCode(res.Head, catalog.DriftMove)
	if len(moves) != 2 {
		t.Fatalf("DRIFT_MOVE = %v, want two groups; all: %v", where(moves), where(res.Head))
	}
	byKey := map[string]finding.Diagnostic{}
	for _, d := range moves {
		byKey[d.Subject] = d
	}
	core, util := byKey["packages/core/"], byKey["lib/util/"]
	wantCore := []finding.Location{{Path: "docs/guide.md", Line: 3}, {Path: "docs/guide.md", Line: 4}, {Path: "docs/guide.md", Line: 5}, {Path: "docs/more.md", Line: 7}}
	if !slices.Equal(core.Evidence, wantCore) {
		t.Errorf("packages/core/ evidence = %v, want %v", core.Evidence, wantCore)
	}
	if want := "7 references into `packages/core/`, which this change moved to `pkg/core/`: docs/guide.md (lines 3, 4, 5), docs/more.md (line 7)"; core.Message != want {
		t.Errorf("message = %q\nwant      %q", core.Message, want)
	}
	var members []string
	for _, m := range core.Members {
		members = append(members, fmt.Sprintf("%s:%d %s", m.Primary().Path, m.Primary().Line, m.Code))
	}
	if want := []string{"docs/guide.md:3 DRIFT_LINK", "docs/guide.md:3 DRIFT_LINK", "docs/guide.md:4 DRIFT_PATH",
		"docs/guide.md:4 DRIFT_PATH", "docs/guide.md:5 DRIFT_LINK", "docs/guide.md:5 DRIFT_PATH", "docs/more.md:7 DRIFT_LINK"}; !slices.Equal(members, want) {
		t.Errorf("members = %v, want %v", members, want)
	}
	if len(core.Edits) != 7 {
		t.Errorf("packages/core/ edits = %d, want 7: %+v", len(core.Edits), core.Edits)
	}
	for _, e := range core.Edits {
		if !strings.Contains(e.New, "pkg/core/") || strings.Contains(e.New, "packages/") {
			t.Errorf("edit %+v", e)
		}
	}
	wantUtil := []finding.Location{{Path: "docs/more.md", Line: 3}, {Path: "docs/more.md", Line: 5}}
	if !slices.Equal(util.Evidence, wantUtil) || !strings.Contains(util.Message, "5 references into `lib/util/`, which this change removed") {
		t.Errorf("lib/util/: %q %v", util.Message, util.Evidence)
	}
	if len(util.Edits) != 0 {
		t.Errorf("a removed directory has no edits: %+v", util.Edits)
	}
	// Below the threshold: individual findings, with their own edits.
	var rest []string
	for _, d := range drifts(res.Head) {
		rest = append(rest, fmt.Sprintf("%s:%d %s %d", d.Primary().Path, d.Primary().Line, d.Code, len(d.Edits)))
	}
	slices.Sort(rest)
	if want := []string{"docs/guide.md:6 DRIFT_PATH 1", "docs/more.md:9 DRIFT_LINK 1"}; !slices.Equal(rest, want) {
		t.Errorf("individual drift = %v, want %v", rest, want)
	}
	if !slices.Equal(where(res.Comparison.New), where(res.Head)) {
		t.Errorf("new = %v, want every head finding", where(res.Comparison.New))
	}

	// With DRIFT_MOVE off, every reference is its own finding.
	base, _ := scanDir(t, baseDir)
	head, cfg := scanDir(t, headDir)
	off := *cfg
	off.Checks.Severity = map[string]catalog.Level{catalog.DriftMove: catalog.Off}
	ds := Run(Input{Head: head, Base: base, Config: &off})
	if n, m := len(drifts(ds)), len(withCode(ds, catalog.DriftMove)); n != 14 || m != 0 {
		t.Errorf("DRIFT_MOVE off: %d drift findings (want 14), %d DRIFT_MOVE", n, m)
	}
}

// Fewer references than moveGroupAt into a moved directory stay
// individual findings.
func TestDriftMoveBelowThreshold(t *testing.T) {
	res := checkPair(t, "moved_file", "head")
	if n := len(withCode(res.Head, catalog.DriftMove)); n != 0 {
		t.Errorf("one reference grouped: %v", where(res.Head))
	}
	if w := where(drifts(res.Head)); !slices.Equal(w, []string{"docs/index.md:3 DRIFT_LINK"}) {
		t.Errorf("drift = %v", w)
	}
}

// The grouping does not depend on the order of the snapshots' lists.
func TestDriftMoveDeterministic(t *testing.T) {
	baseDir, headDir := movesPair(t)
	base, _ := scanDir(t, baseDir)
	head, cfg := scanDir(t, headDir)
	encode := func(h, b *snapshot.Snapshot) []byte {
		data, err := json.Marshal(Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: b, Config: cfg}))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	want := encode(head, base)
	r := rand.New(rand.NewPCG(12, 5))
	for i := range 10 {
		if got := encode(shuffled(head, r), shuffled(base, r)); string(got) != string(want) {
			t.Fatalf("shuffle %d: output differs", i)
		}
	}
}

// Many references to one file the change removed (a page split in
// several) are one DRIFT_MOVE on the file; its directory still holds
// other files.
func TestDriftMoveOneFile(t *testing.T) {
	page := "# Advanced\n\n## Proxies\n\nText.\n\n## Timeouts\n\nText.\n"
	index := "# Index\n\n[advanced](advanced.md), [proxies](advanced.md#proxies).\n\n" +
		"[timeouts](./advanced.md#timeouts)\n\n[again](advanced.md)\n\nSee `docs/advanced.md`.\n"
	root := t.TempDir()
	baseDir, headDir := filepath.Join(root, "base"), filepath.Join(root, "head")
	testtree.Write(t, baseDir, map[string]string{"docs/index.md": index, "docs/advanced.md": page, "docs/other.md": "# Other\n"})
	testtree.Write(t, headDir, map[string]string{"docs/index.md": index, "docs/other.md": "# Other\n",
		"docs/advanced/proxies.md": "# Proxies\n\nText.\n", "docs/advanced/timeouts.md": "# Timeouts\n\nText.\n"})
	res := checkDirs(t, baseDir, headDir)
	if w := where(res.Head); !slices.Equal(w, []string{"docs/index.md:3 DRIFT_MOVE"}) {
		t.Fatalf("findings = %v, want one DRIFT_MOVE", w)
	}
	d := res.Head[0]
	if want := "5 references to `docs/advanced.md`, which this change moved or removed: docs/index.md (lines 3, 5, 7, 9)"; d.Message != want {
		t.Errorf("message = %q\nwant      %q", d.Message, want)
	}
	if d.Subject != "docs/advanced.md" || len(d.Edits) != 0 {
		t.Errorf("subject %q, edits %v", d.Subject, d.Edits)
	}
}

// A file edited in a directory move follows the directory (its path under
// the new directory exists), but a link into a heading the edit removed
// is not rewritten: the rewrite would break the anchor.
func TestDriftMoveEditedFile(t *testing.T) {
	page := func(n string) string { return "# Page " + n + "\n\n## Install\n\nSteps for " + n + ".\n" }
	index := "# Index\n\n[a](old/a.md) [b](old/b.md) [c](old/c.md#install)\n\n[d](old/d.md)\n\n[e](old/e.md) and [e install](old/e.md#install)\n"
	base := map[string]string{"docs/index.md": index}
	head := map[string]string{"docs/index.md": index}
	for _, n := range []string{"a", "b", "c", "d"} {
		base["docs/old/"+n+".md"], head["docs/new/"+n+".md"] = page(n), page(n)
	}
	base["docs/old/e.md"] = page("e")
	head["docs/new/e.md"] = "# Page e, edited\n\n## Setup\n\nSteps.\n"
	root := t.TempDir()
	testtree.Write(t, filepath.Join(root, "base"), base)
	testtree.Write(t, filepath.Join(root, "head"), head)
	res := checkDirs(t, filepath.Join(root, "base"), filepath.Join(root, "head"))
	moves := withCode(res.Head, catalog.DriftMove)
	if len(moves) != 1 || moves[0].Subject != "docs/old/" {
		t.Fatalf("findings = %v", where(res.Head))
	}
	var got []string
	for _, e := range moves[0].Edits {
		got = append(got, e.Old+" → "+e.New)
	}
	slices.Sort(got)
	want := []string{"old/a.md → new/a.md", "old/b.md → new/b.md", "old/c.md#install → new/c.md#install",
		"old/d.md → new/d.md", "old/e.md → new/e.md"}
	if !slices.Equal(got, want) {
		t.Errorf("edits = %q\nwant    %q", got, want)
	}
	if !strings.Contains(moves[0].Message, "6 references into `docs/old/`, which this change moved to `docs/new/`") ||
		!strings.HasSuffix(moves[0].Remediation, "`docbridge fix` rewrites 5 of them.") {
		t.Errorf("message %q, remediation %q", moves[0].Message, moves[0].Remediation)
	}
}

// References to files that are no entity (YAML, scripts) group like the
// others: a removed directory of them is one DRIFT_MOVE.
func TestDriftMoveNonEntityFiles(t *testing.T) {
	doc := "# Deploy\n\nEdit `deploy/a.yaml` and `deploy/b.yaml`.\n\nThen [c](../deploy/c.yaml), `deploy/d.yaml`\n\nand `deploy/run.sh`.\n"
	base := map[string]string{"docs/deploy.md": doc, "src/keep.ts": "export const keep = 1;\n"}
	for _, n := range []string{"a.yaml", "b.yaml", "c.yaml", "d.yaml", "run.sh"} {
		base["deploy/"+n] = "# " + n + "\nkey: value\n"
	}
	head := map[string]string{"docs/deploy.md": doc, "src/keep.ts": "export const keep = 1;\n"}
	root := t.TempDir()
	testtree.Write(t, filepath.Join(root, "base"), base)
	testtree.Write(t, filepath.Join(root, "head"), head)
	res := checkDirs(t, filepath.Join(root, "base"), filepath.Join(root, "head"))
	moves := withCode(res.Head, catalog.DriftMove)
	if len(moves) != 1 || len(drifts(res.Head)) != 0 {
		t.Fatalf("findings = %v, want one DRIFT_MOVE", where(res.Head))
	}
	if want := "5 references into `deploy/`, which this change removed: docs/deploy.md (lines 3, 5, 7)"; moves[0].Message != want {
		t.Errorf("message = %q\nwant      %q", moves[0].Message, want)
	}
}
