package manifest

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/extract/extracttest"
)

// checkIssues asserts the invariants every Issue keeps and their bound.
func checkIssues(t *testing.T, data []byte, issues []extract.Issue) {
	t.Helper()
	if len(issues) > maxIssues+1 {
		t.Errorf("%d issues, bound %d", len(issues), maxIssues+1)
	}
	extracttest.CheckIssues(t, data, issues)
}

// checkDeps asserts the bound and the (Scope, Name, Version) order.
func checkDeps(t *testing.T, deps []Dependency) {
	t.Helper()
	if len(deps) > maxDependencies {
		t.Errorf("%d dependencies, bound %d", len(deps), maxDependencies)
	}
	if !slices.IsSortedFunc(deps, func(a, b Dependency) int {
		return strings.Compare(a.Scope+"\x00"+a.Name+"\x00"+a.Version, b.Scope+"\x00"+b.Name+"\x00"+b.Version)
	}) {
		t.Errorf("dependencies not sorted: %+v", deps)
	}
}

// checkStable asserts that a second parse gives the same value and that the
// value survives the JSON store an incremental scan keeps it in.
func checkStable[T any](t *testing.T, got T, again func() T) {
	t.Helper()
	if second := again(); !reflect.DeepEqual(got, second) {
		t.Errorf("not deterministic:\n%+v\n%+v", got, second)
	}
	extracttest.CheckRoundTrip(t, got)
}

func FuzzParsePackageJSON(f *testing.F) {
	extracttest.AddFixtures(f, "packagejson")
	f.Add([]byte(`{"exports": {".": {"a": "b"}}, "workspaces": {"packages": [1]}}`))
	f.Add([]byte("{\"name\": \"\xff\"}"))
	f.Add([]byte(`{"imports": {"#a": [{"x": [null, "./a", 1]}], "#a": null, "b": "c"}, "exports": {"import": "./i", "./s": {"n": {"m": "./m"}}}}`))
	f.Add([]byte(`{"exports": [[["./deep"]], true], "imports": "#x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got := ParsePackageJSON("package.json", data)
		checkIssues(t, data, got.Issues)
		checkDeps(t, got.Dependencies)
		if len(got.Workspaces) > maxPatterns {
			t.Errorf("%d workspaces, bound %d", len(got.Workspaces), maxPatterns)
		}
		checkMappings(t, data, "imports", "#", got.Imports)
		checkMappings(t, data, "exports", ".", got.ExportMap)
		checkStable(t, got, func() PackageJSON { return ParsePackageJSON("package.json", data) })
	})
}

// checkMappings asserts the bounds, distinct keys with the map's prefix,
// lines inside the input and no empty target list stored as non-nil (it
// would not survive the JSON round trip).
func checkMappings(t *testing.T, data []byte, field, prefix string, ms []Mapping) {
	t.Helper()
	if len(ms) > maxMappings {
		t.Errorf("%s: %d mappings, bound %d", field, len(ms), maxMappings)
	}
	lines := bytes.Count(data, []byte{'\n'}) + 1
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.Key] || !strings.HasPrefix(m.Key, prefix) {
			t.Errorf("%s: key %q repeated or without %q", field, m.Key, prefix)
		}
		seen[m.Key] = true
		if len(m.Targets) > maxTargets || m.Targets != nil && len(m.Targets) == 0 {
			t.Errorf("%s[%q]: %d targets, bound %d", field, m.Key, len(m.Targets), maxTargets)
		}
		if m.Line < 1 || m.Line > lines {
			t.Errorf("%s[%q]: line %d outside 1..%d", field, m.Key, m.Line, lines)
		}
	}
}

func FuzzParsePyProject(f *testing.F) {
	extracttest.AddFixtures(f, "pyproject")
	f.Add([]byte("[[tool.poetry.packages]]\ninclude = \"x\"\nfrom = \"../..\"\n"))
	f.Add([]byte("[project]\ndependencies = [\"a[b\", \"-\", \"x ; y\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got := ParsePyProject("sub/pyproject.toml", data)
		checkIssues(t, data, got.Issues)
		checkDeps(t, got.Dependencies)
		if len(got.PackageDirs) > maxPackageDirs || !slices.IsSorted(got.PackageDirs) {
			t.Errorf("package dirs unbounded or unsorted: %q", got.PackageDirs)
		}
		for _, d := range got.PackageDirs {
			if d == ".." || strings.HasPrefix(d, "../") || strings.HasPrefix(d, "/") {
				t.Errorf("package dir %q leaves the repository", d)
			}
		}
		checkStable(t, got, func() PyProject { return ParsePyProject("sub/pyproject.toml", data) })
	})
}

func FuzzParsePnpmWorkspace(f *testing.F) {
	extracttest.AddFixtures(f, "pnpm")
	f.Add([]byte("a: &x [b]\npackages: *x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		globs, issues := ParsePnpmWorkspace("pnpm-workspace.yaml", data)
		checkIssues(t, data, issues)
		if len(globs) > maxPatterns || slices.Contains(globs, "") {
			t.Errorf("globs unbounded or empty: %d", len(globs))
		}
		type result struct {
			Globs  []string        `json:"globs"`
			Issues []extract.Issue `json:"issues"`
		}
		parse := func() result {
			g, is := ParsePnpmWorkspace("pnpm-workspace.yaml", data)
			return result{g, is}
		}
		checkStable(t, result{globs, issues}, parse)
	})
}
