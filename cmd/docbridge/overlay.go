package main

import (
	"fmt"
	"io"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/graphview"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// readOverlayQuiet reads the repository's enrichment overlay for a
// command that only shows it: nil without a word when there is none, nil
// with a warning on stderr when the one there is unreadable.
func readOverlayQuiet(dir string, stderr io.Writer) *enrich.Overlay {
	ov, warn := enrich.ReadOverlayIfAny(dir)
	if warn != "" {
		fmt.Fprintln(stderr, "docbridge: warning: the enrichment overlay is ignored:", warn)
	}
	return ov
}

// graphProposed are the overlay's accepted proposed relations in force,
// as graph views draw them.
func graphProposed(ov *enrich.Overlay, s *snapshot.Snapshot) []graphview.ProposedRelation {
	rels := enrich.ProposedRelations(ov, s)
	if len(rels) == 0 {
		return nil
	}
	out := make([]graphview.ProposedRelation, len(rels))
	for i, r := range rels {
		out[i] = graphview.ProposedRelation{From: r.From, To: r.To, Kind: r.Kind, AcceptedBy: r.AcceptedBy}
	}
	return out
}
