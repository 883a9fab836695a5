package enrich

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// FuzzDecode: no input panics; every error is a rejection of the closed
// set; what decodes re-encodes to something that decodes to itself.
func FuzzDecode(f *testing.F) {
	for _, raw := range allRaws(f) {
		f.Add([]byte(raw))
	}
	f.Add([]byte(`{"kind":"summarize","evidence":[{"source":"snapshot","path":"a"}],"payload":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Decode(data)
		if err != nil {
			var r *rejection
			if !errors.As(err, &r) || !isReason(r.Reason) {
				t.Fatalf("error outside the closed set: %v", err)
			}
			return
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Decode(b)
		if err != nil {
			t.Fatalf("re-encoded proposal does not decode: %v\n%s", err, b)
		}
		if b2, _ := json.Marshal(q); !bytes.Equal(b, b2) || ProposalID(p) != ProposalID(q) {
			t.Fatalf("unstable: %s vs %s", b, b2)
		}
	})
}

func isReason(r Reason) bool {
	for _, x := range reasons {
		if x == r {
			return true
		}
	}
	return false
}

// FuzzParseOverlay: no input panics; a parsed overlay writes back to
// bytes that parse to the same hash.
func FuzzParseOverlay(f *testing.F) {
	good, _ := MarshalOverlay(buildOne(f, allRaws(f)...))
	f.Add(good)
	empty, _ := MarshalOverlay(buildOne(f))
	f.Add(empty)
	alias := mk(f, docAPI, &AddAlias{Alias: "endpoints"})
	judged, _ := MarshalOverlay(buildJudged(f, []json.RawMessage{rawOf(f, alias)},
		review(reviewerAgent, jraw(f, reviewerAgent, alias.ProposalID, VerdictObject, nil)),
		adjudicate(adjudicatorAgent, jraw(f, adjudicatorAgent, alias.ProposalID, VerdictUphold, nil))))
	f.Add(judged)
	f.Fuzz(func(t *testing.T, data []byte) {
		ov, err := ParseOverlay(data)
		if err != nil {
			return
		}
		b, err := MarshalOverlay(ov)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseOverlay(b)
		if err != nil || back.ContentHash != ov.ContentHash {
			t.Fatalf("re-encoded overlay: %v", err)
		}
	})
}

// FuzzParseApproval: no input panics; a parsed record is consistent.
func FuzzParseApproval(f *testing.F) {
	a := Approval{Type: ApprovalType, SchemaVersion: ApprovalSchemaVersion, ProposalID: "p", Kind: "add-alias", Entity: "document:a.md",
		TargetContentHash: "h", Decision: DecisionReject, By: "alice", Reason: "no"}
	a.ApprovalID = ApprovalID(a.ProposalID, a.TargetContentHash)
	b, _ := MarshalApproval(a)
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseApproval(data)
		if err != nil {
			return
		}
		if a.ApprovalID != ApprovalID(a.ProposalID, a.TargetContentHash) || checkName(a.By) != nil {
			t.Fatalf("inconsistent record accepted: %+v", a)
		}
	})
}
