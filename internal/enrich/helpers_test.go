package enrich

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// The fixture repository: two documents, a module, its package, an area.
const (
	docGuide = "document:docs/guide.md"
	docAPI   = "document:docs/api.md"
	docOps   = "document:docs/ops.md"
	modFoo   = "module:internal/foo/foo.go"
	pkgFoo   = "package:internal/foo"
	areaInt  = "area:internal"
	diagOne  = "d-1"
)

var testAgent = Origin{AgentID: "builtin", AgentVersion: "1.0.0", PromptVersion: "curate/1"}

func testSnapshot() *snapshot.Snapshot {
	doc := func(id, path, name, hash string, meta map[string]any) snapshot.Entity {
		return snapshot.Entity{ID: id, Kind: snapshot.KindDocument, Name: name, Path: path, Provenance: snapshot.Observed,
			Evidence: []snapshot.Evidence{{Source: "markdown", Path: path, ContentHash: hash}}, Metadata: meta}
	}
	s := &snapshot.Snapshot{
		ContentHash: "snap0000000000001",
		Entities: []snapshot.Entity{
			{ID: areaInt, Kind: snapshot.KindArea, Name: "internal", Path: "internal", Provenance: snapshot.Observed},
			doc(docAPI, "docs/api.md", "API Reference", "00000000000000a1", nil),
			doc(docGuide, "docs/guide.md", "User Guide", "00000000000000a2", map[string]any{"title": "User Guide", "summary": "How to use the tool."}),
			doc(docOps, "docs/ops.md", "Operations", "00000000000000a3", nil),
			{ID: modFoo, Kind: snapshot.KindModule, Name: "foo.go", Path: "internal/foo/foo.go", Provenance: snapshot.Observed,
				Evidence: []snapshot.Evidence{{Source: "go", Path: "internal/foo/foo.go", ContentHash: "00000000000000b1"}}},
			{ID: pkgFoo, Kind: snapshot.KindPackage, Name: "foo", Path: "internal/foo", Provenance: snapshot.Observed,
				Evidence: []snapshot.Evidence{{Source: "go", Path: "internal/foo"}}},
		},
		Relations: []snapshot.Relation{
			{ID: snapshot.RelationID(snapshot.RelLinksTo, docGuide, docAPI), Kind: snapshot.RelLinksTo, From: docGuide, To: docAPI, Provenance: snapshot.Observed,
				Evidence: []snapshot.Evidence{{Source: "markdown", Path: "docs/guide.md", LineStart: 3}}},
		},
	}
	return s
}

func testFacts() Facts {
	return Facts{
		Snapshot:    testSnapshot(),
		Diagnostics: []Diagnostic{{ID: diagOne, Paths: []string{"docs/guide.md", "README.md"}}},
		ContainsSecret: func(s string) bool {
			return strings.Contains(s, "ghp_") || strings.Contains(s, "BEGIN RSA PRIVATE KEY")
		},
	}
}

func testContext() Context {
	return Context{Agent: testAgent, BaseSnapshotHash: testSnapshot().ContentHash}
}

// mk builds a valid proposal of payload's kind on entity, its id computed.
func mk(t testing.TB, entity string, payload Payload) Proposal {
	t.Helper()
	s := testSnapshot()
	var target string
	for i := range s.Entities {
		if s.Entities[i].ID == entity {
			target = TargetHash(&s.Entities[i])
		}
	}
	if target == "" {
		target = "0000000000000000"
	}
	path := "docs/guide.md"
	for i := range s.Entities {
		if s.Entities[i].ID == entity && s.Entities[i].Path != "" {
			path = s.Entities[i].Path
		}
	}
	p := Proposal{
		Kind: payload.ProposalKind(), Entity: entity, TargetContentHash: target, Confidence: 0.9,
		Reason: "because the text says so", Evidence: []Evidence{{Source: SourceSnapshot, Path: path, LineStart: 1, LineEnd: 2}},
		Origin: testAgent, BaseSnapshotHash: s.ContentHash, Payload: payload,
	}
	p.ProposalID = ProposalID(p)
	return p
}

// rawOf encodes a proposal as an agent would send it.
func rawOf(t testing.TB, p Proposal) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// edit decodes a raw proposal into a generic map, applies f and encodes it.
func edit(t testing.TB, raw json.RawMessage, f func(m map[string]any)) json.RawMessage {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// buildOne partitions raw proposals of the test agent.
func buildOne(t testing.TB, raws ...json.RawMessage) *Overlay {
	t.Helper()
	return Build(BuildInput{Facts: testFacts(), Answers: []Answer{{Context: testContext(), Proposals: raws}}})
}

// section says where the overlay files proposal id (the first place).
func section(ov *Overlay, id string) string {
	for _, a := range ov.Accepted {
		if a.Proposal.ProposalID == id {
			return "accepted:" + a.AcceptedBy
		}
	}
	for _, p := range ov.Pending {
		if p.Proposal.ProposalID == id {
			return "pending"
		}
	}
	for _, f := range ov.Findings {
		if f.Proposal.ProposalID == id {
			return "finding"
		}
	}
	for _, r := range ov.Rejected {
		if r.ProposalID == id {
			return "rejected:" + string(r.Reason)
		}
	}
	return "absent"
}
