package manifest

import (
	"cmp"
	"slices"
	"strings"
)

// Dependency is one declared dependency of a manifest.
type Dependency struct {
	// Name is the package name; Python names are normalized per PEP 503.
	Name string `json:"name"`
	// Version is the version constraint as written ("" when none).
	Version string `json:"version,omitempty"`
	// Scope is where it was declared: dependencies, devDependencies,
	// peerDependencies, optionalDependencies (package.json); project,
	// optional:<extra>, poetry, poetry-dev, poetry-group:<group>
	// (pyproject.toml).
	Scope string `json:"scope"`
}

// finishDeps sorts deps by (Scope, Name, Version) and keeps the first
// maxDependencies, recording the cut.
func finishDeps(path string, deps []Dependency, is *issues) []Dependency {
	for i := range deps {
		d := &deps[i]
		d.Name, d.Version, d.Scope = validUTF8(d.Name), validUTF8(d.Version), validUTF8(d.Scope)
	}
	slices.SortFunc(deps, func(a, b Dependency) int {
		return cmp.Or(cmp.Compare(a.Scope, b.Scope), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Version, b.Version))
	})
	if n := len(deps); n > maxDependencies {
		is.partial(0, "%s: %d dependencies, only the first %d (by scope and name) are kept", path, n, maxDependencies)
		deps = deps[:maxDependencies]
	}
	return deps
}

// parseRequirement reads a PEP 508 requirement string: the name (the leading
// run of letters, digits, '.', '_', '-', normalized per PEP 503) and the
// version specifier or URL after any extras and before any marker.
func parseRequirement(s string) (name, version string, ok bool) {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && isNameByte(s[end]) {
		end++
	}
	if end == 0 {
		return "", "", false
	}
	name, rest := normalizeName(s[:end]), strings.TrimSpace(s[end:])
	if strings.HasPrefix(rest, "[") {
		i := strings.IndexByte(rest, ']')
		if i < 0 {
			return "", "", false
		}
		rest = strings.TrimSpace(rest[i+1:])
	}
	if i := strings.IndexByte(rest, ';'); i >= 0 {
		rest = strings.TrimSpace(rest[:i])
	}
	if strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
		rest = strings.TrimSpace(rest[1 : len(rest)-1])
	}
	return name, rest, true
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-'
}

// normalizeName applies PEP 503: lowercase, runs of '-', '_', '.' become
// one '-'.
func normalizeName(s string) string {
	var b strings.Builder
	sep := false
	for _, r := range strings.ToLower(s) {
		if r == '-' || r == '_' || r == '.' {
			sep = true
			continue
		}
		if sep {
			b.WriteByte('-')
			sep = false
		}
		b.WriteRune(r)
	}
	if sep {
		b.WriteByte('-')
	}
	return b.String()
}
