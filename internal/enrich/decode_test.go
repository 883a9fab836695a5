package enrich

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestDecodeRoundTrip: every kind encodes and decodes to itself.
func TestDecodeRoundTrip(t *testing.T) {
	for k, p := range validOf(t) {
		got, err := Decode(rawOf(t, p))
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if a, b := string(rawOf(t, got)), string(rawOf(t, p)); a != b {
			t.Fatalf("%s: %s, want %s", k, a, b)
		}
		if got.Payload.ProposalKind() != k {
			t.Fatalf("%s: payload of %s", k, got.Payload.ProposalKind())
		}
	}
}

// TestDecodeMessages: errors say where and what, in plain words.
func TestDecodeMessages(t *testing.T) {
	good := rawOf(t, validOf(t)[KindSummarize])
	cases := []struct {
		raw    json.RawMessage
		reason Reason
		says   string
	}{
		{json.RawMessage(`nope`), ReasonSchema, "not valid JSON"},
		{json.RawMessage(`[]`), ReasonSchema, "expected an object"},
		{json.RawMessage(`{"kind":3}`), ReasonInvalidKind, "kind"},
		{edit(t, good, func(m map[string]any) { m["payload"] = map[string]any{"summary": "x", "language": "en", "tone": "dry"} }), ReasonSchema, `unknown field "tone"`},
		{edit(t, good, func(m map[string]any) {
			m["payload"] = map[string]any{"summary": strings.Repeat("é", 401), "language": "en"}
		}), ReasonSchema, "401 characters, at most 400"},
		{edit(t, good, func(m map[string]any) { delete(m, "payload") }), ReasonSchema, "payload: missing"},
		{edit(t, good, func(m map[string]any) { m["confidence"] = "high" }), ReasonSchema, `"confidence": expected a number`},
		{edit(t, good, func(m map[string]any) { m["reason"] = strings.Repeat("r", 1001) }), ReasonSchema, "reason: 1001 characters"},
		{edit(t, good, func(m map[string]any) { m["evidence"] = []any{map[string]any{"source": "web", "path": "x"}} }), ReasonSchema, "evidence[0].source"},
		{edit(t, good, func(m map[string]any) { m["origin"] = map[string]any{"agentId": "a"} }), ReasonSchema, "origin.agentVersion: missing"},
		{append(good[:len(good):len(good)], []byte(` {}`)...), ReasonSchema, "after top-level value"},
	}
	for i, c := range cases {
		_, err := Decode(c.raw)
		var r *rejection
		if !errors.As(err, &r) || r.Reason != c.reason || !strings.Contains(r.Detail, c.says) {
			t.Errorf("case %d: got %v, want %s saying %q", i, err, c.reason, c.says)
		}
		if err != nil && strings.Contains(err.Error(), "Go value") {
			t.Errorf("case %d: Go's words in %q", i, err)
		}
	}
}

// TestProposalIDDistinct: the fields of the id, and only those, change it.
func TestProposalIDDistinct(t *testing.T) {
	base := mk(t, docOps, &ProposeRelation{From: docOps, To: modFoo, Kind: "documents", Detection: "prose"})
	id := ProposalID(base)
	same := base
	same.Confidence, same.Reason = 0.1, "other words"
	same.Payload = &ProposeRelation{From: docOps, To: modFoo, Kind: "documents", Detection: "other"}
	if ProposalID(same) != id {
		t.Fatal("confidence, reason or detection changed the id")
	}
	for name, f := range map[string]func(p *Proposal){
		"to": func(p *Proposal) {
			p.Payload = &ProposeRelation{From: docOps, To: pkgFoo, Kind: "documents", Detection: "prose"}
		},
		"kind": func(p *Proposal) {
			p.Payload = &ProposeRelation{From: docOps, To: modFoo, Kind: "covers", Detection: "prose"}
		},
		"target":  func(p *Proposal) { p.TargetContentHash = "1" },
		"agent":   func(p *Proposal) { p.Origin.AgentVersion = "2" },
		"model":   func(p *Proposal) { p.Origin.Model = "gpt" },
		"prompt":  func(p *Proposal) { p.Origin.PromptVersion = "curate/2" },
		"entity":  func(p *Proposal) { p.Entity = docAPI },
		"variant": func(p *Proposal) { p.Kind = KindFlagRedundancy },
	} {
		q := base
		f(&q)
		if ProposalID(q) == id {
			t.Errorf("%s does not change the id", name)
		}
	}
	// Directories are a set: their order does not matter.
	a := mk(t, pkgFoo, &SuggestArea{Directories: []string{"a", "b"}, Name: "x"})
	b := mk(t, pkgFoo, &SuggestArea{Directories: []string{"b", "a"}, Name: "x"})
	if a.ProposalID != b.ProposalID {
		t.Error("directory order changed the id")
	}
}

// TestAnswerSchema: the schema compiles, accepts every valid proposal of
// the union as an agent sends it, and refuses an unknown kind.
func TestAnswerSchema(t *testing.T) {
	b, err := json.Marshal(AnswerSchema())
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("answer.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("answer.json")
	if err != nil {
		t.Fatal(err)
	}
	var list []any
	for _, p := range validOf(t) {
		// Strict structured output sends every property: optional ones null.
		m := map[string]any{}
		json.Unmarshal(rawOf(t, p), &m)
		m["origin"].(map[string]any)["model"] = nil
		m["origin"].(map[string]any)["provider"] = nil
		for _, e := range m["evidence"].([]any) {
			e.(map[string]any)["lineStart"] = nil
			e.(map[string]any)["lineEnd"] = 3
		}
		list = append(list, m)
		raw, _ := json.Marshal(m)
		if _, err := Decode(raw); err != nil {
			t.Fatalf("a schema-shaped %s does not decode: %v", p.Kind, err)
		}
	}
	if err := sch.Validate(map[string]any{"proposals": list}); err != nil {
		t.Fatalf("valid proposals refused: %v", err)
	}
	bad := map[string]any{}
	json.Unmarshal(rawOf(t, validOf(t)[KindAddAlias]), &bad)
	bad["kind"] = "rename"
	if err := sch.Validate(map[string]any{"proposals": []any{bad}}); err == nil {
		t.Fatal("an unknown kind passed the schema")
	}
}
