package enrich

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich/redact/redacttest"
	"github.com/docbridge/docbridge/internal/nearmiss"
)

// validOf returns one valid proposal of every kind.
func validOf(t testing.TB) map[Kind]Proposal {
	return map[Kind]Proposal{
		KindClassifyDocument:  mk(t, docAPI, &ClassifyDocument{Type: "reference", Audience: "developer", Lifecycle: "current", Criticality: "high"}),
		KindSummarize:         mk(t, docAPI, &Summarize{Summary: "The HTTP API, endpoint by endpoint.", Language: "en"}),
		KindAddAlias:          mk(t, docAPI, &AddAlias{Alias: "endpoints"}),
		KindAddIntent:         mk(t, docAPI, &AddIntent{Phrase: "how do I call the API", Language: "en"}),
		kindMarkCanonical:     mk(t, docAPI, &MarkCanonical{Scope: "http api"}),
		KindProposeRelation:   mk(t, docOps, &ProposeRelation{From: docOps, To: modFoo, Kind: "documents", Detection: "prose mention"}),
		kindFlagContradiction: mk(t, docGuide, &FlagContradiction{Against: modFoo, Claim: "foo returns an error", Observed: "foo panics"}),
		KindFlagRedundancy:    mk(t, docGuide, &FlagRedundancy{With: docAPI}),
		KindFlagGap:           mk(t, areaInt, &FlagGap{Area: areaInt, Missing: "how the packages fit together"}),
		kindRankHint:          mk(t, docAPI, &RankHint{Strength: "strong"}),
		kindSuggestArea:       mk(t, pkgFoo, &SuggestArea{Directories: []string{"internal/foo"}, Name: "foo things"}),
	}
}

// TestEveryKind: a valid proposal of each kind lands where its policy says.
func TestEveryKind(t *testing.T) {
	want := map[Policy]string{PolicyAuto: "accepted:policy", policyHuman: "pending", policyFinding: "finding"}
	if len(validOf(t)) != len(Kinds) {
		t.Fatalf("the fixture has %d kinds, the union %d", len(validOf(t)), len(Kinds))
	}
	for k, p := range validOf(t) {
		t.Run(string(k), func(t *testing.T) {
			ov := buildOne(t, rawOf(t, p))
			if got := section(ov, p.ProposalID); got != want[k.Policy()] {
				t.Fatalf("%s: %s, want %s (%+v)", k, got, want[k.Policy()], ov.Rejected)
			}
		})
	}
}

// TestPolicyPerKind pins the policy table.
func TestPolicyPerKind(t *testing.T) {
	want := map[Policy][]Kind{
		PolicyAuto:    {KindAddAlias, KindAddIntent, KindClassifyDocument, kindRankHint, KindSummarize},
		policyHuman:   {kindFlagContradiction, KindFlagRedundancy, kindMarkCanonical, KindProposeRelation, kindSuggestArea},
		policyFinding: {KindFlagGap},
	}
	got := map[Policy][]Kind{}
	for _, k := range Kinds {
		got[k.Policy()] = append(got[k.Policy()], k)
	}
	for pol, ks := range want {
		if !slices.Equal(got[pol], ks) {
			t.Errorf("%s: %v, want %v", pol, got[pol], ks)
		}
	}
}

// TestEnvelopeOrder starts from a proposal that breaks every envelope
// check and repairs one at a time: each step must report the next reason
// in the fixed order.
func TestEnvelopeOrder(t *testing.T) {
	good := validOf(t)[KindAddAlias]
	faults := []struct {
		reason Reason
		break_ func(m map[string]any)
	}{
		{ReasonInvalidKind, func(m map[string]any) { m["kind"] = "add-nickname" }},
		{ReasonNoEvidence, func(m map[string]any) { m["evidence"] = []any{} }},
		{ReasonSchema, func(m map[string]any) { m["confidence"] = 7 }},
		{ReasonBaseSnapshotMismatch, func(m map[string]any) { m["baseSnapshotHash"] = "other" }},
		{ReasonUnknownEntity, func(m map[string]any) { m["entity"] = "document:nowhere.md" }},
		{ReasonStaleTarget, func(m map[string]any) { m["targetContentHash"] = "ffffffffffffffff" }},
		{ReasonUnknownDiagnostic, func(m map[string]any) { m["relatedDiagnosticIds"] = []any{"d-404"} }},
		{ReasonEvidenceOutsideArtifacts, func(m map[string]any) {
			m["evidence"] = []any{map[string]any{"source": "snapshot", "path": "secret/notes.md"}}
		}},
		{ReasonProposalIDMismatch, func(m map[string]any) { m["proposalId"] = "0123456789abcdef" }},
	}
	if len(faults) != 9 || !slices.Equal(reasonsOf(faults), reasons[:9]) {
		t.Fatalf("the test does not cover the envelope reasons in order")
	}
	for first := range faults {
		raw := rawOf(t, good)
		// Later faults first, so an earlier one on the same field wins.
		for i := len(faults) - 1; i >= first; i-- {
			raw = edit(t, raw, faults[i].break_)
		}
		ov := buildOne(t, raw)
		if len(ov.Rejected) != 1 || ov.Rejected[0].Reason != faults[first].reason {
			t.Fatalf("faults from %s on: got %+v, want %s", faults[first].reason, ov.Rejected, faults[first].reason)
		}
	}
}

func reasonsOf[T any](fs []T) []Reason {
	var out []Reason
	for _, f := range fs {
		out = append(out, any(f).(struct {
			reason Reason
			break_ func(m map[string]any)
		}).reason)
	}
	return out
}

// TestEveryRejectionReason: one proposal per reason of the closed set that
// a partition gives (rejected-by-person, expired and duplicate have their
// own tests below).
func TestEveryRejectionReason(t *testing.T) {
	v := validOf(t)
	raw := func(p Proposal) json.RawMessage { return rawOf(t, p) }
	relabel := func(p Proposal, f func(*Proposal)) json.RawMessage {
		f(&p)
		p.ProposalID = ProposalID(p)
		return raw(p)
	}
	cases := []struct {
		reason Reason
		raw    json.RawMessage
	}{
		{ReasonInvalidKind, edit(t, raw(v[KindAddAlias]), func(m map[string]any) { m["kind"] = "rename" })},
		{ReasonNoEvidence, edit(t, raw(v[KindAddAlias]), func(m map[string]any) { delete(m, "evidence") })},
		{ReasonSchema, edit(t, raw(v[KindAddAlias]), func(m map[string]any) { m["payload"] = map[string]any{"alias": strings.Repeat("x", 65)} })},
		{ReasonSchema, edit(t, raw(v[KindAddAlias]), func(m map[string]any) { m["extra"] = 1 })},
		{ReasonSchema, edit(t, raw(v[KindClassifyDocument]), func(m map[string]any) {
			m["payload"].(map[string]any)["lifecycle"] = "zombie"
		})},
		{ReasonBaseSnapshotMismatch, relabel(v[KindAddAlias], func(p *Proposal) { p.BaseSnapshotHash = "old" })},
		{ReasonUnknownEntity, relabel(v[KindAddAlias], func(p *Proposal) { p.Entity = "module:gone.go" })},
		{ReasonStaleTarget, relabel(v[KindAddAlias], func(p *Proposal) { p.TargetContentHash = "0000000000000000" })},
		{ReasonUnknownDiagnostic, relabel(v[KindAddAlias], func(p *Proposal) { p.RelatedDiagnosticIDs = []string{"nope"} })},
		{ReasonEvidenceOutsideArtifacts, relabel(v[KindAddAlias], func(p *Proposal) {
			p.Evidence = []Evidence{{Source: SourceReport, Path: "docs/api.md"}} // the report names no such path
		})},
		{ReasonProposalIDMismatch, edit(t, raw(v[KindAddAlias]), func(m map[string]any) { m["confidence"] = 0.1; m["proposalId"] = "x" })},
		{ReasonProposalIDMismatch, relabel(v[KindAddAlias], func(p *Proposal) { p.Origin.AgentID = "someone-else" })},
		{ReasonWrongEntityKind, relabel(v[KindClassifyDocument], func(p *Proposal) { *p = mk(t, modFoo, p.Payload) })},
		{ReasonUnknownReference, relabel(v[KindFlagRedundancy], func(p *Proposal) { p.Payload = &FlagRedundancy{With: "document:gone.md"} })},
		{ReasonUnknownReference, relabel(v[kindSuggestArea], func(p *Proposal) { p.Payload = &SuggestArea{Directories: []string{"nowhere"}, Name: "x"} })},
		{ReasonUnknownReference, relabel(v[KindFlagGap], func(p *Proposal) { p.Payload = &FlagGap{Area: docAPI, Missing: "x"} })},
		{ReasonSelfReference, relabel(v[KindFlagRedundancy], func(p *Proposal) { p.Payload = &FlagRedundancy{With: docGuide} })},
		{ReasonAliasCollision, relabel(v[KindAddAlias], func(p *Proposal) { p.Payload = &AddAlias{Alias: "user guide"} })},    // another's name
		{ReasonAliasCollision, relabel(v[KindAddAlias], func(p *Proposal) { p.Payload = &AddAlias{Alias: "User Guides"} })},   // Jaro-Winkler ≥ 0.95
		{ReasonAliasCollision, relabel(v[KindAddAlias], func(p *Proposal) { p.Payload = &AddAlias{Alias: "ops"} })},           // a file-name stem
		{ReasonAliasCollision, relabel(v[KindAddAlias], func(p *Proposal) { p.Payload = &AddAlias{Alias: "API reference"} })}, // its own name
		{ReasonRelationObserved, relabel(v[KindProposeRelation], func(p *Proposal) {
			*p = mk(t, docGuide, &ProposeRelation{From: docGuide, To: docAPI, Kind: "links-to", Detection: "link"})
		})},
		{ReasonEvidenceOffEnds, relabel(v[KindProposeRelation], func(p *Proposal) {
			p.Evidence = []Evidence{{Source: SourceSnapshot, Path: "docs/guide.md"}}
		})},
		{ReasonSchema, relabel(v[KindProposeRelation], func(p *Proposal) {
			p.Payload = &ProposeRelation{From: docAPI, To: modFoo, Kind: "documents", Detection: "x"}
		})},
		{ReasonSummaryUnchanged, relabel(v[KindSummarize], func(p *Proposal) {
			*p = mk(t, docGuide, &Summarize{Summary: "how to use the tool.", Language: "en"})
		})},
		{reasonSecret, relabel(v[KindSummarize], func(p *Proposal) {
			p.Payload = &Summarize{Summary: "Use token ghp_abcdefghijklmnopqrstuvwxyz0123456789", Language: "en"}
		})},
	}
	seen := map[Reason]bool{}
	for i, c := range cases {
		ov := buildOne(t, c.raw)
		if len(ov.Rejected) != 1 || ov.Rejected[0].Reason != c.reason {
			t.Errorf("case %d: got %+v, want %s", i, ov.Rejected, c.reason)
			continue
		}
		if ov.Rejected[0].Detail == "" {
			t.Errorf("case %d: %s without a detail", i, c.reason)
		}
		if ov.Stats.Rejections[string(c.reason)] != 1 {
			t.Errorf("case %d: histogram %v", i, ov.Stats.Rejections)
		}
		seen[c.reason] = true
	}
	for _, r := range reasons {
		if !seen[r] && r != ReasonDuplicate && r != ReasonExpired && r != ReasonRejectedByPerson && r != reasonCanonicalConflict && r != ReasonRejectedByAdjudicator { // judgement_test.go: rejected-by-adjudicator
			t.Errorf("no test case for %s", r)
		}
	}
}

// TestCanonicalConflict: two documents proposed canonical for one scope;
// the one a person approved stays, the other is rejected.
func TestCanonicalConflict(t *testing.T) {
	a := mk(t, docAPI, &MarkCanonical{Scope: "HTTP API"})
	b := mk(t, docOps, &MarkCanonical{Scope: "http api"})
	ov := buildOne(t, rawOf(t, a), rawOf(t, b))
	first, second := a, b
	if b.ProposalID < a.ProposalID {
		first, second = b, a
	}
	if section(ov, first.ProposalID) != "pending" || section(ov, second.ProposalID) != "rejected:canonical-conflict" {
		t.Fatalf("without approvals: %s / %s", section(ov, first.ProposalID), section(ov, second.ProposalID))
	}
	// A person approves the later one: it comes first, the other conflicts.
	rec := Approval{ApprovalID: ApprovalID(second.ProposalID, second.TargetContentHash), ProposalID: second.ProposalID, Decision: DecisionApprove, By: "alice"}
	ov = Build(BuildInput{Facts: testFacts(), Answers: []Answer{{Context: testContext(), Proposals: []json.RawMessage{rawOf(t, a), rawOf(t, b)}}}, Approvals: []Approval{rec}})
	if section(ov, second.ProposalID) != "accepted:alice" || section(ov, first.ProposalID) != "rejected:canonical-conflict" {
		t.Fatalf("with an approval: %s / %s", section(ov, second.ProposalID), section(ov, first.ProposalID))
	}
}

// TestAliasCollisionWithinRun: two entities proposing one alias; the
// first in id order wins.
func TestAliasCollisionWithinRun(t *testing.T) {
	a := mk(t, docAPI, &AddAlias{Alias: "handbook"})
	b := mk(t, docOps, &AddAlias{Alias: "handbook"})
	ov := buildOne(t, rawOf(t, a), rawOf(t, b))
	if ov.Stats.Accepted != 1 || ov.Stats.Rejections[string(ReasonAliasCollision)] != 1 {
		t.Fatalf("stats %+v", ov.Stats)
	}
}

// TestDuplicate: the same proposal twice is accepted once.
func TestDuplicate(t *testing.T) {
	p := validOf(t)[KindAddIntent]
	ov := buildOne(t, rawOf(t, p), rawOf(t, p))
	if ov.Stats.Accepted != 1 || ov.Stats.Rejections[string(ReasonDuplicate)] != 1 {
		t.Fatalf("stats %+v", ov.Stats)
	}
}

// TestSecretScanDefault: with no scanner given, the redaction rule set
// refuses every secret-shaped fixture in a summary, and passes clean text.
func TestSecretScanDefault(t *testing.T) {
	facts := testFacts()
	facts.ContainsSecret = nil
	for _, fx := range redacttest.Fixtures() {
		text := fx.Text
		if n := []rune(text); len(n) > maxSummaryRunes {
			text = string(n[:maxSummaryRunes])
		}
		p := mk(t, docAPI, &Summarize{Summary: text, Language: "en"})
		ov := Build(BuildInput{Facts: facts, Answers: []Answer{{Context: testContext(), Proposals: []json.RawMessage{rawOf(t, p)}}}})
		if section(ov, p.ProposalID) != "rejected:"+string(reasonSecret) {
			t.Errorf("%s: %s", fx.Name, section(ov, p.ProposalID))
		}
	}
	p := mk(t, docAPI, &Summarize{Summary: "The HTTP API, endpoint by endpoint.", Language: "en"})
	ov := Build(BuildInput{Facts: facts, Answers: []Answer{{Context: testContext(), Proposals: []json.RawMessage{rawOf(t, p)}}}})
	if section(ov, p.ProposalID) != "accepted:policy" {
		t.Errorf("clean text: %s", section(ov, p.ProposalID))
	}
}

// TestLengthsAdmit: the length cut never skips a pair that reaches the
// threshold (checked against the score over many length pairs).
func TestLengthsAdmit(t *testing.T) {
	for la := 1; la <= 40; la++ {
		for lb := 1; lb <= 40; lb++ {
			a := strings.Repeat("a", la)
			b := strings.Repeat("a", lb) // the best case for the score: all runes equal
			if sc := nearmiss.JaroWinkler(a, b); sc >= aliasThreshold && !lengthsAdmit(la, lb) {
				t.Fatalf("%d vs %d scores %.3f but is cut", la, lb, sc)
			}
		}
	}
}
