package reconcile

import (
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// suggester finds where something that disappeared went, in the head.
// Its indexes are built on first use.
type suggester struct {
	head, base *view
	paths      *nearmiss.Index         // head entity paths
	byHash     map[string][]string     // content hash → head paths of files new in the head
	exports    map[string]*exportIndex // every head module's exports, by kind ("" for all)
	renames    *renameIndex            // head exports new since the base, by shape hash
}

// path suggests the head path of a base entity that no longer resolves:
// a file new in the head with the same content (a move; exact, so it
// beats any fuzzy guess), else the file git found it renamed to (a move
// with edits; see Input.Renames), else the scan's near miss, else the
// unique head path within the near-miss threshold. moved is true for a
// content match or a rename git found.
func (s *suggester) path(old *snapshot.Entity, near string) (newPath string, moved bool) {
	if h := contentHash(old); h != "" {
		if s.byHash == nil {
			s.byHash = s.newFiles()
		}
		if c := s.byHash[h]; len(c) == 1 {
			return c[0], true
		}
	}
	if p, ok := s.gitRenamed(snapshot.EntityPath(old)); ok {
		return p, true
	}
	if near != "" {
		return near, false
	}
	if s.paths == nil {
		var ps []string
		for i := range s.head.entities {
			if e := &s.head.entities[i]; isCode(e) || e.Kind == snapshot.KindDocument {
				ps = append(ps, snapshot.EntityPath(e))
			}
		}
		s.paths = nearmiss.NewIndex(ps)
	}
	if p, _, ok := s.paths.Match(snapshot.EntityPath(old)); ok {
		return p, false
	}
	return "", false
}

// gitRenamed returns the path git found p renamed to, when the head has an
// entity there.
func (s *suggester) gitRenamed(p string) (string, bool) {
	np, ok := s.head.renames[p]
	if !ok || (s.head.docByPath[np] == nil && s.head.entity(snapshot.EntityID(snapshot.KindModule, np)) == nil) {
		return "", false
	}
	return np, true
}

// newFiles indexes the documents and modules that exist in the head but
// not in the base by content hash.
func (s *suggester) newFiles() map[string][]string {
	out := map[string][]string{}
	for i := range s.head.entities {
		e := &s.head.entities[i]
		if e.Kind != snapshot.KindDocument && e.Kind != snapshot.KindModule {
			continue
		}
		if h := contentHash(e); h != "" && s.base.entity(e.ID) == nil {
			out[h] = append(out[h], snapshot.EntityPath(e))
		}
	}
	return out
}

// contentHash is the file hash on a document's or module's first evidence.
func contentHash(e *snapshot.Entity) string {
	if (e.Kind != snapshot.KindDocument && e.Kind != snapshot.KindModule) || len(e.Evidence) == 0 {
		return ""
	}
	return e.Evidence[0].ContentHash
}

// anchor suggests the slug a renamed heading has now: the one heading of
// the head document that the base document did not have, else the unique
// near miss among the head's slugs. renamed is true when the rename is
// evident: the new heading stands where the old one stood (see
// inPlaceOf) — a heading retitled, or sections merged under a new title,
// not a section removed here and another added elsewhere.
func (s *suggester) anchor(anchor string, oldDoc, headDoc *document) (slug string, renamed, ok bool) {
	var added, all []string
	at := -1
	for i, h := range headDoc.Headings {
		all = append(all, h.Slug)
		if _, ok := headingFor(oldDoc, h.Slug); !ok {
			added = append(added, h.Slug)
			at = i
		}
	}
	if len(added) == 1 {
		return added[0], inPlaceOf(anchor, at, oldDoc, headDoc), true
	}
	slug, ok = newNameIndex(all).pick(anchor)
	return slug, false, ok
}

// inPlaceOf reports whether the head heading at index at took the place
// of the base heading anchor named: the headings around it in the head
// (or the document's start and end) surround anchor's heading in the
// base, and none of the base headings between them survives.
func inPlaceOf(anchor string, at int, oldDoc, headDoc *document) bool {
	index := func(d *document, slug string) int {
		return slices.IndexFunc(d.Headings, func(h heading) bool { return strings.EqualFold(h.Slug, slug) })
	}
	old := index(oldDoc, anchor)
	if old < 0 || at < 0 {
		return false
	}
	lo, hi := -1, len(oldDoc.Headings)
	if at > 0 {
		lo = index(oldDoc, headDoc.Headings[at-1].Slug)
	}
	if at+1 < len(headDoc.Headings) {
		hi = index(oldDoc, headDoc.Headings[at+1].Slug)
	}
	if (at > 0 && lo < 0) || hi < 0 || lo >= old || old >= hi {
		return false
	}
	for _, h := range oldDoc.Headings[lo+1 : hi] {
		if index(headDoc, h.Slug) >= 0 {
			return false
		}
	}
	return true
}

// symbolSuggestion is an export of the head.
type symbolSuggestion struct {
	name, kind string
	module     *snapshot.Entity
	line       int
}

// symbol suggests the export a renamed symbol has now: among the exports
// of the module that declared it, else among all modules' exports (the
// symbol may have moved), by case-insensitive equality, then by the unique
// near miss. With a kind, only exports of that kind are candidates: the
// type Ranker is no rename of the function Rank.
func (s *suggester) symbol(name, kind string, oldModule *snapshot.Entity) (symbolSuggestion, bool) {
	if m := s.head.entity(oldModule.ID); m != nil {
		own := newExportIndex([]*snapshot.Entity{m}, kind)
		if sug, ok := own.suggest(name); ok {
			return sug, true
		}
	}
	if s.exports == nil {
		s.exports = map[string]*exportIndex{}
	}
	if s.exports[kind] == nil {
		s.exports[kind] = newExportIndex(s.head.ofKind(snapshot.KindModule), kind)
	}
	return s.exports[kind].suggest(name)
}

// exportIndex maps the exported names of some modules to their
// declarations, in the forms a document may write them (Go names also
// qualified by package, as the scan accepts them).
type exportIndex struct {
	decls map[string][]symbolSuggestion
	names *nameIndex
}

func newExportIndex(mods []*snapshot.Entity, kind string) *exportIndex {
	x := &exportIndex{decls: map[string][]symbolSuggestion{}}
	for _, m := range mods {
		if m.Metadata["test"] == true {
			continue
		}
		pkg := metaString(m.Metadata["goPackage"])
		python := metaString(m.Metadata["language"]) == "python"
		for _, e := range snapshot.MetaMaps(m.Metadata["exports"]) {
			name := metaString(e["name"])
			if name == "" || name == "default" || (python && metaString(e["kind"]) == "name") || (kind != "" && metaString(e["kind"]) != kind) {
				continue
			}
			sug := symbolSuggestion{name: name, kind: metaString(e["kind"]), module: m, line: snapshot.MetaInt(e["line"])}
			x.decls[name] = append(x.decls[name], sug)
			if pkg != "" && !strings.Contains(name, ".") {
				q := sug
				q.name = pkg + "." + name
				x.decls[q.name] = append(x.decls[q.name], q)
			}
		}
	}
	names := make([]string, 0, len(x.decls))
	for n := range x.decls {
		names = append(names, n)
	}
	slices.Sort(names)
	x.names = newNameIndex(names)
	return x
}

// suggest returns the one declaration of the name picked for query; a
// name declared by several modules is no answer.
func (x *exportIndex) suggest(query string) (symbolSuggestion, bool) {
	name, ok := x.names.pick(query)
	if !ok || len(x.decls[name]) != 1 {
		return symbolSuggestion{}, false
	}
	return x.decls[name][0], true
}

// nameIndex picks the name a query most likely meant among candidates,
// compared in lower case: a rename that changes case (RankDocs →
// rankDocuments) then reaches the near-miss threshold. Two candidates that
// fold alike are ambiguous.
type nameIndex struct {
	folded map[string][]string // lower case → the candidates, in input order
	keys   []string
	near   *nearmiss.Index // over keys, built on first use
}

func newNameIndex(candidates []string) *nameIndex {
	n := &nameIndex{folded: map[string][]string{}}
	for _, c := range candidates {
		k := strings.ToLower(c)
		if len(n.folded[k]) == 0 {
			n.keys = append(n.keys, k)
		}
		if !slices.Contains(n.folded[k], c) {
			n.folded[k] = append(n.folded[k], c)
		}
	}
	return n
}

// pick returns the one candidate equal to query but for case, else the
// one whose lower-case form is the unique near miss of query's.
func (n *nameIndex) pick(query string) (string, bool) {
	q := strings.ToLower(query)
	if same := n.folded[q]; len(same) > 0 {
		if len(same) == 1 && same[0] != query {
			return same[0], true
		}
		return "", false
	}
	if n.near == nil {
		n.near = nearmiss.NewIndex(n.keys)
	}
	m, _, ok := n.near.Match(q)
	if !ok || len(n.folded[m]) != 1 {
		return "", false
	}
	return n.folded[m][0], true
}
