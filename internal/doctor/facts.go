package doctor

import (
	"slices"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// declarationSource is the evidence source of a docbridge-block
// declaration (the scan's name for it).
const declarationSource = "docbridge-block"

// facts are the counts the doctor reads from the snapshot: the
// denominators of its shares and the document link graph.
type facts struct {
	// documents are the document paths, sorted.
	documents []string
	isDoc     map[string]bool
	areas     int
	// requiredAreas are the areas whose documentation is required.
	requiredAreas int
	// links counts the places a document writes a link (a links-to
	// relation's occurrences, at least one each) plus its same-document
	// anchors that match no heading (the snapshot keeps only those).
	links int
	// declarations counts the lines of docbridge blocks that declare a
	// relation (at least one per declared relation).
	declarations int
	// regions counts the generated regions of all documents.
	regions int
	// docLinks maps a document path to the document paths it links to.
	docLinks map[string][]string
	// navigated are the documents a site's navigation lists (document
	// metadata navigation), sorted.
	navigated []string
}

// readFacts reads the snapshot once. A malformed snapshot (missing
// paths, odd metadata types) yields smaller counts, never a panic.
func readFacts(s *snapshot.Snapshot) *facts {
	f := &facts{isDoc: map[string]bool{}, docLinks: map[string][]string{}}
	if s == nil {
		return f
	}
	for i := range s.Entities {
		e := &s.Entities[i]
		switch e.Kind {
		case snapshot.KindDocument:
			p := valueOf(e.ID, snapshot.KindDocument)
			if p == "" || f.isDoc[p] {
				continue
			}
			f.isDoc[p] = true
			f.documents = append(f.documents, p)
			if nav, _ := e.Metadata["navigation"].(string); nav != "" {
				f.navigated = append(f.navigated, p)
			}
			f.links += listLen(e.Metadata["brokenAnchors"])
			f.regions += listLen(e.Metadata["generated"])
		case snapshot.KindArea:
			f.areas++
			if b, _ := e.Metadata["required"].(bool); b {
				f.requiredAreas++
			}
		}
	}
	slices.Sort(f.documents)
	slices.Sort(f.navigated)
	for i := range s.Relations {
		r := &s.Relations[i]
		if r.Provenance == snapshot.Declared || metaTrue(r.Metadata, "declared") {
			f.declarations += max(1, countSource(r.Evidence, declarationSource))
		}
		from := valueOf(r.From, snapshot.KindDocument)
		if r.Kind != snapshot.RelLinksTo || !f.isDoc[from] {
			continue
		}
		f.links += max(1, len(r.Evidence))
		if to := valueOf(r.To, snapshot.KindDocument); f.isDoc[to] {
			f.docLinks[from] = append(f.docLinks[from], to)
		}
	}
	return f
}

// valueOf returns the value of an id of the given kind, "" for another kind.
func valueOf(id, kind string) string {
	k, v, _ := snapshot.ParseEntityID(id)
	if k != kind {
		return ""
	}
	return v
}

// listLen is the length of a metadata list, whichever Go type holds it
// (plain JSON after a round trip, typed lists straight from a scan).
func listLen(v any) int {
	switch x := v.(type) {
	case []any:
		return len(x)
	case []map[string]any:
		return len(x)
	}
	return 0
}

func metaTrue(m map[string]any, key string) bool {
	b, _ := m[key].(bool)
	return b
}

func countSource(ev []snapshot.Evidence, source string) int {
	n := 0
	for _, e := range ev {
		if e.Source == source {
			n++
		}
	}
	return n
}
