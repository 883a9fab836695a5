package bench

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestAssignSplits(t *testing.T) {
	ids := make([]string, 41)
	for i := range ids {
		ids[i] = fmt.Sprintf("case-%02d", i)
	}
	got := AssignSplits(15, ids)
	dev := 0
	for _, id := range ids {
		switch got[id] {
		case splitDev:
			dev++
		case splitTest:
		default:
			t.Fatalf("%s: split %q", id, got[id])
		}
	}
	if dev != 21 {
		t.Errorf("%d dev cases of 41, want 21 (ceil of half)", dev)
	}
	// Deterministic and independent of the order of the ids.
	rev := make([]string, len(ids))
	for i, id := range ids {
		rev[len(ids)-1-i] = id
	}
	if again := AssignSplits(15, rev); !reflect.DeepEqual(again, got) {
		t.Error("the split depends on the order of the ids")
	}
	// Another seed gives another split.
	if other := AssignSplits(16, ids); reflect.DeepEqual(other, got) {
		t.Error("seeds 15 and 16 give the same split")
	}
	// Adding a case moves at most one existing case across the boundary.
	more := AssignSplits(15, append(append([]string(nil), ids...), "case-new"))
	moved := 0
	for _, id := range ids {
		if more[id] != got[id] {
			moved++
		}
	}
	if moved > 1 {
		t.Errorf("adding a case moved %d cases between halves, want at most 1", moved)
	}
}

// splitSuiteJSON is a suite of n question cases with seed, each case's
// split as AssignSplits gives it unless override names another.
func splitSuiteJSON(n int, seed uint64, override map[string]string) string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("q%d", i)
	}
	sp := AssignSplits(seed, ids)
	var cases []string
	for _, id := range ids {
		s := sp[id]
		if o, ok := override[id]; ok {
			s = o
		}
		split := ""
		if s != "" {
			split = fmt.Sprintf(`"split":%q,`, s)
		}
		cases = append(cases, fmt.Sprintf(`{"id":%q,"input":"how",%s"metadata":{"expectedTargets":["docs/a.md"],"kind":"question"}}`, id, split))
	}
	return fmt.Sprintf(`{"version":1,"name":"t","seed":%d,"cases":[%s]}`, seed, strings.Join(cases, ","))
}

func TestLoadSplit(t *testing.T) {
	s, err := Load([]byte(splitSuiteJSON(6, 15, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Split() || *s.Seed != 15 {
		t.Fatalf("seed not read: %+v", s.Seed)
	}
	dev, ok := s.Half(splitDev)
	test, ok2 := s.Half(splitTest)
	if !ok || !ok2 || len(dev.Cases) != 3 || len(test.Cases) != 3 {
		t.Fatalf("halves: dev %d (%v), test %d (%v), want 3 and 3", len(dev.Cases), ok, len(test.Cases), ok2)
	}
	if dev.Name != "t (dev)" || test.Name != "t (test)" {
		t.Errorf("half names %q, %q", dev.Name, test.Name)
	}
	for _, c := range dev.Cases {
		if c.Split != splitDev {
			t.Errorf("dev half holds %s of split %q", c.ID, c.Split)
		}
	}
	if _, ok := s.Half("train"); ok {
		t.Error("a half named train")
	}
	unsplit, err := Load([]byte(suiteJSON(caseJSON("a", "q", `["a.md"]`, "path"))))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := unsplit.Half(splitTest); ok || unsplit.Split() {
		t.Error("a suite without a seed has halves")
	}
}

func TestLoadSplitErrors(t *testing.T) {
	flip := map[string]string{splitDev: splitTest, splitTest: splitDev}
	first := AssignSplits(15, []string{"q0", "q1", "q2", "q3"})["q0"]
	tests := []struct {
		name string
		data string
		want []string
	}{
		{"seed negative", `{"version":1,"name":"t","seed":-1,"cases":[` + caseJSON("a", "q", `["a.md"]`, "path") + `]}`, []string{"suite: seed: want an integer"}},
		{"seed fraction", `{"version":1,"name":"t","seed":1.5,"cases":[` + caseJSON("a", "q", `["a.md"]`, "path") + `]}`, []string{"suite: seed: want an integer"}},
		{"seed too large", `{"version":1,"name":"t","seed":9007199254740992,"cases":[` + caseJSON("a", "q", `["a.md"]`, "path") + `]}`, []string{"suite: seed: want an integer"}},
		{"split without seed", suiteJSON(`{"id":"a","input":"q","split":"dev","metadata":{"expectedTargets":["a.md"],"kind":"path"}}`), []string{`case "a" (#1): split: a split without a seed`}},
		{"unknown split", suiteJSON(`{"id":"a","input":"q","split":"train","metadata":{"expectedTargets":["a.md"],"kind":"path"}}`), []string{`case "a" (#1): split: unknown split "train"`}},
		{"missing split", splitSuiteJSON(4, 15, map[string]string{"q0": ""}), []string{`case "q0" (#1): split: missing`}},
		{"split edited by hand", splitSuiteJSON(4, 15, map[string]string{"q0": flip[first]}), []string{`case "q0" (#1): split:`, "seed 15 puts the case in " + fmt.Sprintf("%q", first)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load([]byte(tt.data))
			if err == nil {
				t.Fatal("loaded")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}
