package retrieval

import (
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Bounds of the evidence excerpts.
const (
	// maxExcerpts bounds the excerpts of one lookup.
	maxExcerpts = 20
	// maxExcerptRunes bounds the text of one excerpt.
	maxExcerptRunes = 200
)

type lookupLoc struct {
	path string
	line int
}

// excerpts reads the lines of the entity's evidence, in this order: the
// declaration of the symbol looked up, the entity's own evidence, its
// diagnostics' locations, the relations from its related documents (in
// their order), then every other relation incident to it (out, then in,
// by relation id). Locations repeat once;
// those without a line or that read cannot supply are skipped.
func (g *lookupGraph) excerpts(e *snapshot.Entity, res *LookupResult, read func(string, int) (string, bool), trunc *[]Truncation) []Excerpt {
	seen := map[lookupLoc]bool{}
	var locs []lookupLoc
	add := func(path string, line int) {
		l := lookupLoc{path, line}
		if path == "" || line < 1 || seen[l] {
			return
		}
		seen[l] = true
		locs = append(locs, l)
	}
	addRelation := func(r *snapshot.Relation) {
		for _, ev := range r.Evidence {
			add(ev.Path, ev.LineStart)
		}
	}
	if sym := res.Entity.Symbol; sym != nil {
		add(e.Path, sym.Line) // the declaration looked up
	}
	for _, ev := range e.Evidence {
		add(ev.Path, ev.LineStart)
	}
	for _, d := range res.Diagnostics {
		for _, l := range d.Evidence {
			add(l.Path, l.Line)
		}
	}
	listed := map[string]bool{}
	for _, d := range res.Documents {
		listed[d.ID] = true
		for _, r := range g.inOf(e.ID) {
			if r.From == d.ID {
				addRelation(r)
			}
		}
	}
	for _, r := range g.outOf(e.ID) {
		addRelation(r)
	}
	for _, r := range g.inOf(e.ID) {
		if !listed[r.From] {
			addRelation(r)
		}
	}
	var out []Excerpt
	for i, l := range locs {
		if len(out) == maxExcerpts {
			*trunc = append(*trunc, Truncation{Bound: boundExcerpts, Limit: maxExcerpts, Omitted: len(locs) - i})
			break
		}
		text, ok := read(l.path, l.line)
		if !ok {
			continue
		}
		out = append(out, Excerpt{Path: l.path, Line: l.line, Text: lookupClip(strings.TrimSpace(text), maxExcerptRunes)})
	}
	return out
}
