package report

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/report/reporttest"
)

func TestBuildCompared(t *testing.T) {
	n, u, res := reporttest.Sample()
	r := sampleReport()
	if !r.Compared || r.BaseSnapshotHash != "sha256:base" || r.SnapshotHash != "sha256:head" || r.Tool != (Tool{ToolName, "1.2.3"}) {
		t.Errorf("header: %+v", r)
	}
	s := r.Summary
	if s.Total != len(n)+len(u) || s.New != len(n) || s.Unchanged != len(u) || s.Resolved != len(res) {
		t.Errorf("summary %+v for %d new, %d unchanged, %d resolved", s, len(n), len(u), len(res))
	}
	sum := 0
	for _, sev := range Severities {
		c, ok := s.BySeverity[sev]
		if !ok {
			t.Errorf("bySeverity lacks %s", sev)
		}
		sum += c
	}
	if sum != s.Total || len(s.BySeverity) != len(Severities) {
		t.Errorf("bySeverity %v does not partition %d findings", s.BySeverity, s.Total)
	}
	sum = 0
	for _, l := range LevelsWorstFirst {
		c, ok := s.ByLevel[l]
		if !ok {
			t.Errorf("byLevel lacks %s", l)
		}
		if want := CountLevel(r.Findings, l); c != want {
			t.Errorf("byLevel[%s] = %d, want %d", l, c, want)
		}
		sum += c
	}
	if sum != s.Total || len(s.ByLevel) != len(LevelsWorstFirst) {
		t.Errorf("byLevel %v does not partition %d findings", s.ByLevel, s.Total)
	}
	if !slices.IsSortedFunc(r.Findings, CompareFindings) || !slices.IsSortedFunc(r.Resolved, CompareFindings) {
		t.Errorf("findings not in canonical order")
	}
	status := map[string]string{}
	for _, d := range n {
		status[d.ID] = StatusNew
	}
	for _, d := range u {
		status[d.ID] = StatusUnchanged
	}
	for _, f := range r.Findings {
		if f.Status != status[f.ID] {
			t.Errorf("%s: status %q, want %q", f.ID, f.Status, status[f.ID])
		}
	}
	for _, f := range r.Resolved {
		if f.Status != StatusResolved {
			t.Errorf("resolved %s: status %q", f.ID, f.Status)
		}
	}
}

func TestBuildNoBase(t *testing.T) {
	r := sampleReportNoBase()
	if r.Compared || r.BaseSnapshotHash != "" || len(r.Resolved) != 0 || r.Resolved == nil {
		t.Errorf("no comparison, yet: %+v", r)
	}
	// Without a base every finding is judged, and counts as new: the
	// summary agrees with Judged (the exit status, the stderr line).
	if r.Summary.New != r.Summary.Total || r.Summary.New != len(Judged(r)) || r.Summary.Unchanged != 0 || r.Summary.Resolved != 0 {
		t.Errorf("summary %+v: want new = total = %d judged", r.Summary, len(Judged(r)))
	}
	for _, f := range r.Findings {
		if f.Status != "" {
			t.Errorf("%s has status %q without a base", f.ID, f.Status)
		}
	}
}

// TestOrderIndependent shuffles the input diagnostics: every renderer
// writes the same bytes.
func TestOrderIndependent(t *testing.T) {
	n, u, res := reporttest.Sample()
	render := func(n, u, res []finding.Diagnostic) []byte {
		r := Build(Input{Version: "v", Comparison: &finding.Comparison{New: n, Unchanged: u, Resolved: res}})
		var b bytes.Buffer
		for _, err := range []error{WriteJSON(&b, r), WriteText(&b, r, TextOptions{}), WriteSARIF(&b, r, SARIFOptions{Resolved: true})} {
			if err != nil {
				t.Fatal(err)
			}
		}
		return b.Bytes()
	}
	want := render(n, u, res)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		rng.Shuffle(len(n), func(i, j int) { n[i], n[j] = n[j], n[i] })
		rng.Shuffle(len(u), func(i, j int) { u[i], u[j] = u[j], u[i] })
		if got := render(n, u, res); !bytes.Equal(got, want) {
			t.Fatalf("output depends on input order")
		}
	}
}
