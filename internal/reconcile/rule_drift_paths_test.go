package reconcile

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestDriftNonEntityPaths: references that resolved in the base to a path
// that is no entity — a directory of protos, a script written from ./, a
// bare root file, a YAML file linked, a folder written with a trailing
// slash — drift when the change deletes what they named, whether the head
// still reads them as paths (a relation into an unresolved entity) or not
// (the document is unchanged, so the base line stands). Twins stay silent:
// a reference that still resolves, and, when the document itself changed,
// a reference the head no longer shows as a path.
func TestDriftNonEntityPaths(t *testing.T) {
	doc := "# Developers\n\n" +
		"The definitions are in `_proto/hapi`.\n\n" + // 3
		"Run `./scripts/fix.sh` to fix the tree.\n\n" + // 5
		"The lock file is `go.sum`.\n\n" + // 7
		"Read [the config](../config/app.yaml).\n\n" + // 9
		"The `rootfs/` folder holds the Docker files.\n\n" + // 11
		"The `_proto/keep` protos stay.\n\n" + // 13
		"Again, [the config](../config/app.yaml).\n" // 15
	base := map[string]string{
		"docs/dev.md":          doc,
		"_proto/hapi/a.proto":  "syntax = \"proto3\";\n",
		"_proto/keep/b.proto":  "syntax = \"proto3\";\n",
		"scripts/fix.sh":       "#!/bin/sh\n",
		"go.sum":               "x v1.0.0 h1:abc=\n",
		"config/app.yaml":      "a: 1\n",
		"rootfs/Dockerfile":    "FROM scratch\n",
		"internal/app/main.go": "package app\n",
	}
	head := maps.Clone(base)
	for _, p := range []string{"_proto/hapi/a.proto", "scripts/fix.sh", "go.sum", "config/app.yaml", "rootfs/Dockerfile"} {
		delete(head, p)
	}
	run := func(t *testing.T, head map[string]string) []string {
		t.Helper()
		res := checkFiles(t, base, head)
		var got []string
		for _, d := range res.Comparison.New {
			var lines []string
			for _, l := range d.Evidence {
				lines = append(lines, fmt.Sprint(l.Line))
			}
			got = append(got, fmt.Sprintf("%s %s %s", strings.Join(lines, ","), d.Code, d.Message))
		}
		slices.Sort(got)
		return got
	}
	got := run(t, head)
	want := []string{
		"11 DRIFT_PATH `rootfs/` (rootfs) was moved or deleted by this change",
		"3 DRIFT_PATH `_proto/hapi` was moved or deleted by this change",
		"5 DRIFT_PATH `./scripts/fix.sh` (scripts/fix.sh) was moved or deleted by this change",
		"7 DRIFT_PATH `go.sum` was moved or deleted by this change",
		// The same link on lines 9 and 15: one finding that names both.
		"9,15 DRIFT_LINK link `../config/app.yaml`: config/app.yaml was moved or deleted by this change",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("new findings\n got %q\nwant %q", got, want)
	}

	// The document changed too: a reference the head shows as a broken
	// path still drifts, one it no longer shows as a path (go.sum, a
	// folder that is gone) may have left with the edit.
	changed := maps.Clone(head)
	changed["docs/dev.md"] = "# Developers\n\nA new first paragraph.\n\n" + doc[len("# Developers\n\n"):]
	got = run(t, changed)
	want = []string{
		"11,17 DRIFT_LINK link `../config/app.yaml`: config/app.yaml was moved or deleted by this change",
		"5 DRIFT_PATH `_proto/hapi` was moved or deleted by this change",
	}
	if !slices.Equal(got, want) {
		t.Errorf("with the document edited\n got %q\nwant %q", got, want)
	}
}

// TestDriftAnchorBrokenInTheBase: an anchor the base already judged broken
// — here a GitHub-style slug (#users--usersfile) into an MkDocs site,
// whose own slug of "users & usersFile" is users-usersfile — has not
// drifted when nothing changed: it stays an unchanged BROKEN_ANCHOR. The
// twin, a heading the change renamed, still drifts.
func TestDriftAnchorBrokenInTheBase(t *testing.T) {
	base := map[string]string{
		"mkdocs.yml":         "site_name: x\n",
		"docs/auth.md":       "# Auth\n\n## users & usersFile\n\nSee [users](#users--usersfile).\n\n## Realm\n",
		"docs/other.md":      "# Other\n\nSee [users](auth.md#users--usersfile) and [realm](auth.md#realm).\n",
		"docs/index.md":      "# Home\n",
		"internal/a/main.go": "package a\n",
	}
	head := maps.Clone(base)
	head["docs/auth.md"] = "# Auth\n\n## users & usersFile\n\nSee [users](#users--usersfile).\n\n## Realm name\n"
	res := checkFiles(t, base, head)
	var nw, unchanged []string
	for _, d := range res.Comparison.New {
		nw = append(nw, fmt.Sprintf("%s:%d %s", d.Primary().Path, d.Primary().Line, d.Code))
	}
	for _, d := range res.Comparison.Unchanged {
		unchanged = append(unchanged, fmt.Sprintf("%s:%d %s", d.Primary().Path, d.Primary().Line, d.Code))
	}
	if want := []string{"docs/other.md:3 DRIFT_ANCHOR"}; !slices.Equal(nw, want) {
		t.Errorf("new %q, want %q (the renamed heading only)", nw, want)
	}
	if want := []string{"docs/auth.md:5 BROKEN_ANCHOR", "docs/other.md:3 BROKEN_ANCHOR"}; !slices.Equal(unchanged, want) {
		t.Errorf("unchanged %q, want %q", unchanged, want)
	}
}

// TestDriftSymbolPastTheBound: a long guide names more unknown symbols
// than the head keeps as unresolved; a symbol after them that the base
// resolved, whose module the change deleted, still drifts when the guide
// is byte for byte the base's. A symbol whose module still exports it
// stays silent.
func TestDriftSymbolPastTheBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Guide\n\n")
	for i := range 100 {
		fmt.Fprintf(&b, "Call `Unknown%03d` here.\n\n", i)
	}
	b.WriteString("Then `Gone` and `Kept`.\n")
	base := map[string]string{
		"docs/guide.md":          b.String(),
		"internal/gone/gone.go":  "package gone\n\nfunc Gone() {}\n",
		"internal/kept/kept.go":  "package kept\n\nfunc Kept() {}\n",
		"internal/other/main.go": "package other\n",
	}
	head := maps.Clone(base)
	delete(head, "internal/gone/gone.go")
	res := checkFiles(t, base, head)
	var got []string
	for _, d := range res.Comparison.New {
		got = append(got, fmt.Sprintf("%d %s %s", d.Primary().Line, d.Code, d.Message))
	}
	if want := []string{"203 DRIFT_SYMBOL `Gone` was removed with internal/gone/gone.go, which this change moved or deleted"}; !slices.Equal(got, want) {
		t.Errorf("new %q, want %q", got, want)
	}
}

// TestDriftWhereGitSaysItWent: a file moved with edits (no content match)
// that git reports renamed is where the drifted reference went: the link
// drifts "moved to" the new path, with the rewrite as its remediation.
// Without git's answer the same break has no destination.
func TestDriftWhereGitSaysItWent(t *testing.T) {
	body := "package loader\n\n// Load loads.\nfunc Load() error { return nil }\n"
	base := map[string]string{
		"docs/arch.md":         "# Architecture\n\nThe loader is [here](../src/legacy/loader.go).\n\nIts settings: `config/app.yaml`.\n",
		"config/app.yaml":      "a: 1\n",
		"src/legacy/loader.go": body,
		"src/app/main.go":      "package main\n",
	}
	head := maps.Clone(base)
	delete(head, "src/legacy/loader.go")
	delete(head, "config/app.yaml")
	head["pkg/loaders/loader.go"] = body + "\n// Reload reloads.\nfunc Reload() {}\n"
	head["config/loader.yaml"] = "a: 1\nb: 2\n"
	for _, tc := range []struct {
		name    string
		renames map[string]string
		want    string
	}{
		{"git", map[string]string{"src/legacy/loader.go": "pkg/loaders/loader.go", "config/app.yaml": "config/loader.yaml"}, "link `../src/legacy/loader.go`: src/legacy/loader.go was moved to pkg/loaders/loader.go by this change | Link to `../pkg/loaders/loader.go`."},
		{"no git", nil, "link `../src/legacy/loader.go`: src/legacy/loader.go was moved or deleted by this change | "},
	} {
		res := checkRenamed(t, base, head, tc.renames)
		var paths []string
		for _, d := range res.Comparison.New {
			if d.Code == "DRIFT_PATH" {
				paths = append(paths, d.Message)
			}
		}
		wantPath := "`config/app.yaml` was moved or deleted by this change"
		if tc.renames != nil {
			wantPath = "`config/app.yaml` was moved to config/loader.yaml by this change"
		}
		if !slices.Equal(paths, []string{wantPath}) {
			t.Errorf("%s: paths %q, want %q", tc.name, paths, wantPath)
		}
		var got []string
		for _, d := range res.Comparison.New {
			if d.Code == "DRIFT_LINK" {
				got = append(got, d.Message+" | "+d.Remediation)
			}
		}
		if !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
