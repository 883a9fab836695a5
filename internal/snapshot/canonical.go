package snapshot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/cespare/xxhash/v2"

	"github.com/docbridge/docbridge/internal/jsonerr"
	"github.com/docbridge/docbridge/internal/parallel"
)

// Bounds on every list of a snapshot. Crossing one drops the rest and records
// a coverage entry (analyzer "snapshot"); it never fails the scan.
const (
	MaxEntities  = 250_000
	maxRelations = 1_000_000
	MaxEvidence  = 32 // per entity and per relation
	maxCoverage  = 20_000
	maxAliases   = 16
)

// Normalize sorts every list into canonical order and applies the bounds.
// Evidence keeps source order (the first item is the file's own hash).
func (s *Snapshot) Normalize() {
	s.Type, s.SchemaVersion = Type, SchemaVersion
	// The scan builds both lists in order already; checking is linear.
	// slices.SortFunc runs the same pdqsort as sort.Slice did, without
	// reflection.
	if !slices.IsSortedFunc(s.Entities, entityOrder) {
		slices.SortFunc(s.Entities, entityOrder)
	}
	if !slices.IsSortedFunc(s.Relations, relationOrder) {
		slices.SortFunc(s.Relations, relationOrder)
	}
	// Each record is put in canonical form on its own: in chunks, on every
	// core.
	inChunks(len(s.Entities), func(i int) {
		e := &s.Entities[i]
		e.Evidence = boundEvidence(e.Evidence)
		canonicalMetadata(e.Metadata)
		if e.Aliases != nil {
			sort.Strings(e.Aliases)
			e.Aliases = dedupe(e.Aliases)
			if len(e.Aliases) > maxAliases {
				e.Aliases = e.Aliases[:maxAliases]
			}
		}
	})
	inChunks(len(s.Relations), func(i int) {
		s.Relations[i].Evidence = boundEvidence(s.Relations[i].Evidence)
		canonicalMetadata(s.Relations[i].Metadata)
	})
	if n := len(s.Entities); n > MaxEntities {
		s.Entities = s.Entities[:MaxEntities]
		s.Coverage = append(s.Coverage, Coverage{Analyzer: "snapshot", Scope: "entities", Status: StatusPartial,
			Reason: fmt.Sprintf("%d entities exceed the bound of %d; the rest were dropped", n, MaxEntities)})
		s.dropDanglingRelations()
	}
	if n := len(s.Relations); n > maxRelations {
		s.Relations = s.Relations[:maxRelations]
		s.Coverage = append(s.Coverage, Coverage{Analyzer: "snapshot", Scope: "relations", Status: StatusPartial,
			Reason: fmt.Sprintf("%d relations exceed the bound of %d; the rest were dropped", n, maxRelations)})
	}
	SortCoverage(s.Coverage)
	s.Coverage = dedupeCoverage(s.Coverage)
	if n := len(s.Coverage); n > maxCoverage {
		s.Coverage = append(s.Coverage[:maxCoverage-1], Coverage{Analyzer: "snapshot", Scope: "coverage", Status: StatusPartial,
			Reason: fmt.Sprintf("%d coverage entries exceed the bound of %d; %d were dropped", n, maxCoverage, n-maxCoverage+1)})
	}
	if s.Entities == nil {
		s.Entities = []Entity{}
	}
	if s.Relations == nil {
		s.Relations = []Relation{}
	}
	if s.Coverage == nil {
		s.Coverage = []Coverage{}
	}
	if s.AnalyzerVersions == nil {
		s.AnalyzerVersions = map[string]string{}
	}
}

// inChunks calls f(i) for every i in [0, n), chunks of 4,096 at a time
// on every core.
func inChunks(n int, f func(i int)) {
	const chunk = 4096
	parallel.Each((n+chunk-1)/chunk, runtime.GOMAXPROCS(0), func(c int) {
		for i := c * chunk; i < min((c+1)*chunk, n); i++ {
			f(i)
		}
	})
}

func entityOrder(a, b Entity) int     { return strings.Compare(a.ID, b.ID) }
func relationOrder(a, b Relation) int { return strings.Compare(a.ID, b.ID) }

// canonicalMetadata replaces every metadata value that is not a plain JSON
// value (a struct, a slice of structs) by its decoded JSON form, so that
// objects inside metadata are maps with sorted keys. Without it a snapshot
// would encode differently after a decode/encode round trip, and its content
// hash would not be reproducible from its own JSON.
func canonicalMetadata(m map[string]any) {
	for k, v := range m {
		if plainJSON(v, 0) {
			continue
		}
		data, err := json.Marshal(v)
		if err != nil {
			continue
		}
		var plain any
		if json.Unmarshal(data, &plain) == nil {
			m[k] = plain
		}
	}
}

// plainJSON reports whether v is already a plain JSON value — the form the
// scan builds its metadata in — so that only other values (structs) pay
// for canonicalMetadata's round trip. Deep trees take the round trip too,
// which bounds this walk.
func plainJSON(v any, depth int) bool {
	if depth > 16 {
		return false
	}
	switch x := v.(type) {
	case nil, string, bool, int, int64, float64, []string:
		return true
	case []any:
		for _, e := range x {
			if !plainJSON(e, depth+1) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range x {
			if !plainJSON(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// SortCoverage orders coverage entries canonically.
func SortCoverage(c []Coverage) {
	sort.Slice(c, func(i, j int) bool {
		a, b := c[i], c[j]
		if a.Analyzer != b.Analyzer {
			return a.Analyzer < b.Analyzer
		}
		if a.Scope != b.Scope {
			return a.Scope < b.Scope
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		if a.Status != b.Status {
			return a.Status < b.Status
		}
		return a.Reason < b.Reason
	})
}

func dedupeCoverage(c []Coverage) []Coverage {
	out := c[:0]
	for i, e := range c {
		if i > 0 && e == c[i-1] {
			continue
		}
		out = append(out, e)
	}
	return out
}

func (s *Snapshot) dropDanglingRelations() {
	ids := make(map[string]bool, len(s.Entities))
	for _, e := range s.Entities {
		ids[e.ID] = true
	}
	kept := s.Relations[:0]
	for _, r := range s.Relations {
		if ids[r.From] && ids[r.To] {
			kept = append(kept, r)
		}
	}
	s.Relations = kept
}

func boundEvidence(ev []Evidence) []Evidence {
	if ev == nil {
		return []Evidence{}
	}
	if len(ev) > MaxEvidence {
		return ev[:MaxEvidence]
	}
	return ev
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i > 0 && v == s[i-1] {
			continue
		}
		out = append(out, v)
	}
	return out
}

// Marshal returns the canonical JSON of s: struct fields in declaration
// order, map keys sorted, no HTML escaping, two-space indentation and a final
// newline — byte for byte what encoding/json writes with SetIndent("", "  ").
// The snapshot must be normalized first.
func Marshal(s *Snapshot) ([]byte, error) {
	compact, err := MarshalCompact(s)
	if err != nil {
		return nil, err
	}
	return indent(make([]byte, 0, len(compact)*indentGrowth), compact), nil
}

// MarshalCompact returns the canonical JSON of s without indentation (the
// form the content hash covers, for machines rather than people). It ends
// with a newline, as json.Encoder output does.
func MarshalCompact(s *Snapshot) ([]byte, error) {
	e := encoder{buf: make([]byte, 0, sizeHint(s))}
	if err := e.snapshot(s); err != nil {
		return nil, fmt.Errorf("encode snapshot: %w", err)
	}
	return e.buf, nil
}

// Unmarshal decodes a snapshot, refusing unknown fields and other artifacts.
func Unmarshal(data []byte) (*Snapshot, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Snapshot
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("decode snapshot: %w", jsonerr.Plain(err))
	}
	if s.Type != Type {
		return nil, fmt.Errorf("decode snapshot: type %q is not %q", s.Type, Type)
	}
	if s.SchemaVersion != SchemaVersion {
		return nil, fmt.Errorf("decode snapshot: schema version %d is not %d", s.SchemaVersion, SchemaVersion)
	}
	return &s, nil
}

// ComputeContentHash returns the xxhash64 (16 lowercase hex digits) of the
// canonical JSON of everything in s that is a fact about the repository: it
// leaves out ContentHash itself, SourceRevision and the coverage entries that
// describe the run (describesRun).
func ComputeContentHash(s *Snapshot) (string, error) {
	c := WithoutRun(s)
	c.ContentHash = ""
	c.SourceRevision = ""
	// Stream compact JSON into the digest: the hash needs no indentation
	// and no buffer the size of the snapshot.
	d := xxhash.New()
	e := encoder{buf: make([]byte, 0, flushSize+flushSlack), w: d}
	if err := e.snapshot(c); err != nil {
		return "", fmt.Errorf("hash snapshot: %w", err)
	}
	return fmt.Sprintf("%016x", d.Sum64()), nil
}

// WithoutRun returns a shallow copy of s without the coverage entries that
// describe the run (describesRun): what two scans of one tree must agree on,
// however each of them ran.
func WithoutRun(s *Snapshot) *Snapshot {
	c := *s
	c.Coverage = make([]Coverage, 0, len(s.Coverage))
	for _, e := range s.Coverage {
		if !describesRun(e) {
			c.Coverage = append(c.Coverage, e)
		}
	}
	return &c
}

// HashBytes is the hash docbridge uses everywhere: xxhash64 as 16 lowercase
// hex digits.
func HashBytes(b []byte) string { return fmt.Sprintf("%016x", xxhash.Sum64(b)) }

// Validate checks the invariants every snapshot keeps: unique ids, ids that
// match their kind, relations whose endpoints exist and differ (graph
// algorithms downstream reject self-loops), canonical order.
func Validate(s *Snapshot) error {
	var errs []string
	ids := make(map[string]bool, len(s.Entities))
	for i, e := range s.Entities {
		if ids[e.ID] {
			errs = append(errs, "duplicate entity "+e.ID)
		}
		ids[e.ID] = true
		if kind, _, ok := ParseEntityID(e.ID); !ok || kind != e.Kind {
			errs = append(errs, fmt.Sprintf("entity %s has kind %s", e.ID, e.Kind))
		}
		if i > 0 && s.Entities[i-1].ID >= e.ID {
			errs = append(errs, "entities out of order at "+e.ID)
		}
	}
	rels := make(map[string]bool, len(s.Relations))
	for i, r := range s.Relations {
		if rels[r.ID] {
			errs = append(errs, "duplicate relation "+r.ID)
		}
		rels[r.ID] = true
		if r.ID != RelationID(r.Kind, r.From, r.To) {
			errs = append(errs, "relation id mismatch "+r.ID)
		}
		if !ids[r.From] || !ids[r.To] {
			errs = append(errs, "relation with a missing endpoint "+r.ID)
		}
		if r.From == r.To {
			errs = append(errs, "self-loop "+r.ID)
		}
		if i > 0 && s.Relations[i-1].ID >= r.ID {
			errs = append(errs, "relations out of order at "+r.ID)
		}
	}
	if len(errs) > 0 {
		if len(errs) > 10 {
			errs = append(errs[:10], fmt.Sprintf("… and %d more", len(errs)-10))
		}
		return fmt.Errorf("invalid snapshot: %s", strings.Join(errs, "; "))
	}
	return nil
}
