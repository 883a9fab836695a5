package retrieval

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Projection bounds; crossing one is recorded in Entry.Truncated.
const (
	// MaxBodyRunes bounds a document's body: enough for the text of a long
	// page, small enough that 10,000 entries stay in memory.
	MaxBodyRunes = 16_000
	// maxHeadings bounds a document's headings.
	maxHeadings = 128
	// maxSymbols bounds an entry's symbols (a package's or area's are
	// those of its modules).
	maxSymbols = 256
	// maxFactRefs bounds Facts.CoveredBy and Facts.MentionedBy.
	maxFactRefs = 64
	// maxAncestors bounds the walk up contains relations (deeper than any
	// directory tree; it also stops a malformed cycle).
	maxAncestors = 256
)

// Bound names of Entry.Truncated.
const (
	boundBody        = "body"
	boundHeadings    = "headings"
	boundSymbols     = "symbols"
	boundCoveredBy   = "coveredBy"
	boundMentionedBy = "mentionedBy"
)

// statusSuperseded is the front-matter status that ranks a document below
// an active one.
const statusSuperseded = "superseded"

// projected says which entity kinds become entries.
var projected = map[string]bool{
	snapshot.KindDocument: true, snapshot.KindArea: true,
	snapshot.KindPackage: true, snapshot.KindModule: true,
}

// Project builds the projection: one Entry per document, area, package and
// module (not external/unresolved), sorted by id, Hash = xxhash of the
// canonical JSON of the entries. body returns a document's bytes (nil when
// unavailable); bodies are bounded by MaxBodyRunes. sig and body may be nil.
//
// Cost: O(E + R) over entities and relations, plus the bodies.
func Project(s *snapshot.Snapshot, sig *graph.Signals, body func(path string) []byte) *Projection {
	p := &Projection{Entries: []Entry{}}
	if s == nil {
		p.Hash = projectionHash(p.Entries)
		return p
	}
	p.SnapshotHash = s.ContentHash
	kinds := make(map[string]string, len(s.Entities))
	for i := range s.Entities {
		kinds[s.Entities[i].ID] = s.Entities[i].Kind
	}
	rel := newProjectRelations(s, kinds)
	for i := range s.Entities {
		e := &s.Entities[i]
		if !projected[e.Kind] {
			continue
		}
		p.Entries = append(p.Entries, projectEntity(e, sig, body, rel, kinds))
	}
	slices.SortFunc(p.Entries, func(a, b Entry) int { return strings.Compare(a.ID, b.ID) })
	p.Entries = slices.CompactFunc(p.Entries, func(a, b Entry) bool { return a.ID == b.ID })
	p.Hash = projectionHash(p.Entries)
	return p
}

// EntryCount is the number of entries of the given kind a projection of s
// holds — one per distinct entity of a projected kind — without building
// the projection.
func EntryCount(s *snapshot.Snapshot, kind string) int {
	if s == nil || !projected[kind] {
		return 0
	}
	seen := map[string]bool{}
	for i := range s.Entities {
		if e := &s.Entities[i]; e.Kind == kind {
			seen[e.ID] = true
		}
	}
	return len(seen)
}

// projectRelations is what Project needs from the relations, keyed by the
// target entity id.
type projectRelations struct {
	parent      map[string]string // contains: child → innermost parent
	inbound     map[string]int    // links-to relations into the entity
	coveredBy   map[string][]string
	mentionedBy map[string][]string
	children    map[string][]string // contains: parent → children
	// symbols are the exported names of non-test modules, for the
	// packages and areas that contain them.
	symbols map[string][]string
	// pkgDocs maps a package's directory to its doc comment, the summary
	// of the area at that directory.
	pkgDocs map[string]string
}

func newProjectRelations(s *snapshot.Snapshot, kinds map[string]string) *projectRelations {
	r := &projectRelations{
		parent: map[string]string{}, inbound: map[string]int{},
		coveredBy: map[string][]string{}, mentionedBy: map[string][]string{},
		children: map[string][]string{}, symbols: map[string][]string{},
		pkgDocs: map[string]string{},
	}
	for i := range s.Entities {
		e := &s.Entities[i]
		if e.Kind == snapshot.KindModule && e.Metadata["test"] != true {
			r.symbols[e.ID] = metaNames(e.Metadata["exports"], "name")
		}
		if doc, ok := e.Metadata["doc"].(string); ok && doc != "" && e.Kind == snapshot.KindPackage {
			r.pkgDocs[snapshot.EntityPath(e)] = doc
		}
	}
	for i := range s.Relations {
		x := &s.Relations[i]
		switch x.Kind {
		case snapshot.RelContains:
			// One innermost parent per item; should a malformed snapshot
			// give two, the smaller id wins whatever the order.
			if old, ok := r.parent[x.To]; !ok || x.From < old {
				r.parent[x.To] = x.From
			}
			r.children[x.From] = append(r.children[x.From], x.To)
		case snapshot.RelLinksTo:
			r.inbound[x.To]++
		case snapshot.RelCovers:
			r.coveredBy[x.To] = append(r.coveredBy[x.To], x.From)
		case snapshot.RelMentions, snapshot.RelMentionsSymbol:
			if kinds[x.From] == snapshot.KindDocument {
				r.mentionedBy[x.To] = append(r.mentionedBy[x.To], x.From)
			}
		}
	}
	return r
}

// ancestor returns the innermost entity of the given kind that contains
// id (not id itself).
func (r *projectRelations) ancestor(id, kind string, kinds map[string]string) string {
	cur := id
	for range maxAncestors {
		p, ok := r.parent[cur]
		if !ok {
			return ""
		}
		if kinds[p] == kind {
			return p
		}
		cur = p
	}
	return ""
}

func projectEntity(e *snapshot.Entity, sig *graph.Signals, body func(string) []byte, rel *projectRelations, kinds map[string]string) Entry {
	x := Entry{ID: e.ID, Kind: e.Kind, Path: snapshot.EntityPath(e), Title: e.Name, Aliases: slices.Clone(e.Aliases)}
	if len(e.Evidence) > 0 && e.Evidence[0].ContentHash != "" {
		x.ContentHash = e.Evidence[0].ContentHash
	} else {
		x.ContentHash = snapshot.HashBytes([]byte(e.ID))
	}
	switch e.Kind {
	case snapshot.KindDocument:
		projectDocument(&x, e, body)
	case snapshot.KindModule:
		x.Symbols = metaNames(e.Metadata["exports"], "name")
		x.Symbols = boundList(&x, x.Symbols, maxSymbols, boundSymbols)
		x.Summary, _ = e.Metadata["doc"].(string)
	case snapshot.KindPackage:
		// Symbols are filled from the modules below in symbolsBelow.
		x.Summary, _ = e.Metadata["doc"].(string)
	case snapshot.KindArea:
		// An area at a package's directory is usually that package: its doc
		// comment says what the area is for.
		x.Summary = rel.pkgDocs[x.Path]
	}
	if sig != nil {
		if pr := sig.Canonicality[e.ID]; !math.IsNaN(pr) && !math.IsInf(pr, 0) && pr > 0 {
			x.Facts.PageRank = pr
		}
	}
	x.Facts.InboundLinks = rel.inbound[e.ID]
	x.Facts.CoveredBy = boundList(&x, sortedUnique(rel.coveredBy[e.ID]), maxFactRefs, boundCoveredBy)
	x.Facts.MentionedBy = boundList(&x, sortedUnique(rel.mentionedBy[e.ID]), maxFactRefs, boundMentionedBy)
	x.Facts.Area = rel.ancestor(e.ID, snapshot.KindArea, kinds)
	x.Facts.Package = rel.ancestor(e.ID, snapshot.KindPackage, kinds)
	if e.Kind == snapshot.KindPackage || e.Kind == snapshot.KindArea {
		x.Symbols = boundList(&x, symbolsBelow(e.ID, rel, kinds), maxSymbols, boundSymbols)
	}
	return x
}

func projectDocument(x *Entry, e *snapshot.Entity, body func(string) []byte) {
	ids := newHeadingIDs(e)
	x.Title = documentTitle(e, ids)
	x.Summary, _ = e.Metadata["summary"].(string)
	headings := metaNames(e.Metadata["headings"], "text")
	for i, h := range headings {
		headings[i] = ids.title(h)
	}
	x.Headings = boundList(x, headings, maxHeadings, boundHeadings)
	x.Sections = metaSections(e.Metadata["headings"], ids)
	if fm, ok := e.Metadata["frontMatterFields"].(map[string]any); ok {
		for _, k := range []string{"status", "Status"} {
			if v, ok := fm[k].(string); ok && strings.TrimSpace(v) != "" {
				x.Status = strings.ToLower(strings.TrimSpace(v))
				break
			}
		}
	}
	if body == nil || e.Path == "" {
		return
	}
	b := body(e.Path)
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	if !utf8.Valid(b) {
		b = bytes.ToValidUTF8(b, []byte("\uFFFD"))
	}
	text := string(b)
	if n := utf8.RuneCountInString(text); n > MaxBodyRunes {
		cut, runes := 0, 0
		for cut = range text {
			if runes == MaxBodyRunes {
				break
			}
			runes++
		}
		text = text[:cut]
		x.Truncated = append(x.Truncated, Truncation{Bound: boundBody, Limit: MaxBodyRunes, Omitted: n - MaxBodyRunes})
	}
	x.Body = text
}

// symbolsBelow gathers the exported names of the non-test modules a
// package or area contains, directly or through nested areas (not nested
// packages: those are entries of their own), sorted and unique.
func symbolsBelow(id string, rel *projectRelations, kinds map[string]string) []string {
	var out []string
	queue := []string{id}
	seen := map[string]bool{id: true}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, c := range rel.children[cur] {
			if seen[c] {
				continue
			}
			seen[c] = true
			switch kinds[c] {
			case snapshot.KindArea:
				queue = append(queue, c)
			case snapshot.KindModule:
				out = append(out, rel.symbols[c]...)
			}
		}
	}
	return sortedUnique(out)
}

// metaNames reads the string field key of each object of a metadata list
// (headings' text, exports' name), in source order.
func metaNames(v any, key string) []string {
	var out []string
	for _, m := range snapshot.MetaMaps(v) {
		if s, ok := m[key].(string); ok && s != "" {
			out = append(out, s)
		}
	}
	return out
}

// metaSections reads the headings metadata (level, line, slug, text) as
// sections, at most maxHeadings (Headings records the cut); one without a
// line or text is left out. A heading with an explicit id the generator
// renders is titled without it and anchored at it (headingIDs).
func metaSections(v any, ids headingIDs) []HeadingSection {
	var out []HeadingSection
	for _, m := range snapshot.MetaMaps(v) {
		sec := HeadingSection{Level: snapshot.MetaInt(m["level"]), Line: snapshot.MetaInt(m["line"])}
		sec.Anchor, _ = m["slug"].(string)
		sec.Text, _ = m["text"].(string)
		if title, id, ok := ids.split(sec.Text); ok {
			sec.Text, sec.Anchor = title, id
		}
		if sec.Line > 0 && sec.Text != "" && len(out) < maxHeadings {
			out = append(out, sec)
		}
	}
	return out
}

// boundList cuts list at max and records the cut on x.
func boundList(x *Entry, list []string, max int, bound string) []string {
	if len(list) <= max {
		return list
	}
	x.Truncated = append(x.Truncated, Truncation{Bound: bound, Limit: max, Omitted: len(list) - max})
	return list[:max]
}

// sortedUnique returns list sorted without repeats (a new slice).
func sortedUnique(list []string) []string {
	if len(list) == 0 {
		return nil
	}
	out := slices.Clone(list)
	slices.Sort(out)
	return slices.Compact(out)
}

// projectionHash is the xxhash of the entries' canonical JSON: struct
// fields in declaration order, no maps, no HTML escaping.
func projectionHash(entries []Entry) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(entries); err != nil {
		// Unreachable: entries hold only strings, ints and finite floats.
		return snapshot.HashBytes([]byte("unencodable: " + err.Error()))
	}
	return snapshot.HashBytes(buf.Bytes())
}
