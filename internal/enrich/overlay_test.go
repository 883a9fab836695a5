package enrich

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// allRaws is a run's worth of proposals: every kind valid, plus rejects.
func allRaws(t testing.TB) []json.RawMessage {
	var raws []json.RawMessage
	kinds := slices.Clone(Kinds)
	for _, k := range kinds {
		raws = append(raws, rawOf(t, validOf(t)[k]))
	}
	raws = append(raws,
		json.RawMessage(`{"kind":"nope","evidence":[{}]}`),
		json.RawMessage(`[1,2]`),
		rawOf(t, mk(t, docOps, &AddAlias{Alias: "endpoints"})), // collides with the api's
		rawOf(t, mk(t, docOps, &MarkCanonical{Scope: "http api"})),
	)
	return raws
}

// TestDeterminism: shuffled proposals, split across answers in any order,
// give the same overlay bytes and hash.
func TestDeterminism(t *testing.T) {
	raws := allRaws(t)
	base := buildOne(t, raws...)
	want, err := MarshalOverlay(base)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		sh := slices.Clone(raws)
		rng.Shuffle(len(sh), func(i, j int) { sh[i], sh[j] = sh[j], sh[i] })
		cut := rng.IntN(len(sh))
		ov := Build(BuildInput{Facts: testFacts(), Answers: []Answer{
			{Context: testContext(), Proposals: sh[cut:]}, {Context: testContext(), Proposals: sh[:cut]},
		}})
		got, _ := MarshalOverlay(ov)
		if !bytes.Equal(got, want) || ov.ContentHash != base.ContentHash {
			t.Fatalf("shuffled run differs:\n%s\nwant\n%s", got, want)
		}
	}
	// The hash covers decisions: another decision, another hash.
	other := buildOne(t, raws[1:]...)
	if other.ContentHash == base.ContentHash {
		t.Fatal("dropping a proposal kept the hash")
	}
	if base.Stats.Accepted != 5 || base.Stats.Pending != 5 || base.Stats.Findings != 1 || base.Stats.Rejected != 4 {
		t.Fatalf("stats %+v", base.Stats)
	}
}

// TestRoundTrip: written, read back, the overlay is the same.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	ov := buildOne(t, allRaws(t)...)
	if err := WriteOverlay(dir, ov); err != nil {
		t.Fatal(err)
	}
	back, warn := ReadOverlay(dir)
	if back == nil {
		t.Fatal(warn)
	}
	a, _ := MarshalOverlay(ov)
	b, _ := MarshalOverlay(back)
	if !bytes.Equal(a, b) {
		t.Fatalf("round trip differs:\n%s\n%s", a, b)
	}
}

// TestReadOverlayBad: missing, malformed, oversized and hash-mismatched
// overlays are no overlay and a warning; reading writes nothing.
func TestReadOverlayBad(t *testing.T) {
	good, _ := MarshalOverlay(buildOne(t, allRaws(t)...))
	cases := map[string][]byte{
		"missing":   nil,
		"malformed": []byte(`{"type":`),
		"unknown":   bytes.Replace(good, []byte(`"stats"`), []byte(`"extra": 1, "stats"`), 1),
		"oversized": append(bytes.Repeat([]byte(" "), MaxOverlayBytes), good...),
		"edited":    bytes.Replace(good, []byte(`"acceptedBy": "policy"`), []byte(`"acceptedBy": "mallory"`), 1),
		"forged":    forgedPolicyAcceptance(t),
		"miscount":  miscounted(t),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, filepath.FromSlash(OverlayPath))
			if data != nil {
				os.MkdirAll(filepath.Dir(file), 0o755)
				if err := os.WriteFile(file, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			before := listTree(t, dir)
			ov, warn := ReadOverlay(dir)
			if ov != nil || warn == "" {
				t.Fatalf("got an overlay (%v) or no warning (%q)", ov != nil, warn)
			}
			// ReadOverlayIfAny is silent on a missing overlay only.
			want := warn
			if data == nil {
				want = ""
			}
			ov, quiet := ReadOverlayIfAny(dir)
			if ov != nil || quiet != want {
				t.Fatalf("ReadOverlayIfAny: overlay %v, warning %q; want none and %q", ov != nil, quiet, want)
			}
			if after := listTree(t, dir); !slices.Equal(before, after) {
				t.Fatalf("reading wrote: %v → %v", before, after)
			}
		})
	}
}

func listTree(t *testing.T, dir string) []string {
	var out []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil {
			out = append(out, p+":"+fi.ModTime().String())
		}
		return nil
	})
	return out
}

// TestExpiry: when a target's content moves, projection ignores its
// entries at once and the next build moves them to rejected "expired";
// the build after that forgets them.
func TestExpiry(t *testing.T) {
	alias := mk(t, docAPI, &AddAlias{Alias: "endpoints"})
	rel := validOf(t)[KindProposeRelation] // on docs/ops.md, pending
	ov := buildOne(t, rawOf(t, alias), rawOf(t, rel))
	facts := testFacts()
	if en := Enrichment(ov, facts.Snapshot); len(en.Aliases[docAPI]) != 1 {
		t.Fatalf("alias not projected: %+v", en)
	}
	for i := range facts.Snapshot.Entities {
		e := &facts.Snapshot.Entities[i]
		if e.ID == docAPI || e.ID == docOps {
			e.Evidence[0].ContentHash = "00000000000000ff"
		}
	}
	if en := Enrichment(ov, facts.Snapshot); len(en.Aliases[docAPI]) != 0 {
		t.Fatalf("stale alias projected: %+v", en)
	}
	next := Build(BuildInput{Facts: facts, Previous: ov})
	if section(next, alias.ProposalID) != "rejected:expired" || section(next, rel.ProposalID) != "rejected:expired" {
		t.Fatalf("not expired: %s, %s", section(next, alias.ProposalID), section(next, rel.ProposalID))
	}
	if after := Build(BuildInput{Facts: facts, Previous: next}); len(after.Rejected) != 0 {
		t.Fatalf("expired entries kept: %+v", after.Rejected)
	}
}

// TestCarry: an unchanged repository and a run that proposes nothing keeps
// the overlay and its hash (cached answers, or none).
func TestCarry(t *testing.T) {
	ov := buildOne(t, allRaws(t)...)
	next := Build(BuildInput{Facts: testFacts(), Previous: ov, Answers: []Answer{{Context: testContext(), Proposals: allRaws(t)}}})
	a, b := len(ov.Accepted)+len(ov.Pending)+len(ov.Findings), len(next.Accepted)+len(next.Pending)+len(next.Findings)
	if a != b || next.ContentHash != ov.ContentHash {
		t.Fatalf("re-run changed the overlay: %d vs %d entries, %s vs %s", a, b, ov.ContentHash, next.ContentHash)
	}
}

// TestRevalidate: the stored partition reproduces; a hand edit does not,
// and is reported.
func TestRevalidate(t *testing.T) {
	ov := buildOne(t, allRaws(t)...)
	rv := Revalidate(ov, testFacts(), nil)
	if len(rv.Mismatches) != 0 || rv.Checked == 0 || rv.Warning != "" {
		t.Fatalf("clean overlay: %+v", rv)
	}
	// Move a pending proposal to accepted by hand.
	edited := ov.clone()
	p := edited.Pending[0]
	edited.Pending = edited.Pending[1:]
	edited.Accepted = append(edited.Accepted, Accepted{Proposal: p.Proposal, AcceptedBy: "mallory"})
	edited.seal()
	rv = Revalidate(edited, testFacts(), nil)
	if len(rv.Mismatches) != 1 || rv.Mismatches[0].ProposalID != p.Proposal.ProposalID ||
		rv.Mismatches[0].Stored != "accepted by mallory" || rv.Mismatches[0].Reproduced != "pending" {
		t.Fatalf("hand edit: %+v", rv)
	}
	// Turn a rejection into an acceptance by hand.
	edited = ov.clone()
	r := edited.Rejected[slices.IndexFunc(edited.Rejected, func(r Rejected) bool { return r.Reason == ReasonAliasCollision })]
	var q Proposal
	if err := json.Unmarshal(r.Proposal, &q); err != nil {
		t.Fatal(err)
	}
	edited.Rejected = slices.DeleteFunc(edited.Rejected, func(x Rejected) bool { return x.ProposalID == r.ProposalID })
	edited.Accepted = append(edited.Accepted, Accepted{Proposal: q, AcceptedBy: ActorPolicy})
	edited.seal()
	rv = Revalidate(edited, testFacts(), nil)
	if len(rv.Mismatches) != 1 || !strings.HasPrefix(rv.Mismatches[0].Reproduced, "rejected alias-collision") {
		t.Fatalf("forged acceptance: %+v", rv)
	}
}

// forgedPolicyAcceptance is an overlay, its hash recomputed, in which the
// policy accepted a human-approval proposal.
func forgedPolicyAcceptance(t *testing.T) []byte {
	ov := buildOne(t, allRaws(t)...)
	p := ov.Pending[0]
	ov.Pending = ov.Pending[1:]
	ov.Accepted = append(ov.Accepted, Accepted{Proposal: p.Proposal, AcceptedBy: ActorPolicy})
	b, _ := MarshalOverlay(ov.seal())
	return b
}

// miscounted is an overlay, its hash recomputed, whose stats lie.
func miscounted(t *testing.T) []byte {
	ov := buildOne(t, allRaws(t)...)
	ov.Stats.Accepted++
	ov.ContentHash = overlayHash(ov)
	b, _ := MarshalOverlay(ov)
	return b
}
