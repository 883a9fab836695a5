package enrich

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestEnrichmentSignals: rank-hint strong 1, weak 0.5, canonical 0.8 (the
// largest wins); only accepted proposals count.
func TestEnrichmentSignals(t *testing.T) {
	strong := mk(t, docAPI, &RankHint{Strength: "strong"})
	weak := mk(t, docOps, &RankHint{Strength: "weak"})
	canon := mk(t, docGuide, &MarkCanonical{Scope: "guides"})
	ov := buildOne(t, rawOf(t, strong), rawOf(t, weak), rawOf(t, canon))
	en := Enrichment(ov, testSnapshot())
	if en.Signal[docAPI] != signalRankStrong || en.Signal[docOps] != signalRankWeak || en.Signal[docGuide] != 0 {
		t.Fatalf("before approval: %v", en.Signal)
	}
	next, _, err := Decide(DecideInput{Overlay: ov, Targets: TargetHashes(testSnapshot())}, DecideRequest{ProposalID: canon.ProposalID, Decision: DecisionApprove, By: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	en = Enrichment(next, testSnapshot())
	if en.Signal[docGuide] != signalCanonical || len(en.Canonical[docGuide]) != 1 {
		t.Fatalf("after approval: %v %v", en.Signal, en.Canonical)
	}
	if Enrichment(nil, testSnapshot()) != nil {
		t.Fatal("no overlay must project nothing")
	}
}

// TestObservedSurvives: enrichment changes nothing the scan observed: the
// snapshot is untouched by Build, Decide and Enrichment, and every
// projected entry keeps its observed fields.
func TestObservedSurvives(t *testing.T) {
	s := testSnapshot()
	before, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	raws := allRaws(t)
	raws = append(raws, rawOf(t, mk(t, docGuide, &AddAlias{Alias: "manual"})), rawOf(t, mk(t, docGuide, &AddIntent{Phrase: "get started", Language: "en"})))
	ov := Build(BuildInput{Facts: Facts{Snapshot: s, Diagnostics: testFacts().Diagnostics}, Answers: []Answer{{Context: testContext(), Proposals: raws}}})
	for _, p := range ov.Pending {
		if next, _, err := Decide(DecideInput{Overlay: ov, Targets: TargetHashes(s)}, DecideRequest{ProposalID: p.Proposal.ProposalID, Decision: DecisionApprove, By: "alice"}); err == nil {
			ov = next
		}
	}
	plain := retrieval.Project(s, nil, nil)
	enriched := plain.Enrich(Enrichment(ov, s))
	if after, _ := json.Marshal(s); !bytes.Equal(before, after) {
		t.Fatal("the snapshot changed")
	}
	if len(enriched.Entries) != len(plain.Entries) {
		t.Fatalf("%d entries, want %d", len(enriched.Entries), len(plain.Entries))
	}
	added := 0
	for i, x := range enriched.Entries {
		o := plain.Entries[i]
		if x.ID != o.ID || x.Kind != o.Kind || x.Path != o.Path || x.Title != o.Title || x.Body != o.Body ||
			!reflect.DeepEqual(x.Facts, o.Facts) || !reflect.DeepEqual(x.Headings, o.Headings) || x.ContentHash != o.ContentHash ||
			len(x.Aliases) < len(o.Aliases) || !slices.Equal(x.Aliases[:len(o.Aliases)], o.Aliases) ||
			(o.Summary != "" && x.Summary != o.Summary) {
			t.Fatalf("observed data of %s changed:\n%+v\n%+v", o.ID, o, x)
		}
		added += len(x.Aliases) - len(o.Aliases) + len(x.Intents)
	}
	if added < 3 {
		t.Fatalf("the overlay added %d values; the test proves nothing", added)
	}
	// Every observed relation is still there, as observed.
	if len(s.Relations) != 1 || s.Relations[0].Provenance != snapshot.Observed {
		t.Fatal("relations changed")
	}
}
