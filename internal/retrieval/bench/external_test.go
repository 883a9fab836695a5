package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

var update = flag.Bool("update", false, "rewrite the external suites' split fields from their seeds")

// externalDir holds the external suites and their corpus file.
var externalDir = filepath.Join(repoRoot, "docs", "bench", "retrieval")

// corpusEnv names the directory scripts/retrieval-corpus.sh extracted the
// external suites' repositories into.
const corpusEnv = "DOCBRIDGE_RETRIEVAL_CORPUS"

// minExternalCases is issue 15's floor for an external suite.
const minExternalCases = 40

// externalRepo is one entry of docs/bench/retrieval/corpus.json.
type externalRepo struct {
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	Suite      string `json:"suite"`
}

func loadExternalCorpus(t *testing.T) []externalRepo {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(externalDir, "corpus.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Repositories []externalRepo `json:"repositories"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("corpus.json: %v", err)
	}
	if len(c.Repositories) < 4 {
		t.Fatalf("%d external suites, want at least 4", len(c.Repositories))
	}
	for _, r := range c.Repositories {
		if len(r.Commit) != 40 || r.Suite == "" || !strings.Contains(r.Repository, "/") {
			t.Fatalf("corpus.json: bad entry %+v", r)
		}
	}
	return c.Repositories
}

// rewriteSplits sets every case's split from the suite's seed, keeping
// everything else; `go test -run TestExternalSuitesLoad -update` after
// adding cases.
func rewriteSplits(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s Suite
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if s.Seed == nil {
		t.Fatalf("%s: no seed to split by", path)
	}
	ids := make([]string, len(s.Cases))
	for i, c := range s.Cases {
		ids[i] = c.ID
	}
	sp := AssignSplits(*s.Seed, ids)
	for i := range s.Cases {
		s.Cases[i].Split = sp[s.Cases[i].ID]
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExternalSuitesLoad runs everywhere: every external suite loads
// strictly (its recorded split agrees with its seed), has at least 40
// question cases, and both halves are used.
func TestExternalSuitesLoad(t *testing.T) {
	for _, r := range loadExternalCorpus(t) {
		t.Run(r.Suite, func(t *testing.T) {
			path := filepath.Join(externalDir, r.Suite)
			if *update {
				rewriteSplits(t, path)
			}
			s := loadSuiteFile(t, path)
			if len(s.Cases) < minExternalCases {
				t.Errorf("%d cases, want at least %d", len(s.Cases), minExternalCases)
			}
			if !s.Split() {
				t.Fatal("no seed: an external suite is split into dev and test")
			}
			for _, c := range s.Cases {
				if c.Metadata.Kind != kindQuestion {
					t.Errorf("case %q: kind %s, an external suite asks questions", c.ID, c.Metadata.Kind)
				}
				for _, tg := range c.Metadata.ExpectedTargets {
					if !strings.HasPrefix(tg, "document:") {
						t.Errorf("case %q: target %q is not a document", c.ID, tg)
					}
				}
			}
			dev, _ := s.Half(splitDev)
			test, _ := s.Half(splitTest)
			if len(dev.Cases) < minExternalCases/2 || len(test.Cases) < minExternalCases/2 {
				t.Errorf("halves of %d and %d cases, want at least %d each", len(dev.Cases), len(test.Cases), minExternalCases/2)
			}
		})
	}
}

// TestExternalSuites is issue 15's quality gate: on the test half of every
// external suite docbridge's hit@3 is at least plain BM25's. It needs the
// pinned repositories, which are not committed (they are other projects'
// documentation): scripts/retrieval-corpus.sh DEST extracts them, and
// DOCBRIDGE_RETRIEVAL_CORPUS=DEST runs the gate. Without the variable the
// test is skipped, never weakened.
func TestExternalSuites(t *testing.T) {
	root := os.Getenv(corpusEnv)
	if root == "" {
		t.Skipf("set %s to the directory scripts/retrieval-corpus.sh extracted the pinned repositories into to run the gate (scripts/retrieval-corpus.sh /tmp/retrieval-corpus; %s=/tmp/retrieval-corpus go test -run TestExternalSuites -v ./internal/retrieval/bench)", corpusEnv, corpusEnv)
	}
	for _, r := range loadExternalCorpus(t) {
		t.Run(r.Suite, func(t *testing.T) {
			slug := strings.Replace(r.Repository, "/", "+", 1)
			dir := filepath.Join(root, slug)
			mark, err := os.ReadFile(filepath.Join(root, "."+slug+".commit"))
			if err != nil || strings.TrimSpace(string(mark)) != r.Commit {
				t.Fatalf("%s is not %s at %s (run scripts/retrieval-corpus.sh %s)", dir, r.Repository, r.Commit[:12], root)
			}
			s := loadSuiteFile(t, filepath.Join(externalDir, r.Suite))
			p, snap := projectExternal(t, dir)
			missing, _ := MissingTargets(s, p)
			for _, m := range missing {
				t.Errorf("case %q: target %q is not in %s", m.Case, m.Target, r.Repository)
			}
			ix := retrieval.NewIndex(p, snap)
			for _, split := range Splits {
				half, _ := s.Half(split)
				ours := Run(half, Docbridge(ix))
				base := Run(half, NewBaseline(p))
				t.Logf("%s, %s half: %d cases, %d entries\n%s", r.Repository, split, len(half.Cases), len(p.Entries), compareTable(ours, base))
				if split == splitTest && ours.Overall.Hit3 < base.Overall.Hit3 {
					t.Errorf("test half: docbridge hit@3 %.1f%% is below plain BM25's %.1f%%", 100*ours.Overall.Hit3, 100*base.Overall.Hit3)
				}
			}
		})
	}
}

// projectExternal scans dir as `docbridge bench retrieval --dir` does
// (its own configuration, graph signals, bodies read from disk) and
// projects it.
func projectExternal(t *testing.T, dir string) (*retrieval.Projection, *snapshot.Snapshot) {
	t.Helper()
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap := res.Snapshot
	p := retrieval.Project(snap, graph.Compute(snap, reconcile.SignalOptions(cfg, nil)), func(path string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)))
		if err != nil {
			t.Errorf("body of %s: %v", path, err)
		}
		return data
	})
	return p, snap
}

// compareTable lays two results side by side for the test log.
func compareTable(a, b Result) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-10s %5s | %-27s | %-27s\n", "kind", "cases", "docbridge hit@1 hit@3 MRR", "baseline hit@1 hit@3 MRR")
	line := func(k string, x, y Metrics) {
		fmt.Fprintf(&sb, "%-10s %5d | %9.3f %5.3f %5.3f zero %.2f | %8.3f %5.3f %5.3f zero %.2f\n", k, x.Cases, x.Hit1, x.Hit3, x.MRR, x.ZeroRate, y.Hit1, y.Hit3, y.MRR, y.ZeroRate)
	}
	line("overall", a.Overall, b.Overall)
	for i := range a.ByKind {
		line(a.ByKind[i].Kind, a.ByKind[i].Metrics, b.ByKind[i].Metrics)
	}
	return sb.String()
}
