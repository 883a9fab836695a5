package bench

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
)

// FuzzLoad: Load never panics; what it accepts is a valid suite that
// survives a round trip, and what it refuses is a *suiteError whose every
// problem names a field.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"version":1,"name":"t","cases":[{"id":"a","input":"q","metadata":{"expectedTargets":["a.md","module:x.go"],"kind":"path"}}]}`))
	f.Add([]byte(`{"version":1,"name":"t","cases":[{"id":"a","input":"q","metadata":{"expectedTargets":[],"kind":"x"}},{"id":"a"}]}`))
	f.Add([]byte(`{"version":1,"version":2,"cases":null}`))
	f.Add([]byte(`[{"id":"a"}]`))
	f.Add([]byte(splitSuiteJSON(3, 15, nil)))
	f.Add([]byte(`{"version":1,"name":"t","seed":2,"cases":[{"id":"a","input":"q","split":"test","metadata":{"expectedTargets":["a.md"],"kind":"path"}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Load(data)
		if err != nil {
			var se *suiteError
			if !errors.As(err, &se) || len(se.Problems) == 0 {
				t.Fatalf("error %v is not a *suiteError with problems", err)
			}
			for _, p := range se.Problems {
				if p.Field == "" || p.Reason == "" {
					t.Fatalf("problem without field or reason: %+v", p)
				}
			}
			return
		}
		if s.Version != version || len(s.Cases) == 0 || len(s.Cases) > maxCases {
			t.Fatalf("accepted suite with version %d and %d cases", s.Version, len(s.Cases))
		}
		seen := map[string]bool{}
		for _, c := range s.Cases {
			if c.ID == "" || c.Input == "" || len(c.Metadata.ExpectedTargets) == 0 || !slices.Contains(kinds, c.Metadata.Kind) || seen[c.ID] {
				t.Fatalf("accepted invalid case %+v", c)
			}
			seen[c.ID] = true
			if (s.Seed == nil) != (c.Split == "") {
				t.Fatalf("accepted case %q with split %q in a suite with seed %v", c.ID, c.Split, s.Seed)
			}
		}
		again, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		s2, err := Load(again)
		if err != nil {
			t.Fatalf("re-encoded suite refused: %v", err)
		}
		if !reflect.DeepEqual(s, s2) {
			t.Fatalf("round trip changed the suite:\n%+v\n%+v", s, s2)
		}
	})
}
