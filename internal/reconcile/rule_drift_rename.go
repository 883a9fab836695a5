package reconcile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/symspan"
)

// declaration is one export of a module, as the snapshot records it.
type declaration struct {
	module     *snapshot.Entity
	name, kind string
	line       int
	sig, body  string
}

func declarationOf(m *snapshot.Entity, e map[string]any) declaration {
	return declaration{module: m, name: metaString(e["name"]), kind: metaString(e["kind"]), line: snapshot.MetaInt(e["line"]),
		sig: metaString(e["sig"]), body: metaString(e["body"])}
}

// declaredIn finds the export of module m that a reference resolved to,
// in the order the scan resolves one: a member (`Type.Method`), the name,
// the type of an unrecorded member, a member written without its type. at
// is the segment where the export's name starts (-1: only the last segment
// is written).
func declaredIn(m *snapshot.Entity, ref symspan.Ref) (d declaration, at int, ok bool) {
	exports := map[string]map[string]any{}
	for _, e := range snapshot.MetaMaps(m.Metadata["exports"]) {
		if n := metaString(e["name"]); n != "" && exports[n] == nil {
			exports[n] = e
		}
	}
	n := len(ref.Segments)
	if n >= 2 {
		if e := exports[ref.Segments[n-2]+"."+ref.Name()]; e != nil {
			return declarationOf(m, e), n - 2, true
		}
	}
	if e := exports[ref.Name()]; e != nil {
		return declarationOf(m, e), n - 1, true
	}
	if n >= 2 {
		if e := exports[ref.Segments[n-2]]; e != nil {
			return declarationOf(m, e), n - 2, true
		}
	}
	// A member written without its type (`AddCommand`, `cmd.AddCommand`):
	// the one member of that name in the module; at -1 says only the last
	// segment is its name.
	var member map[string]any
	for name, e := range exports {
		if strings.HasSuffix(name, "."+ref.Name()) {
			if member != nil {
				return declaration{}, 0, false
			}
			member = e
		}
	}
	if member != nil {
		return declarationOf(m, member), -1, true
	}
	return declaration{}, 0, false
}

// rewrite writes a reference again with the export it named (old, at
// segment at) replaced by newName, keeping the document's shape:
// `rank.Rank` → `rank.RankAll`, `Ranker.Score` → `Ranker.Rate`. When the
// two names do not have as many parts (or at is -1), only the last
// segment changes — unless the reference is the old name itself.
func rewrite(ref symspan.Ref, at int, old, newName string) string {
	oldParts, newParts := strings.Split(old, "."), strings.Split(newName, ".")
	if at < 0 || len(oldParts) != len(newParts) || at+len(newParts) > len(ref.Segments) {
		if at >= 0 && len(ref.Segments) == len(oldParts) && ref.Module == "" {
			return newName
		}
		return ref.WithSegment(len(ref.Segments)-1, newParts[len(newParts)-1])
	}
	c := ref
	c.Segments = slices.Clone(ref.Segments)
	copy(c.Segments[at:], newParts)
	return c.Key()
}

// renameIndex holds the exports of the head that the base did not have
// (a new name, or a name new to its file), by shape hash.
type renameIndex struct {
	bySig  map[string][]declaration // module path + "\x00" + kind + "\x00" + sig
	byBody map[string][]declaration // kind + "\x00" + body
}

func newRenameIndex(head, base *view) *renameIndex {
	had := map[string]bool{}
	for _, m := range base.ofKind(snapshot.KindModule) {
		for _, e := range snapshot.MetaMaps(m.Metadata["exports"]) {
			had[snapshot.EntityPath(m)+"\x00"+metaString(e["name"])] = true
		}
	}
	x := &renameIndex{bySig: map[string][]declaration{}, byBody: map[string][]declaration{}}
	for _, m := range head.ofKind(snapshot.KindModule) {
		if m.Metadata["test"] == true {
			continue
		}
		for _, e := range snapshot.MetaMaps(m.Metadata["exports"]) {
			d := declarationOf(m, e)
			if d.name == "" || had[snapshot.EntityPath(m)+"\x00"+d.name] {
				continue
			}
			if d.sig != "" {
				k := snapshot.EntityPath(m) + "\x00" + d.kind + "\x00" + d.sig
				x.bySig[k] = append(x.bySig[k], d)
			}
			if d.body != "" {
				k := d.kind + "\x00" + d.body
				x.byBody[k] = append(x.byBody[k], d)
			}
		}
	}
	return x
}

// renamed returns the head exports that are evidently old renamed: new in
// the head, of the same kind, and with the same signature in the same
// file or the same body anywhere. One is a rename; two or more are
// ambiguous and name none.
func (s *suggester) renamed(old declaration) (cands []declaration, why string) {
	if s.renames == nil {
		s.renames = newRenameIndex(s.head, s.base)
	}
	add := func(ds []declaration, reason string) {
		for _, d := range ds {
			if !slices.ContainsFunc(cands, func(c declaration) bool { return c.module.ID == d.module.ID && c.name == d.name }) {
				cands = append(cands, d)
				why = reason
			}
		}
	}
	if old.sig != "" {
		add(s.renames.bySig[snapshot.EntityPath(old.module)+"\x00"+old.kind+"\x00"+old.sig], "same signature")
	}
	if old.body != "" {
		add(s.renames.byBody[old.kind+"\x00"+old.body], "same body")
	}
	if len(cands) > 1 {
		why = ""
	}
	return cands, why
}

// symbolDrift completes a DRIFT_SYMBOL finding with where the symbol went:
// an evident rename (shape hashes), else the near miss.
//
// An evident rename also rewrites the span as written (text): see
// symbolEdit.
func symbolDrift(f *draft, key, text string, mod *snapshot.Entity, s *suggester) {
	ref, parsed := symspan.Parse(key)
	query := key
	var old declaration
	at, found := 0, false
	if parsed {
		old, at, found = declaredIn(mod, ref)
	}
	if found {
		query = old.name
		cands, why := s.renamed(old)
		switch {
		case len(cands) == 1:
			c := cands[0]
			written := rewrite(ref, at, old.name, c.name)
			where := snapshot.EntityPath(c.module)
			if c.module.ID == mod.ID {
				f.Message = fmt.Sprintf("`%s` was renamed to `%s` in %s (%s)", key, written, where, why)
			} else {
				f.Message = fmt.Sprintf("`%s` (%s) was renamed to `%s` in %s (%s)", key, snapshot.EntityPath(mod), written, where, why)
			}
			f.Remediation = fmt.Sprintf("Write `%s`.", written)
			f.Evidence = append(f.Evidence, finding.Location{Path: where, Line: c.line})
			f.EntityIDs = append(f.EntityIDs, c.module.ID)
			if w, ok := symbolEdit(text, key, written); ok && w != text {
				f.edits = []finding.Edit{{Path: f.Evidence[0].Path, Line: f.Evidence[0].Line, Kind: finding.EditCode, Old: text, New: w}}
			}
			return
		case len(cands) > 1:
			f.Message += fmt.Sprintf("; %d new exports have its signature or body, so none is suggested", len(cands))
			return
		}
	}
	if sug, ok := s.symbol(query, old.kind, mod); ok {
		where := ""
		if sug.module.ID != mod.ID {
			where = " (" + snapshot.EntityPath(sug.module) + ")"
		}
		written := sug.name
		if found {
			written = rewrite(ref, at, old.name, sug.name)
		}
		f.Message += fmt.Sprintf("; did you mean `%s`%s?", written, where)
		f.Remediation = fmt.Sprintf("Write `%s`.", written)
		f.Evidence = append(f.Evidence, finding.Location{Path: snapshot.EntityPath(sug.module), Line: sug.line})
		f.EntityIDs = append(f.EntityIDs, sug.module.ID)
	}
}
