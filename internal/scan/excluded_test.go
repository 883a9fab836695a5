package scan

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// excludedExtras are the gitignored files of testdata/excluded: git would
// not commit them, so the test writes them. A fresh checkout lacks them, so
// references to them stay unresolved.
var excludedExtras = map[string]string{"pkg/core/notes.local.md": "# Local notes\n"}

// TestReferencesIntoExcludedPaths: links, code spans and declarations that
// name a path scan.exclude or a built-in rule kept out resolve to nothing,
// raise no finding and leave one coverage note; gitignored and missing
// paths stay unresolved.
func TestReferencesIntoExcludedPaths(t *testing.T) {
	root := copyTree(t, "testdata/excluded", excludedExtras)
	res := scanResult(t, root, Options{})
	snap := res.Snapshot

	var unresolved []string
	for _, e := range snap.Entities {
		if e.Kind == snapshot.KindUnresolved {
			unresolved = append(unresolved, e.ID)
		}
	}
	wantUnresolved := []string{"unresolved:docs/gone.md", "unresolved:pkg/core/missing.go", "unresolved:pkg/core/notes.local.md"}
	if !slices.Equal(unresolved, wantUnresolved) {
		t.Errorf("unresolved entities\n got %q\nwant %q", unresolved, wantUnresolved)
	}
	for _, r := range snap.Relations {
		for _, ex := range []string{"vendor/", "generated", "testdata/"} {
			if strings.Contains(r.To, ex) || strings.Contains(r.From, ex) {
				t.Errorf("relation into an excluded path: %s", r.ID)
			}
		}
	}
	if !slices.Contains(relationIDs(snap), snapshot.RelationID(snapshot.RelCovers, "document:docs/guide.md", "package:pkg/core")) {
		t.Error("the declaration of a scanned package must still resolve")
	}

	var notes []string
	for _, c := range snap.Coverage {
		if c.Scope == "docs/guide.md" && strings.Contains(c.Reason, "excluded") {
			notes = append(notes, c.Status+": "+c.Reason)
		}
	}
	// Two links, four code spans (one doubling a link's target on its
	// line) and two declarations: seven (line, path) references.
	wantNote := "partial: 7 references into paths excluded from the scan (scan.exclude or a built-in rule), not resolved: " +
		"generated/, pkg/core/testdata/, vendor/"
	if !slices.Equal(notes, []string{wantNote}) {
		t.Errorf("coverage notes\n got %q\nwant %q", notes, wantNote)
	}

	cfg, err := config.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	ds := reconcile.Run(reconcile.Input{Head: snap, Signals: graph.Compute(snap, graph.Options{}), Config: cfg})
	var got []string
	for _, d := range ds {
		if d.Code == "BROKEN_LINK" || d.Code == "UNRESOLVED_PATH" || strings.HasPrefix(d.Code, "STALE") {
			p := d.Primary()
			got = append(got, fmt.Sprintf("%s:%d %s %s", p.Path, p.Line, d.Code, d.Message))
		}
	}
	slices.Sort(got)
	// Only the gitignored and the missing paths are findings: line 16
	// links to the gitignored file (a fresh checkout lacks it, so a reader
	// following the link finds nothing), line 18 names the missing ones.
	// The code span naming the gitignored file is no claim: its relation
	// stays (unresolved, for drift) with the occurrence unclaimed.
	want := []string{"docs/guide.md:16 BROKEN_LINK", "docs/guide.md:18 BROKEN_LINK", "docs/guide.md:18 UNRESOLVED_PATH"}
	if len(got) != len(want) {
		t.Fatalf("findings\n got %q\nwant %q", got, want)
	}
	for i, g := range got {
		if !strings.HasPrefix(g, want[i]+" ") {
			t.Errorf("finding %q, want %s", g, want[i])
		}
	}
	var unclaimed []any
	for _, r := range snap.Relations {
		if r.To == "unresolved:pkg/core/notes.local.md" && r.Kind == snapshot.RelMentions {
			unclaimed, _ = r.Metadata["unclaimed"].([]any)
		}
	}
	if want := []any{map[string]any{"text": "pkg/core/notes.local.md", "line": 16, "reason": "ignored"}}; fmt.Sprint(unclaimed) != fmt.Sprint(want) {
		t.Errorf("unclaimed %v, want %v", unclaimed, want)
	}
}

// TestExcludedPathsSurviveTheStore: a warm scan, and a store that went
// through the state's gob encoding and was rebuilt, resolve references into
// excluded paths exactly like the cold scan.
func TestExcludedPathsSurviveTheStore(t *testing.T) {
	root := copyTree(t, "testdata/excluded", excludedExtras)
	cold := scanResult(t, root, Options{})
	if want := []string{"generated/", "pkg/core/testdata/", "vendor/"}; !slices.Equal(cold.Store.Tree.Excluded, want) {
		t.Fatalf("stored excluded paths %q, want %q", cold.Store.Tree.Excluded, want)
	}
	if len(cold.Store.Tree.Ignores) == 0 {
		t.Fatal("the store holds no ignore rules: a rebuild could not tell an ignored path from a missing one")
	}
	warm := scanResult(t, root, Options{Previous: cold.Store})
	if !bytes.Equal(withoutRun(t, warm.Snapshot), withoutRun(t, cold.Snapshot)) {
		t.Error("a warm scan differs from the cold scan")
	}

	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(cold.Store); err != nil {
		t.Fatal(err)
	}
	var decoded Store
	if err := gob.NewDecoder(&buf).Decode(&decoded); err != nil {
		t.Fatal(err)
	}
	rebuilt, err := Rebuild(&decoded)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(withoutRun(t, rebuilt), withoutRun(t, cold.Snapshot)) {
		t.Error("the rebuilt snapshot differs from the scanned one")
	}

	// A store without the list would resolve the references as broken; one
	// from the previous pipeline is refused rather than rebuilt wrongly.
	decoded.Header.PipelineVersion = "scan/1"
	if _, err := Rebuild(&decoded); err == nil || !strings.Contains(err.Error(), "pipeline scan/1") {
		t.Errorf("a store of pipeline scan/1 must be refused, got %v", err)
	}
	decoded.Header.PipelineVersion = PipelineVersion
	decoded.Tree.Excluded = nil
	stripped, err := Rebuild(&decoded)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(withoutRun(t, stripped), withoutRun(t, cold.Snapshot)) {
		t.Error("the excluded list must change resolution, or the stored copy proves nothing")
	}
}

func relationIDs(s *snapshot.Snapshot) []string {
	out := make([]string, len(s.Relations))
	for i, r := range s.Relations {
		out[i] = r.ID
	}
	return out
}

// TestExcludedNoteIsBounded: the note counts every reference but names at
// most maxExcludedListed excluded paths.
func TestExcludedNoteIsBounded(t *testing.T) {
	files := map[string]string{}
	var doc strings.Builder
	doc.WriteString("# Many\n\n")
	n := maxExcludedListed + 2
	for i := range n {
		dir := fmt.Sprintf("m%d", i)
		files[dir+"/keep.txt"] = "x\n"
		files[dir+"/vendor/v.txt"] = "x\n"
		fmt.Fprintf(&doc, "See [v](%s/vendor/v.txt).\n", dir)
	}
	files["README.md"] = doc.String()
	root := t.TempDir()
	testtree.Write(t, root, files)
	snap := scanResult(t, root, Options{}).Snapshot
	var reasons []string
	for _, c := range snap.Coverage {
		if c.Scope == "README.md" {
			reasons = append(reasons, c.Reason)
		}
	}
	if len(reasons) != 1 {
		t.Fatalf("README.md coverage %q, want one note", reasons)
	}
	want := fmt.Sprintf("%d references into paths excluded from the scan (scan.exclude or a built-in rule), not resolved: "+
		"m0/vendor/, m1/vendor/, m2/vendor/, m3/vendor/, m4/vendor/, and 2 more", n)
	if reasons[0] != want {
		t.Errorf("note\n got %q\nwant %q", reasons[0], want)
	}
}

// TestDocumentsInBuildOutputDirs: a documentation section named build (a
// Hugo site's content/en/site/build/) is read — its documents are entities,
// links to them resolve and its own broken links are found — while the
// code beside them stays excluded output: a link to it is not broken.
func TestDocumentsInBuildOutputDirs(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/guide.md": "# Guide\n\nSee [CI](../content/site/build/ci.md), [the bundle](../content/site/build/app.js) " +
			"and [gone](../content/site/build/gone.md).\n",
		"content/site/build/ci.md":  "# CI\n\nThe [workflow](missing.md).\n",
		"content/site/build/app.js": "export const x = 1\n",
	})
	snap := scanResult(t, root, Options{}).Snapshot
	var docs, unresolved []string
	for _, e := range snap.Entities {
		switch e.Kind {
		case snapshot.KindDocument:
			docs = append(docs, e.ID)
		case snapshot.KindUnresolved:
			unresolved = append(unresolved, e.ID)
		case snapshot.KindModule:
			t.Errorf("build output read as code: %s", e.ID)
		}
	}
	if want := []string{"document:content/site/build/ci.md", "document:docs/guide.md"}; !slices.Equal(docs, want) {
		t.Errorf("documents %q, want %q", docs, want)
	}
	if want := []string{"unresolved:content/site/build/gone.md", "unresolved:content/site/build/missing.md"}; !slices.Equal(unresolved, want) {
		t.Errorf("unresolved %q, want %q", unresolved, want)
	}
	if !slices.Contains(relationIDs(snap), snapshot.RelationID(snapshot.RelLinksTo, "document:docs/guide.md", "document:content/site/build/ci.md")) {
		t.Error("the link to the document in build/ must resolve")
	}
}

// TestOwnOutputsAreNotScanned: what docbridge writes into the tree it
// scans — the action's report, the CLI's state, the enrichment cache — is
// left out, so a scan after a run equals a fresh checkout's (same
// snapshot hash); the committed overlay beside them is read.
func TestOwnOutputsAreNotScanned(t *testing.T) {
	tree := map[string]string{
		"README.md":                      "# Project\n",
		".docbridge/enrich/overlay.json": "{\"version\": 1}\n",
		".docbridge/approvals/README.md": "# Decisions\n",
		"docs/.docbridge/report.json":    "{\"nested\": true}\n",
	}
	root := testtree.New(t, tree)
	fresh := scanResult(t, root, Options{})
	testtree.Write(t, root, map[string]string{
		".docbridge/report.json":              "{\"tool\": {\"name\": \"docbridge\"}}\n",
		".docbridge/state/state.bin":          "state",
		".docbridge/enrich/cache/answer.json": "{}\n",
	})
	after := scanResult(t, root, Options{})
	var paths []string
	for _, x := range after.Store.Extractions {
		paths = append(paths, x.Path)
	}
	want := []string{".docbridge/approvals/README.md", ".docbridge/enrich/overlay.json", "README.md", "docs/.docbridge/report.json"}
	if !slices.Equal(paths, want) {
		t.Errorf("files scanned\n got %q\nwant %q", paths, want)
	}
	if !slices.Equal(fresh.Store.Tree.Excluded, after.Store.Tree.Excluded) {
		t.Errorf("excluded paths after a run %q, want a fresh checkout's %q", after.Store.Tree.Excluded, fresh.Store.Tree.Excluded)
	}
	if fresh.Snapshot.ContentHash != after.Snapshot.ContentHash {
		t.Errorf("a scan after a run (%s) differs from a fresh checkout's (%s)", after.Snapshot.ContentHash, fresh.Snapshot.ContentHash)
	}
}
