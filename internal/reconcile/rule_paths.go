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

// unresolvedPaths reports the path-shaped code spans of a document that
// name nothing: a mentions relation into an unresolved entity, and one the
// near-miss accepted (confidence fuzzy), which names the path it matched
// as the "did you mean". Mentions that resolved exactly are never
// reported, even when they share a relation with a fuzzy one.
//
// Frozen history (history.Frozen: a CHANGELOG, HISTORY, NEWS, RELEASES,
// what history and change-log fragment directories hold, a versioned
// site's old pages) is left out: it names paths as they were in each
// release, and rewriting the past to today's tree is not a fix.
//
// An occurrence the scan found to be no claim about this repository
// (relation metadata unclaimed: a link's text, a path of the reader's
// project or one to create, an issue reference, a system path, a
// placeholder, an ignored path) is left out too; its relation stays for
// drift, which judges what resolved in the base.
func unresolvedPaths(v *view) []draft {
	var out []draft
	for _, d := range v.documents {
		if history.Frozen(d.Path) {
			continue
		}
		// A fuzzy mention of a directory relates to its area and its
		// package alike: the first relation claims each occurrence (line
		// and text), so that it is one finding.
		claimed := map[pathOccurrence]string{}
		for r := range v.outgoing(d.ID, snapshot.RelMentions) {
			to := v.entity(r.To)
			if to == nil || r.Provenance == snapshot.Declared {
				continue // declared relations are STALE_DECLARATION's
			}
			out = append(out, missingPlaceFindings(d, r, to)...)
			switch {
			case to.Kind == snapshot.KindUnresolved:
				out = append(out, missingPathFindings(d, r)...)
			case r.Confidence == snapshot.ConfidenceFuzzy:
				out = append(out, fuzzyPathFindings(d, r, to, claimed)...)
			}
		}
	}
	return out
}

// missingPathFindings reports each occurrence of a mention that matched
// nothing. The key is the path the mention names, relative to the root.
func missingPathFindings(d *document, r *snapshot.Relation) []draft {
	_, p, _ := snapshot.ParseEntityID(r.To)
	var out []draft
	skip := unclaimedOccurrences(r)
	for _, e := range r.Evidence {
		if e.Path != d.Path || skip[pathOccurrence{e.LineStart, e.Context}] {
			continue
		}
		loc := finding.Location{Path: d.Path, Line: e.LineStart}
		written := cmp.Or(e.Context, p)
		out = append(out, draft{
			Code:      catalog.UnresolvedPath,
			Message:   fmt.Sprintf("`%s` does not exist", written),
			Evidence:  []finding.Location{loc},
			EntityIDs: []string{d.ID, r.To},
			Key:       p,
		})
	}
	return out
}

// fuzzyPathFindings reports the occurrences of a relation the near-miss
// accepted: those whose text is one of its references (the texts that did
// not match exactly). The key is the text as written, since the path it
// meant is unknown.
func fuzzyPathFindings(d *document, r *snapshot.Relation, to *snapshot.Entity, claimed map[pathOccurrence]string) []draft {
	refs := snapshot.MetaStrings(r.Metadata["references"])
	candidate := snapshot.EntityPath(to)
	skip := unclaimedOccurrences(r)
	var out []draft
	for _, e := range r.Evidence {
		loc := finding.Location{Path: d.Path, Line: e.LineStart}
		occ := pathOccurrence{e.LineStart, e.Context}
		if e.Path != d.Path || !slices.Contains(refs, e.Context) || skip[occ] {
			continue
		}
		if owner, ok := claimed[occ]; ok && owner != r.ID {
			continue
		}
		claimed[occ] = r.ID
		msg := fmt.Sprintf("`%s` does not exist; did you mean `%s`?", e.Context, candidate)
		if written := path.Clean(strings.TrimPrefix(e.Context, "/")); strings.HasSuffix(candidate, "/"+written) {
			// Written from another directory, the one that has it.
			msg = fmt.Sprintf("`%s` does not exist; it resolves under %s/: did you mean `%s`?", e.Context, strings.TrimSuffix(candidate, "/"+written), candidate)
		}
		f := draft{
			Code:        catalog.UnresolvedPath,
			Message:     msg,
			Evidence:    []finding.Location{loc},
			EntityIDs:   []string{d.ID, r.To},
			Remediation: fmt.Sprintf("Write `%s` instead of `%s`.", candidate, e.Context),
			Key:         e.Context,
		}
		if e.LineStart > 0 {
			// The mention's code span: fix rewrites it only where it is
			// written between backticks on its line.
			f.edits = []finding.Edit{{Path: d.Path, Line: e.LineStart, Kind: finding.EditCode, Old: e.Context, New: candidate}}
		}
		out = append(out, f)
	}
	return out
}

// missingPlaceFindings reports the code spans of a mention that name an
// existing file and a place in it the file refutes (relation metadata
// missingPlaces): a line past its end, a test its module does not define.
// The key is the text as written.
func missingPlaceFindings(d *document, r *snapshot.Relation, to *snapshot.Entity) []draft {
	var out []draft
	p := snapshot.EntityPath(to)
	for _, m := range snapshot.MetaMaps(r.Metadata["missingPlaces"]) {
		text, line := metaString(m["text"]), snapshot.MetaInt(m["line"])
		msg := fmt.Sprintf("`%s` is past the end of %s (%d lines)", text, p, snapshot.MetaInt(m["lines"]))
		if item := metaString(m["item"]); item != "" {
			msg = fmt.Sprintf("`%s`: %s defines no `%s`", text, p, item)
		}
		out = append(out, draft{
			Code:      catalog.UnresolvedPath,
			Message:   msg,
			Evidence:  []finding.Location{{Path: d.Path, Line: line}},
			EntityIDs: []string{d.ID, r.To},
			Key:       text,
		})
	}
	return out
}

// pathOccurrence is one code span of a document: its line and text.
type pathOccurrence struct {
	line int
	text string
}

// unclaimedOccurrences reads relation metadata.unclaimed: the occurrences
// the scan found to be no claim about this repository.
func unclaimedOccurrences(r *snapshot.Relation) map[pathOccurrence]bool {
	list := snapshot.MetaMaps(r.Metadata["unclaimed"])
	if len(list) == 0 {
		return nil
	}
	out := make(map[pathOccurrence]bool, len(list))
	for _, m := range list {
		out[pathOccurrence{snapshot.MetaInt(m["line"]), metaString(m["text"])}] = true
	}
	return out
}
