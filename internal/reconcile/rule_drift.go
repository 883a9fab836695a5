package reconcile

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/history"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// drift reports every occurrence of a reference in a head document that
// fails to resolve in the head while the same reference, written the same
// way in the same document, resolved in the base: the change broke it.
//
// Frozen history (history.Frozen: a change log and its fragments, release
// notes, a blog post, a versioned site's old pages) makes no claim about
// today's code: "Added `TryLock`" stays true of its release after TryLock
// is renamed, so its code spans (symbols, paths) do not drift. Its links
// do: a link into the tree, or to the default branch's URL, follows the
// tree as it is now, and a reader who clicks it lands on nothing.
//
// The findings are bounded by what the snapshot records: evidence per
// relation and per document, unresolved symbols per document, links read
// per document (see docs/snapshot.md, Bounds).
func drift(v *view) []draft {
	if v.base == nil {
		return nil
	}
	s := &suggester{head: v, base: v.base}
	movedFrom := movedDocumentsOf(v)
	var out []draft
	for _, d := range v.documents {
		bd := v.base.docByPath[d.Path]
		moved := false
		if bd == nil {
			// A moved document is judged against its base self; a new one
			// has nothing to drift from.
			if bd = v.base.docByPath[movedFrom[d.Path]]; bd == nil {
				continue
			}
			moved = true
		}
		was := v.base.resolvedOf(bd)
		now := &headResolved{v: v, d: d}
		frozen := history.Frozen(d.Path)
		refs := was
		if moved {
			// A reference of a moved document whose target is still there
			// broke because the document moved: BROKEN_LINK and
			// UNRESOLVED_PATH say so, drift would blame the target. A path
			// that is no entity cannot be told apart, so its drift is
			// left to those rules too.
			refs = was.targetsGone(v)
		}
		out = append(out, driftLinks(v, d, refs, s)...)
		if moved {
			out = append(out, driftSelfLinks(v, d, bd)...)
		}
		if !frozen {
			out = append(out, driftMentions(v, d, refs, now, s)...)
			out = append(out, driftSymbols(v, d, was, now, s)...)
		}
		out = append(out, driftAnchors(v, d, bd, was, s)...)
		if !moved {
			out = append(out, driftPathRefs(v, d, bd, now, frozen)...)
		}
	}
	// One reference can reach several entities (a directory is an area and
	// a package); report each occurrence once.
	type occurrence struct {
		code, key string
		at        finding.Location
	}
	seen := map[occurrence]bool{}
	uniq := out[:0]
	for _, f := range out {
		k := occurrence{f.Code, f.Key, primary(f)}
		if !seen[k] {
			seen[k] = true
			uniq = append(uniq, f)
		}
	}
	return uniq
}

// headResolved is resolvedIn of a head document, computed on first use
// and then shared by the drift rules that need it.
type headResolved struct {
	v *view
	d *document
	r *resolved
}

func (h *headResolved) get() resolved {
	if h.r == nil {
		r := resolvedIn(h.v, h.d)
		h.r = &r
	}
	return *h.r
}

// resolved is what one base document's references resolved to, keyed by
// the reference as written.
type resolved struct {
	links    map[string]*snapshot.Entity // link destination → target
	mentions map[string]*snapshot.Entity // code span → entity named exactly
	symbols  map[string]*snapshot.Entity // symbol → declaring module
}

// targetsGone is r without the links and mentions whose base target the
// head still has.
func (r resolved) targetsGone(head *view) resolved {
	keep := func(m map[string]*snapshot.Entity) map[string]*snapshot.Entity {
		out := map[string]*snapshot.Entity{}
		for k, e := range m {
			if head.entity(e.ID) == nil {
				out[k] = e
			}
		}
		return out
	}
	return resolved{links: keep(r.links), mentions: keep(r.mentions), symbols: r.symbols}
}

// movedDocumentsOf maps the head path of every document the change moved
// to its base path: the same bytes at a new path (movedDocuments), or a
// rename git found (the document edited on the way) from a path the head
// no longer has to one the base did not have.
func movedDocumentsOf(v *view) map[string]string {
	out := movedDocuments(v.base.snap, v.snap)
	for old, nu := range v.renames {
		if _, done := out[nu]; done {
			continue
		}
		if v.base.docByPath[old] != nil && v.docByPath[nu] != nil && v.base.docByPath[nu] == nil && v.docByPath[old] == nil {
			out[nu] = old
		}
	}
	return out
}

// resolvedIn indexes the references of bd that resolved in the base. The
// first relation in id order wins, so the answer is deterministic.
func resolvedIn(b *view, bd *document) resolved {
	r := resolved{links: map[string]*snapshot.Entity{}, mentions: map[string]*snapshot.Entity{}, symbols: map[string]*snapshot.Entity{}}
	for rel := range b.outgoing(bd.ID, snapshot.RelLinksTo) {
		if to := b.entity(rel.To); to != nil && to.Kind != snapshot.KindUnresolved {
			for _, ev := range rel.Evidence {
				if writtenIn(ev, bd) && r.links[ev.Context] == nil {
					r.links[ev.Context] = to
				}
			}
		}
	}
	for rel := range b.outgoing(bd.ID, snapshot.RelMentions) {
		to := b.entity(rel.To)
		if to == nil || to.Kind == snapshot.KindUnresolved {
			continue
		}
		fuzzy := snapshot.MetaStrings(rel.Metadata["references"])
		for _, ev := range rel.Evidence {
			// A near-miss resolution did not resolve what was written.
			if writtenIn(ev, bd) && !slices.Contains(fuzzy, ev.Context) && r.mentions[ev.Context] == nil {
				r.mentions[ev.Context] = to
			}
		}
	}
	for rel := range b.outgoing(bd.ID, snapshot.RelMentionsSymbol) {
		if to := b.entity(rel.To); to != nil {
			for _, name := range snapshot.MetaStrings(rel.Metadata["symbols"]) {
				if r.symbols[name] == nil {
					r.symbols[name] = to
				}
			}
		}
	}
	return r
}

// driftLinks reports links into an unresolved entity whose destination
// reached a file in the base.
func driftLinks(v *view, d *document, was resolved, s *suggester) []draft {
	var out []draft
	for r := range v.outgoing(d.ID, snapshot.RelLinksTo) {
		if to := v.entity(r.To); to == nil || to.Kind != snapshot.KindUnresolved {
			continue
		}
		for _, ev := range r.Evidence {
			old := was.links[ev.Context]
			if !writtenIn(ev, d) || old == nil {
				continue
			}
			oldPath := snapshot.EntityPath(old)
			f := draft{
				Code:      catalog.DriftLink,
				Evidence:  []finding.Location{{Path: d.Path, Line: ev.LineStart}},
				EntityIDs: []string{d.ID, r.To, old.ID},
				Key:       ev.Context,
			}
			newPath, moved := s.path(old, "")
			f.Message = fmt.Sprintf("link `%s`: %s", ev.Context, gone(oldPath, newPath, moved))
			f.moved = &movedRef{oldPath: oldPath, newPath: newPath, exact: moved, kind: finding.EditLink,
				written: ev.Context, doc: d.Path, line: ev.LineStart}
			if moved {
				f.edits = f.moved.edit()
			}
			if newPath != "" {
				dest := relPath(d.Path, newPath) + fragment(ev.Context)
				if u, ok := urlWithPath(ev.Context, oldPath, newPath); ok {
					dest = u // a link to the repository's own URL stays one
				}
				f.Remediation = fmt.Sprintf("Link to `%s`.", dest)
				f.Evidence = append(f.Evidence, finding.Location{Path: newPath})
			}
			out = append(out, f)
		}
	}
	return out
}

// driftMentions reports path mentions that name nothing in the head (or
// only a near miss) and named an entity exactly in the base.
func driftMentions(v *view, d *document, was resolved, now *headResolved, s *suggester) []draft {
	var out []draft
	for r := range v.outgoing(d.ID, snapshot.RelMentions) {
		to := v.entity(r.To)
		if to == nil {
			continue
		}
		fuzzy := snapshot.MetaStrings(r.Metadata["references"])
		for _, ev := range r.Evidence {
			broken := to.Kind == snapshot.KindUnresolved || slices.Contains(fuzzy, ev.Context)
			old := was.mentions[ev.Context]
			if !writtenIn(ev, d) || !broken || old == nil {
				continue
			}
			near := ""
			if to.Kind != snapshot.KindUnresolved {
				near = snapshot.EntityPath(to) // the scan's own near miss
			}
			out = append(out, pathDrift(d, ev.Context, ev.LineStart, old, []string{r.To}, near, s))
		}
	}
	// A path without a slash that stopped resolving (`rank.ts`) leaves only
	// a symbol-shaped trace.
	// A span that still resolves as a mention (a command name, `tool` for
	// cmd/tool, resolves and leaves that trace too) has not drifted. The
	// written text counts: `httpx[http2]` (key httpx) is not the path httpx.
	for _, u := range unresolvedSymbols(d) {
		if old := was.mentions[u.text]; old != nil && now.get().mentions[u.text] == nil {
			out = append(out, pathDrift(d, u.text, u.line, old, nil, "", s))
		}
	}
	return out
}

func pathDrift(d *document, text string, line int, old *snapshot.Entity, ids []string, near string, s *suggester) draft {
	oldPath := snapshot.EntityPath(old)
	subject := "`" + text + "`"
	if text != oldPath {
		subject += " (" + oldPath + ")"
	}
	f := draft{
		Code:      catalog.DriftPath,
		Evidence:  []finding.Location{{Path: d.Path, Line: line}},
		EntityIDs: append([]string{d.ID, old.ID}, ids...),
		Key:       text,
	}
	newPath, moved := s.path(old, near)
	f.Message = subject + " " + strings.TrimPrefix(gone(oldPath, newPath, moved), oldPath+" ")
	f.moved = &movedRef{oldPath: oldPath, newPath: newPath, exact: moved, kind: finding.EditCode,
		written: text, doc: d.Path, line: line}
	if moved {
		f.edits = f.moved.edit()
	}
	if newPath != "" {
		f.Remediation = fmt.Sprintf("Write `%s`.", newPath)
		f.Evidence = append(f.Evidence, finding.Location{Path: newPath})
	}
	return f
}

// gone says what happened to a base path: moved (content hash), or moved
// or deleted, with the near miss as a question.
func gone(oldPath, newPath string, moved bool) string {
	switch {
	case moved:
		return fmt.Sprintf("%s was moved to %s by this change", oldPath, newPath)
	case newPath != "":
		return fmt.Sprintf("%s was moved or deleted by this change; did you mean %s?", oldPath, newPath)
	}
	return oldPath + " was moved or deleted by this change"
}

// driftSymbols reports symbol-shaped code spans that name no export in the
// head and were a resolved symbol mention in the base.
func driftSymbols(v *view, d *document, was resolved, now *headResolved, s *suggester) []draft {
	var out []draft
	for _, u := range unresolvedSymbols(d) {
		mod := was.symbols[u.symbol]
		if mod == nil {
			continue
		}
		modPath := snapshot.EntityPath(mod)
		f := draft{
			Code:      catalog.DriftSymbol,
			Evidence:  []finding.Location{{Path: d.Path, Line: u.line}},
			EntityIDs: []string{d.ID, mod.ID},
			Key:       u.symbol,
		}
		if v.entity(mod.ID) == nil {
			f.Message = fmt.Sprintf("`%s` was removed with %s, which this change moved or deleted", u.symbol, modPath)
		} else {
			f.Message = fmt.Sprintf("`%s` was renamed or removed in %s", u.symbol, modPath)
		}
		symbolDrift(&f, u.symbol, u.text, mod, s)
		out = append(out, f)
	}
	return append(out, driftSymbolsPastBound(v, d, out, now, s)...)
}

// driftAnchors reports #anchors that match no heading in the head and
// matched one of the same document in the base: same-document anchors
// (document metadata) and anchors into another document (links-to
// metadata).
func driftAnchors(v *view, d, bd *document, was resolved, s *suggester) []draft {
	var out []draft
	// An anchor the base judged broken too (as its site renders ids, which
	// the heading's GitHub slug need not be) has not drifted.
	brokenBefore := map[string]bool{}
	for _, a := range bd.BrokenAnchors {
		brokenBefore["#"+a.Anchor] = true
	}
	for r := range v.base.outgoing(bd.ID, snapshot.RelLinksTo) {
		missing := missingAnchors(r)
		for _, ev := range r.Evidence {
			if anchor, ok := destinationAnchor(ev.Context); ok && writtenIn(ev, bd) && slices.Contains(missing, anchor) {
				brokenBefore[ev.Context] = true
			}
		}
	}
	for _, a := range d.BrokenAnchors {
		if brokenBefore["#"+a.Anchor] {
			continue
		}
		if h, ok := headingFor(bd, a.Anchor); ok {
			out = append(out, anchorDrift(d, a.Line, a.written(), a.Anchor, d.ID, h, bd, d, s))
		}
	}
	for r := range v.outgoing(d.ID, snapshot.RelLinksTo) {
		missing := missingAnchors(r)
		target := v.entity(r.To)
		if len(missing) == 0 || target == nil {
			continue
		}
		headDoc := v.docByPath[snapshot.EntityPath(target)]
		for _, ev := range r.Evidence {
			anchor, ok := destinationAnchor(ev.Context)
			old := was.links[ev.Context]
			if !writtenIn(ev, d) || !ok || !slices.Contains(missing, anchor) || old == nil || brokenBefore[ev.Context] {
				continue
			}
			oldDoc := v.base.docByPath[snapshot.EntityPath(old)]
			if oldDoc == nil || headDoc == nil {
				continue
			}
			if h, ok := headingFor(oldDoc, anchor); ok {
				out = append(out, anchorDrift(d, ev.LineStart, ev.Context, anchor, target.ID, h, oldDoc, headDoc, s))
			}
		}
	}
	return out
}

func anchorDrift(d *document, line int, written, anchor, targetID string, h heading, oldDoc, headDoc *document, s *suggester) draft {
	f := draft{
		Code:      catalog.DriftAnchor,
		Evidence:  []finding.Location{{Path: d.Path, Line: line}},
		EntityIDs: []string{d.ID, targetID},
		Key:       written,
		Message: fmt.Sprintf("`%s` matches no heading: %q in %s was renamed or removed by this change",
			written, h.Text, oldDoc.Path),
	}
	if slug, renamed, ok := s.anchor(anchor, oldDoc, headDoc); ok {
		dest := strings.TrimSuffix(written, fragment(written)) + "#" + slug
		f.Message += fmt.Sprintf("; did you mean `%s`?", dest)
		f.Remediation = fmt.Sprintf("Link to `%s`.", dest)
		if renamed {
			f.edits = []finding.Edit{{Path: d.Path, Line: line, Kind: finding.EditLink, Old: written, New: dest}}
		}
		if hh, ok := headingFor(headDoc, slug); ok {
			f.Evidence = append(f.Evidence, finding.Location{Path: headDoc.Path, Line: hh.Line})
		}
	}
	return f
}

// headingFor returns the heading of doc whose slug is anchor; the scan
// matches anchors case-insensitively. Only levels 1–3 are in the snapshot,
// so an anchor to a deeper heading is not judged.
func headingFor(doc *document, anchor string) (heading, bool) {
	for _, h := range doc.Headings {
		if strings.EqualFold(h.Slug, anchor) {
			return h, true
		}
	}
	return heading{}, false
}

// missingAnchors reads links-to metadata.missingAnchors: the anchors of
// the relation that match no heading of its target.
func missingAnchors(r *snapshot.Relation) []string {
	return snapshot.MetaStrings(r.Metadata["missingAnchors"])
}

type symbolRef struct {
	symbol string // the span's key
	text   string // the span as written
	line   int
}

// unresolvedSymbols reads document metadata.unresolvedSymbols: the
// symbol-shaped code spans that named no export.
func unresolvedSymbols(d *document) []symbolRef {
	var out []symbolRef
	for _, m := range snapshot.MetaMaps(d.Entity.Metadata["unresolvedSymbols"]) {
		if s := metaString(m["symbol"]); s != "" {
			out = append(out, symbolRef{symbol: s, text: cmp.Or(metaString(m["text"]), s), line: snapshot.MetaInt(m["line"])})
		}
	}
	return out
}

// writtenIn reports whether evidence is an occurrence written in document
// d's text, not a docbridge block declaration (STALE_DECLARATION judges
// those; their context is a relation kind, not a reference).
func writtenIn(ev snapshot.Evidence, d *document) bool {
	return ev.Path == d.Path && ev.Source == "markdown"
}

// fragment returns a destination's "#…" part, or "".
func fragment(dest string) string {
	if i := strings.IndexByte(dest, '#'); i >= 0 {
		return dest[i:]
	}
	return ""
}

// relPath is the relative link from document doc to repository path to.
func relPath(doc, to string) string {
	from := strings.Split(path.Dir(doc), "/")
	if from[0] == "." {
		from = nil
	}
	parts := strings.Split(to, "/")
	i := 0
	for i < len(from) && i < len(parts)-1 && from[i] == parts[i] {
		i++
	}
	return strings.Repeat("../", len(from)-i) + strings.Join(parts[i:], "/")
}

// supersededBy maps a drift code to the plain code it explains better: a
// reader sees one finding per broken reference.
var supersededBy = map[string][]string{
	catalog.DriftLink:   {catalog.BrokenLink, catalog.UnverifiedLink},
	catalog.DriftPath:   {catalog.UnresolvedPath},
	catalog.DriftAnchor: {catalog.BrokenAnchor},
}

// supersede drops the plain findings (BROKEN_LINK, UNRESOLVED_PATH,
// BROKEN_ANCHOR) that a drift finding explains: same plain code, same
// document line and a subject in common (see subjects). Two references on
// one line stay apart.
func supersede(fs []draft) []draft {
	type at struct {
		code string
		loc  finding.Location
	}
	drifts := map[at][]int{}
	for i, f := range fs {
		for _, plain := range supersededBy[f.Code] {
			k := at{plain, primary(f)}
			drifts[k] = append(drifts[k], i)
		}
	}
	if len(drifts) == 0 {
		return fs
	}
	out := make([]draft, 0, len(fs))
	for _, f := range fs {
		covered := false
		for _, i := range drifts[at{f.Code, primary(f)}] {
			sd := subjects(fs[i])
			if slices.ContainsFunc(subjects(f), func(id string) bool { return slices.Contains(sd, id) }) {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, f)
		}
	}
	return out
}

// subjects identify what a finding is about: for a link or a path, the
// entities it names besides the document it is in (the unresolved target,
// the near miss); for an anchor, the target document (the document itself
// for a same-document anchor) and the anchor, read from the key, which
// ends in #anchor for both anchor codes.
func subjects(f draft) []string {
	self := snapshot.EntityID(snapshot.KindDocument, primary(f).Path)
	var out []string
	for _, id := range f.EntityIDs {
		if id != self {
			out = append(out, id)
		}
	}
	if f.Code != catalog.BrokenAnchor && f.Code != catalog.DriftAnchor {
		return out
	}
	target := self
	if len(out) > 0 {
		target = out[len(out)-1]
	}
	anchor, _ := destinationAnchor(f.Key)
	return []string{target + "#" + strings.ToLower(anchor)}
}
