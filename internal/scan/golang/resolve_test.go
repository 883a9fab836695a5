package golang

import (
	"testing"
)

// testTree is an in-memory multi-module repository:
//
//	go.mod                 example.com/root (requires cobra, acme/kit; replaces shared locally)
//	tools/go.mod           example.com/root/tools (nested, same path prefix)
//	plugins/x/go.mod       example.com/plugin (nested, unrelated path)
//	dup/a/go.mod, dup/b/go.mod  both example.com/dup
func testTree(t *testing.T) *Resolver {
	t.Helper()
	mods := map[string]string{
		"go.mod": `module example.com/root
go 1.22
require (
	github.com/spf13/cobra v1.8.0
	github.com/acme/kit v1.0.0
)
replace example.com/shared => ./third_party/shared
replace example.com/gone => ../gone
`,
		"tools/go.mod":     "module example.com/root/tools\n",
		"plugins/x/go.mod": "module example.com/plugin\n",
		"dup/b/go.mod":     "module example.com/dup\n",
		"dup/a/go.mod":     "module example.com/dup\n",
	}
	var modules []Module
	for path, src := range mods {
		m := ParseGoMod(path, []byte(src))
		if m.Path == "" {
			t.Fatalf("%s: no module path: %v", path, m.Issues)
		}
		modules = append(modules, m)
	}
	dirs := []string{".", "cmd/app", "internal/db", "tools", "tools/gen", "third_party/shared/util",
		"plugins/x", "plugins/x/sub", "dup/a/p", "dup/b/p"}
	return NewResolver(modules, dirs)
}

func TestResolve(t *testing.T) {
	r := testTree(t)
	pkg := func(dir, name string) Target { return Target{Kind: targetPackage, Path: dir, Name: name} }
	ext := func(name string) Target { return Target{Kind: targetExternal, Name: name} }
	unres := func(name string) Target { return Target{Kind: targetUnresolved, Name: name} }
	tests := []struct {
		name, from, imp string
		want            Target
	}{
		{"in-module package", "cmd/app", "example.com/root/internal/db", pkg("internal/db", "example.com/root/internal/db")},
		{"module root package", "cmd/app", "example.com/root", pkg(".", "example.com/root")},
		{"nested module wins by longest path", "cmd/app", "example.com/root/tools/gen", pkg("tools/gen", "example.com/root/tools/gen")},
		{"nested module imports its parent", "tools/gen", "example.com/root/internal/db", pkg("internal/db", "example.com/root/internal/db")},
		{"in-module missing dir", "cmd/app", "example.com/root/internal/missing", unres("example.com/root/internal/missing")},
		{"dir owned by a nested module is not the parent's", "cmd/app", "example.com/root/plugins/x/sub", unres("example.com/root/plugins/x/sub")},
		{"nested module with its own path", "cmd/app", "example.com/plugin/sub", pkg("plugins/x/sub", "example.com/plugin/sub")},
		{"local replace", "cmd/app", "example.com/shared/util", pkg("third_party/shared/util", "example.com/shared/util")},
		{"local replace, missing dir", "internal/db", "example.com/shared/nothere", unres("example.com/shared/nothere")},
		{"replace belongs to the importer's module only", "tools/gen", "example.com/shared/util", ext("example.com/shared/util")},
		{"replace leaving the repo is ignored", "cmd/app", "example.com/gone/x", ext("example.com/gone/x")},
		{"standard library", "cmd/app", "net/http", ext("net/http")},
		{"standard library, one element", "tools", "fmt", ext("fmt")},
		{"third party through require", "cmd/app", "github.com/spf13/cobra/doc", ext("github.com/spf13/cobra")},
		{"require prefix only on element boundary", "cmd/app", "github.com/acme/kitchen", ext("github.com/acme/kitchen")},
		{"third party without require", "cmd/app", "github.com/other/lib/x", ext("github.com/other/lib/x")},
		{"require of another module is not used", "tools/gen", "github.com/spf13/cobra/doc", ext("github.com/spf13/cobra/doc")},
		{"relative import", "cmd/app", "./relative", unres("./relative")},
		{"malformed import", "cmd/app", "example.com//x", unres("example.com//x")},
		{"duplicate module path: the importer's own", "dup/b/p", "example.com/dup/p", pkg("dup/b/p", "example.com/dup/p")},
		{"duplicate module path: smallest dir otherwise", "cmd/app", "example.com/dup/p", pkg("dup/a/p", "example.com/dup/p")},
		{"unclean fromDir", "./cmd/app/", "github.com/spf13/cobra", ext("github.com/spf13/cobra")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Resolve(tt.from, tt.imp); got != tt.want {
				t.Errorf("Resolve(%q, %q) = %+v, want %+v", tt.from, tt.imp, got, tt.want)
			}
		})
	}
}

func TestImportPathAndModuleOf(t *testing.T) {
	r := testTree(t)
	tests := []struct {
		dir, wantPath, wantModDir string
	}{
		{".", "example.com/root", "."},
		{"internal/db", "example.com/root/internal/db", "."},
		{"tools", "example.com/root/tools", "tools"},
		{"tools/gen", "example.com/root/tools/gen", "tools"},
		{"plugins/x/sub", "example.com/plugin/sub", "plugins/x"},
		{"plugins", "example.com/root/plugins", "."},
	}
	for _, tt := range tests {
		got, ok := r.ImportPath(tt.dir)
		if !ok || got != tt.wantPath {
			t.Errorf("ImportPath(%q) = %q, %v; want %q", tt.dir, got, ok, tt.wantPath)
		}
		m, ok := r.ModuleOf(tt.dir)
		if !ok || m.Dir != tt.wantModDir {
			t.Errorf("ModuleOf(%q) = %q, %v; want dir %q", tt.dir, m.Dir, ok, tt.wantModDir)
		}
	}

	// Without a root go.mod, a directory outside every module has none,
	// and a module whose go.mod has no path owns its dirs but names none.
	r = NewResolver([]Module{ParseGoMod("lib/go.mod", []byte("module example.com/lib\n")),
		ParseGoMod("broken/go.mod", []byte("go 1.21\n"))}, []string{"lib", "scripts", "broken/x"})
	if m, ok := r.ModuleOf("scripts"); ok {
		t.Errorf("ModuleOf(scripts) = %+v, want none", m)
	}
	if p, ok := r.ImportPath("scripts"); ok {
		t.Errorf("ImportPath(scripts) = %q, want none", p)
	}
	if p, ok := r.ImportPath("broken/x"); ok {
		t.Errorf("ImportPath(broken/x) = %q, want none", p)
	}
	if got, want := r.Resolve("scripts", "example.com/lib"), (Target{Kind: targetPackage, Path: "lib", Name: "example.com/lib"}); got != want {
		t.Errorf("Resolve from outside any module = %+v, want %+v", got, want)
	}
	if got, want := r.Resolve("scripts", "github.com/a/b"), (Target{Kind: targetExternal, Name: "github.com/a/b"}); got != want {
		t.Errorf("Resolve third party from outside any module = %+v, want %+v", got, want)
	}
}
