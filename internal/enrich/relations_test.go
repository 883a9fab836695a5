package enrich

import (
	"testing"
)

// approvedRelation is an overlay in which alice accepted a proposed
// relation from the guide to the module.
func approvedRelation(t *testing.T) (*Overlay, Proposal) {
	t.Helper()
	rel := mk(t, docGuide, &ProposeRelation{From: docGuide, To: modFoo, Kind: "mentions", Detection: "prose"})
	ov := buildOne(t, rawOf(t, rel), rawOf(t, mk(t, docAPI, &AddAlias{Alias: "endpoints"})))
	next, _, err := Decide(DecideInput{Overlay: ov, Targets: TargetHashes(testSnapshot())}, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionApprove, By: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	return next, rel
}

func TestProposedRelations(t *testing.T) {
	ov, rel := approvedRelation(t)
	s := testSnapshot()
	got := ProposedRelations(ov, s)
	if len(got) != 1 || got[0] != (ProposedRelation{ProposalID: rel.ProposalID, From: docGuide, To: modFoo, Kind: "mentions", Detection: "prose", AcceptedBy: "alice"}) {
		t.Fatalf("got %+v", got)
	}
	// Pending is not in force.
	if got := ProposedRelations(buildOne(t, rawOf(t, rel)), s); len(got) != 0 {
		t.Fatalf("pending listed: %+v", got)
	}
	// The target moved: ignored at once.
	moved := testSnapshot()
	for i := range moved.Entities {
		if moved.Entities[i].ID == docGuide {
			moved.Entities[i].Evidence[0].ContentHash = "00000000000000ff"
		}
	}
	if got := ProposedRelations(ov, moved); len(got) != 0 {
		t.Fatalf("stale listed: %+v", got)
	}
	// Observed now: the scan's relation is the one.
	observed := testSnapshot()
	observed.Relations = append(observed.Relations, observed.Relations[0])
	observed.Relations[1].Kind, observed.Relations[1].To = "mentions", modFoo
	if got := ProposedRelations(ov, observed); len(got) != 0 {
		t.Fatalf("observed listed: %+v", got)
	}
	if ProposedRelations(nil, s) != nil {
		t.Fatal("nil overlay")
	}
}
