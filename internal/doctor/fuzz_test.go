package doctor

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// FuzzDiagnose feeds decoded snapshots (a snapshot file is untrusted
// input: --base reads one) through reconcile and the doctor, with any
// projection count and benchmark figure: the report stays within its
// bounds and renders.
func FuzzDiagnose(f *testing.F) {
	f.Add([]byte(`{"type":"discovery-snapshot","schemaVersion":1,"entities":[{"id":"document:README.md","kind":"document","metadata":{"generated":[{}],"brokenAnchors":[1]}}],"relations":[{"id":"x","kind":"links-to","from":"document:README.md","to":"document:README.md"}]}`), 1, 0.5, 3)
	f.Add([]byte(`{"type":"discovery-snapshot","schemaVersion":1,"entities":[{"id":"area:a","kind":"area","metadata":{"required":true}}]}`), -1, 2.0, 0)
	f.Fuzz(func(t *testing.T, data []byte, projected int, hit3 float64, cases int) {
		s, err := snapshot.Unmarshal(data)
		if err != nil {
			return
		}
		ds := reconcile.Run(reconcile.Input{Head: s, Config: Config(nil)})
		r := Diagnose(Input{Snapshot: s, Diagnostics: ds, ProjectedDocuments: projected, Benchmark: &Benchmark{Suite: "s", Cases: cases, Hit3: hit3}})
		if r.Score < 0 || r.Score > 100 {
			t.Fatalf("score %d", r.Score)
		}
		per := map[string]int{}
		for _, is := range r.Issues {
			per[is.Dimension]++
		}
		for _, d := range r.Dimensions {
			if d.Value < 0 || d.Value > 1 || d.Points < 0 || d.Points > d.Weight || per[d.Name] > maxIssuesPerDimension {
				t.Fatalf("dimension out of bounds: %+v (%d issues)", d, per[d.Name])
			}
		}
		if r.Grade == "A" && len(r.Unmet) > 0 {
			t.Fatalf("A with unmet %v", r.Unmet)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, r); err != nil || !json.Valid(b.Bytes()) {
			t.Fatalf("JSON: %v", err)
		}
		if err := WriteText(&b, r); err != nil {
			t.Fatal(err)
		}
	})
}
