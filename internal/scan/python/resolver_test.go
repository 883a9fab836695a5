package python

import (
	"path"
	"reflect"
	"strings"
	"testing"
)

// memFS is a FileSystem over a list of files; directories are their
// ancestors (without ".", which the resolver must not need).
type memFS struct{ files, dirs map[string]bool }

func newMemFS(files ...string) memFS {
	fs := memFS{files: map[string]bool{}, dirs: map[string]bool{}}
	for _, f := range files {
		fs.files[f] = true
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			fs.dirs[d] = true
		}
	}
	return fs
}

func (fs memFS) IsFile(p string) bool { return fs.files[p] }
func (fs memFS) IsDir(p string) bool  { return fs.dirs[p] }

func (fs memFS) list() []string {
	var out []string
	for f := range fs.files {
		out = append(out, f)
	}
	return out
}

func mod(p string) Target                  { return Target{Kind: TargetModule, Path: p} }
func ext(name string) Target               { return Target{Kind: targetExternal, Name: name} }
func unres(name string) Target             { return Target{Kind: targetUnresolved, Name: name} }
func imp(m string, names ...string) Import { return Import{Module: m, Names: names} }
func rel(level int, m string, names ...string) Import {
	return Import{Module: m, Level: level, Names: names}
}

type resolveCase struct {
	name string
	from string
	imp  Import
	want []Target
}

func runResolve(t *testing.T, fs memFS, pyprojects map[string]Project, tests []resolveCase) {
	t.Helper()
	r := NewResolver(fs, Roots(fs.list(), pyprojects))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Resolve(tt.from, tt.imp); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Resolve(%q, %+v)\n got %+v\nwant %+v", tt.from, tt.imp, got, tt.want)
			}
		})
	}
}

func TestResolveFlatLayout(t *testing.T) {
	fs := newMemFS(
		"pyproject.toml", "app.py", "top.py",
		"pkg/__init__.py", "pkg/mod.py", "pkg/mod.pyi", "pkg/sub/__init__.py", "pkg/sub/deep.py", "pkg/sub/sibling.py",
		"typed/__init__.pyi", "typed/only.pyi",
		"tests/test_app.py", "tests/helpers.py",
		"scripts/run.py",
	)
	runResolve(t, fs, nil, []resolveCase{
		{"module", "app.py", imp("pkg.mod"), []Target{mod("pkg/mod.py")}},
		{"package is its __init__", "app.py", imp("pkg"), []Target{mod("pkg/__init__.py")}},
		{"subpackage", "app.py", imp("pkg.sub"), []Target{mod("pkg/sub/__init__.py")}},
		{"stub-only package and module", "app.py", imp("typed.only"), []Target{mod("typed/only.pyi")}},
		{"stub-only package", "app.py", imp("typed"), []Target{mod("typed/__init__.pyi")}},
		{"from package import submodule", "app.py", imp("pkg", "mod"), []Target{mod("pkg/mod.py")}},
		{"from package import name", "app.py", imp("pkg", "VERSION"), []Target{mod("pkg/__init__.py")}},
		{"several names, deduplicated in order", "app.py", imp("pkg", "mod", "VERSION", "sub", "other"),
			[]Target{mod("pkg/mod.py"), mod("pkg/__init__.py"), mod("pkg/sub/__init__.py")}},
		{"from module import name", "app.py", imp("pkg.mod", "thing"), []Target{mod("pkg/mod.py")}},
		{"wildcard", "app.py", imp("pkg.sub", "*"), []Target{mod("pkg/sub/__init__.py")}},
		{"stdlib is external", "app.py", imp("os.path"), []Target{ext("os")}},
		{"third party is external", "app.py", imp("requests.adapters", "HTTPAdapter"), []Target{ext("requests")}},
		{"missing part of a local package", "app.py", imp("pkg.missing"), []Target{unres("pkg.missing")}},
		{"missing module of a local package in a from-import", "app.py", imp("pkg.missing", "x"), []Target{unres("pkg.missing")}},
		{"script directory", "tests/test_app.py", imp("helpers"), []Target{mod("tests/helpers.py")}},
		{"root before script directory", "tests/test_app.py", imp("pkg.mod"), []Target{mod("pkg/mod.py")}},
		{"a package's directory is not searched", "pkg/sub/deep.py", imp("sibling"), []Target{ext("sibling")}},
		{"level 1", "pkg/sub/deep.py", rel(1, "", "sibling"), []Target{mod("pkg/sub/sibling.py")}},
		{"level 1 name in __init__", "pkg/sub/deep.py", rel(1, "", "helper"), []Target{mod("pkg/sub/__init__.py")}},
		{"level 1 from __init__", "pkg/__init__.py", rel(1, "mod", "thing"), []Target{mod("pkg/mod.py")}},
		{"level 2", "pkg/sub/deep.py", rel(2, "", "mod"), []Target{mod("pkg/mod.py")}},
		{"level 2 with module", "pkg/sub/deep.py", rel(2, "mod", "thing"), []Target{mod("pkg/mod.py")}},
		{"level 3 reaches the root", "pkg/sub/deep.py", rel(3, "", "top"), []Target{mod("top.py")}},
		{"level 4 escapes the root", "pkg/sub/deep.py", rel(4, "", "x"), []Target{unres("....")}},
		{"relative wildcard", "pkg/sub/deep.py", rel(2, "", "*"), []Target{mod("pkg/__init__.py")}},
		{"relative module missing", "pkg/sub/deep.py", rel(1, "gone", "x", "y"), []Target{unres(".gone")}},
		{"relative name missing outside a package", "scripts/run.py", rel(1, "", "nothing"), []Target{unres(".nothing")}},
		{"relative is never external", "pkg/mod.py", rel(1, "os"), []Target{unres(".os")}},
	})
}

func TestResolveSrcLayout(t *testing.T) {
	fs := newMemFS(
		"pyproject.toml", "src/mypkg/__init__.py", "src/mypkg/core.py", "src/mypkg/cli/__main__.py",
		"tests/test_core.py",
	)
	runResolve(t, fs, nil, []resolveCase{
		{"test imports the package", "tests/test_core.py", imp("mypkg.core", "run"), []Target{mod("src/mypkg/core.py")}},
		{"namespace subpackage module", "src/mypkg/core.py", imp("mypkg.cli.__main__"), []Target{mod("src/mypkg/cli/__main__.py")}},
		{"level 2 reaches the src root", "src/mypkg/core.py", rel(2, "", "x"), []Target{unres("..x")}},
		{"level 3 climbs above the src root", "src/mypkg/core.py", rel(3, "", "tests"), []Target{unres("...")}},
	})
}

func TestResolveMonorepo(t *testing.T) {
	fs := newMemFS(
		"services/api/pyproject.toml", "services/api/src/api/__init__.py", "services/api/src/api/routes.py",
		"services/worker/setup.py", "services/worker/worker/__init__.py", "services/worker/worker/jobs.py",
		"libs/common/setup.cfg", "libs/common/common/__init__.py", "libs/common/common/util.py",
		// Two projects with a package of the same name: the nearest wins.
		"apps/a/pyproject.toml", "apps/a/app/__init__.py", "apps/a/app/x.py",
		"apps/b/pyproject.toml", "apps/b/app/__init__.py", "apps/b/app/x.py", "apps/b/app/y.py",
		// A module under two roots containing the importer: the deeper wins.
		"apps/b/shared.py", "shared.py",
		"custom/pyproject.toml", "custom/lib/custompkg/__init__.py",
	)
	pyprojects := map[string]Project{"custom/pyproject.toml": {Dir: "custom", PackageDirs: []string{"custom/lib"}}}
	runResolve(t, fs, pyprojects, []resolveCase{
		{"across projects", "services/api/src/api/routes.py", imp("common.util", "f"), []Target{mod("libs/common/common/util.py")}},
		{"to another service", "services/api/src/api/routes.py", imp("worker.jobs"), []Target{mod("services/worker/worker/jobs.py")}},
		{"within a src layout", "services/api/src/api/routes.py", imp("api", "routes"), []Target{mod("services/api/src/api/routes.py")}},
		{"nearest root first (b)", "apps/b/app/y.py", imp("app.x"), []Target{mod("apps/b/app/x.py")}},
		{"nearest root first (a)", "apps/a/app/x.py", imp("app", "x"), []Target{mod("apps/a/app/x.py")}},
		{"deepest containing root first", "apps/b/app/y.py", imp("shared"), []Target{mod("apps/b/shared.py")}},
		{"the repository root for the rest", "services/worker/worker/jobs.py", imp("shared"), []Target{mod("shared.py")}},
		{"sorted roots for an outsider", "services/worker/worker/jobs.py", imp("app.x"), []Target{mod("apps/a/app/x.py")}},
		{"package dir from pyproject", "services/worker/worker/jobs.py", imp("custompkg"), []Target{mod("custom/lib/custompkg/__init__.py")}},
	})
}

func TestResolveNamespacePackages(t *testing.T) {
	fs := newMemFS("ns/part/mod.py", "other/ns/extra.py", "other/pyproject.toml", "app.py")
	runResolve(t, fs, nil, []resolveCase{
		{"submodule of nested namespaces", "app.py", imp("ns.part.mod"), []Target{mod("ns/part/mod.py")}},
		{"from namespace import submodule", "app.py", imp("ns.part", "mod"), []Target{mod("ns/part/mod.py")}},
		{"namespace spread over roots", "app.py", imp("ns", "extra"), []Target{mod("other/ns/extra.py")}},
		{"a bare namespace is not evidence", "app.py", imp("ns.part"), []Target{ext("ns")}},
		{"name from a namespace", "app.py", imp("ns", "thing"), []Target{ext("ns")}},
		{"missing submodule of a namespace", "app.py", imp("ns.gone"), []Target{ext("ns")}},
	})
}

func TestResolveInvalidInput(t *testing.T) {
	r := NewResolver(newMemFS("a.py"), []string{".", "../outside", "/abs"})
	tests := []struct {
		name string
		from string
		imp  Import
		want []Target
	}{
		{"importer outside the repository", "../x.py", imp("a"), []Target{unres("a")}},
		{"empty module name", "b.py", Import{}, []Target{unres("")}},
		{"malformed module name", "b.py", imp("a..b"), []Target{unres("a..b")}},
		{"negative level", "b.py", Import{Module: "a", Level: -1}, []Target{unres("a")}},
		{"huge level", "b.py", rel(1000, "", "a"), []Target{unres(strings.Repeat(".", 1000))}},
		{"roots outside the repository are ignored", "b.py", imp("a"), []Target{mod("a.py")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Resolve(tt.from, tt.imp); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestModuleName(t *testing.T) {
	fs := newMemFS(
		"setup.py", "pkg/__init__.py", "pkg/sub/__init__.py", "pkg/sub/m.pyi",
		"svc/pyproject.toml", "svc/src/api/__init__.py", "svc/src/api/routes.py",
		"my-dir/x.py", "__init__.py", "README.md", "tools/build.py",
	)
	r := NewResolver(fs, Roots(fs.list(), nil))
	tests := []struct {
		file string
		want string
		ok   bool
	}{
		{"pkg/sub/__init__.py", "pkg.sub", true},
		{"pkg/__init__.py", "pkg", true},
		{"pkg/sub/m.pyi", "pkg.sub.m", true},
		{"svc/src/api/routes.py", "api.routes", true},
		{"svc/src/api/__init__.py", "api", true},
		{"tools/build.py", "tools.build", true},
		{"./pkg/sub/m.pyi", "pkg.sub.m", true},
		{"my-dir/x.py", "", false},
		{"__init__.py", "", false},
		{"README.md", "", false},
		{"../x.py", "", false},
	}
	for _, tt := range tests {
		got, ok := r.ModuleName(tt.file)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ModuleName(%q) = %q, %v; want %q, %v", tt.file, got, ok, tt.want, tt.ok)
		}
	}
}

// The resolver must not depend on the order of the roots it is given.
func TestResolverRootOrder(t *testing.T) {
	fs := newMemFS("x/m.py", "y/m.py", "app.py")
	a := NewResolver(fs, []string{".", "x", "y"})
	b := NewResolver(fs, []string{"y", "x", ".", "y"})
	got, want := b.Resolve("app.py", imp("m")), a.Resolve("app.py", imp("m"))
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(want, []Target{mod("x/m.py")}) {
		t.Errorf("got %+v and %+v, want both [x/m.py]", got, want)
	}
}
