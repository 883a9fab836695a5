package snapshot

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// FuzzEncodeMatchesJSON puts fuzzed strings in every string field and map
// key, fuzzed integers in every int field and a fuzzed float in metadata,
// with fuzzed choices of nil, empty and filled lists, and requires the
// compact, indented and hashed forms of encoding/json (or an error from both).
func FuzzEncodeMatchesJSON(f *testing.F) {
	f.Add("a.md", "<b>&\"\\", "\x00\x1f\x7f", int64(0), 0.1, uint16(0))
	f.Add("\xff\xfe", "\u2028\u2029", "é😀\ufffd", int64(-1), 1e21, uint16(0xffff))
	f.Add("", "", "", int64(math.MaxInt64), 1e-7, uint16(0x5555))
	f.Add("\xed\xa0\x80", "\xe2\x80", "\t\n\r\b\f", int64(math.MinInt64), math.Copysign(0, -1), uint16(0xaaaa))
	f.Add("x", "y", "z", int64(3), math.Inf(1), uint16(7))
	f.Fuzz(func(t *testing.T, a, b, c string, n int64, x float64, flags uint16) {
		bit := func(i uint) bool { return flags&(1<<i) != 0 }
		// list returns nil, an empty list or one item, as two flag bits say.
		list := func(i uint) int {
			switch {
			case bit(i):
				return -1
			case bit(i + 1):
				return 0
			}
			return 1
		}
		meta := map[string]any{a: b, b: x, c: []any{n, int(n), a, nil, bit(0), []string{c}, map[string]any{c: x, a: float64(n)}}}
		if bit(1) {
			meta = map[string]any{}
		}
		ev := []Evidence{{Source: a, Path: b, LineStart: int(n), LineEnd: -int(n), ContentHash: c, Context: a + c}}
		s := &Snapshot{Type: a, SchemaVersion: int(n), ContentHash: b, PipelineVersion: c, ConfigurationHash: a + b,
			SourceRevision: c, Project: Project{Name: b}, AnalyzerVersions: map[string]string{a: b, c: a}}
		if bit(2) {
			s.AnalyzerVersions = nil
		}
		if k := list(3); k >= 0 {
			s.Entities = []Entity{}
			if k > 0 {
				s.Entities = append(s.Entities, Entity{ID: a, Kind: b, Name: c, Path: a, Aliases: []string{b, c}, Provenance: c, Evidence: ev, Metadata: meta})
			}
		}
		if k := list(5); k >= 0 {
			s.Relations = []Relation{}
			if k > 0 {
				s.Relations = append(s.Relations, Relation{ID: a, Kind: b, From: c, To: a, Provenance: b, Confidence: c, Evidence: ev, Metadata: meta})
			}
		}
		if k := list(7); k >= 0 {
			s.Coverage = []Coverage{}
			if k > 0 {
				scope := c
				if bit(9) {
					scope = ScopeReusedEntities
				}
				s.Coverage = append(s.Coverage, Coverage{Analyzer: a, Scope: scope, Status: b, Reason: c, Line: int(n), Code: a})
			}
		}
		if bit(10) {
			s.Normalize()
		}
		if diff := compareWithJSON(s); diff != "" {
			t.Fatal(diff)
		}
	})
}

// FuzzIndentMatchesJSON feeds the indenter the compact form of any valid
// JSON and requires exactly what json.Indent writes.
func FuzzIndentMatchesJSON(f *testing.F) {
	f.Add([]byte(`{"a":[],"b":{},"c":[1,{"d":"e\"]}"}],"f":"\\\\"}`))
	f.Add([]byte(`[[[]],{"":{"":[null,true,false,-1.5e+21]}}]`))
	f.Add([]byte(`"\\\"" `))
	f.Add([]byte(`  {"x" : [ 1 , 2 ] }  `))
	f.Fuzz(func(t *testing.T, in []byte) {
		var compact bytes.Buffer
		if json.Compact(&compact, in) != nil {
			return
		}
		compact.WriteByte('\n')
		var want bytes.Buffer
		if err := json.Indent(&want, compact.Bytes(), "", "  "); err != nil {
			t.Fatalf("json.Indent refused compact JSON: %v", err)
		}
		if got := indent(nil, compact.Bytes()); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("indent(%q)\n got %q\nwant %q", compact.Bytes(), got, want.Bytes())
		}
	})
}
