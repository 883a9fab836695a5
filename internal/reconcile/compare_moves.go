package reconcile

import (
	"strings"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// movedDocuments maps the head path of every document the change moved —
// the same file bytes (hash) at a path the base did not have, while the
// base's path is gone from the head — to its base path. A hash that more
// than one document shares on either side moves nothing: which copy went
// where is not evident.
func movedDocuments(base, head *snapshot.Snapshot) map[string]string {
	docs := func(s *snapshot.Snapshot) (byHash map[string][]string, paths map[string]bool) {
		byHash, paths = map[string][]string{}, map[string]bool{}
		for i := range s.Entities {
			e := &s.Entities[i]
			if e.Kind != snapshot.KindDocument {
				continue
			}
			paths[e.Path] = true
			if len(e.Evidence) > 0 && e.Evidence[0].ContentHash != "" {
				byHash[e.Evidence[0].ContentHash] = append(byHash[e.Evidence[0].ContentHash], e.Path)
			}
		}
		return byHash, paths
	}
	bHash, bPaths := docs(base)
	hHash, hPaths := docs(head)
	out := map[string]string{}
	for h, hp := range hHash {
		bp := bHash[h]
		if len(hp) != 1 || len(bp) != 1 || bp[0] == hp[0] || bPaths[hp[0]] || hPaths[bp[0]] {
			continue
		}
		out[hp[0]] = bp[0]
	}
	return out
}

// carryMoves moves to Unchanged the new diagnostics of a moved document
// that the base had on the document's old path: the same code, and the
// same message once the old path reads as the new one (a broken anchor
// that travelled with its page is not the change's). Each base diagnostic
// answers for one head diagnostic; Resolved loses the ones that moved.
func carryMoves(c finding.Comparison, moved map[string]string) finding.Comparison {
	if len(moved) == 0 {
		return c
	}
	newPath := make(map[string]string, len(moved)) // base path → head path
	for head, old := range moved {
		newPath[old] = head
	}
	type sig struct{ code, path, message string }
	waiting := map[sig][]int{} // base diagnostics of moved documents, by what they read as in the head
	for i, d := range c.Resolved {
		old := d.Primary().Path
		if head, ok := newPath[old]; ok {
			k := sig{d.Code, head, strings.ReplaceAll(d.Message, old, head)}
			waiting[k] = append(waiting[k], i)
		}
	}
	if len(waiting) == 0 {
		return c
	}
	carried := map[int]bool{}
	var still []finding.Diagnostic
	for _, d := range c.New {
		k := sig{d.Code, d.Primary().Path, d.Message}
		if q := waiting[k]; len(q) > 0 {
			carried[q[0]] = true
			waiting[k] = q[1:]
			c.Unchanged = append(c.Unchanged, d)
			continue
		}
		still = append(still, d)
	}
	if still == nil {
		still = []finding.Diagnostic{}
	}
	c.New = still
	resolved := []finding.Diagnostic{}
	for i, d := range c.Resolved {
		if !carried[i] {
			resolved = append(resolved, d)
		}
	}
	c.Resolved = resolved
	finding.Sort(c.Unchanged)
	return c
}
