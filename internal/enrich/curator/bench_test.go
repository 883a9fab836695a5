package curator_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/retrieval/bench"
)

// corpusEnv names the directory scripts/retrieval-corpus.sh extracted the
// pinned repositories into (as for the retrieval bench's external gate).
const corpusEnv = "DOCBRIDGE_RETRIEVAL_CORPUS"

// TestRetrievalWithCuratorOverlay is the A/B of docs/bench.md: every
// retrieval suite the repository keeps, run by `docbridge bench retrieval`'s
// ranker on the plain projection and on the projection with the built-in
// curator's accepted overlay. It reports; it gates only that the curator's
// proposals pass the envelope checks on these real repositories and that
// the enriched projection never loses an observed alias.
// DOCBRIDGE_RETRIEVAL_CORPUS=DIR go test -run TestRetrievalWithCuratorOverlay -v ./internal/enrich/curator
func TestRetrievalWithCuratorOverlay(t *testing.T) {
	root := os.Getenv(corpusEnv)
	if root == "" {
		t.Skipf("set %s to the directory scripts/retrieval-corpus.sh extracted the pinned repositories into", corpusEnv)
	}
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	type target struct{ name, dir, suite string }
	targets := []target{{"docbridge", repo, filepath.Join(repo, "docs/bench/retrieval-suite-v1.json")}}
	var list struct {
		Repositories []struct{ Repository, Suite string } `json:"repositories"`
	}
	data, err := os.ReadFile(filepath.Join(repo, "docs/bench/retrieval/corpus.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	for _, r := range list.Repositories {
		targets = append(targets, target{r.Repository, filepath.Join(root, strings.Replace(r.Repository, "/", "+", 1)), filepath.Join(repo, "docs/bench/retrieval", r.Suite)})
	}
	var table strings.Builder
	fmt.Fprintf(&table, "| suite | half | cases | hit@1 | hit@3 | MRR | hit@1 enriched | hit@3 enriched | MRR enriched | accepted |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, tg := range targets {
		data, err := os.ReadFile(tg.suite)
		if err != nil {
			t.Fatal(err)
		}
		suite, err := bench.Load(data)
		if err != nil {
			t.Fatal(err)
		}
		f := facts(t, tg.dir)
		plain := retrieval.Project(f.snap, f.signals, func(p string) []byte {
			b, _ := os.ReadFile(filepath.Join(tg.dir, filepath.FromSlash(p)))
			return b
		})
		proposals, ov := curateFacts(t, tg.dir, f, 0)
		checkValid(t, proposals, ov) // on real repositories too: no envelope rejection
		enriched := plain.Enrich(enrich.Enrichment(ov, f.snap))
		for i, e := range enriched.Entries {
			for _, a := range plain.Entries[i].Aliases {
				if !slices.Contains(e.Aliases, a) {
					t.Errorf("%s: %s lost the alias %q", tg.name, e.ID, a)
				}
			}
		}
		halves := []string{""}
		if suite.Split() {
			halves = bench.Splits
		}
		for _, h := range halves {
			s := suite
			if h != "" {
				s, _ = suite.Half(h)
			}
			a := bench.Run(s, bench.Docbridge(retrieval.NewIndex(plain, f.snap)))
			b := bench.Run(s, bench.Docbridge(retrieval.NewIndex(enriched, f.snap)))
			name := h
			if name == "" {
				name = "all"
			}
			fmt.Fprintf(&table, "| %s | %s | %d | %.1f%% | %.1f%% | %.3f | %.1f%% | %.1f%% | %.3f | %d |\n", tg.name, name, len(s.Cases),
				100*a.Overall.Hit1, 100*a.Overall.Hit3, a.Overall.MRR, 100*b.Overall.Hit1, 100*b.Overall.Hit3, b.Overall.MRR, len(ov.Accepted))
		}
	}
	t.Logf("\n%s", table.String())
}
