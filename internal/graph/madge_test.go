package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan"
)

var updateMadge = flag.Bool("update-madge", false, "rewrite testdata/madge/*.json from the installed madge")

const madgeFixture = "testdata/madge"

// madgeRecordings are the files of testdata/madge that hold madge's output,
// with the arguments that produce each (the fixture directory is appended).
var madgeRecordings = []struct {
	file string
	args []string
}{
	{"madge.json", []string{"--circular", "--json", "--extensions", "ts"}},
	{"madge-graph.json", []string{"--json", "--extensions", "ts"}},
}

// TestCyclesAgreeWithMadge compares docbridge's import cycles on the
// fixture with madge's recorded `madge --circular` output. madge walks the
// graph depth-first once and reports the cycles that walk closes, so it
// can miss an elementary cycle that shares a start with one it reported;
// docbridge lists every elementary cycle of a small component. So: every
// madge cycle is a docbridge cycle (as a rotated sequence, direction
// kept), docbridge's cycles are exactly the elementary cycles of madge's
// own dependency graph (`madge --json`, enumerated here by brute force),
// and every edge of every docbridge cycle is an import madge saw, with
// evidence on an import line of the importing file.
func TestCyclesAgreeWithMadge(t *testing.T) {
	var madgeCycles [][]string
	var madgeGraph map[string][]string
	readJSON(t, filepath.Join(madgeFixture, "madge.json"), &madgeCycles)
	readJSON(t, filepath.Join(madgeFixture, "madge-graph.json"), &madgeGraph)
	if len(madgeCycles) < 4 {
		t.Fatalf("madge.json holds %d cycles; the fixture is meant to have several overlapping ones", len(madgeCycles))
	}

	res, err := scan.Scan(context.Background(), madgeFixture, config.Default(), scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// madge, run without detectiveOptions.ts.skipTypeImports, reads type
	// imports as edges: compare with every import counted.
	sig := Compute(res.Snapshot, Options{TypeImports: true})
	if sig.CyclesTruncated {
		t.Fatalf("cycles truncated on the fixture; notes %+v", sig.Notes)
	}
	var got [][]string
	for _, c := range sig.Cycles {
		files := make([]string, len(c.Nodes))
		for i, n := range c.Nodes {
			f, ok := strings.CutPrefix(n, "module:")
			if !ok {
				t.Fatalf("cycle node %s is not a module", n)
			}
			files[i] = f
		}
		got = append(got, files)
		for i, e := range c.Edges {
			if !slices.Contains(madgeGraph[files[i]], files[(i+1)%len(files)]) {
				t.Errorf("edge %s → %s of cycle %v is not in madge's graph", e.From, e.To, files)
			}
			checkImportEvidence(t, e)
		}
	}

	for _, mc := range madgeCycles {
		if !slices.ContainsFunc(got, func(c []string) bool { return slices.Equal(c, rotateStrings(mc)) }) {
			t.Errorf("madge reports cycle %v; docbridge does not (docbridge: %v)", mc, got)
		}
	}
	if want := elementaryCycles(madgeGraph); !reflect.DeepEqual(got, want) {
		t.Errorf("docbridge cycles = %v\nwant every elementary cycle of madge's graph %v", got, want)
	}

	// At run time the type-only edges are gone: the runtime cycles are the
	// elementary cycles of madge's graph without the fixture's two
	// `import type` edges (listed here by hand from the source).
	typeOnly := map[[2]string]bool{
		{"src/shapes/circle.ts", "src/shapes/shape.ts"}: true,
		{"src/shapes/shape.ts", "src/shapes/circle.ts"}: true,
	}
	runtimeGraph := map[string][]string{}
	for from, tos := range madgeGraph {
		runtimeGraph[from] = slices.DeleteFunc(slices.Clone(tos), func(to string) bool { return typeOnly[[2]string{from, to}] })
	}
	var runtime [][]string
	for _, c := range Compute(res.Snapshot, Options{}).Cycles {
		runtime = append(runtime, stripModule(c.Nodes))
	}
	if want := elementaryCycles(runtimeGraph); len(want) >= len(got) || !reflect.DeepEqual(runtime, want) {
		t.Errorf("runtime cycles = %v\nwant the elementary cycles of madge's graph without type-only edges %v", runtime, want)
	}
}

// TestMadgeRecordingIsCurrent runs the installed madge on the fixture and
// checks the recorded output is still what it prints.
func TestMadgeRecordingIsCurrent(t *testing.T) {
	bin, err := filepath.Abs(filepath.Join("..", "..", "tools", "peers", "node_modules", ".bin", "madge"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Skip("madge is not installed; run: npm ci --prefix tools/peers")
	}
	dir, err := filepath.Abs(madgeFixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range madgeRecordings {
		cmd := exec.Command(bin, append(slices.Clone(rec.args), dir)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		// madge --circular exits 1 when it finds a cycle; the JSON is on
		// stdout either way.
		if ee := (*exec.ExitError)(nil); err != nil && !(errors.As(err, &ee) && len(out) > 0) {
			t.Fatalf("madge %v: %v\n%s", rec.args, err, stderr.String())
		}
		path := filepath.Join(madgeFixture, rec.file)
		if *updateMadge {
			if err := os.WriteFile(path, out, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		var live, recorded any
		if err := json.Unmarshal(out, &live); err != nil {
			t.Fatalf("madge %v printed no JSON: %v\n%s", rec.args, err, out)
		}
		readJSON(t, path, &recorded)
		if !reflect.DeepEqual(live, recorded) {
			t.Errorf("%s is stale: madge %v now prints\n%s\n(rerun with -update-madge)", rec.file, rec.args, out)
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// checkImportEvidence checks e's evidence points into the importing file at
// a line that imports or re-exports.
func checkImportEvidence(t *testing.T, e CycleEdge) {
	t.Helper()
	from := strings.TrimPrefix(e.From, "module:")
	if len(e.Evidence) == 0 {
		t.Errorf("edge %s → %s has no evidence", e.From, e.To)
		return
	}
	data, err := os.ReadFile(filepath.Join(madgeFixture, filepath.FromSlash(from)))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for _, ev := range e.Evidence {
		if ev.Path != from || ev.LineStart < 1 || ev.LineStart > len(lines) {
			t.Errorf("edge %s → %s: evidence %+v is not a line of %s", e.From, e.To, ev, from)
			continue
		}
		if l := lines[ev.LineStart-1]; !strings.HasPrefix(l, "import ") && !strings.HasPrefix(l, "export ") {
			t.Errorf("edge %s → %s: evidence line %d is %q, not an import", e.From, e.To, ev.LineStart, l)
		}
	}
}

// rotateStrings turns a cycle so its smallest element leads.
func rotateStrings(c []string) []string {
	m := slices.Index(c, slices.Min(c))
	return append(slices.Clone(c[m:]), c[:m]...)
}

// elementaryCycles enumerates every elementary cycle of a small graph by
// brute force, independently of the code under test: from each start s, a
// depth-first search over nodes greater than s records each path that
// returns to s. Cycles come smallest node first, sorted.
func elementaryCycles(adj map[string][]string) [][]string {
	var nodes []string
	for n := range adj {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	out := [][]string{}
	for _, s := range nodes {
		path := []string{s}
		var dfs func(u string)
		dfs = func(u string) {
			for _, v := range adj[u] {
				switch {
				case v == s && len(path) > 1:
					out = append(out, slices.Clone(path))
				case v > s && !slices.Contains(path, v):
					path = append(path, v)
					dfs(v)
					path = path[:len(path)-1]
				}
			}
		}
		dfs(s)
	}
	slices.SortFunc(out, slices.Compare)
	return out
}
