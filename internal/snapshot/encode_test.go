package snapshot

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// nastyString holds every escaping case of encoding/json (HTML escaping off).
const nastyString = "q\" b\\ n\n r\r t\t b\b f\f nul\x00 us\x1f del\x7f <>& bad\xff cut\xe2\x80 sur\xed\xa0\x80 ls\u2028 ps\u2029 fffd\ufffd é 😀"

// upperMarshaler checks that a json.Marshaler in metadata is encoded (and
// its output compacted) exactly as encoding/json does.
type upperMarshaler struct{ s string }

func (u upperMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{ "v" : %q , "html":"<&>" }`, strings.ToUpper(u.s))), nil
}

func fullEntity() Entity {
	return Entity{ID: "module:a.go", Kind: KindModule, Name: "a.go", Path: "a.go", Aliases: []string{"x", "y"},
		Provenance: Observed, Evidence: []Evidence{{Source: "golang", Path: "a.go", LineStart: 1, LineEnd: 2, ContentHash: "ff", Context: "c"}},
		Metadata: map[string]any{"k": "v"}}
}

func fullRelation() Relation {
	return Relation{ID: "imports:module:a.go->module:b.go", Kind: RelImports, From: "module:a.go", To: "module:b.go", Provenance: Observed,
		Confidence: ConfidenceFuzzy, Evidence: []Evidence{{Source: "golang", Path: "a.go", LineStart: -1, LineEnd: -2}}, Metadata: map[string]any{"n": 1}}
}

func nested(depth int) any {
	var v any = "leaf"
	for i := range depth {
		if i%2 == 0 {
			v = map[string]any{"d": v, "i": i}
		} else {
			v = []any{i, v}
		}
	}
	return v
}

func TestEncoderMatchesEncodingJSON(t *testing.T) {
	str := "s"
	tests := []struct {
		name   string
		snap   *Snapshot
		want   []string // fragments the compact JSON must contain
		absent []string // fragments it must not contain
	}{
		{
			name:   "zero snapshot writes null for nil lists and maps",
			snap:   &Snapshot{},
			want:   []string{`"analyzerVersions":null`, `"entities":null`, `"relations":null`, `"coverage":null`, `"project":{"name":""}`, `"schemaVersion":0`},
			absent: []string{`"sourceRevision"`},
		},
		{
			name:   "empty lists and maps are written empty",
			snap:   &Snapshot{AnalyzerVersions: map[string]string{}, Entities: []Entity{}, Relations: []Relation{}, Coverage: []Coverage{}},
			want:   []string{`"analyzerVersions":{}`, `"entities":[]`, `"relations":[]`, `"coverage":[]`},
			absent: []string{"null"},
		},
		{
			name: "omitempty fields left empty are omitted",
			snap: &Snapshot{
				Entities:  []Entity{{ID: "e", Aliases: []string{}, Metadata: map[string]any{}}, {ID: "f", Evidence: []Evidence{}}},
				Relations: []Relation{{ID: "r", Metadata: map[string]any{}, Evidence: []Evidence{{}}}},
				Coverage:  []Coverage{{Analyzer: "a"}},
			},
			want:   []string{`{"id":"e","kind":"","name":"","provenance":"","evidence":null}`, `"evidence":[]}`, `"evidence":[{"source":"","path":""}]}`, `{"analyzer":"a","scope":"","status":""}`},
			absent: []string{`"aliases"`, `"name":"","path"`, `"metadata"`, `"confidence"`, `"lineStart"`, `"lineEnd"`, `"path":"","contentHash"`, `"context"`, `"reason"`, `"line"`, `"code"`},
		},
		{
			name: "omitempty fields set are written in declaration order",
			snap: &Snapshot{Type: Type, SchemaVersion: 1, ContentHash: "h", SourceRevision: "abc",
				AnalyzerVersions: map[string]string{"golang": "golang/1"},
				Entities:         []Entity{fullEntity()}, Relations: []Relation{fullRelation()},
				Coverage: []Coverage{{Analyzer: "a", Scope: "s", Status: StatusPartial, Reason: "r", Line: 7, Code: "C1"}}},
			want: []string{`"configurationHash":"","sourceRevision":"abc","project"`,
				`"name":"a.go","path":"a.go","aliases":["x","y"],"provenance":"observed"`,
				`"lineStart":1,"lineEnd":2,"contentHash":"ff","context":"c"`, `"metadata":{"k":"v"}}`,
				`"provenance":"observed","confidence":"fuzzy","evidence":[{"source":"golang","path":"a.go","lineStart":-1,"lineEnd":-2}],"metadata":{"n":1}}`,
				`"reason":"r","line":7,"code":"C1"`},
		},
		{
			name: "every escape case in every string field and map key",
			snap: func() *Snapshot {
				e := Entity{ID: nastyString, Kind: nastyString, Name: nastyString, Path: nastyString, Aliases: []string{nastyString}, Provenance: nastyString,
					Evidence: []Evidence{{Source: nastyString, Path: nastyString, ContentHash: nastyString, Context: nastyString}},
					Metadata: map[string]any{nastyString: nastyString, "list": []string{nastyString}}}
				return &Snapshot{Type: nastyString, ContentHash: nastyString, PipelineVersion: nastyString, ConfigurationHash: nastyString,
					AnalyzerVersions: map[string]string{nastyString: nastyString}, SourceRevision: nastyString, Project: Project{Name: nastyString},
					Entities: []Entity{e},
					Relations: []Relation{{ID: nastyString, Kind: nastyString, From: nastyString, To: nastyString, Provenance: nastyString,
						Confidence: nastyString, Evidence: e.Evidence, Metadata: e.Metadata}},
					Coverage: []Coverage{{Analyzer: nastyString, Scope: nastyString, Status: nastyString, Reason: nastyString, Code: nastyString}}}
			}(),
			want: []string{`q\" b\\ n\n r\r t\t b\b f\f nul\u0000 us\u001f del` + "\x7f" + ` <>& bad\ufffd cut\ufffd\ufffd sur\ufffd\ufffd\ufffd ls\u2028 ps\u2029 fffd` + "\ufffd é 😀"},
		},
		{
			name: "floats follow the ES6 rules of encoding/json",
			snap: &Snapshot{Entities: []Entity{{Metadata: map[string]any{
				"a": 1e21, "b": 1e-7, "c": 0.1, "d": math.Copysign(0, -1), "e": 3.0, "f": 1e20, "g": 1e-6, "h": -1e21,
				"i": math.MaxFloat64, "j": math.SmallestNonzeroFloat64, "k": 123456789.125, "l": -2.5e-10, "m": 1.5e300, "n": 0.0,
			}}}},
			want: []string{`"a":1e+21`, `"b":1e-7`, `"c":0.1`, `"d":-0`, `"e":3`, `"f":100000000000000000000`, `"g":0.000001`, `"h":-1e+21`,
				`"i":1.7976931348623157e+308`, `"j":5e-324`, `"k":123456789.125`, `"l":-2.5e-10`, `"m":1.5e+300`, `"n":0}`},
		},
		{
			name: "integers and booleans",
			snap: &Snapshot{SchemaVersion: -3, Entities: []Entity{{Metadata: map[string]any{
				"a": 0, "b": -1, "c": int64(math.MinInt64), "d": int64(math.MaxInt64), "e": true, "f": false, "g": nil}}}},
			want: []string{`"schemaVersion":-3`, `"a":0,"b":-1,"c":-9223372036854775808,"d":9223372036854775807,"e":true,"f":false,"g":null`},
		},
		{
			name: "nested metadata with sorted keys, nil and empty containers",
			snap: &Snapshot{Relations: []Relation{{Metadata: map[string]any{
				"z": map[string]any{"b": []any{1, "x", nil, map[string]any{"y": 1, "x": []string{}}}, "a": map[string]any{}},
				"é": 1, "B": 2, "a": 3, "_": 4, "": 5,
				"nils": []any{[]string(nil), []any(nil), map[string]any(nil)}, "emptys": []any{[]string{}, []any{}, map[string]any{}},
			}}}},
			want: []string{`"metadata":{"":5,"B":2,"_":4,"a":3,"emptys":[[],[],{}],"nils":[null,null,null],"z":{"a":{},"b":[1,"x",null,{"x":[],"y":1}]},"é":1}`},
		},
		{
			name: "values of other types fall back to encoding/json",
			snap: &Snapshot{Entities: []Entity{{Metadata: map[string]any{
				"struct": struct {
					B string `json:"b"`
					A int    `json:"a,omitempty"`
				}{B: "<b>"},
				"f32": float32(0.1), "u8": uint8(7), "number": json.Number("12.50"), "raw": json.RawMessage(`{ "b" : 1 , "a":"<"}`),
				"ints": []int{3, 1}, "intKeys": map[int]string{10: "ten", 9: "nine"}, "marshaler": upperMarshaler{"x<"},
				"ptr": &str, "nilPtr": (*int)(nil), "bytes": []byte("hi"), "strMap": map[string]string{"b": "1", "a": "2"},
			}}}},
			want: []string{`"bytes":"aGk="`, `"f32":0.1`, `"intKeys":{"10":"ten","9":"nine"}`, `"ints":[3,1]`, `"marshaler":{"v":"X<","html":"<&>"}`,
				`"nilPtr":null`, `"number":12.50`, `"ptr":"s"`, `"raw":{"b":1,"a":"<"}`, `"strMap":{"a":"2","b":"1"}`, `"struct":{"b":"<b>"}`, `"u8":7`},
		},
		{
			name: "metadata deeper than the direct encoder recurses",
			snap: &Snapshot{Entities: []Entity{{Metadata: map[string]any{"deep": nested(3 * maxDirectDepth)}}}},
			want: []string{`"leaf"`, fmt.Sprintf(`"i":%d}`, 3*maxDirectDepth-2)},
		},
		{
			name: "output larger than the flush size streams into the hash",
			snap: func() *Snapshot {
				s := &Snapshot{Coverage: []Coverage{{Scope: ScopeReusedEntities, Reason: "dropped from the hash"}}, SourceRevision: "rev"}
				for i := range 3000 {
					r := fullRelation()
					r.ID = fmt.Sprintf("r%05d", i)
					s.Relations = append(s.Relations, r)
				}
				return s
			}(),
			want: []string{`"id":"r00000"`, `"id":"r02999"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := compareWithJSON(tt.snap); diff != "" {
				t.Fatal(diff)
			}
			got, err := MarshalCompact(tt.snap)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(got), w) {
					t.Errorf("compact JSON lacks %s\n%s", w, clip(got))
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(string(got), a) {
					t.Errorf("compact JSON contains %s\n%s", a, clip(got))
				}
			}
		})
	}
}

func TestEncoderFailsWhereEncodingJSONFails(t *testing.T) {
	cyclicMap := map[string]any{}
	cyclicMap["self"] = cyclicMap
	cyclicList := []any{nil}
	cyclicList[0] = cyclicList
	tests := []struct {
		name  string
		value any
	}{
		{"NaN", math.NaN()},
		{"+Inf", math.Inf(1)},
		{"-Inf inside a list", []any{1, math.Inf(-1)}},
		{"float32 NaN", float32(math.NaN())},
		{"channel", make(chan int)},
		{"function in a nested map", map[string]any{"f": func() {}}},
		{"map holding itself", cyclicMap},
		{"list holding itself", cyclicList},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Snapshot{Entities: []Entity{{ID: "module:bad.go", Metadata: map[string]any{"bad": tt.value}}}}
			if _, err := refCompact(s); err == nil {
				t.Fatal("encoding/json accepted the value; the case proves nothing")
			}
			_, err := MarshalCompact(s)
			if err == nil {
				t.Fatal("MarshalCompact accepted a value encoding/json refuses")
			}
			if !strings.Contains(err.Error(), `entity "module:bad.go": metadata: key "bad"`) {
				t.Errorf("error %q does not say where the value is", err)
			}
			if _, err := Marshal(s); err == nil {
				t.Error("Marshal accepted the value")
			}
			if _, err := ComputeContentHash(s); err == nil {
				t.Error("ComputeContentHash accepted the value")
			}
			s.Relations, s.Entities = []Relation{{ID: "r", Metadata: s.Entities[0].Metadata}}, nil
			if _, err := MarshalCompact(s); err == nil || !strings.Contains(err.Error(), `relation "r"`) {
				t.Errorf("relation metadata: error %v", err)
			}
		})
	}
}

type failingWriter struct{ calls int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.calls++
	return 0, errors.New("disk full")
}

func TestStreamingEncoderReportsWriteErrors(t *testing.T) {
	for _, n := range []int{0, 5000} { // one final flush; flushes between records
		s := &Snapshot{}
		for i := range n {
			s.Relations = append(s.Relations, Relation{ID: fmt.Sprintf("r%d", i)})
		}
		w := &failingWriter{}
		e := encoder{w: w}
		err := e.snapshot(s)
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%d relations: error %v, want the writer's", n, err)
		}
		if w.calls != 1 {
			t.Errorf("%d relations: %d writes, want none after the failure", n, w.calls)
		}
	}
}

// plainBytewise is the definition plainWord must agree with.
func plainBytewise(x uint64) bool {
	for range 8 {
		c := byte(x)
		if c >= 0x80 || !safeASCII[c] {
			return false
		}
		x >>= 8
	}
	return true
}

func TestPlainWordAgreesWithTheByteTable(t *testing.T) {
	// Every byte value in every position of an otherwise plain word, and
	// next to a byte that could make the borrow tricks misfire.
	for _, fill := range []byte{'a', ' ', '~', 0x7f, '!', '#', '[', ']', 0x21, 0x00, 0x80, '"', '\\'} {
		for pos := range 8 {
			for v := range 256 {
				x := ones * uint64(fill)
				x = x&^(0xff<<(8*pos)) | uint64(v)<<(8*pos)
				if got, want := plainWord(x), plainBytewise(x); got != want {
					t.Fatalf("plainWord(%#016x) = %v, want %v", x, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200_000 {
		x := r.Uint64()
		if r.IntN(2) == 0 {
			x &^= highs // mostly ASCII, where the borrow tests matter
		}
		if got, want := plainWord(x), plainBytewise(x); got != want {
			t.Fatalf("plainWord(%#016x) = %v, want %v", x, got, want)
		}
	}
}
