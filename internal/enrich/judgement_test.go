package enrich

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
)

var (
	reviewerAgent    = Origin{AgentID: "command:review.sh", AgentVersion: "r1", PromptVersion: "review/1"}
	adjudicatorAgent = Origin{AgentID: "command:judge.sh", AgentVersion: "j1", PromptVersion: "adjudicate/1"}
)

// jraw is one judgement as an agent sends it.
func jraw(t testing.TB, by Origin, id string, v Verdict, mod func(m map[string]any)) json.RawMessage {
	t.Helper()
	j := Judgement{ProposalID: id, Verdict: v, Reason: "the document says otherwise", Origin: by,
		Evidence: []Evidence{{Source: SourceSnapshot, Path: "docs/guide.md", LineStart: 1}}}
	b, err := json.Marshal(j)
	if err != nil {
		t.Fatal(err)
	}
	if mod != nil {
		b = edit(t, b, mod)
	}
	return b
}

func review(by Origin, raws ...json.RawMessage) JudgementAnswer {
	return JudgementAnswer{Role: RoleReviewer, Judge: by, Judgements: raws}
}

func adjudicate(by Origin, raws ...json.RawMessage) JudgementAnswer {
	return JudgementAnswer{Role: RoleAdjudicator, Judge: by, Judgements: raws}
}

// buildJudged partitions proposals of the test agent with judgements.
func buildJudged(t testing.TB, props []json.RawMessage, js ...JudgementAnswer) *Overlay {
	t.Helper()
	return Build(BuildInput{Facts: testFacts(), Answers: []Answer{{Context: testContext(), Proposals: props}}, Judgements: js})
}

func outcomeOf(ov *Overlay, role, id string) string {
	for _, r := range ov.Judgements {
		if r.Role == role && r.ProposalID == id {
			if r.Outcome == JudgementValid {
				return string(r.Verdict)
			}
			return r.Outcome
		}
	}
	return "absent"
}

// TestReviewerObjectionRecorded: an objection is recorded and counted;
// on its own it moves nothing, and a corroboration accepts nothing.
func TestReviewerObjectionRecorded(t *testing.T) {
	alias := mk(t, docAPI, &AddAlias{Alias: "endpoints"})
	rel := mk(t, docGuide, &ProposeRelation{From: docGuide, To: modFoo, Kind: "mentions", Detection: "prose"})
	ov := buildJudged(t, []json.RawMessage{rawOf(t, alias), rawOf(t, rel)},
		review(reviewerAgent, jraw(t, reviewerAgent, alias.ProposalID, VerdictObject, nil),
			jraw(t, reviewerAgent, rel.ProposalID, verdictCorroborate, nil)))
	if got := outcomeOf(ov, RoleReviewer, alias.ProposalID); got != "object" {
		t.Fatalf("objection: %s", got)
	}
	if got := outcomeOf(ov, RoleReviewer, rel.ProposalID); got != "corroborate" {
		t.Fatalf("corroboration: %s", got)
	}
	if section(ov, alias.ProposalID) != "accepted:policy" || section(ov, rel.ProposalID) != "pending" {
		t.Fatalf("a review moved something: %s, %s", section(ov, alias.ProposalID), section(ov, rel.ProposalID))
	}
	if ov.Stats.Judgements["object"] != 1 || ov.Stats.Judgements["corroborate"] != 1 {
		t.Fatalf("stats %v", ov.Stats.Judgements)
	}
	if d := ov.Disputed(); !slices.Equal(d, []string{alias.ProposalID}) {
		t.Fatalf("disputed %v", d)
	}
	if !ov.Judged(RoleReviewer, reviewerAgent, alias.ProposalID) || ov.Judged(RoleAdjudicator, reviewerAgent, alias.ProposalID) {
		t.Fatal("Judged")
	}
	// The record survives the file.
	b, err := MarshalOverlay(ov)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseOverlay(b)
	if err != nil || back.ContentHash != ov.ContentHash || len(back.Judgements) != 2 {
		t.Fatalf("round trip: %v", err)
	}
}

// TestAdjudicationNeverApproves: whatever an adjudicator says, a
// human-approval proposal stays pending; an upheld objection rejects a
// policy kind with the adjudicator's reason; a dismissed one moves nothing.
func TestAdjudicationNeverApproves(t *testing.T) {
	alias := mk(t, docAPI, &AddAlias{Alias: "endpoints"})
	intent := mk(t, docGuide, &AddIntent{Phrase: "use the tool", Language: "en"})
	rel := mk(t, docGuide, &ProposeRelation{From: docGuide, To: modFoo, Kind: "mentions", Detection: "prose"})
	canon := mk(t, docOps, &MarkCanonical{Scope: "operations"})
	props := []json.RawMessage{rawOf(t, alias), rawOf(t, intent), rawOf(t, rel), rawOf(t, canon)}
	var objections []json.RawMessage
	for _, p := range []Proposal{alias, intent, rel, canon} {
		objections = append(objections, jraw(t, reviewerAgent, p.ProposalID, VerdictObject, nil))
	}
	ov := buildJudged(t, props, review(reviewerAgent, objections...),
		adjudicate(adjudicatorAgent,
			jraw(t, adjudicatorAgent, alias.ProposalID, VerdictUphold, func(m map[string]any) { m["reason"] = "not a name anyone uses" }),
			jraw(t, adjudicatorAgent, intent.ProposalID, VerdictDismiss, nil),
			jraw(t, adjudicatorAgent, rel.ProposalID, VerdictDismiss, nil),
			jraw(t, adjudicatorAgent, canon.ProposalID, VerdictUphold, nil)))
	if got := section(ov, alias.ProposalID); got != "rejected:rejected-by-adjudicator" {
		t.Fatalf("upheld policy kind: %s", got)
	}
	r := ov.Rejected[slices.IndexFunc(ov.Rejected, func(r Rejected) bool { return r.ProposalID == alias.ProposalID })]
	if r.Detail != "not a name anyone uses" || r.RejectedBy != adjudicatorAgent.Actor() || len(r.Proposal) == 0 {
		t.Fatalf("rejected entry %+v", r)
	}
	if got := section(ov, intent.ProposalID); got != "accepted:policy" {
		t.Fatalf("dismissed policy kind: %s", got)
	}
	for _, p := range []Proposal{rel, canon} {
		if got := section(ov, p.ProposalID); got != "pending" {
			t.Fatalf("human kind %s after adjudication: %s", p.Kind, got)
		}
	}
	for _, a := range ov.Accepted {
		if a.AcceptedBy != ActorPolicy {
			t.Fatalf("accepted by %s", a.AcceptedBy)
		}
	}
	// Revalidation reproduces the adjudicated partition from the stored
	// judgements, and the next run with no new answer keeps it.
	if rv := Revalidate(ov, testFacts(), nil); len(rv.Mismatches) != 0 {
		t.Fatalf("revalidate: %+v", rv)
	}
	next := Build(BuildInput{Facts: testFacts(), Previous: ov, Answers: []Answer{{Context: testContext(), Proposals: []json.RawMessage{rawOf(t, alias)}}}})
	if next.ContentHash != ov.ContentHash {
		a, _ := MarshalOverlay(ov)
		b, _ := MarshalOverlay(next)
		t.Fatalf("carried judgements changed the overlay:\n%s\n---\n%s", a, b)
	}
}

// TestJudgementRejections: one case per outcome a judgement can be
// refused with.
func TestJudgementRejections(t *testing.T) {
	alias := mk(t, docAPI, &AddAlias{Alias: "endpoints"})
	intent := mk(t, docGuide, &AddIntent{Phrase: "use the tool", Language: "en"})
	props := []json.RawMessage{rawOf(t, alias), rawOf(t, intent)}
	objection := jraw(t, reviewerAgent, alias.ProposalID, VerdictObject, nil)
	cases := []struct {
		name    string
		answers []JudgementAnswer
		role    string
		id      string
		want    string
	}{
		{"self-adjudication (the proposal's agent)", []JudgementAnswer{review(reviewerAgent, objection),
			adjudicate(testAgent, jraw(t, testAgent, alias.ProposalID, VerdictDismiss, nil))}, RoleAdjudicator, alias.ProposalID, judgementSelfAdjudication},
		{"self-adjudication (the objector)", []JudgementAnswer{review(reviewerAgent, objection),
			adjudicate(reviewerAgent, jraw(t, reviewerAgent, alias.ProposalID, VerdictUphold, nil))}, RoleAdjudicator, alias.ProposalID, judgementSelfAdjudication},
		{"self-review", []JudgementAnswer{review(testAgent, jraw(t, testAgent, alias.ProposalID, VerdictObject, nil))}, RoleReviewer, alias.ProposalID, judgementSelfReview},
		{"not disputed", []JudgementAnswer{adjudicate(adjudicatorAgent, jraw(t, adjudicatorAgent, intent.ProposalID, VerdictUphold, nil))}, RoleAdjudicator, intent.ProposalID, judgementNotDisputed},
		{"wrong verdict", []JudgementAnswer{review(reviewerAgent, jraw(t, reviewerAgent, alias.ProposalID, VerdictUphold, nil))}, RoleReviewer, alias.ProposalID, judgementWrongVerdict},
		{"unknown verdict", []JudgementAnswer{review(reviewerAgent, jraw(t, reviewerAgent, alias.ProposalID, "approve", nil))}, RoleReviewer, alias.ProposalID, judgementSchema},
		{"origin mismatch", []JudgementAnswer{review(reviewerAgent, jraw(t, adjudicatorAgent, alias.ProposalID, VerdictObject, nil))}, RoleReviewer, alias.ProposalID, judgementOriginMismatch},
		{"unknown proposal", []JudgementAnswer{review(reviewerAgent, jraw(t, reviewerAgent, "feedfeedfeedfeed", VerdictObject, nil))}, RoleReviewer, "feedfeedfeedfeed", judgementUnknownProposal},
		{"evidence outside", []JudgementAnswer{review(reviewerAgent, jraw(t, reviewerAgent, alias.ProposalID, VerdictObject, func(m map[string]any) {
			m["evidence"] = []any{map[string]any{"source": "snapshot", "path": "nowhere.md"}}
		}))}, RoleReviewer, alias.ProposalID, judgementOutsideArtifacts},
		{"no evidence", []JudgementAnswer{review(reviewerAgent, jraw(t, reviewerAgent, alias.ProposalID, VerdictObject, func(m map[string]any) { m["evidence"] = []any{} }))}, RoleReviewer, alias.ProposalID, judgementNoEvidence},
		{"reason too long", []JudgementAnswer{review(reviewerAgent, jraw(t, reviewerAgent, alias.ProposalID, VerdictObject, func(m map[string]any) { m["reason"] = string(bytes.Repeat([]byte("x"), MaxReasonRunes+1)) }))}, RoleReviewer, alias.ProposalID, judgementSchema},
		{"unknown field", []JudgementAnswer{review(reviewerAgent, jraw(t, reviewerAgent, alias.ProposalID, VerdictObject, func(m map[string]any) { m["accept"] = true }))}, RoleReviewer, alias.ProposalID, judgementSchema},
		{"duplicate", []JudgementAnswer{review(reviewerAgent, objection, jraw(t, reviewerAgent, alias.ProposalID, verdictCorroborate, nil))}, RoleReviewer, alias.ProposalID, judgementDuplicate},
	}
	seen := map[string]bool{JudgementValid: true}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ov := buildJudged(t, props, c.answers...)
			var got []string
			for _, r := range ov.Judgements {
				if r.Role == c.role && r.ProposalID == c.id {
					got = append(got, r.Outcome)
					if r.Outcome != JudgementValid && r.Detail == "" {
						t.Errorf("%s without a detail", r.Outcome)
					}
				}
			}
			if !slices.Contains(got, c.want) {
				t.Fatalf("outcomes %v, want %s", got, c.want)
			}
			if section(ov, alias.ProposalID) != "accepted:policy" || section(ov, intent.ProposalID) != "accepted:policy" {
				t.Fatal("a refused judgement moved a proposal")
			}
			if ov.Stats.Judgements["rejected:"+c.want] == 0 {
				t.Fatalf("stats %v", ov.Stats.Judgements)
			}
		})
		seen[c.want] = true
	}
	for _, o := range judgementOutcomes {
		if !seen[o] {
			t.Errorf("no case for %s", o)
		}
	}
}

// TestJudgementDeterminism: proposals and judgements in any order give
// the same overlay bytes.
func TestJudgementDeterminism(t *testing.T) {
	alias := mk(t, docAPI, &AddAlias{Alias: "endpoints"})
	intent := mk(t, docGuide, &AddIntent{Phrase: "use the tool", Language: "en"})
	rel := mk(t, docGuide, &ProposeRelation{From: docGuide, To: modFoo, Kind: "mentions", Detection: "prose"})
	props := []json.RawMessage{rawOf(t, alias), rawOf(t, intent), rawOf(t, rel)}
	other := Origin{AgentID: "models:other", AgentVersion: "2", PromptVersion: "review/1"}
	reviews := []json.RawMessage{
		jraw(t, reviewerAgent, alias.ProposalID, VerdictObject, nil),
		jraw(t, reviewerAgent, intent.ProposalID, verdictCorroborate, nil),
		jraw(t, reviewerAgent, rel.ProposalID, VerdictObject, nil),
		jraw(t, reviewerAgent, "0000000000000000", VerdictObject, nil),
	}
	adj := []json.RawMessage{
		jraw(t, adjudicatorAgent, alias.ProposalID, VerdictUphold, nil),
		jraw(t, adjudicatorAgent, rel.ProposalID, VerdictUphold, nil),
		jraw(t, adjudicatorAgent, intent.ProposalID, VerdictDismiss, nil),
	}
	want, _ := MarshalOverlay(buildJudged(t, props, review(reviewerAgent, reviews...),
		review(other, jraw(t, other, alias.ProposalID, verdictCorroborate, nil)), adjudicate(adjudicatorAgent, adj...)))
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		p, r, a := slices.Clone(props), slices.Clone(reviews), slices.Clone(adj)
		rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		rng.Shuffle(len(r), func(i, j int) { r[i], r[j] = r[j], r[i] })
		rng.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
		answers := []JudgementAnswer{adjudicate(adjudicatorAgent, a...), review(other, jraw(t, other, alias.ProposalID, verdictCorroborate, nil)), review(reviewerAgent, r...)}
		rng.Shuffle(len(answers), func(i, j int) { answers[i], answers[j] = answers[j], answers[i] })
		got, _ := MarshalOverlay(buildJudged(t, p, answers...))
		if !bytes.Equal(got, want) {
			t.Fatalf("order changed the overlay:\n%s\n---\n%s", got, want)
		}
	}
}

// TestNoJudgementsSameBytes: without judgements the overlay has no
// judgements field, as before the roles existed.
func TestNoJudgementsSameBytes(t *testing.T) {
	b, _ := MarshalOverlay(buildOne(t, allRaws(t)...))
	if bytes.Contains(b, []byte(`"judgements"`)) {
		t.Fatal("an overlay without judgements mentions them")
	}
}

func FuzzDecodeJudgement(f *testing.F) {
	f.Add([]byte(`{"proposalId":"a","verdict":"object","reason":"r","evidence":[{"source":"snapshot","path":"x"}],"origin":{"agentId":"a","agentVersion":"1","promptVersion":"p"}}`))
	f.Add([]byte(`{"evidence":[1]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		j, outcome, err := DecodeJudgement(b)
		if !slices.Contains(judgementOutcomes, outcome) {
			t.Fatalf("outcome %q", outcome)
		}
		if err == nil && (outcome != JudgementValid || len(j.Evidence) == 0 || j.Reason == "") {
			t.Fatalf("accepted %+v", j)
		}
	})
}
