package manifest

import (
	"maps"
	"path"
	"slices"
	"strings"
)

// packageDirs collects the directories holding import packages, relative
// to the repository: setuptools package-dir values and packages.find.where,
// and Poetry packages (from/include; a glob or file include names its from
// directory). Directories leaving the repository are reported and dropped.
func (r tomlReader) packageDirs(setuptools, poetry map[string]any) []string {
	var rel []string
	pkgDir := r.table(setuptools, "tool.setuptools", "package-dir")
	for _, k := range slices.Sorted(maps.Keys(pkgDir)) {
		s, ok := pkgDir[k].(string)
		if !ok {
			r.is.partial(0, "%s: tool.setuptools.package-dir.%s must be a string", r.path, k)
			continue
		}
		rel = append(rel, s)
	}
	// packages is either a list of names (no directories) or {find = {...}}.
	if packages, ok := setuptools["packages"].(map[string]any); ok {
		find := r.table(packages, "tool.setuptools.packages", "find")
		rel = append(rel, r.strings(find["where"], "tool.setuptools.packages.find.where")...)
	}
	for i, entry := range r.poetryPackages(poetry["packages"]) {
		if entry == nil {
			continue
		}
		include, _ := entry["include"].(string)
		from, _ := entry["from"].(string)
		if include == "" {
			r.is.partial(0, "%s: tool.poetry.packages[%d] has no include", r.path, i)
			continue
		}
		if strings.ContainsAny(include, "*?[") || strings.HasSuffix(include, ".py") {
			include = "."
		}
		rel = append(rel, path.Join(from, include))
	}

	base := path.Dir(cleanRel(r.path))
	seen := map[string]bool{}
	var out []string
	for _, d := range rel {
		d = strings.ReplaceAll(d, `\`, "/")
		joined := path.Join(base, d)
		if path.IsAbs(d) || len(d) >= 2 && d[1] == ':' || joined == ".." || strings.HasPrefix(joined, "../") {
			r.is.partial(0, "%s: package directory %q leaves the repository", r.path, d)
			continue
		}
		joined = validUTF8(joined)
		if !seen[joined] {
			seen[joined] = true
			out = append(out, joined)
		}
	}
	slices.Sort(out)
	if n := len(out); n > maxPackageDirs {
		r.is.partial(0, "%s: %d package directories, only the first %d are kept", r.path, n, maxPackageDirs)
		out = out[:maxPackageDirs]
	}
	return out
}

// poetryPackages reads tool.poetry.packages, which TOML decodes as an
// array of tables or as an array holding inline tables.
func (r tomlReader) poetryPackages(v any) []map[string]any {
	switch list := v.(type) {
	case nil:
		return nil
	case []map[string]any:
		return list
	case []any:
		var out []map[string]any
		for i, e := range list {
			m, ok := e.(map[string]any)
			if !ok {
				r.is.partial(0, "%s: tool.poetry.packages[%d] must be a table", r.path, i)
				// nil keeps the indexes in later messages true.
			}
			out = append(out, m)
		}
		return out
	}
	r.is.partial(0, "%s: tool.poetry.packages must be an array of tables", r.path)
	return nil
}

// cleanRel normalises a slash-separated repo-relative path: no "./" or
// trailing slash, "." for the root, no leading "..".
func cleanRel(p string) string {
	p = path.Clean("/" + p)
	if p == "/" {
		return "."
	}
	return p[1:]
}
