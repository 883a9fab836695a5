package reconcile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestPreparedBaseIsTheBase: judging against a base prepared once gives,
// judgement after judgement, the findings and comparison that preparing
// it for each judgement gives — every drift fixture's heads (and the base
// itself), each judged twice against one prepared base, so the second
// reads what the first kept. A base prepared of another snapshot or
// under another configuration is not used.
func TestPreparedBaseIsTheBase(t *testing.T) {
	fixtures, err := os.ReadDir(filepath.Join("testdata", "drift"))
	if err != nil {
		t.Fatal(err)
	}
	judged := 0
	for _, f := range fixtures {
		dir := filepath.Join("testdata", "drift", f.Name())
		base, cfg := scanDir(t, filepath.Join(dir, "base"))
		heads := []*snapshot.Snapshot{base}
		trees, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range trees {
			if h.Name() != "base" {
				s, _ := scanDir(t, filepath.Join(dir, h.Name()))
				heads = append(heads, s)
			}
		}
		prepared := PrepareBase(base, cfg)
		for round := range 2 {
			for i, h := range heads {
				in := Input{Head: h, Signals: graph.Compute(h, SignalOptions(cfg, base)), Base: base, Config: cfg}
				want := checkJSON(t, Check(in))
				in.PreparedBase = prepared
				if got := checkJSON(t, Check(in)); got != want {
					t.Fatalf("%s, head %d, round %d: against the prepared base\n got %.400s\nwant %.400s", f.Name(), i, round, got, want)
				}
				judged++
			}
		}
		if len(prepared.v.kept.byDoc) == 0 {
			t.Errorf("%s: the prepared base kept nothing: the drift rules did not read it", f.Name())
		}
		// Prepared of another snapshot, or for another configuration: not
		// read.
		other := PrepareBase(heads[len(heads)-1], cfg)
		otherCfg := PrepareBase(base, config.Default())
		for _, p := range []*PreparedBase{other, otherCfg} {
			in := Input{Head: heads[1], Signals: graph.Compute(heads[1], SignalOptions(cfg, base)), Base: base, Config: cfg, PreparedBase: p}
			if got := baseView(in, cfg); got == p.v {
				t.Errorf("%s: a base prepared of another snapshot or configuration was used", f.Name())
			}
		}
	}
	if judged < 20 {
		t.Fatalf("%d judgements: the fixtures test little", judged)
	}
}

func checkJSON(t *testing.T, r Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
