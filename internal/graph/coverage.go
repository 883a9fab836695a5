package graph

import (
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Coverage returns the signals as coverage entries: one
// area-suggestion:<path> entry per suggestion, status not-analyzed (a
// clustering suggests an area, never creates one), naming its members and
// modularity, followed by the notes on what was skipped or sampled. Sorted.
func (sig *Signals) Coverage() []snapshot.Coverage {
	if sig == nil {
		return nil
	}
	out := slices.Clone(sig.Notes)
	for _, a := range sig.Areas {
		names := strings.Join(a.Examples, ", ")
		if more := a.Members - len(a.Examples); more > 0 {
			names += fmt.Sprintf(" and %d more", more)
		}
		out = append(out, snapshot.Coverage{
			Analyzer: analyzer, Scope: "area-suggestion:" + a.Path, Status: snapshot.StatusNotAnalyzed,
			Reason: fmt.Sprintf("Import community of %d members (%s), modularity %.6f: a candidate area, not configured", a.Members, names, a.Modularity),
		})
	}
	slices.SortFunc(out, compareCoverage)
	return out
}
