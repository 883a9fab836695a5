package manifest

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

func TestParsePyProject(t *testing.T) {
	tests := []struct {
		fixture string
		want    PyProject
	}{
		{"pep621.toml", PyProject{
			Name: "Acme-Tools",
			Dependencies: []Dependency{
				{Name: "sphinx", Scope: "optional:docs"},
				{Name: "py-test-cov", Scope: "optional:test"},
				{Name: "pytest", Version: ">=8", Scope: "optional:test"},
				{Name: "attrs", Scope: "project"},
				{Name: "pip", Version: "@ https://example.com/pip.zip", Scope: "project"},
				{Name: "requests", Version: ">= 2.31", Scope: "project"},
				{Name: "zope-interface", Version: ">=5.0", Scope: "project"},
			},
			PackageDirs: []string{"py/old/legacy", "py/plugins", "py/src"},
			Issues: []extract.Issue{{Status: extract.StatusPartial,
				Message: `py/pyproject.toml: project.dependencies: ">=1.0" is not a PEP 508 requirement`}},
		}},
		{"poetry.toml", PyProject{
			Name: "poetry-app",
			Dependencies: []Dependency{
				{Name: "django", Version: "^5.0", Scope: "poetry"},
				{Name: "local-lib", Scope: "poetry"},
				{Name: "multi", Scope: "poetry"},
				{Name: "numpy", Version: ">=1.26", Scope: "poetry"},
				{Name: "black", Version: "^24", Scope: "poetry-dev"},
				{Name: "pytest", Version: "^8", Scope: "poetry-group:test"},
			},
			PackageDirs: []string{"py", "py/src/app", "py/tool"},
		}},
		{"broken.toml", PyProject{Issues: []extract.Issue{{Line: 6, Status: extract.StatusNotAnalyzed,
			Message: `py/pyproject.toml: toml: line 6 (last key "project.dependencies"): expected a comma (',') or array terminator (']'), but got '"'`}}}},
		{"escape.toml", PyProject{Issues: []extract.Issue{
			{Status: extract.StatusPartial, Message: `py/pyproject.toml: package directory "../../outside" leaves the repository`},
			{Status: extract.StatusPartial, Message: `py/pyproject.toml: package directory "/usr/lib" leaves the repository`},
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			got := ParsePyProject("py/pyproject.toml", readFixture(t, filepath.Join("pyproject", tt.fixture)))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParsePyProjectWrongTypes(t *testing.T) {
	src := `
[project]
name = 3
dependencies = "requests"
optional-dependencies = { test = ["ok", 5] }

[tool.poetry]
dependencies = { a = 1 }
packages = ["nope"]
`
	got := ParsePyProject("pyproject.toml", []byte(src))
	want := []string{
		"pyproject.toml: project.name must be a string",
		"pyproject.toml: project.dependencies must be an array of strings",
		"pyproject.toml: project.optional-dependencies.test[1] must be a string",
		"pyproject.toml: tool.poetry.dependencies.a must be a string, table or array",
		"pyproject.toml: tool.poetry.packages[0] must be a table",
	}
	var msgs []string
	for _, is := range got.Issues {
		msgs = append(msgs, is.Message)
	}
	if !reflect.DeepEqual(msgs, want) {
		t.Errorf("issues:\n got %q\nwant %q", msgs, want)
	}
	if wantDeps := []Dependency{{Name: "ok", Scope: "optional:test"}}; !reflect.DeepEqual(got.Dependencies, wantDeps) {
		t.Errorf("dependencies %+v, want %+v", got.Dependencies, wantDeps)
	}
}

func TestPyProjectBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("[project]\ndependencies = [\n")
	for i := range maxDependencies + 10 {
		fmt.Fprintf(&b, "  \"dep%05d\",\n", i)
	}
	b.WriteString("]\n[tool.setuptools.package-dir]\n")
	for i := range maxPackageDirs + 1 {
		fmt.Fprintf(&b, "p%d = \"d%04d\"\n", i, i)
	}
	got := ParsePyProject("pyproject.toml", []byte(b.String()))
	if len(got.Dependencies) != maxDependencies || got.Dependencies[maxDependencies-1].Name != fmt.Sprintf("dep%05d", maxDependencies-1) {
		t.Errorf("%d dependencies kept", len(got.Dependencies))
	}
	if len(got.PackageDirs) != maxPackageDirs || got.PackageDirs[0] != "d0000" {
		t.Errorf("%d package dirs kept, first %q", len(got.PackageDirs), got.PackageDirs[0])
	}
	want := []extract.Issue{
		{Status: extract.StatusPartial, Message: fmt.Sprintf("pyproject.toml: %d dependencies, only the first %d (by scope and name) are kept", maxDependencies+10, maxDependencies)},
		{Status: extract.StatusPartial, Message: fmt.Sprintf("pyproject.toml: %d package directories, only the first %d are kept", maxPackageDirs+1, maxPackageDirs)},
	}
	if !reflect.DeepEqual(got.Issues, want) {
		t.Errorf("issues:\n got %+v\nwant %+v", got.Issues, want)
	}
}

func TestParseRequirement(t *testing.T) {
	tests := []struct {
		in, name, version string
		ok                bool
	}{
		{"requests", "requests", "", true},
		{"  Requests_OAuthlib>=1.0", "requests-oauthlib", ">=1.0", true},
		{"a.b__c--d", "a-b-c-d", "", true},
		{"foo[bar,baz] (>=1,<2) ; os_name == 'nt'", "foo", ">=1,<2", true},
		{"name@ git+https://x/y.git", "name", "@ git+https://x/y.git", true},
		{"pkg; python_version<'3'", "pkg", "", true},
		{"foo[unclosed >=1", "", "", false},
		{"", "", "", false},
		{"[extra]", "", "", false},
	}
	for _, tt := range tests {
		name, version, ok := parseRequirement(tt.in)
		if name != tt.name || version != tt.version || ok != tt.ok {
			t.Errorf("parseRequirement(%q) = %q, %q, %v; want %q, %q, %v", tt.in, name, version, ok, tt.name, tt.version, tt.ok)
		}
	}
}
