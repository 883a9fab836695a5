package typescript

import (
	"net/url"
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/manifest"
)

// subpathImport resolves a `#…` specifier through the "imports" of the
// nearest package.json at or above the importer. That package.json decides
// even without "imports" (as in Node), so an ancestor's never applies.
// No matching key, a null one, or no target found → unresolved.
func (r *Resolver) subpathImport(fromFile, spec string) Target {
	unresolved := Target{Kind: TargetUnresolved, Name: spec}
	scope, ok := r.scopeFor(fromFile)
	if !ok {
		return unresolved
	}
	m, captured, ok := matchMapping(scope.Imports, spec)
	if !ok {
		return unresolved
	}
	if t, ok := r.mapped(scope.Dir, m.Targets, captured, true); ok {
		return t
	}
	return unresolved
}

// scopeFor finds the package.json nearest to a file: at each directory from
// the file's up to the root.
func (r *Resolver) scopeFor(fromFile string) (Workspace, bool) {
	dir := dirOf(fromFile)
	if path.IsAbs(dir) || dir == ".." || strings.HasPrefix(dir, "../") {
		return Workspace{}, false
	}
	for {
		if ws, ok := r.scopes[dir]; ok {
			return ws, true
		}
		if dir == "." {
			return Workspace{}, false
		}
		dir = path.Dir(dir)
	}
}

// matchMapping finds the mapping Node uses for key ("#x", "." or "./x"):
// the key itself when key has no "*"; else, among keys with exactly one
// "*" whose prefix and suffix frame key around at least one character, the
// one with the longest prefix, then the longest key, then the first written
// (Node's PATTERN_KEY_COMPARE). captured is what the "*" stands for; it is
// "" exactly when the match is not a pattern.
func matchMapping(ms []manifest.Mapping, key string) (m manifest.Mapping, captured string, ok bool) {
	if !strings.Contains(key, "*") {
		for _, m := range ms {
			if m.Key == key {
				return m, "", true
			}
		}
	}
	best := -1
	for i, cand := range ms {
		star := strings.IndexByte(cand.Key, '*')
		if star < 0 || strings.Count(cand.Key, "*") != 1 || len(key) < len(cand.Key) {
			continue
		}
		prefix, suffix := cand.Key[:star], cand.Key[star+1:]
		if !strings.HasPrefix(key, prefix) || !strings.HasSuffix(key, suffix) {
			continue
		}
		if best >= 0 && !patternBefore(cand.Key, ms[best].Key) {
			continue
		}
		best, captured = i, key[star:len(key)-len(suffix)]
	}
	if best < 0 {
		return manifest.Mapping{}, "", false
	}
	return ms[best], captured, true
}

// patternBefore reports whether pattern key a takes precedence over b: a
// longer part up to and including the "*", else a longer key.
func patternBefore(a, b string) bool {
	baseA, baseB := strings.IndexByte(a, '*')+1, strings.IndexByte(b, '*')+1
	if baseA != baseB {
		return baseA > baseB
	}
	return len(a) > len(b)
}

// mapped resolves the targets of a mapping of the package in dir, in order,
// "*" replaced by captured when the match was a pattern; the first that
// resolves wins. A target "./…" is probed under dir, then mapped from build
// output to src/ (as a workspace subpath is). A target naming a package is
// resolved as a bare specifier when internal (an "imports" target, as Node
// allows); "exports" targets must start with "./". Targets or captures with
// a ".", ".." or "node_modules" segment are invalid, as in Node: they would
// leave the package.
func (r *Resolver) mapped(dir string, targets []string, captured string, internal bool) (Target, bool) {
	if captured != "" && badSegment(captured) {
		return Target{}, false
	}
	fill := func(s string) string {
		if captured == "" {
			return s
		}
		return strings.ReplaceAll(s, "*", captured)
	}
	for _, target := range targets {
		rel, local := strings.CutPrefix(target, "./")
		switch {
		case local:
			if badSegment(rel) {
				continue
			}
			if t, ok := r.probeUnder(dir, fill(rel)); ok {
				return t, true
			}
		case internal && target != "" && !strings.HasPrefix(target, "../") && !strings.HasPrefix(target, "/"):
			if t := r.bare(fill(target)); t.Kind != TargetUnresolved {
				return t, true
			}
		}
	}
	return Target{}, false
}

// probeUnder probes the package-relative path rel in dir, then rel mapped
// from build output to src/.
func (r *Resolver) probeUnder(dir, rel string) (Target, bool) {
	candidates := []string{rel}
	if s, ok := builtToSource(rel); ok {
		candidates = append(candidates, s)
	}
	for _, c := range candidates {
		if p, ok := joinWithin(dir, c); ok {
			if t, ok := r.probe(p, false); ok {
				return t, true
			}
		}
	}
	return Target{}, false
}

// badSegment reports whether s has a ".", ".." or "node_modules" segment,
// in any case and percent-encoded or not, with "/" or "\" as separators
// (Node's invalid segments; empty ones it only deprecates).
func badSegment(s string) bool {
	for _, seg := range strings.FieldsFunc(s, func(c rune) bool { return c == '/' || c == '\\' }) {
		seg = strings.ToLower(seg)
		if u, err := url.PathUnescape(seg); err == nil {
			seg = u
		}
		if seg == "." || seg == ".." || seg == "node_modules" {
			return true
		}
	}
	return false
}
