package manifest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// PackageJSON is the extraction of one package.json.
type PackageJSON struct {
	Name    string `json:"name,omitempty"`
	Version string `json:"version,omitempty"`
	Private bool   `json:"private,omitempty"`
	// Workspaces are the globs of "workspaces", as an array or as
	// {"packages": [...]}, in source order.
	Workspaces []string `json:"workspaces,omitempty"`
	Main       string   `json:"main,omitempty"`
	Module     string   `json:"module,omitempty"`
	// Types is "types", or "typings" when "types" is absent.
	Types string `json:"types,omitempty"`
	// Exports is "exports" when it is a string, else exports["."] when that
	// is a string, else "".
	Exports string `json:"exports,omitempty"`
	// Imports is "imports" (subpath imports, keys starting with "#"), in
	// source order.
	Imports []Mapping `json:"imports,omitempty"`
	// ExportMap is "exports" as subpath keys ("." and "./…"), in source
	// order; a string, array or conditions object is the "." key.
	ExportMap    []Mapping       `json:"exportMap,omitempty"`
	Dependencies []Dependency    `json:"dependencies,omitempty"`
	Issues       []extract.Issue `json:"issues,omitempty"`
}

// packageJSONScopes are the dependency maps read, each its own Scope.
var packageJSONScopes = []string{"dependencies", "devDependencies", "peerDependencies", "optionalDependencies"}

// jsonField is one top-level member: its raw value, its key's line and the
// line its value starts on.
type jsonField struct {
	raw       json.RawMessage
	line      int
	valueLine int
}

// ParsePackageJSON parses one package.json. path is used in messages only.
func ParsePackageJSON(path string, data []byte) PackageJSON {
	var out PackageJSON
	var is issues
	// The BOM holds no newline, so lines in the trimmed text are the file's.
	text := bytes.TrimPrefix(data, bom)
	fields, err := topLevelFields(text)
	if err != nil {
		var line int
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// Offset counts the bytes read, the offending one included.
			line = lineAt(text, int(se.Offset)-1)
		}
		is.add(line, extract.StatusNotAnalyzed, "%s: %v", path, err)
		out.Issues = is.done()
		return out
	}
	str := func(key string) string {
		f, ok := fields[key]
		var s string
		if ok && json.Unmarshal(f.raw, &s) != nil {
			is.partial(f.line, "%s: %q must be a string", path, key)
		}
		return validUTF8(s)
	}
	out.Name, out.Version = str("name"), str("version")
	out.Main, out.Module, out.Types = str("main"), str("module"), str("types")
	if out.Types == "" {
		out.Types = str("typings")
	}
	if f, ok := fields["private"]; ok && json.Unmarshal(f.raw, &out.Private) != nil {
		is.partial(f.line, "%s: \"private\" must be a boolean", path)
	}
	if f, ok := fields["workspaces"]; ok {
		out.Workspaces = workspaces(path, f, &is)
	}
	if f, ok := fields["exports"]; ok {
		out.Exports = mainExport(f.raw)
		out.ExportMap = exportMap(path, f, &is)
	}
	if f, ok := fields["imports"]; ok {
		out.Imports = importMap(path, f, &is)
	}
	var deps []Dependency
	for _, scope := range packageJSONScopes {
		if f, ok := fields[scope]; ok {
			deps = append(deps, jsonDeps(path, scope, f, &is)...)
		}
	}
	out.Dependencies = finishDeps(path, deps, &is)
	out.Issues = is.done()
	return out
}

// topLevelFields validates data as one JSON object and returns its members
// with the line of each key. A repeated key keeps its last value, as
// JSON.parse does.
func topLevelFields(data []byte) (map[string]jsonField, error) {
	var whole json.RawMessage
	if err := json.Unmarshal(data, &whole); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("top-level value is not an object")
	}
	fields := map[string]jsonField{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("read key: %w", err)
		}
		key, _ := tok.(string)
		line := lineAt(data, int(dec.InputOffset()))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("read %q: %w", key, err)
		}
		// The raw value has no leading space and ends where the decoder is.
		valueLine := lineAt(data, int(dec.InputOffset())-len(raw))
		fields[key] = jsonField{raw: raw, line: line, valueLine: valueLine}
	}
	return fields, nil
}

// workspaces reads ["glob", …] or {"packages": ["glob", …]}.
func workspaces(path string, f jsonField, is *issues) []string {
	var list []any
	if json.Unmarshal(f.raw, &list) != nil {
		var obj struct {
			Packages []any `json:"packages"`
		}
		if json.Unmarshal(f.raw, &obj) != nil {
			is.partial(f.line, "%s: \"workspaces\" must be an array of globs or {\"packages\": [...]}", path)
			return nil
		}
		list = obj.Packages
	}
	var out []string
	for i, v := range list {
		s, ok := v.(string)
		if !ok || s == "" {
			is.partial(f.line, "%s: workspaces[%d] is not a glob", path, i)
			continue
		}
		if len(out) == maxPatterns {
			is.partial(f.line, "%s: %d workspace globs, only the first %d are kept", path, len(list), maxPatterns)
			break
		}
		out = append(out, validUTF8(s))
	}
	return out
}

// mainExport is the entry point "exports" names for ".", when it names one
// path; condition objects and arrays give "".
func mainExport(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	if s, ok := v.(string); ok {
		return validUTF8(s)
	}
	if m, ok := v.(map[string]any); ok {
		if s, ok := m["."].(string); ok {
			return validUTF8(s)
		}
	}
	return ""
}

// jsonDeps reads one {"name": "version"} map.
func jsonDeps(path, scope string, f jsonField, is *issues) []Dependency {
	var m map[string]any
	if json.Unmarshal(f.raw, &m) != nil {
		is.partial(f.line, "%s: %q must be an object of versions", path, scope)
		return nil
	}
	var out []Dependency
	// Sorted, so that Issues do not follow map order.
	for _, name := range slices.Sorted(maps.Keys(m)) {
		v, ok := m[name].(string)
		if !ok {
			is.partial(f.line, "%s: %s.%s: version must be a string", path, scope, name)
			continue
		}
		out = append(out, Dependency{Name: name, Version: v, Scope: scope})
	}
	return out
}
