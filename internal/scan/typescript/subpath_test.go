package typescript

import (
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/manifest"
)

// The subpath fixture: vite's package.json as published, a package whose
// exports test condition order, arrays and null, an unnamed package.json
// with "imports" (pattern precedence, bare and node: targets, invalid
// targets) and unnamed package.json files without "imports" below both.
var (
	subpathFiles = []string{
		"src/index.ts", "outside.ts",
		"packages/vite/package.json",
		"packages/vite/types/hmrPayload.d.ts", "packages/vite/types/customEvent.d.ts",
		"packages/vite/types/internal/secret.d.ts",
		"packages/vite/src/types/dep.d.ts",
		"packages/vite/src/node/index.ts", "packages/vite/src/node/server/ws.ts",
		"packages/vite/src/module-runner/index.ts",
		"packages/vite/client.d.ts", "packages/vite/misc/true.js", "packages/vite/misc/false.js",
		"packages/vite/src/nested/package.json", "packages/vite/src/nested/a.ts",
		"packages/cond/package.json",
		"packages/cond/esm/main.mjs", "packages/cond/cjs/main.cjs",
		"packages/cond/esm/other.mjs", "packages/cond/cjs/other.cjs",
		"packages/cond/lib/feature.js", "packages/cond/src/util.ts", "packages/cond/src/private/x.ts",
		"packages/core/package.json", "packages/core/index.ts", "packages/core/lib/math.ts",
		"packages/ui/package.json", "packages/ui/src/index.ts", "packages/ui/src/button.tsx",
		"scoped/package.json", "scoped/src/app.ts", "scoped/src/index.ts",
		"scoped/star/a.ts", "scoped/deep/a.ts", "scoped/deepx/y.ts",
		"scoped/s/m.ts", "scoped/s-any/m.ts", "scoped/exact.ts", "scoped/ok.ts",
		"scoped/node_modules/x.ts", "scoped/fs-shim.js",
		"scoped/inner/package.json", "scoped/inner/b.ts",
	}
	subpathManifests = map[string]string{
		"packages/vite": `{
  "name": "vite",
  "imports": {
    "#module-sync-enabled": {"module-sync": "./misc/true.js", "default": "./misc/false.js"},
    "#types/*": "./types/*.d.ts",
    "#dep-types/*": "./src/types/*.d.ts"
  },
  "exports": {
    ".": "./dist/node/index.js",
    "./client": {"types": "./client.d.ts"},
    "./module-runner": "./dist/node/module-runner.js",
    "./types/*": {"types": "./types/*"},
    "./types/internal/*": null,
    "./package.json": "./package.json"
  }
}`,
		"packages/vite/src/nested": `{"type": "module"}`,
		"packages/cond": `{
  "name": "@acme/cond",
  "exports": {
    ".": {"import": "./esm/main.mjs", "require": "./cjs/main.cjs"},
    "./other": {"require": "./cjs/other.cjs", "import": "./esm/other.mjs"},
    "./feature": ["./missing.js", "./lib/feature.js"],
    "./*": "./src/*.ts",
    "./private/*": null
  }
}`,
		"packages/core": `{"name": "core"}`,
		"packages/ui":   `{"name": "@acme/ui", "main": "dist/index.js"}`,
		"scoped": `{
  "imports": {
    "#p/*": "./star/*.ts",
    "#p/exact": "./exact.ts",
    "#p/deep/*": "./deep/*.ts",
    "#p/deep/x*": "./deepx/*.ts",
    "#s/*": "./s-any/*.ts",
    "#s/*.js": "./s/*.ts",
    "#fs": {"node": "node:fs", "default": "./fs-shim.js"},
    "#math": "core/lib/math",
    "#ui/*": "@acme/ui/*",
    "#ext/*": "lodash/*",
    "#escape": ["../outside.ts", "/abs.ts", "./ok.ts"],
    "#seg/*": "./*",
    "#nm": "./node_modules/x.ts",
    "#gone": null,
    "#fallback": ["./missing.ts", "./star/a.ts"],
    "#self": "vite/client"
  }
}`,
		"scoped/inner": `{"private": true}`,
	}
)

// manifestWorkspaces builds Workspaces as the scan does, from package.json
// text parsed by the manifest package.
func manifestWorkspaces(t testing.TB, manifests map[string]string) []Workspace {
	t.Helper()
	var out []Workspace
	for dir, text := range manifests {
		pj := manifest.ParsePackageJSON(path.Join(dir, "package.json"), []byte(text))
		if len(pj.Issues) > 0 {
			t.Fatalf("fixture %s: %+v", dir, pj.Issues)
		}
		ws := Workspace{Name: pj.Name, Dir: dir, Imports: pj.Imports, Exports: pj.ExportMap}
		if pj.Main != "" {
			ws.Entry = path.Join(dir, pj.Main)
		}
		out = append(out, ws)
	}
	return out
}

func TestResolveSubpaths(t *testing.T) {
	r, issues := NewResolver(newMemFS(subpathFiles...), nil, manifestWorkspaces(t, subpathManifests))
	if len(issues) > 0 {
		t.Fatalf("issues: %s", dump(issues))
	}
	const ws, app = "packages/vite/src/node/server/ws.ts", "scoped/src/app.ts"
	tests := []struct {
		name, from, spec string
		want             Target
	}{
		// vite's "imports".
		{"imports pattern to a declaration file", ws, "#types/hmrPayload", module("packages/vite/types/hmrPayload.d.ts")},
		{"imports pattern into src", ws, "#dep-types/dep", module("packages/vite/src/types/dep.d.ts")},
		{"imports conditions: the first written that resolves", ws, "#module-sync-enabled", module("packages/vite/misc/true.js")},
		{"imports pattern whose target is missing", ws, "#types/missing", unresolved("#types/missing")},
		{"imports without a matching key", ws, "#nope", unresolved("#nope")},
		{"nearest package.json decides even without imports", "packages/vite/src/nested/a.ts", "#types/hmrPayload", unresolved("#types/hmrPayload")},
		{"no package.json above the importer", "src/index.ts", "#types/hmrPayload", unresolved("#types/hmrPayload")},

		// vite's "exports".
		{"exports dot mapped from dist to src", "src/index.ts", "vite", module("packages/vite/src/node/index.ts")},
		{"exports conditions object", "src/index.ts", "vite/client", module("packages/vite/client.d.ts")},
		{"exports key whose target is missing falls back to probing", "src/index.ts", "vite/module-runner", module("packages/vite/src/module-runner/index.ts")},
		{"exports pattern", "src/index.ts", "vite/types/customEvent.d.ts", module("packages/vite/types/customEvent.d.ts")},
		{"exports null beats a shorter pattern", "src/index.ts", "vite/types/internal/secret.d.ts", unresolved("vite/types/internal/secret.d.ts")},
		{"exports a non-source file", "src/index.ts", "vite/package.json", Target{Kind: TargetFile, Path: "packages/vite/package.json"}},
		{"no exports key: probing as before", "src/index.ts", "vite/misc/true.js", module("packages/vite/misc/true.js")},

		// Condition order, arrays and null in "exports".
		{"dot conditions: first written wins", "src/index.ts", "@acme/cond", module("packages/cond/esm/main.mjs")},
		{"conditions in another order", "src/index.ts", "@acme/cond/other", module("packages/cond/cjs/other.cjs")},
		{"array: the first target found", "src/index.ts", "@acme/cond/feature", module("packages/cond/lib/feature.js")},
		{"catch-all pattern", "src/index.ts", "@acme/cond/util", module("packages/cond/src/util.ts")},
		{"null pattern with the longer prefix excludes", "src/index.ts", "@acme/cond/private/x", unresolved("@acme/cond/private/x")},
		{"a package without exports keeps its entry", "src/index.ts", "@acme/ui", module("packages/ui/src/index.ts")},

		// Pattern precedence and targets in an unnamed package.json.
		{"pattern", app, "#p/a", module("scoped/star/a.ts")},
		{"exact beats an earlier pattern", app, "#p/exact", module("scoped/exact.ts")},
		{"longer prefix wins", app, "#p/deep/a", module("scoped/deep/a.ts")},
		{"longest prefix wins over a shorter one that also matches", app, "#p/deep/xy", module("scoped/deepx/y.ts")},
		{"equal prefix: the longer key wins though written later", app, "#s/m.js", module("scoped/s/m.ts")},
		{"equal prefix: the suffix must match", app, "#s/m", module("scoped/s-any/m.ts")},
		{"node: target", app, "#fs", external("node:fs")},
		{"bare target names a workspace", app, "#math", module("packages/core/lib/math.ts")},
		{"bare pattern target into a workspace", app, "#ui/button", module("packages/ui/src/button.tsx")},
		{"bare pattern target to an external", app, "#ext/fp", external("lodash")},
		{"bare target through the other package's exports", app, "#self", module("packages/vite/client.d.ts")},
		{"targets leaving the package are skipped", app, "#escape", module("scoped/ok.ts")},
		{"a capture with .. is refused", app, "#seg/../outside.ts", unresolved("#seg/../outside.ts")},
		{"a node_modules segment is refused", app, "#nm", unresolved("#nm")},
		{"null excludes", app, "#gone", unresolved("#gone")},
		{"array fallback", app, "#fallback", module("scoped/star/a.ts")},
		{"an empty capture does not match", app, "#p/", unresolved("#p/")},
		{"inner package.json without imports shadows its parent", "scoped/inner/b.ts", "#p/a", unresolved("#p/a")},
		{"an unnamed package.json is no workspace entry", "src/index.ts", "../scoped", unresolved("../scoped")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Resolve(tt.from, tt.spec); got != tt.want {
				t.Errorf("Resolve(%q, %q) = %+v, want %+v", tt.from, tt.spec, got, tt.want)
			}
		})
	}
}

func TestMatchMapping(t *testing.T) {
	// m numbers its mappings through Targets, so that equal keys differ.
	m := func(keys ...string) []manifest.Mapping {
		var out []manifest.Mapping
		for i, k := range keys {
			out = append(out, manifest.Mapping{Key: k, Targets: []string{strconv.Itoa(i)}})
		}
		return out
	}
	tests := []struct {
		name     string
		ms       []manifest.Mapping
		key      string
		want     int // index of the matched mapping, -1 for none
		captured string
	}{
		{"exact", m("#a", "#a*"), "#a", 0, ""},
		{"exact beats a pattern", m("#*", "#ab"), "#ab", 1, ""},
		{"a key with * matches only patterns", m("#a*b", "#a*"), "#a*b", 0, "*"},
		{"two stars never match as a pattern", m("#*/*"), "#x/y", -1, ""},
		{"longest prefix", m("#*", "#a/b*", "#a/*"), "#a/bc", 1, "c"},
		{"equal prefix: longer key", m("#a/*", "#a/*.js"), "#a/x.js", 1, "x"},
		{"equal keys: first written", m("./*.js", "./*.js"), "./x.js", 0, "x"},
		{"capture must not be empty", m("#a/*"), "#a/", -1, ""},
		{"prefix and suffix must not overlap", m("#ab*ba"), "#aba", -1, ""},
		{"capture spans slashes", m("./*"), "./a/b/c", 0, "a/b/c"},
		{"no mappings", nil, ".", -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, captured, ok := matchMapping(tt.ms, tt.key)
			idx := -1
			if ok {
				idx, _ = strconv.Atoi(got.Targets[0])
			}
			if idx != tt.want || captured != tt.captured {
				t.Errorf("matchMapping(%q) = #%d, %q; want #%d, %q", tt.key, idx, captured, tt.want, tt.captured)
			}
		})
	}
}

func TestBadSegment(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"a/b.js", false},
		{"a//b.js", false},
		{"..", true},
		{"a/../b", true},
		{"./a", true},
		{"a\\..\\b", true},
		{"a/%2E%2e/b", true},
		{"Node_Modules/x", true},
		{"a/%6eode_modules", true},
		{"..a/b.", false},
		{"%zz", false},
	}
	for _, tt := range tests {
		if got := badSegment(tt.s); got != tt.want {
			t.Errorf("badSegment(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// FuzzSubpaths feeds arbitrary bytes as the package.json of a package and
// checks that "#…" and package subpath specifiers resolve deterministically,
// to existing files and directories, and never to a file under node_modules.
func FuzzSubpaths(f *testing.F) {
	for _, text := range subpathManifests {
		f.Add([]byte(text), "types/hmrPayload")
	}
	f.Add([]byte(`{"name": "fz", "imports": {"#*": ["../*", "./*", "*"]}, "exports": {"./*": "./*"}}`), "../../outside.ts")
	f.Add([]byte(`{"name": "fz", "imports": {"#x": "#x", "#y": "fz/y"}, "exports": {"./y": "fz/y"}}`), "y")
	f.Add([]byte(`{"name": "fz", "exports": ["./%2e%2e/outside.ts", "./node_modules/x.ts"]}`), "")
	files := append(slices.Clone(subpathFiles), "fz/index.ts", "fz/a/b.ts", "fz/node_modules/x.ts")
	fs := newMemFS(files...)
	f.Fuzz(func(t *testing.T, pkg []byte, spec string) {
		pj := manifest.ParsePackageJSON("fz/package.json", pkg)
		workspaces := append(manifestWorkspaces(t, subpathManifests),
			Workspace{Name: pj.Name, Dir: "fz", Imports: pj.Imports, Exports: pj.ExportMap})
		r, _ := NewResolver(fs, nil, workspaces)
		for _, s := range []string{"#" + spec, pj.Name + "/" + spec, pj.Name} {
			got := r.Resolve("fz/a/b.ts", s)
			if got != r.Resolve("fz/a/b.ts", s) {
				t.Fatalf("Resolve(%q) is not deterministic", s)
			}
			if !slices.Contains(targetKinds, got.Kind) {
				t.Fatalf("Resolve(%q) = %+v: unknown kind", s, got)
			}
			switch got.Kind {
			case TargetModule, TargetFile:
				if !fs.IsFile(got.Path) || strings.Contains(got.Path, "node_modules") {
					t.Fatalf("Resolve(%q) = %+v: no such file, or under node_modules", s, got)
				}
			case TargetPackage:
				if !fs.IsDir(got.Path) {
					t.Fatalf("Resolve(%q) = %+v: no such directory", s, got)
				}
			}
		}
	})
}
