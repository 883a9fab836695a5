package reconcile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// driftPathRefs reports the references that resolved in the base to a
// path that is no entity — a script, a YAML file, a bare root file such as
// go.sum, a directory of protos (the document's PathRefs, which no relation
// records) — and resolve to nothing in the head: DRIFT_LINK for a link,
// DRIFT_PATH for a code span. The head occurrence is the evidence when
// there is one (a link or a path-shaped span into an unresolved entity,
// with the same text); a span that is no longer path-shaped (`go.sum`, a
// bare name once the file is gone) leaves none, and is reported at its
// base line when the document is byte for byte the one of the base.
//
// linksOnly leaves out the code spans (a frozen document's claims).
func driftPathRefs(v *view, d, bd *document, head *headResolved, linksOnly bool) []draft {
	if len(bd.PathRefs) == 0 {
		return nil
	}
	still := map[string]bool{}
	for _, r := range d.PathRefs {
		still[r.Text] = true
	}
	now := head.get()
	broken := brokenOccurrences(v, d)
	unchanged := fileHash(d) != "" && fileHash(d) == fileHash(bd)
	var out []draft
	for _, r := range bd.PathRefs {
		if linksOnly && r.Kind != snapshot.PathRefLink {
			continue
		}
		if still[r.Text] || now.links[r.Text] != nil || now.mentions[r.Text] != nil {
			continue
		}
		occs := broken[r.Text]
		if len(occs) == 0 {
			if !unchanged {
				continue // the document changed: the reference may be gone with it
			}
			occs = []brokenAt{{line: r.Line}}
		}
		for _, occ := range occs {
			out = append(out, pathRefDrift(d, r, occ, v.renames[r.Path]))
		}
	}
	return out
}

// pathRefDrift is the finding for one head occurrence of a reference;
// renamed is where git found the path renamed to, or "".
func pathRefDrift(d *document, r pathRef, occ brokenAt, renamed string) draft {
	f := draft{
		Code:      catalog.DriftPath,
		Evidence:  []finding.Location{{Path: d.Path, Line: occ.line}},
		EntityIDs: []string{d.ID},
		Key:       r.Text,
	}
	if occ.target != "" {
		f.EntityIDs = append(f.EntityIDs, occ.target)
	}
	subject := "`" + r.Text + "`"
	if r.Text != r.Path {
		subject += " (" + r.Path + ")"
	}
	what := "was moved or deleted by this change"
	if renamed != "" {
		what = "was moved to " + renamed + " by this change"
		f.Evidence = append(f.Evidence, finding.Location{Path: renamed})
	}
	f.Message = fmt.Sprintf("%s %s", subject, what)
	f.moved = &movedRef{oldPath: r.Path, kind: finding.EditCode, written: r.Text, doc: d.Path, line: occ.line}
	if r.Kind == snapshot.PathRefLink {
		f.Code = catalog.DriftLink
		f.Message = fmt.Sprintf("link `%s`: %s %s", r.Text, r.Path, what)
		f.moved.kind = finding.EditLink
	}
	return f
}

// brokenAt is where a reference, as written, fails to resolve in the head:
// its line and the unresolved entity it names.
type brokenAt struct {
	line   int
	target string
}

// brokenOccurrences maps the text of every link and span of d that names
// an unresolved entity in the head to its occurrences (the relation's
// evidence, in order).
func brokenOccurrences(v *view, d *document) map[string][]brokenAt {
	out := map[string][]brokenAt{}
	for _, kind := range []string{snapshot.RelLinksTo, snapshot.RelMentions} {
		for r := range v.outgoing(d.ID, kind) {
			if to := v.entity(r.To); to == nil || to.Kind != snapshot.KindUnresolved {
				continue
			}
			for _, ev := range r.Evidence {
				if writtenIn(ev, d) {
					out[ev.Context] = append(out[ev.Context], brokenAt{line: ev.LineStart, target: r.To})
				}
			}
		}
	}
	return out
}

// fileHash is the hash of the document's file, carried by its entity's
// first evidence; "" when unknown.
func fileHash(d *document) string {
	if d.Entity == nil || len(d.Entity.Evidence) == 0 {
		return ""
	}
	return d.Entity.Evidence[0].ContentHash
}

// driftSymbolsPastBound finds, in a document the change left byte for
// byte as it was, the symbol mentions the base resolved whose module lost
// them — deleted with it, or no longer exported — that the head could not
// list as unresolved (it keeps the first MaxUnresolvedSymbols a document
// has; a long guide names more). reported holds the findings driftSymbols
// already made.
func driftSymbolsPastBound(v *view, d *document, reported []draft, head *headResolved, s *suggester) []draft {
	bd := v.base.docByPath[d.Path]
	if bd == nil || fileHash(d) == "" || fileHash(d) != fileHash(bd) {
		return nil
	}
	done := map[string]bool{}
	for _, f := range reported {
		done[f.Key] = true
	}
	now := head.get()
	var out []draft
	for rel := range v.base.outgoing(bd.ID, snapshot.RelMentionsSymbol) {
		mod := v.base.entity(rel.To)
		if mod == nil {
			continue
		}
		headMod := v.entity(mod.ID)
		for _, name := range snapshot.MetaStrings(rel.Metadata["symbols"]) {
			if done[name] || now.symbols[name] != nil || (headMod != nil && exportsSymbol(headMod, name)) {
				continue
			}
			line := symbolLine(rel, bd, name)
			if line == 0 {
				continue
			}
			done[name] = true
			f := draft{
				Code:      catalog.DriftSymbol,
				Evidence:  []finding.Location{{Path: d.Path, Line: line}},
				EntityIDs: []string{d.ID, mod.ID},
				Key:       name,
			}
			if headMod == nil {
				f.Message = fmt.Sprintf("`%s` was removed with %s, which this change moved or deleted", name, snapshot.EntityPath(mod))
			} else {
				f.Message = fmt.Sprintf("`%s` was renamed or removed in %s", name, snapshot.EntityPath(mod))
			}
			symbolDrift(&f, name, name, mod, s)
			out = append(out, f)
		}
	}
	return out
}

// exportsSymbol reports whether module m exports the symbol key names:
// its last segment, or its last two (Type.Method).
func exportsSymbol(m *snapshot.Entity, key string) bool {
	parts := strings.FieldsFunc(key, func(r rune) bool { return r == '.' || r == '#' || r == ':' })
	if len(parts) == 0 {
		return false
	}
	want := []string{parts[len(parts)-1]}
	if n := len(parts); n >= 2 {
		want = append(want, parts[n-2]+"."+parts[n-1])
	}
	for _, e := range snapshot.MetaMaps(m.Metadata["exports"]) {
		if slices.Contains(want, metaString(e["name"])) {
			return true
		}
	}
	return false
}

// symbolLine is the line of the first evidence of rel in doc whose text
// holds the symbol's last segment; 0 when none does.
func symbolLine(rel *snapshot.Relation, doc *document, key string) int {
	parts := strings.FieldsFunc(key, func(r rune) bool { return r == '.' || r == '#' || r == ':' })
	if len(parts) == 0 {
		return 0
	}
	last := parts[len(parts)-1]
	for _, ev := range rel.Evidence {
		if writtenIn(ev, doc) && strings.Contains(ev.Context, last) {
			return ev.LineStart
		}
	}
	return 0
}
