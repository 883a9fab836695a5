package manifest

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// PyProject is the extraction of one pyproject.toml.
type PyProject struct {
	// Name is project.name, else tool.poetry.name.
	Name         string       `json:"name,omitempty"`
	Dependencies []Dependency `json:"dependencies,omitempty"`
	// PackageDirs are the repo-relative directories holding import
	// packages, from tool.setuptools package-dir and packages.find.where and
	// tool.poetry.packages; sorted, without duplicates.
	PackageDirs []string        `json:"packageDirs,omitempty"`
	Issues      []extract.Issue `json:"issues,omitempty"`
}

// ParsePyProject parses the pyproject.toml at the repo-relative path p.
// TOML syntax errors carry their line; a value of the wrong type names its
// key (the decoder gives no line for it).
func ParsePyProject(p string, data []byte) PyProject {
	var out PyProject
	var is issues
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		line := 0
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line = pe.Position.Line
		}
		is.add(line, extract.StatusNotAnalyzed, "%s: %v", p, err)
		out.Issues = is.done()
		return out
	}
	r := tomlReader{path: p, is: &is}
	project := r.table(doc, "", "project")
	tool := r.table(doc, "", "tool")
	poetry := r.table(tool, "tool", "poetry")
	out.Name = r.str(project, "project", "name")
	if out.Name == "" {
		out.Name = r.str(poetry, "tool.poetry", "name")
	}
	out.Name = validUTF8(out.Name)

	var deps []Dependency
	deps = append(deps, r.requirements(project["dependencies"], "project.dependencies", "project")...)
	extras := r.table(project, "project", "optional-dependencies")
	for _, extra := range slices.Sorted(maps.Keys(extras)) {
		deps = append(deps, r.requirements(extras[extra], "project.optional-dependencies."+extra, "optional:"+extra)...)
	}
	deps = append(deps, r.poetryDeps(poetry, "tool.poetry", "dependencies", "poetry")...)
	deps = append(deps, r.poetryDeps(poetry, "tool.poetry", "dev-dependencies", "poetry-dev")...)
	groups := r.table(poetry, "tool.poetry", "group")
	for _, g := range slices.Sorted(maps.Keys(groups)) {
		where := "tool.poetry.group." + g
		group := r.table(groups, "tool.poetry.group", g)
		deps = append(deps, r.poetryDeps(group, where, "dependencies", "poetry-group:"+g)...)
	}
	out.Dependencies = finishDeps(p, deps, &is)
	out.PackageDirs = r.packageDirs(r.table(tool, "tool", "setuptools"), poetry)
	out.Issues = is.done()
	return out
}

// tomlReader walks a decoded document, recording values of the wrong type.
type tomlReader struct {
	path string
	is   *issues
}

// table returns t[key] as a table; nil (and an Issue) when it is another
// type. where is t's dotted key, for messages.
func (r tomlReader) table(t map[string]any, where, key string) map[string]any {
	v, ok := t[key]
	if !ok {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		r.is.partial(0, "%s: %s must be a table", r.path, dotted(where, key))
	}
	return m
}

func dotted(where, key string) string {
	if where == "" {
		return key
	}
	return where + "." + key
}

func (r tomlReader) str(t map[string]any, where, key string) string {
	v, ok := t[key]
	if !ok {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		r.is.partial(0, "%s: %s.%s must be a string", r.path, where, key)
	}
	return s
}

// strings reads an array of strings, reporting other elements.
func (r tomlReader) strings(v any, where string) []string {
	if v == nil {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		r.is.partial(0, "%s: %s must be an array of strings", r.path, where)
		return nil
	}
	var out []string
	for i, e := range list {
		s, ok := e.(string)
		if !ok {
			r.is.partial(0, "%s: %s[%d] must be a string", r.path, where, i)
			continue
		}
		out = append(out, s)
	}
	return out
}

// requirements reads an array of PEP 508 requirement strings.
func (r tomlReader) requirements(v any, where, scope string) []Dependency {
	var out []Dependency
	for _, s := range r.strings(v, where) {
		name, version, ok := parseRequirement(s)
		if !ok {
			r.is.partial(0, "%s: %s: %q is not a PEP 508 requirement", r.path, where, s)
			continue
		}
		out = append(out, Dependency{Name: name, Version: version, Scope: scope})
	}
	return out
}

// poetryDeps reads a Poetry dependency table: name = "constraint", or a
// table with an optional version, or an array of such tables. "python" is
// the interpreter, not a dependency.
func (r tomlReader) poetryDeps(t map[string]any, where, key, scope string) []Dependency {
	deps := r.table(t, where, key)
	where = dotted(where, key)
	var out []Dependency
	for _, name := range slices.Sorted(maps.Keys(deps)) {
		if strings.EqualFold(name, "python") {
			continue
		}
		d := Dependency{Name: normalizeName(name), Scope: scope}
		switch v := deps[name].(type) {
		case string:
			d.Version = v
		case map[string]any:
			d.Version, _ = v["version"].(string)
		case []any, []map[string]any:
			// Several constraints by marker: the name is what matters.
		default:
			r.is.partial(0, "%s: %s.%s must be a string, table or array", r.path, where, name)
			continue
		}
		out = append(out, d)
	}
	return out
}
