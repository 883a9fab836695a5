package report

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan"
)

// scanRepo runs the real pipeline on testdata/repo: scan, graph signals,
// reconciliation.
func scanRepo(t *testing.T) (*graph.Signals, []finding.Diagnostic, string) {
	t.Helper()
	dir := filepath.Join("testdata", "repo")
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sig := graph.Compute(res.Snapshot, graph.Options{})
	ds := reconcile.Run(reconcile.Input{Head: res.Snapshot, Signals: sig, Config: cfg})
	return sig, ds, res.Snapshot.ContentHash
}

// TestPipelineSARIF renders what the real rules found in a scanned
// repository and checks it is valid SARIF that points at each finding.
func TestPipelineSARIF(t *testing.T) {
	_, ds, hash := scanRepo(t)
	var broken []finding.Diagnostic
	for _, d := range ds {
		if d.Code == "BROKEN_LINK" {
			broken = append(broken, d)
		}
	}
	// The fixture writes the broken link gone.md on two lines: one finding
	// whose evidence names both.
	if len(broken) != 1 || len(broken[0].Evidence) != 2 || broken[0].Occurrences != 2 {
		t.Fatalf("the fixture writes the broken link gone.md twice; want one finding for both lines, the rules found %+v", ds)
	}
	r := Build(Input{Version: "test", Project: "repo", SnapshotHash: hash, Diagnostics: ds})
	data := renderSARIF(t, r, SARIFOptions{})
	if err := validateSARIF(t, sarifSchema(t), data); err != nil {
		t.Fatalf("invalid SARIF from real diagnostics: %v", err)
	}
	var doc sarifDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	where := map[string]bool{}
	for _, res := range doc.Runs[0].Results {
		for _, l := range res.Locations {
			if l.PhysicalLocation.Region != nil {
				where[fmt.Sprintf("%s %s:%d %s", res.RuleID, l.PhysicalLocation.ArtifactLocation.URI, l.PhysicalLocation.Region.StartLine, res.PartialFingerprints[fingerprintKey])] = true
			}
		}
		for _, l := range res.RelatedLocations {
			where[fmt.Sprintf("%s related %s:%d %s", res.RuleID, l.PhysicalLocation.ArtifactLocation.URI, l.PhysicalLocation.Region.StartLine, res.PartialFingerprints[fingerprintKey])] = true
		}
	}
	d := broken[0]
	p, second := d.Evidence[0], d.Evidence[1]
	for _, key := range []string{
		fmt.Sprintf("%s %s:%d %s", d.Code, p.Path, p.Line, d.ID),
		fmt.Sprintf("%s related %s:%d %s", d.Code, second.Path, second.Line, d.ID),
	} {
		if !where[key] {
			t.Errorf("no SARIF location %s; have %v", key, where)
		}
	}
}
