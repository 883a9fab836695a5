package reconcile

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// moveGroupAt is the fewest drifted references into one directory (or to
// one file) that the change moved or removed that are reported as one
// DRIFT_MOVE finding instead of one DRIFT_LINK or DRIFT_PATH each.
const moveGroupAt = 5

// Bounds of a DRIFT_MOVE message; the evidence lists every reference.
const (
	moveMessageDocs  = 3 // documents named in the message
	moveMessageLines = 5 // lines named per document
)

// groupMoves replaces the DRIFT_LINK and DRIFT_PATH findings that lost
// one target — the shallowest directory on the old path (the old path
// itself, when it was a directory) of which the head has nothing, else
// the file itself — by one DRIFT_MOVE finding per target, when there are
// at least moveGroupAt of them. The grouped
// finding keeps every reference's location as evidence and every edit;
// the result does not depend on the order of fs.
func groupMoves(v *view, fs []draft) []draft {
	if v.base == nil {
		return fs
	}
	live, was := dirsOf(v), dirsOf(v.base)
	groups := map[string][]int{}
	for i, f := range fs {
		if f.moved == nil {
			continue
		}
		k := moveTarget(f.moved.oldPath, live, was)
		groups[k] = append(groups[k], i)
	}
	dirs := make([]string, 0, len(groups))
	for d, idx := range groups {
		if len(idx) >= moveGroupAt {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		return fs
	}
	slices.Sort(dirs)
	grouped := map[int]bool{}
	var moves []draft
	for _, d := range dirs {
		members := make([]draft, 0, len(groups[d]))
		for _, i := range groups[d] {
			grouped[i] = true
			members = append(members, fs[i])
		}
		moves = append(moves, moveFinding(d, members, live, v))
	}
	out := make([]draft, 0, len(fs)-len(grouped)+len(moves))
	for i, f := range fs {
		if !grouped[i] {
			out = append(out, f)
		}
	}
	return append(out, moves...)
}

// dirsOf is the set of directories that hold a document, module, package
// or area of v, or a path a document names that is no entity (a script,
// a YAML file: the PathRefs), and the paths of its packages and areas
// (directories themselves).
func dirsOf(v *view) map[string]bool {
	out := map[string]bool{}
	above := func(p string) {
		for d := path.Dir(p); d != "." && d != "/" && !out[d]; d = path.Dir(d) {
			out[d] = true
		}
	}
	for i := range v.entities {
		e := &v.entities[i]
		switch e.Kind {
		case snapshot.KindDocument, snapshot.KindModule:
		case snapshot.KindPackage, snapshot.KindArea:
			out[snapshot.EntityPath(e)] = true
		default:
			continue
		}
		above(snapshot.EntityPath(e))
	}
	for _, d := range v.documents {
		for _, r := range d.PathRefs {
			above(r.Path)
		}
	}
	return out
}

// moveTarget is what a reference to base path p lost: the shallowest
// directory on p's path (p itself when p was a directory in the base) that
// holds nothing in the head, written with a final "/", else the file p.
func moveTarget(p string, live, was map[string]bool) string {
	segs := strings.Split(p, "/")
	for i := 1; i <= len(segs); i++ {
		d := strings.Join(segs[:i], "/")
		if i == len(segs) && !was[d] {
			break
		}
		if !live[d] {
			return d + "/"
		}
	}
	return p
}

// moveFinding is the DRIFT_MOVE finding of the references (members) that
// lost target: a directory ("core/", final slash) or a file. Where it went
// is evident when every member found by content hash agrees on one new
// place (for a directory, the old path under it is the new path under the
// new one); then the members not found by hash whose path under the new
// place exists in the head get it too.
func moveFinding(target string, members []draft, live map[string]bool, v *view) draft {
	slices.SortFunc(members, func(a, b draft) int {
		pa, pb := primary(a), primary(b)
		return cmp.Or(strings.Compare(pa.Path, pb.Path), cmp.Compare(pa.Line, pb.Line),
			strings.Compare(a.Code, b.Code), strings.Compare(a.Key, b.Key))
	})
	dir := strings.TrimSuffix(target, "/")
	isDir := dir != target
	var places []string
	exact, guessed := false, false
	for _, m := range members {
		if m.moved.newPath != "" && !m.moved.exact {
			guessed = true
		}
		if !m.moved.exact || m.moved.newPath == "" {
			continue
		}
		exact = true
		if !isDir {
			places = append(places, m.moved.newPath)
			continue
		}
		rest := strings.TrimPrefix(m.moved.oldPath, dir+"/")
		if rest == m.moved.oldPath || !strings.HasSuffix(m.moved.newPath, "/"+rest) {
			places = append(places, "") // moved out of the directory's shape
			continue
		}
		places = append(places, strings.TrimSuffix(m.moved.newPath, "/"+rest))
	}
	slices.Sort(places)
	places = slices.Compact(places)
	newPlace := ""
	if len(places) == 1 {
		newPlace = places[0]
	}

	f := draft{Code: catalog.DriftMove, Key: target}
	seen := map[finding.Location]bool{}
	for i := range members {
		m := &members[i]
		if newPlace != "" && len(m.edits) == 0 {
			np := newPlace + strings.TrimPrefix(m.moved.oldPath, dir)
			if (live[np] || v.docByPath[np] != nil || v.entity(snapshot.EntityID(snapshot.KindModule, np)) != nil) &&
				keepsAnchor(m.moved, np, v) {
				r := *m.moved
				r.newPath = np
				m.edits = r.edit()
			}
		}
		if at := primary(*m); !seen[at] {
			seen[at] = true
			f.Evidence = append(f.Evidence, at)
		}
		f.EntityIDs = append(f.EntityIDs, m.EntityIDs...)
		f.edits = append(f.edits, m.edits...)
	}
	f.members = members
	slash := ""
	if isDir {
		slash = "/"
	}
	where := "which this change removed"
	switch {
	case newPlace != "":
		where = fmt.Sprintf("which this change moved to `%s%s`", newPlace, slash)
		f.Remediation = fmt.Sprintf("Point the references at `%s%s`.", newPlace, slash)
	case exact && isDir:
		where = "which this change moved or removed (its files went to several places)"
		f.Remediation = "Point each reference at its file's current path, or remove it."
	case exact || guessed:
		where = "which this change moved or removed"
		f.Remediation = "Point each reference at the current path, or remove it."
	default:
		f.Remediation = "Point each reference at the new place of what it named, or remove it."
	}
	switch n := len(f.edits); {
	case n > 0 && n == len(members):
		f.Remediation += " `docbridge fix` rewrites them."
	case n > 0:
		f.Remediation += fmt.Sprintf(" `docbridge fix` rewrites %d of them.", n)
	}
	prep := "to"
	if isDir {
		prep = "into"
	}
	f.Message = fmt.Sprintf("%s %s `%s`, %s: %s", pluralRefs(len(members), "1 reference", "%d references"), prep,
		target, where, listLines(f.Evidence))
	return f
}

func pluralRefs(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf(many, n)
}

// listLines names the documents and lines of locations (sorted by path
// and line), at most moveMessageDocs documents and moveMessageLines lines
// each, counting the rest.
func listLines(locs []finding.Location) string {
	type doc struct {
		path  string
		lines []int
	}
	var docs []doc
	for _, l := range locs {
		if len(docs) == 0 || docs[len(docs)-1].path != l.Path {
			docs = append(docs, doc{path: l.Path})
		}
		docs[len(docs)-1].lines = append(docs[len(docs)-1].lines, l.Line)
	}
	var parts []string
	for i, d := range docs {
		if i == moveMessageDocs {
			parts = append(parts, "and "+pluralRefs(len(docs)-i, "1 more document", "%d more documents"))
			break
		}
		var ls []string
		for j, n := range d.lines {
			if j == moveMessageLines {
				ls = append(ls, fmt.Sprintf("+%d", len(d.lines)-j))
				break
			}
			ls = append(ls, fmt.Sprint(n))
		}
		word := "line"
		if len(d.lines) > 1 {
			word = "lines"
		}
		parts = append(parts, fmt.Sprintf("%s (%s %s)", d.path, word, strings.Join(ls, ", ")))
	}
	return strings.Join(parts, ", ")
}

// keepsAnchor reports whether a link's #anchor, which matched a heading of
// the old document, matches one of the document at newPath: a file edited
// in the move may have lost the heading, and a rewrite must not turn a
// drifted link into a broken anchor. A reference without an anchor, or
// whose anchor the old document did not have, keeps it trivially.
func keepsAnchor(m *movedRef, newPath string, v *view) bool {
	anchor, ok := destinationAnchor(m.written)
	if m.kind != finding.EditLink || !ok || anchor == "" {
		return true
	}
	old := v.base.docByPath[m.oldPath]
	if old == nil {
		return true
	}
	if _, had := headingFor(old, anchor); !had {
		return true
	}
	doc := v.docByPath[newPath]
	if doc == nil {
		return false
	}
	_, has := headingFor(doc, anchor)
	return has
}
