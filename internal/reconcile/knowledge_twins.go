package reconcile

import (
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// KnowledgeTwin is a document the knowledge document at a path is a near
// twin of.
type KnowledgeTwin struct {
	Path string `json:"path"`
	// Area is the area the two share: the declared one (the Area field,
	// compared without regard to case), else their area in the graph.
	Area    string `json:"area"`
	Message string `json:"message"`
}

// KnowledgeTwins returns the knowledge documents of head (those under
// checks.knowledgeDocs.root) that the knowledge document at p is a near
// twin of, by NEAR_TWIN_DOCUMENT's test — every term of one's title and
// keywords in the other's title, keywords, headings or summary, or the
// same title and keywords — among the documents of its area. Knowledge
// documents declare their area (the Area field) and often live outside
// every area of the graph (docs/ is not one), so the declared area counts
// as well as the graph's. Sorted by path; nil when p is not a knowledge
// document of head.
func KnowledgeTwins(head *snapshot.Snapshot, cfg *config.Config, p string) []KnowledgeTwin {
	v := buildView(head, nil, cfg)
	docs := knowledgeDocuments(v)
	var self *document
	for _, d := range docs {
		if d.Path == p {
			self = d
		}
	}
	if self == nil {
		return nil
	}
	var out []KnowledgeTwin
	for _, group := range []struct {
		area string
		same func(*document) bool
	}{
		{declaredArea(self), func(d *document) bool {
			return declaredArea(d) != "" && strings.EqualFold(declaredArea(d), declaredArea(self))
		}},
		{v.areaOf[self.ID], func(d *document) bool { return v.areaOf[d.ID] != "" && v.areaOf[d.ID] == v.areaOf[self.ID] }},
	} {
		if group.area == "" {
			continue
		}
		var peers []*document
		for _, d := range docs {
			if d == self || group.same(d) {
				peers = append(peers, d)
			}
		}
		if len(peers) > maxTwinDocsPerArea {
			continue
		}
		for _, f := range twinsIn(group.area, prepareTwins(peers, group.area)) {
			for _, ev := range f.Evidence {
				if ev.Path == p {
					other := f.Evidence[0].Path
					if other == p {
						other = f.Evidence[1].Path
					}
					if !hasTwin(out, other) {
						out = append(out, KnowledgeTwin{Path: other, Area: group.area, Message: f.Message})
					}
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b KnowledgeTwin) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// declaredArea is a document's Area field, trimmed ("" when it has none).
func declaredArea(d *document) string {
	a, _, _ := d.Field("area")
	return strings.TrimSpace(a)
}

func hasTwin(ts []KnowledgeTwin, p string) bool {
	for _, t := range ts {
		if t.Path == p {
			return true
		}
	}
	return false
}
