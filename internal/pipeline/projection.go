package pipeline

import (
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Projection is the search projection of the tree scanned at dir with the
// accepted proposals of its enrichment overlay projected in (aliases,
// summaries where an entry has none, intents, the agent signal): the
// search every command answers with. Without an overlay it is
// retrieval.Project's, byte for byte. warning says why an overlay that is
// there was ignored (malformed, edited by hand, too large); a missing one
// is no warning.
func Projection(dir string, s *snapshot.Snapshot, sig *graph.Signals, body func(string) []byte) (proj *retrieval.Projection, warning string) {
	proj = retrieval.Project(s, sig, body)
	ov, warning := enrich.ReadOverlayIfAny(dir)
	if ov == nil && warning == "" { // no overlay file
		return proj, ""
	}
	return proj.Enrich(enrich.Enrichment(ov, s)), warning
}
