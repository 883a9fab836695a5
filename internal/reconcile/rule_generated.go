package reconcile

import (
	"fmt"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// editedRegions reports every generated region whose content no longer
// hashes to the hash its opening marker declares: someone edited generated
// output by hand. A region without a declared hash cannot be judged, and an
// unclosed one is GENERATED_UNCLOSED's (its end, so its hash, is unknown).
// The key is the declared hash, which stays put when the region moves.
func editedRegions(v *view) []draft {
	var out []draft
	for _, d := range v.documents {
		for _, g := range d.Generated {
			if g.DeclaredHash == "" || !g.Closed || g.DeclaredHash == g.ActualHash {
				continue
			}
			out = append(out, draft{
				Code: catalog.GeneratedRegionEdited,
				Message: fmt.Sprintf("generated region (lines %d–%d) was edited by hand: its content hashes to %s, its marker declares %s",
					g.LineStart, g.LineEnd, g.ActualHash, g.DeclaredHash),
				Evidence:    []finding.Location{{Path: d.Path, Line: g.LineStart}},
				EntityIDs:   []string{d.ID},
				Remediation: "Regenerate the region (or change the generator's input); to keep the edit, make it in the generator instead.",
				Key:         g.DeclaredHash,
			})
		}
	}
	return out
}
