package reconcile

import (
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// FuzzCheck feeds arbitrary snapshots (a --base file is user input) to the
// whole judging half: graph signals, every rule, drift and the comparison.
// Whatever decodes and validates must be judged without a panic, and the
// diagnostics must be well-formed.
func FuzzCheck(f *testing.F) {
	for _, dir := range []string{"broken_link", filepath.Join("drift", "symbol_rename", "base")} {
		s, _ := scanDir(&testing.T{}, filepath.Join("testdata", dir))
		if s == nil {
			continue
		}
		data, err := snapshot.MarshalCompact(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, []byte("{}"))
	}
	f.Fuzz(func(t *testing.T, headData, baseData []byte) {
		head, err := snapshot.Unmarshal(headData)
		if err != nil || snapshot.Validate(head) != nil {
			return
		}
		base, err := snapshot.Unmarshal(baseData)
		if err != nil || snapshot.Validate(base) != nil {
			base = nil
		}
		res := Check(Input{Head: head, Signals: graph.Compute(head, graph.Options{}), Base: base})
		for _, d := range res.Head {
			if d.ID == "" || d.Code == "" || d.Severity == "" || d.Evidence == nil || d.EntityIDs == nil {
				t.Fatalf("malformed diagnostic %+v", d)
			}
		}
	})
}
