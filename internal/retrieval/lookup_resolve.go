package retrieval

import (
	"cmp"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Bounds of a resolution error's lists.
const (
	// maxResolveCandidates bounds the candidates an ambiguous target lists.
	maxResolveCandidates = 10
	// MaxSuggestions bounds the did-you-mean suggestions of an unknown one.
	MaxSuggestions = 5
)

// Sentinels for errors.Is on a *resolveError.
var (
	errUnknownTarget   = errors.New("unknown target")
	errAmbiguousTarget = errors.New("ambiguous target")
)

// resolveError says why a lookup target names no single entity. Candidates
// are the entity ids it could mean (ambiguous) or suggestions (unknown),
// sorted and bounded; More counts those left out. A symbol declared by
// several modules lists each declaration in Symbols, beside its module's
// id in Candidates.
type resolveError struct {
	Target     string
	Ambiguous  bool
	Candidates []string
	Symbols    []symbolMatch
	More       int
}

func (e *resolveError) Error() string {
	var b strings.Builder
	switch {
	case e.Ambiguous && len(e.Symbols) > 0:
		list := make([]string, len(e.Symbols))
		for i, m := range e.Symbols {
			list[i] = m.String()
		}
		fmt.Fprintf(&b, "%q is ambiguous: it names %s", e.Target, strings.Join(list, ", "))
	case e.Ambiguous:
		fmt.Fprintf(&b, "%q is ambiguous: it names %s", e.Target, strings.Join(e.Candidates, ", "))
	default:
		fmt.Fprintf(&b, "no entity %q", e.Target)
		if len(e.Candidates) > 0 {
			fmt.Fprintf(&b, "; did you mean %s", strings.Join(e.Candidates, ", "))
		}
	}
	if e.More > 0 {
		fmt.Fprintf(&b, " (and %d more)", e.More)
	}
	switch {
	case e.Ambiguous && len(e.Symbols) > 0:
		b.WriteString("; look one up by a qualified name or its module's path")
	case e.Ambiguous:
		b.WriteString("; look one up by its id")
	}
	return b.String()
}

// Unwrap makes errors.Is(err, errAmbiguousTarget / errUnknownTarget) work.
func (e *resolveError) Unwrap() error {
	if e.Ambiguous {
		return errAmbiguousTarget
	}
	return errUnknownTarget
}

// resolve finds the one entity target names, trying in turn: an entity id;
// a path of a document, module, package or area (a directory holding both
// a package and an area is the package, which contains the area); an alias,
// or the name of a package or area; an exported symbol (resolveSymbol),
// whose module is the entity and whose declaration sym is. The first step
// with any match decides.
func (g *lookupGraph) resolve(target string) (e *snapshot.Entity, sym *LookupSymbol, err error) {
	target = strings.TrimSpace(target)
	if target == "" {
		return nil, nil, &resolveError{Target: target}
	}
	if e, ok := g.entity(target); ok {
		return e, nil, nil
	}
	if p, ok := lookupCleanPath(target); ok {
		var hits []string
		for i := range g.idx.Entities() {
			e := &g.idx.Entities()[i]
			id := e.ID
			if e.Path == p && lookupHasPath(e.Kind) {
				hits = append(hits, id)
			}
		}
		if len(hits) == 2 && g.idx.Entity(hits[0]).Kind == snapshot.KindArea && g.idx.Entity(hits[1]).Kind == snapshot.KindPackage {
			hits = hits[1:]
		}
		if len(hits) > 0 {
			e, err := g.one(target, hits)
			return e, nil, err
		}
	}
	var hits []string
	for i := range g.idx.Entities() {
		e := &g.idx.Entities()[i]
		id := e.ID
		named := (e.Kind == snapshot.KindPackage || e.Kind == snapshot.KindArea) && e.Name == target
		if named || slices.Contains(e.Aliases, target) {
			hits = append(hits, id)
		}
	}
	if len(hits) > 0 {
		e, err := g.one(target, hits)
		return e, nil, err
	}
	if e, sym, err := g.resolveSymbol(target); e != nil || err != nil {
		return e, sym, err
	}
	return nil, nil, g.unknown(target)
}

// one returns the single hit or an ambiguity error listing the hits
// (already sorted).
func (g *lookupGraph) one(target string, hits []string) (*snapshot.Entity, error) {
	if len(hits) == 1 {
		return g.idx.Entity(hits[0]), nil
	}
	err := &resolveError{Target: target, Ambiguous: true, Candidates: hits}
	if len(hits) > maxResolveCandidates {
		err.Candidates, err.More = hits[:maxResolveCandidates], len(hits)-maxResolveCandidates
	}
	return nil, err
}

// lookupNear is one suggestion: its text, the entity (or symbol) it
// stands for and its score.
type lookupNear struct {
	text, id string
	score    float64
}

// unknown builds the did-you-mean: every id, path and alias within the
// near-miss threshold (Jaro-Winkler ≥ nearmiss.Threshold, the scan's),
// one per entity, and every declared symbol name near it
// (symbolSuggestions), best first; then the other entities whose file or
// directory name is within it of the target's base name, best first.
func (g *lookupGraph) unknown(target string) error {
	type near = lookupNear
	var hits []near
	for i := range g.idx.Entities() {
		e := &g.idx.Entities()[i]
		id := e.ID
		best := near{id: id}
		for _, c := range append([]string{id, e.Path}, e.Aliases...) {
			if c == "" {
				continue
			}
			if sc := nearmiss.JaroWinkler(target, c); sc >= nearmiss.Threshold && sc > best.score {
				best.text, best.score = c, sc
			}
		}
		if best.text != "" {
			hits = append(hits, best)
		}
	}
	hits = append(hits, g.symbolSuggestions(target)...)
	slices.SortFunc(hits, func(a, b near) int {
		return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.text, b.text))
	})
	var sugg []string
	named, said := map[string]bool{}, map[string]bool{}
	for _, h := range hits {
		named[h.id] = true
		if !said[h.text] { // a package and an area share a path
			said[h.text] = true
			sugg = append(sugg, h.text)
		}
	}
	if p, ok := lookupCleanPath(target); ok && p != "." {
		base := path.Base(p)
		var byBase []near
		for i := range g.idx.Entities() {
			e := &g.idx.Entities()[i]
			id := e.ID
			if !lookupHasPath(e.Kind) || e.Path == "" || named[id] {
				continue
			}
			if sc := nearmiss.JaroWinkler(base, path.Base(e.Path)); sc >= nearmiss.Threshold {
				byBase = append(byBase, near{text: id, id: id, score: sc})
			}
		}
		slices.SortFunc(byBase, func(a, b near) int {
			return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.text, b.text))
		})
		for _, h := range byBase {
			sugg = append(sugg, h.id)
		}
	}
	err := &resolveError{Target: target, Candidates: sugg}
	if len(sugg) > MaxSuggestions {
		err.Candidates, err.More = sugg[:MaxSuggestions], len(sugg)-MaxSuggestions
	}
	return err
}

// lookupHasPath reports whether entities of kind are found by path.
func lookupHasPath(kind string) bool {
	switch kind {
	case snapshot.KindDocument, snapshot.KindModule, snapshot.KindPackage, snapshot.KindArea:
		return true
	}
	return false
}

// lookupCleanPath turns a user's path into the snapshot's form: slashes,
// no "./" or trailing slash, relative to the root. Paths leaving the root
// name nothing.
func lookupCleanPath(s string) (string, bool) {
	s = strings.ReplaceAll(s, `\`, "/")
	if strings.HasPrefix(s, "/") {
		return "", false
	}
	p := path.Clean(s)
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}
