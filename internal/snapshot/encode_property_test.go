package snapshot

import (
	"math"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// gen builds random snapshots whose every string may hold control bytes,
// invalid UTF-8, JSON and HTML specials and runes from every plane, and
// whose every list and map may be nil, empty or filled.
type gen struct{ r *rand.Rand }

var specialBytes = []string{"\"", "\\", "<", ">", "&", "\x7f", "\u2028", "\u2029", "\ufffd", "\xff", "\x80", "\xc3", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "/", " "}

func (g gen) string() string {
	n := g.r.IntN(12)
	if n == 0 {
		return ""
	}
	b := make([]byte, 0, 4*n)
	for range n {
		switch g.r.IntN(6) {
		case 0:
			b = append(b, byte(g.r.IntN(0x20))) // control byte
		case 1:
			b = append(b, specialBytes[g.r.IntN(len(specialBytes))]...)
		case 2:
			b = utf8.AppendRune(b, rune(g.r.IntN(utf8.MaxRune+1))) // surrogates become U+FFFD
		case 3:
			b = append(b, byte(0x80+g.r.IntN(0x80))) // stray high byte
		default:
			b = append(b, byte(0x20+g.r.IntN(0x5f))) // printable ASCII
		}
	}
	return string(b)
}

// pick chooses nil, empty or filled for a list or map.
func (g gen) pick() (isNil bool, n int) {
	switch g.r.IntN(4) {
	case 0:
		return true, 0
	case 1:
		return false, 0
	}
	return false, 1 + g.r.IntN(4)
}

func (g gen) int() int {
	switch g.r.IntN(4) {
	case 0:
		return 0
	case 1:
		return g.r.IntN(200) - 100
	case 2:
		return int(g.r.Int64()) * (1 - 2*g.r.IntN(2))
	}
	return 1 + g.r.IntN(10_000)
}

var specialFloats = []float64{0, math.Copysign(0, -1), 1e21, 1e-7, 1e-6, 0.1, 3, 1e20, 999999999999999999999, 1e21 - 65536, 1.0000000000000001e-6, 9.999999999999999e-7,
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1e-308, 5e-324, 1e-10, 123.456, -0.5, 2.5e-8}

func (g gen) float() float64 {
	switch g.r.IntN(4) {
	case 0:
		return specialFloats[g.r.IntN(len(specialFloats))]
	case 1:
		for { // any finite bit pattern
			if f := math.Float64frombits(g.r.Uint64()); !math.IsNaN(f) && !math.IsInf(f, 0) {
				return f
			}
		}
	case 2:
		return float64(g.r.IntN(1_000_000) - 500_000)
	}
	// Near the format switch points: magnitudes 1e-12 … 1e27.
	return (g.r.Float64()*10 - 5) * math.Pow(10, float64(g.r.IntN(40)-12))
}

func (g gen) value(depth int) any {
	n := 11
	if depth >= 4 {
		n = 7 // leaves only
	}
	switch g.r.IntN(n) {
	case 0:
		return nil
	case 1:
		return g.string()
	case 2:
		return g.r.IntN(2) == 0
	case 3:
		return g.float()
	case 4:
		return g.int()
	case 5:
		return g.r.Int64() - g.r.Int64()
	case 6:
		switch g.r.IntN(3) { // types encoding/json encodes for the fast encoder
		case 0:
			return float32(g.float())
		case 1:
			return uint16(g.r.IntN(1 << 16))
		}
		return struct {
			A string `json:"a"`
			B int    `json:"b,omitempty"`
		}{g.string(), g.int()}
	case 7:
		isNil, k := g.pick()
		if isNil {
			return []string(nil)
		}
		s := make([]string, k)
		for i := range s {
			s[i] = g.string()
		}
		return s
	case 8:
		isNil, k := g.pick()
		if isNil {
			return []any(nil)
		}
		s := make([]any, k)
		for i := range s {
			s[i] = g.value(depth + 1)
		}
		return s
	}
	return g.object(depth + 1)
}

func (g gen) object(depth int) map[string]any {
	isNil, k := g.pick()
	if isNil {
		return nil
	}
	m := make(map[string]any, k)
	for range k {
		m[g.string()] = g.value(depth)
	}
	return m
}

func (g gen) evidence() []Evidence {
	isNil, k := g.pick()
	if isNil {
		return nil
	}
	ev := make([]Evidence, k)
	for i := range ev {
		ev[i] = Evidence{Source: g.string(), Path: g.string(), LineStart: g.int(), LineEnd: g.int(), ContentHash: g.string(), Context: g.string()}
	}
	return ev
}

func (g gen) snapshot() *Snapshot {
	s := &Snapshot{Type: g.string(), SchemaVersion: g.int(), ContentHash: g.string(), PipelineVersion: g.string(),
		ConfigurationHash: g.string(), SourceRevision: g.string(), Project: Project{Name: g.string()}}
	if isNil, k := g.pick(); !isNil {
		s.AnalyzerVersions = make(map[string]string, k)
		for range k {
			s.AnalyzerVersions[g.string()] = g.string()
		}
	}
	if isNil, k := g.pick(); !isNil {
		s.Entities = make([]Entity, k)
		for i := range s.Entities {
			e := Entity{ID: g.string(), Kind: g.string(), Name: g.string(), Path: g.string(), Provenance: g.string(), Evidence: g.evidence(), Metadata: g.object(0)}
			if isNil, k := g.pick(); !isNil {
				e.Aliases = make([]string, k)
				for j := range e.Aliases {
					e.Aliases[j] = g.string()
				}
			}
			s.Entities[i] = e
		}
	}
	if isNil, k := g.pick(); !isNil {
		s.Relations = make([]Relation, k)
		for i := range s.Relations {
			s.Relations[i] = Relation{ID: g.string(), Kind: g.string(), From: g.string(), To: g.string(), Provenance: g.string(),
				Confidence: g.string(), Evidence: g.evidence(), Metadata: g.object(0)}
		}
	}
	if isNil, k := g.pick(); !isNil {
		s.Coverage = make([]Coverage, k)
		for i := range s.Coverage {
			scope := g.string()
			if g.r.IntN(4) == 0 {
				scope = ScopeReusedEntities
			}
			s.Coverage[i] = Coverage{Analyzer: g.string(), Scope: scope, Status: g.string(), Reason: g.string(), Line: g.int(), Code: g.string()}
		}
	}
	return s
}

// TestEncoderMatchesEncodingJSONOnRandomSnapshots: for thousands of random
// snapshots, raw and normalized, the compact, indented and hashed forms are
// those of encoding/json.
func TestEncoderMatchesEncodingJSONOnRandomSnapshots(t *testing.T) {
	seeds := uint64(3000)
	if testing.Short() {
		seeds = 300
	}
	for seed := range seeds {
		g := gen{rand.New(rand.NewPCG(seed, 0x5eed))}
		s := g.snapshot()
		if diff := compareWithJSON(s); diff != "" {
			t.Fatalf("seed %d: %s", seed, diff)
		}
		s.Normalize()
		if diff := compareWithJSON(s); diff != "" {
			t.Fatalf("seed %d, normalized: %s", seed, diff)
		}
	}
}
