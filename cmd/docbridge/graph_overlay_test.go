package main

import (
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
)

// approvedRelationRepo is the enrich fixture after a run of the built-in
// curator and alice's approval of its proposed relation
// (docs/architecture.md mentions internal/config).
func approvedRelationRepo(t *testing.T) (dir string, rel enrich.Proposal) {
	t.Helper()
	dir = enrichFixture(t)
	runEnrichJSON(t, dir)
	ov := readOverlayFile(t, dir)
	for _, p := range ov.Pending {
		if p.Proposal.Kind == enrich.KindProposeRelation {
			rel = p.Proposal
		}
	}
	if rel.ProposalID == "" {
		t.Fatalf("no proposed relation pending: %+v", ov.Pending)
	}
	if code, out, errOut := runCLI(t, "enrich", "approve", rel.ProposalID, dir, "--by", "alice"); code != 0 {
		t.Fatalf("approve: exit %d: %s%s", code, out, errOut)
	}
	return dir, rel
}

// TestGraphDrawsProposedRelationsDashed: an accepted proposed relation is
// a dashed edge in Mermaid and DOT and listed apart in the text; a
// pending one is not drawn at all.
func TestGraphDrawsProposedRelationsDashed(t *testing.T) {
	dir := enrichFixture(t)
	runEnrichJSON(t, dir) // the relation is pending: nothing to draw
	_, pendingText, _ := runCLI(t, "graph", dir)
	if strings.Contains(pendingText, "Proposed relations") {
		t.Fatalf("a pending relation is drawn:\n%s", pendingText)
	}
	dir, rel := approvedRelationRepo(t)
	to := rel.Payload.(*enrich.ProposeRelation).To
	code, text, errOut := runCLI(t, "graph", dir)
	if code != 0 || !strings.Contains(text, "Proposed relations (1; accepted from the enrichment overlay, not observed)\n  "+rel.Entity+" ⇢ "+to+"  (mentions, accepted by alice)\n") {
		t.Fatalf("text (exit %d, %s):\n%s", code, errOut, text)
	}
	_, mmd, _ := runCLI(t, "graph", "--format", "mermaid", dir)
	if !strings.Contains(mmd, `-.->|"proposed mentions"|`) {
		t.Fatalf("Mermaid:\n%s", mmd)
	}
	_, dot, _ := runCLI(t, "graph", "--format", "dot", dir)
	if !strings.Contains(dot, dotQuoteForTest(rel.Entity)+" -> "+dotQuoteForTest(to)+" [style=dashed, label=\"proposed mentions\"];") {
		t.Fatalf("DOT:\n%s", dot)
	}
}

func dotQuoteForTest(s string) string { return `"` + s + `"` }
