package enrich

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func decideFixture(t *testing.T) (*Overlay, Proposal) {
	t.Helper()
	rel := validOf(t)[KindProposeRelation]
	ov := buildOne(t, allRaws(t)...)
	if section(ov, rel.ProposalID) != "pending" {
		t.Fatalf("fixture: %s", section(ov, rel.ProposalID))
	}
	return ov, rel
}

func TestDecideApproveAndReject(t *testing.T) {
	for _, decision := range []string{DecisionApprove, DecisionReject} {
		t.Run(decision, func(t *testing.T) {
			ov, rel := decideFixture(t)
			before, _ := MarshalOverlay(ov)
			in := DecideInput{Overlay: ov, Targets: TargetHashes(testSnapshot())}
			next, rec, err := Decide(in, DecideRequest{ProposalID: rel.ProposalID, Decision: decision, By: "alice", Reason: "checked"})
			if err != nil {
				t.Fatal(err)
			}
			if after, _ := MarshalOverlay(ov); !bytes.Equal(before, after) {
				t.Fatal("Decide changed its input overlay")
			}
			want := "accepted:alice"
			if decision == DecisionReject {
				want = "rejected:rejected-by-person"
			}
			if got := section(next, rel.ProposalID); got != want {
				t.Fatalf("%s, want %s", got, want)
			}
			if rec.ApprovalID != ApprovalID(rel.ProposalID, rel.TargetContentHash) || rec.By != "alice" || rec.Decision != decision {
				t.Fatalf("record %+v", rec)
			}
			// The record survives a rebuild from the same answers, and
			// revalidation reproduces the decision.
			rebuilt := Build(BuildInput{Facts: testFacts(), Previous: next, Answers: []Answer{{Context: testContext(), Proposals: allRaws(t)}}, Approvals: []Approval{rec}})
			if got := section(rebuilt, rel.ProposalID); got != want {
				t.Fatalf("after a rebuild: %s, want %s", got, want)
			}
			// Decide files the decision as a rebuild does, byte for byte.
			if a, b := mustMarshal(t, next), mustMarshal(t, rebuilt); !bytes.Equal(a, b) {
				t.Fatalf("Decide's overlay differs from the rebuild's:\n%s\n---\n%s", a, b)
			}
			if rv := Revalidate(next, testFacts(), []Approval{rec}); len(rv.Mismatches) != 0 {
				t.Fatalf("revalidate: %+v", rv.Mismatches)
			}
			// Without the record, the decision does not reproduce.
			if rv := Revalidate(next, testFacts(), nil); len(rv.Mismatches) != 1 {
				t.Fatalf("revalidate without the record: %+v", rv.Mismatches)
			}
		})
	}
}

// TestDecideRefused: each refusal leaves the overlay untouched and records
// nothing.
func TestDecideRefused(t *testing.T) {
	ov, rel := decideFixture(t)
	targets := TargetHashes(testSnapshot())
	stale := TargetHashes(testSnapshot())
	stale[docOps] = "00000000000000ff"
	accepted := ov.Accepted[0].Proposal.ProposalID
	rec := Approval{ApprovalID: ApprovalID(rel.ProposalID, rel.TargetContentHash), ProposalID: rel.ProposalID, Decision: DecisionApprove, By: "bob"}
	cases := []struct {
		name string
		in   DecideInput
		req  DecideRequest
		code string
	}{
		{"unknown", DecideInput{Overlay: ov, Targets: targets}, DecideRequest{ProposalID: "ffffffffffffffff", Decision: DecisionApprove, By: "alice"}, RefusedUnknown},
		{"no overlay", DecideInput{Targets: targets}, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionApprove, By: "alice"}, RefusedUnknown},
		{"accepted by policy", DecideInput{Overlay: ov, Targets: targets}, DecideRequest{ProposalID: accepted, Decision: DecisionReject, By: "alice"}, RefusedAlreadyDecided},
		{"recorded", DecideInput{Overlay: ov, Targets: targets, Approvals: []Approval{rec}}, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionApprove, By: "alice"}, RefusedAlreadyDecided},
		{"stale", DecideInput{Overlay: ov, Targets: stale}, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionApprove, By: "alice"}, RefusedStale},
		{"self", DecideInput{Overlay: ov, Targets: targets}, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionApprove, By: testAgent.AgentID}, RefusedSelfApproval},
		{"self actor", DecideInput{Overlay: ov, Targets: targets}, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionReject, By: "agent:builtin"}, RefusedSelfApproval},
		{"policy", DecideInput{Overlay: ov, Targets: targets}, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionApprove, By: "Policy"}, RefusedPolicy},
		{"no name", DecideInput{Overlay: ov, Targets: targets}, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionApprove}, RefusedInvalid},
		{"bad verb", DecideInput{Overlay: ov, Targets: targets}, DecideRequest{ProposalID: rel.ProposalID, Decision: "lgtm", By: "alice"}, RefusedInvalid},
	}
	before, _ := MarshalOverlay(ov)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			next, rec, err := Decide(c.in, c.req)
			var r *Refusal
			if !errors.As(err, &r) || r.Code != c.code {
				t.Fatalf("got %v, want refusal %s", err, c.code)
			}
			if next != nil || rec != (Approval{}) {
				t.Fatal("a refusal returned a decision")
			}
			if after, _ := MarshalOverlay(ov); !bytes.Equal(before, after) {
				t.Fatal("a refusal changed the overlay")
			}
		})
	}
}

// TestDecideCanonicalConflict: approving a second canonical document of a
// scope is refused.
func TestDecideCanonicalConflict(t *testing.T) {
	a := mk(t, docAPI, &MarkCanonical{Scope: "ops"})
	ov := buildOne(t, rawOf(t, a))
	next, _, err := Decide(DecideInput{Overlay: ov, Targets: TargetHashes(testSnapshot())}, DecideRequest{ProposalID: a.ProposalID, Decision: DecisionApprove, By: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	// Forge a competing pending mark (as if proposed against another
	// overlay) and try to approve it.
	b := mk(t, docOps, &MarkCanonical{Scope: "OPS"})
	next.Pending = append(next.Pending, Pending{Proposal: b, ApprovalID: ApprovalID(b.ProposalID, b.TargetContentHash)})
	next.seal()
	_, _, err = Decide(DecideInput{Overlay: next, Targets: TargetHashes(testSnapshot())}, DecideRequest{ProposalID: b.ProposalID, Decision: DecisionApprove, By: "alice"})
	var r *Refusal
	if !errors.As(err, &r) || r.Code != RefusedConflict {
		t.Fatalf("got %v", err)
	}
}

// TestDecideFiles: the record is written first and never replaced; the
// overlay moves second; a second decision is refused with nothing written.
func TestDecideFiles(t *testing.T) {
	dir := t.TempDir()
	ov, rel := decideFixture(t)
	if err := WriteOverlay(dir, ov); err != nil {
		t.Fatal(err)
	}
	targets := TargetHashes(testSnapshot())
	next, rec, err := DecideFiles(dir, targets, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionApprove, By: "alice", Via: "cli"})
	if err != nil {
		t.Fatal(err)
	}
	recs, warns := ReadApprovals(dir)
	if len(warns) != 0 || len(recs) != 1 || recs[0] != rec {
		t.Fatalf("records %+v %v", recs, warns)
	}
	onDisk, _ := ReadOverlay(dir)
	if onDisk == nil || onDisk.ContentHash != next.ContentHash {
		t.Fatal("the overlay on disk is not the decided one")
	}
	recFile := filepath.Join(dir, ApprovalsDir, rec.ApprovalID+".json")
	recBytes, _ := os.ReadFile(recFile)
	ovBytes, _ := os.ReadFile(filepath.Join(dir, OverlayPath))
	_, _, err = DecideFiles(dir, targets, DecideRequest{ProposalID: rel.ProposalID, Decision: DecisionReject, By: "bob"})
	var r *Refusal
	if !errors.As(err, &r) || r.Code != RefusedAlreadyDecided {
		t.Fatalf("second decision: %v", err)
	}
	if b, _ := os.ReadFile(recFile); !bytes.Equal(b, recBytes) {
		t.Fatal("the record was replaced")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, OverlayPath)); !bytes.Equal(b, ovBytes) {
		t.Fatal("the overlay moved on a refusal")
	}
	// The store refuses a second record for one approvalId by itself.
	var again *Refusal
	if err := writeApproval(dir, rec); !errors.As(err, &again) || again.Code != RefusedAlreadyDecided {
		t.Fatalf("writeApproval twice: %v", err)
	}
}

// TestReadApprovalsBad: malformed, forged and misnamed records are skipped
// with a warning.
func TestReadApprovalsBad(t *testing.T) {
	dir := t.TempDir()
	good := Approval{Type: ApprovalType, SchemaVersion: ApprovalSchemaVersion, ProposalID: "p1", Kind: "add-alias", Entity: docAPI,
		TargetContentHash: "h1", Decision: DecisionApprove, By: "alice"}
	good.ApprovalID = ApprovalID(good.ProposalID, good.TargetContentHash)
	forged := good
	forged.TargetContentHash = "h2" // the id no longer matches
	spaced := good
	spaced.By = "two words"
	policy := good
	policy.By = "policy"
	write := func(name string, v any) {
		b, _ := json.Marshal(v)
		os.MkdirAll(filepath.Join(dir, ApprovalsDir), 0o755)
		os.WriteFile(filepath.Join(dir, ApprovalsDir, name), b, 0o644)
	}
	write(good.ApprovalID+".json", good)
	write("forged.json", forged)
	write("misnamed.json", good)
	write("bad-name.json", spaced)
	write("policy.json", policy)
	os.WriteFile(filepath.Join(dir, ApprovalsDir, "garbage.json"), []byte("{"), 0o644)
	recs, warns := ReadApprovals(dir)
	if len(recs) != 1 || recs[0] != good || len(warns) != 5 {
		t.Fatalf("records %+v, warnings %q", recs, warns)
	}
}

func mustMarshal(t *testing.T, ov *Overlay) []byte {
	t.Helper()
	b, err := MarshalOverlay(ov)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
