package snapshot

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func sample() *Snapshot {
	return &Snapshot{
		PipelineVersion:   "scan/1",
		AnalyzerVersions:  map[string]string{"markdown": "markdown/1", "golang": "golang/1"},
		ConfigurationHash: "00000000000000aa",
		Project:           Project{Name: "demo"},
		Entities: []Entity{
			{ID: "module:b.go", Kind: KindModule, Name: "b.go", Path: "b.go", Provenance: Observed, Evidence: []Evidence{{Source: "golang", Path: "b.go", ContentHash: "1"}}},
			{ID: "document:a.md", Kind: KindDocument, Name: "A <doc>", Path: "a.md", Provenance: Observed, Aliases: []string{"z", "y", "z"}},
		},
		Relations: []Relation{
			{ID: RelationID(RelMentions, "document:a.md", "module:b.go"), Kind: RelMentions, From: "document:a.md", To: "module:b.go", Provenance: Observed},
		},
		Coverage: []Coverage{
			{Analyzer: "walk", Scope: "x", Status: StatusPartial, Reason: "r"},
			{Analyzer: "repository", Scope: ScopeReusedEntities, Status: StatusNotApplicable, Reason: "no previous run"},
			{Analyzer: "golang", Scope: "b.go", Status: StatusPartial, Line: 3},
			{Analyzer: "walk", Scope: "x", Status: StatusPartial, Reason: "r"},
		},
	}
}

func TestNormalizeSortsBoundsAndDedupes(t *testing.T) {
	s := sample()
	s.Normalize()
	if s.Entities[0].ID != "document:a.md" || s.Entities[1].ID != "module:b.go" {
		t.Fatalf("entities not sorted: %v, %v", s.Entities[0].ID, s.Entities[1].ID)
	}
	if got := strings.Join(s.Entities[0].Aliases, ","); got != "y,z" {
		t.Errorf("aliases = %q, want sorted and deduplicated y,z", got)
	}
	if s.Entities[0].Evidence == nil {
		t.Error("nil evidence must become an empty list so the JSON says []")
	}
	if len(s.Coverage) != 3 {
		t.Fatalf("coverage = %d entries, want the duplicate dropped (3): %+v", len(s.Coverage), s.Coverage)
	}
	if s.Coverage[0].Analyzer != "golang" || s.Coverage[2].Analyzer != "walk" {
		t.Errorf("coverage not sorted by analyzer: %+v", s.Coverage)
	}
	if err := Validate(s); err != nil {
		t.Fatal(err)
	}
}

func TestMarshalIsCanonicalWhateverTheInputOrder(t *testing.T) {
	ref := sample()
	ref.Normalize()
	want, err := Marshal(ref)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(want, []byte(`"A <doc>"`)) {
		t.Error("HTML characters must not be escaped in canonical JSON")
	}
	for seed := uint64(0); seed < 20; seed++ {
		s := sample()
		r := rand.New(rand.NewPCG(seed, seed))
		r.Shuffle(len(s.Entities), func(i, j int) { s.Entities[i], s.Entities[j] = s.Entities[j], s.Entities[i] })
		r.Shuffle(len(s.Coverage), func(i, j int) { s.Coverage[i], s.Coverage[j] = s.Coverage[j], s.Coverage[i] })
		s.Normalize()
		got, err := Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %d: canonical JSON differs:\n%s\nwant\n%s", seed, got, want)
		}
	}
}

func TestContentHashExcludesRunDescribingData(t *testing.T) {
	a := sample()
	a.Normalize()
	h1, err := ComputeContentHash(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(h1) != 16 {
		t.Fatalf("hash %q is not 16 hex digits", h1)
	}
	b := sample()
	b.SourceRevision = "abc123"
	b.ContentHash = "stale"
	for i := range b.Coverage {
		if b.Coverage[i].Scope == ScopeReusedEntities {
			b.Coverage[i].Status, b.Coverage[i].Reason = StatusComplete, "Reused 1 extraction"
		}
	}
	b.Normalize()
	if h2, _ := ComputeContentHash(b); h2 != h1 {
		t.Errorf("run-describing fields changed the hash: %s vs %s", h2, h1)
	}
	c := sample()
	c.Entities[0].Name = "b2.go"
	c.Normalize()
	if h3, _ := ComputeContentHash(c); h3 == h1 {
		t.Error("a fact about the repository changed and the hash did not")
	}
}

func TestUnmarshalRoundTripAndRefusals(t *testing.T) {
	s := sample()
	s.Normalize()
	data, _ := Marshal(s)
	back, err := Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Marshal(back)
	if !bytes.Equal(again, data) {
		t.Errorf("round trip changed the bytes")
	}
	for name, in := range map[string]string{
		"unknown field": `{"type":"discovery-snapshot","schemaVersion":1,"surprise":1}`,
		"other type":    `{"type":"report","schemaVersion":1}`,
		"other schema":  `{"type":"discovery-snapshot","schemaVersion":2}`,
		"truncated":     string(data[:len(data)/2]),
	} {
		if _, err := Unmarshal([]byte(in)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestValidateCatchesBrokenInvariants(t *testing.T) {
	s := sample()
	s.Normalize()
	s.Relations = append(s.Relations, Relation{ID: RelationID(RelLinksTo, "document:a.md", "document:gone.md"), Kind: RelLinksTo, From: "document:a.md", To: "document:gone.md"})
	s.Relations = append(s.Relations, Relation{ID: RelationID(RelLinksTo, "document:a.md", "document:a.md"), Kind: RelLinksTo, From: "document:a.md", To: "document:a.md"})
	s.Entities = append(s.Entities, Entity{ID: "area:x", Kind: KindModule})
	err := Validate(s)
	if err == nil {
		t.Fatal("accepted a dangling relation, a self-loop and a mis-kinded entity")
	}
	for _, want := range []string{"missing endpoint", "self-loop", "has kind module", "out of order"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestCoverageBoundIsRecorded(t *testing.T) {
	s := sample()
	for i := 0; i < maxCoverage+5; i++ {
		s.Coverage = append(s.Coverage, Coverage{Analyzer: "walk", Scope: fmt.Sprintf("f%06d", i), Status: StatusPartial})
	}
	s.Normalize()
	if len(s.Coverage) != maxCoverage {
		t.Fatalf("coverage = %d, want the bound %d", len(s.Coverage), maxCoverage)
	}
	last := s.Coverage[len(s.Coverage)-1]
	if last.Analyzer != "snapshot" || !strings.Contains(last.Reason, "were dropped") {
		t.Errorf("last entry does not record the truncation: %+v", last)
	}
}

func TestEvidenceBound(t *testing.T) {
	s := sample()
	for i := 0; i < MaxEvidence+10; i++ {
		s.Relations[0].Evidence = append(s.Relations[0].Evidence, Evidence{Source: "markdown", Path: "a.md", LineStart: i + 1})
	}
	s.Normalize()
	if n := len(s.Relations[0].Evidence); n != MaxEvidence {
		t.Errorf("evidence = %d, want %d", n, MaxEvidence)
	}
	if s.Relations[0].Evidence[0].LineStart != 1 {
		t.Error("the bound must keep the first occurrences in source order")
	}
}

// TestRoundTripKeepsTheHash: a snapshot decoded from its own JSON must hash
// to the same value, even when metadata held typed values when it was built.
func TestRoundTripKeepsTheHash(t *testing.T) {
	type heading struct {
		Text  string `json:"text"`
		Level int    `json:"level"`
	}
	s := sample()
	s.Entities[1].Metadata = map[string]any{"headings": []heading{{Text: "Intro", Level: 1}}, "nested": map[string]any{"b": 1, "a": []map[string]any{{"z": 1, "y": 2}}}}
	s.Normalize()
	h, _ := ComputeContentHash(s)
	data, _ := Marshal(s)
	back, err := Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	back.Normalize()
	if h2, _ := ComputeContentHash(back); h2 != h {
		t.Errorf("hash changed across a round trip: %s vs %s", h, h2)
	}
	again, _ := Marshal(back)
	if !bytes.Equal(again, data) {
		t.Errorf("bytes changed across a round trip:\n%s\n%s", data, again)
	}
}
