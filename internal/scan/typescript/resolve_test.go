package typescript

import (
	"path"
	"reflect"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// memFS is an in-memory FileSystem: the given files and every directory
// above them.
type memFS struct{ files, dirs map[string]bool }

func newMemFS(files ...string) memFS {
	fs := memFS{files: map[string]bool{}, dirs: map[string]bool{".": true}}
	for _, f := range files {
		fs.files[f] = true
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			fs.dirs[d] = true
		}
	}
	return fs
}

func (m memFS) IsFile(p string) bool { return m.files[p] }
func (m memFS) IsDir(p string) bool  { return m.dirs[p] }

// The fixture repository: a root app under src/, a web app whose tsconfig
// extends through two levels, a tool with paths but no baseUrl, a legacy
// jsconfig project, configs with broken or cyclic extends, and workspaces.
var (
	fixtureFiles = []string{
		"index.ts",
		"src/index.ts", "src/util.ts", "src/util/index.ts", "src/esm.ts", "src/legacy.js",
		"src/both.js", "src/both.ts", "src/styles.css", "src/data.json", "src/mod.mts",
		"src/types.d.ts", "src/widget.jsx", "src/comp.tsx", "src/icon.svg",
		"src/components/index.ts", "src/components/Button.tsx",
		"apps/web/src/main.ts", "apps/web/lib/api.ts", "apps/web/shared.ts",
		"tools/bin/run.ts", "tools/lib/x.ts",
		"legacy/src/app.js", "legacy/src/utils/date.js",
		"cyc/src/app.ts", "cyc/src/lib.ts",
		"arr/src/app.ts", "arr/one/a.ts", "arr/two/a.ts", "arr/one/p/q.ts",
		"pkgext/src/app.ts", "pkgext/lib.ts",
		"bad/app.ts",
		"packages/ui/package.json", "packages/ui/src/index.ts", "packages/ui/src/button.tsx",
		"packages/ui-copy/package.json", "packages/ui-copy/index.ts",
		"packages/core/package.json", "packages/core/index.ts", "packages/core/lib/math.ts",
		"packages/empty/package.json",
		"packages/direct/package.json", "packages/direct/main.js",
	}
	fixtureConfigs = map[string]string{
		"tsconfig.base.json": `{
  // shared by everything
  "compilerOptions": {
    "baseUrl": ".",
    "paths": {
      "@app/*": ["src/*"],
      "@app/special": ["src/util.ts"],
      "@app/components/*": ["src/components/*"],
      "~/*": ["missing/*", "src/*"],
      "#internal/*": ["src/*"],
    },
  },
}`,
		"tsconfig.json":               `{ "extends": "./tsconfig.base.json" }`,
		"apps/web/tsconfig.json":      `{ "extends": "./tsconfig.mid", "compilerOptions": { "baseUrl": "." } }`,
		"apps/web/tsconfig.mid.json":  `{ "extends": "../../tsconfig.base.json", "compilerOptions": { "paths": { "@web/*": ["lib/*"] } } }`,
		"tools/tsconfig.json":         `{ "compilerOptions": { "paths": { "$lib/*": ["./lib/*"] } } }`,
		"legacy/jsconfig.json":        `{ "compilerOptions": { "baseUrl": "src" } }`,
		"cyc/tsconfig.json":           `{ "extends": "./tsconfig.a.json" }`,
		"cyc/tsconfig.a.json":         `{ "extends": "./tsconfig.json", "compilerOptions": { "baseUrl": "src" } }`,
		"arr/tsconfig.json":           `{ "extends": ["./tsconfig.one.json", "./tsconfig.two.json"] }`,
		"arr/tsconfig.one.json":       `{ "compilerOptions": { "baseUrl": "one", "paths": { "p/*": ["../one/p/*"] } } }`,
		"arr/tsconfig.two.json":       `{ "compilerOptions": { "baseUrl": "two" } }`,
		"pkgext/tsconfig.json":        `{ "extends": "@tsconfig/node20/tsconfig.json", "compilerOptions": { "baseUrl": "." } }`,
		"bad/tsconfig.json":           `{ "compilerOptions": `,
		"apps/web/tsconfig.test.json": `{ "extends": "./nowhere.json" }`,
	}
	fixtureWorkspaces = []Workspace{
		{Name: "@acme/ui", Dir: "packages/ui", Entry: "packages/ui/dist/index.js"},
		{Name: "@acme/ui", Dir: "packages/ui-copy"},
		{Name: "core", Dir: "packages/core"},
		{Name: "@acme/empty", Dir: "packages/empty"},
		{Name: "direct", Dir: "packages/direct", Entry: "packages/direct/main.js"},
	}
)

func newFixtureResolver(t *testing.T) (*Resolver, []PathIssue) {
	t.Helper()
	configs := map[string][]byte{}
	for p, c := range fixtureConfigs {
		configs[p] = []byte(c)
	}
	return NewResolver(newMemFS(fixtureFiles...), configs, fixtureWorkspaces)
}

func module(p string) Target   { return Target{Kind: TargetModule, Path: p} }
func external(n string) Target { return Target{Kind: TargetExternal, Name: n} }
func unresolved(s string) Target {
	return Target{Kind: TargetUnresolved, Name: s}
}

func TestResolve(t *testing.T) {
	r, _ := newFixtureResolver(t)
	tests := []struct {
		name, from, spec string
		want             Target
	}{
		// Relative specifiers and probing.
		{"extension probed", "src/index.ts", "./esm", module("src/esm.ts")},
		{"file before directory index", "src/index.ts", "./util", module("src/util.ts")},
		{"directory index", "src/index.ts", "./components", module("src/components/index.ts")},
		{"trailing slash wants the directory", "src/index.ts", "./util/", module("src/util/index.ts")},
		{"tsx probed", "src/components/index.ts", "./Button", module("src/components/Button.tsx")},
		{"explicit source extension", "src/index.ts", "./legacy.js", module("src/legacy.js")},
		{"ESM .js names the .ts source", "src/index.ts", "./esm.js", module("src/esm.ts")},
		{"ESM .jsx names the .tsx source", "src/index.ts", "./comp.jsx", module("src/comp.tsx")},
		{"ESM .mjs names the .mts source", "src/index.ts", "./mod.mjs", module("src/mod.mts")},
		{"an existing .js wins over its .ts", "src/index.ts", "./both.js", module("src/both.js")},
		{"no extension prefers .ts", "src/index.ts", "./both", module("src/both.ts")},
		{"declaration file", "src/index.ts", "./types", module("src/types.d.ts")},
		{"jsx probed", "src/index.ts", "./widget", module("src/widget.jsx")},
		{"non-source file", "src/index.ts", "./styles.css", Target{Kind: TargetFile, Path: "src/styles.css"}},
		{"json file", "src/index.ts", "./data.json", Target{Kind: TargetFile, Path: "src/data.json"}},
		{"json is not probed", "src/index.ts", "./data", unresolved("./data")},
		{"bundler query", "src/index.ts", "./icon.svg?raw", Target{Kind: TargetFile, Path: "src/icon.svg"}},
		{"parent", "src/components/Button.tsx", "../util", module("src/util.ts")},
		{"dot is the directory index", "src/components/Button.tsx", ".", module("src/components/index.ts")},
		{"dotdot to the root index", "src/index.ts", "..", module("index.ts")},
		{"missing", "src/index.ts", "./missing", unresolved("./missing")},
		{"above the root", "src/index.ts", "../../outside", unresolved("../../outside")},
		{"relative into a workspace uses its entry", "apps/web/src/main.ts", "../../../packages/ui", module("packages/ui/src/index.ts")},

		// tsconfig paths and baseUrl.
		{"paths wildcard", "src/index.ts", "@app/util", module("src/util.ts")},
		{"paths exact beats wildcard", "src/index.ts", "@app/special", module("src/util.ts")},
		{"paths longest prefix wins", "src/components/index.ts", "@app/components/Button", module("src/components/Button.tsx")},
		{"paths tries targets in order", "src/index.ts", "~/esm", module("src/esm.ts")},
		{"paths may map #", "src/index.ts", "#internal/util", module("src/util.ts")},
		{"baseUrl", "src/index.ts", "src/components", module("src/components/index.ts")},
		{"config applies to the root file too", "index.ts", "@app/util", module("src/util.ts")},
		{"two-level extends: mid's paths, relative to the child's baseUrl", "apps/web/src/main.ts", "@web/api", module("apps/web/lib/api.ts")},
		{"two-level extends: the child's paths replace the base's", "apps/web/src/main.ts", "@app/util", external("@app/util")},
		{"two-level extends: the child's baseUrl", "apps/web/src/main.ts", "shared", module("apps/web/shared.ts")},
		{"paths without baseUrl are relative to their config", "tools/bin/run.ts", "$lib/x", module("tools/lib/x.ts")},
		{"jsconfig baseUrl", "legacy/src/app.js", "utils/date", module("legacy/src/utils/date.js")},
		{"cyclic extends keeps the other config's options", "cyc/src/app.ts", "lib", module("cyc/src/lib.ts")},
		{"extends array: the later baseUrl wins", "arr/src/app.ts", "a", module("arr/two/a.ts")},
		{"extends array: earlier paths survive, relative to the later baseUrl", "arr/src/app.ts", "p/q", module("arr/one/p/q.ts")},
		{"package extends is skipped, own options apply", "pkgext/src/app.ts", "lib", module("pkgext/lib.ts")},
		{"broken config governs its directory with no options", "bad/app.ts", "@app/util", external("@app/util")},

		// Workspaces.
		{"workspace entry mapped from dist to src", "src/index.ts", "@acme/ui", module("packages/ui/src/index.ts")},
		{"workspace subpath under src", "src/index.ts", "@acme/ui/button", module("packages/ui/src/button.tsx")},
		{"workspace subpath from dist", "src/index.ts", "@acme/ui/dist/button.js", module("packages/ui/src/button.tsx")},
		{"workspace without entry: index", "src/index.ts", "core", module("packages/core/index.ts")},
		{"workspace subpath", "src/index.ts", "core/lib/math", module("packages/core/lib/math.ts")},
		{"workspace subpath not found", "src/index.ts", "core/nope", Target{Kind: TargetPackage, Path: "packages/core", Name: "core"}},
		{"workspace with nothing to resolve", "src/index.ts", "@acme/empty", Target{Kind: TargetPackage, Path: "packages/empty", Name: "@acme/empty"}},
		{"workspace entry that exists", "src/index.ts", "direct", module("packages/direct/main.js")},

		// Builtins and externals.
		{"builtin", "src/index.ts", "fs", external("node:fs")},
		{"builtin with prefix", "src/index.ts", "node:fs", external("node:fs")},
		{"builtin subpath", "src/index.ts", "fs/promises", external("node:fs")},
		{"prefix-only builtin", "src/index.ts", "node:test", external("node:test")},
		{"external", "src/index.ts", "lodash", external("lodash")},
		{"external subpath", "src/index.ts", "lodash/fp", external("lodash")},
		{"scoped external", "src/index.ts", "@scope/x", external("@scope/x")},
		{"scoped external subpath", "src/index.ts", "@scope/x/y/z", external("@scope/x")},
		{"scope alone", "src/index.ts", "@scope", unresolved("@scope")},
		{"subpath import", "legacy/src/app.js", "#internal", unresolved("#internal")},
		{"URL", "src/index.ts", "https://esm.sh/react", unresolved("https://esm.sh/react")},
		{"absolute path", "src/index.ts", "/etc/passwd", unresolved("/etc/passwd")},
		{"empty", "src/index.ts", "", unresolved("")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Resolve(tt.from, tt.spec); got != tt.want {
				t.Errorf("Resolve(%q, %q) = %+v, want %+v", tt.from, tt.spec, got, tt.want)
			}
		})
	}
}

func TestNewResolverIssues(t *testing.T) {
	_, issues := newFixtureResolver(t)
	p := func(path, msg string) PathIssue {
		return PathIssue{Path: path, Issue: extract.Issue{Status: extract.StatusPartial, Message: msg}}
	}
	want := []PathIssue{
		p("apps/web/tsconfig.test.json", `extends "./nowhere.json": apps/web/nowhere.json is not among the scanned configuration files; not followed`),
		p("bad/tsconfig.json", "parse bad/tsconfig.json: hujson: line 1, column 22: parsing value: unexpected EOF; its options are not applied"),
		p("cyc/tsconfig.a.json", "extends cycle cyc/tsconfig.a.json → cyc/tsconfig.json → cyc/tsconfig.a.json; each config in it ignores the extends that leads back to it"),
		p("packages/ui-copy/package.json", `workspace package "@acme/ui" is also declared in packages/ui; imports of it resolve there`),
		p("pkgext/tsconfig.json", `extends "@tsconfig/node20/tsconfig.json" names a package; node_modules is not scanned, so its options are not applied`),
	}
	if !reflect.DeepEqual(issues, want) {
		t.Errorf("issues:\n got %s\nwant %s", dump(issues), dump(want))
	}
}
