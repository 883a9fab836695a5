package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/cache"
	"github.com/docbridge/docbridge/internal/cache/cachetest"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
)

// The soak: simulated pull-request runs of the action in sequence on one
// generated repository. Each run applies a seeded mutation (an edit, a new
// file, a file or a directory renamed or moved, a deletion, a renamed
// symbol or heading, a file written where one was taken away), evicts
// the Actions cache's entries at random, and runs the action's
// pull_request route in process with its real wiring (act's cache server,
// the fake GitHub). After a run the pull request is merged at random: a
// push to main saves the next base state, as the default branch's
// workflow does. Each run must hold:
//
//   - the head snapshot hash the action reports (from its incremental
//     scan) is a cold scan's of the same tree, and so is the base's;
//   - the state it saved is the cold scan's store, byte for byte once
//     decoded, and no larger than the cold state: a function of the tree,
//     not of the runs before;
//   - every drift the mutations of the pull request should cause (a base
//     document that links to or mentions what they moved, deleted or
//     renamed) is reported, and no drift finding names anything else;
//   - without a base state (evicted) no drift is reported at all.
//
// Heap after GC and RSS are sampled per run and reported (their trend),
// never judged: they depend on the machine.
//
//	go test -short -run TestActionSoak ./cmd/docbridge              # 6 runs (CI)
//	DOCBRIDGE_SOAK_RUNS=200 go test -run TestActionSoak -v -timeout 60m ./cmd/docbridge
//	scripts/soak.sh 200                                            # the same, summarised
//
// DOCBRIDGE_SOAK_SEED picks another repository and mutation sequence.
// DOCBRIDGE_SOAK_HEAPPROFILE=DIR writes heap profiles after run 20 and the
// last run, to tell what the heap's growth is:
//
//	go tool pprof -top -sample_index=inuse_space -base DIR/heap-20.pprof DIR/heap-200.pprof

const (
	soakShortRuns   = 6
	soakDefaultRuns = 24
	soakMaxRuns     = 100000
	// soakMaxPRRuns is how many runs one pull request takes at most before
	// it is merged.
	soakMaxPRRuns = 3
	// soakProfileAt is the run after which DOCBRIDGE_SOAK_HEAPPROFILE
	// writes its first heap profile (the last run writes the second):
	// late enough that the process's caches and pools are warm.
	soakProfileAt = 20
)

// soakSpec is the generated repository: every language the scan reads,
// documents that link, mention paths and symbols.
func soakSpec(seed uint64) corpus.Spec {
	return corpus.Spec{Seed: seed, Packages: 3, TSModules: 30, Documents: 24, GoModules: 12, PyModules: 8}
}

func soakSettings(getenv func(string) string, short bool) (runs int, seed uint64, err error) {
	runs, seed = soakDefaultRuns, 1
	if short {
		runs = soakShortRuns
	}
	if v := getenv("DOCBRIDGE_SOAK_RUNS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > soakMaxRuns {
			return 0, 0, fmt.Errorf("DOCBRIDGE_SOAK_RUNS=%q: want a count from 1 to %d", v, soakMaxRuns)
		}
		runs = n
	}
	if v := getenv("DOCBRIDGE_SOAK_SEED"); v != "" {
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return 0, 0, fmt.Errorf("DOCBRIDGE_SOAK_SEED: %w", err)
		}
	}
	return runs, seed, nil
}

// soakRun is what one pull-request run measured.
type soakRun struct {
	desc             string
	compared         bool
	expected, found  int
	stateBytes       int
	coldStateBytes   int
	heapMB, rssMB    float64
	evicted, restore string
}

func TestActionSoak(t *testing.T) {
	runs, seed, err := soakSettings(os.Getenv, testing.Short())
	if err != nil {
		t.Fatal(err)
	}
	s := newSoak(t, seed)
	start := time.Now()
	s.merge(0)
	var results []soakRun
	profiles := os.Getenv("DOCBRIDGE_SOAK_HEAPPROFILE")
	if profiles != "" {
		defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
		runtime.MemProfileRate = 4096 // a growth of kilobytes shows
	}
	for k := 1; k <= runs && !t.Failed(); k++ {
		results = append(results, s.pullRequestRun(k))
		if profiles != "" && (k == soakProfileAt || k == runs) {
			soakHeapProfile(t, filepath.Join(profiles, fmt.Sprintf("heap-%d.pprof", k)))
		}
	}
	soakSummary(t, seed, results, s.pr-1, time.Since(start))
}

// soak is one soak's world: the tree, GitHub, the cache and the action.
type soak struct {
	t      *testing.T
	ctx    context.Context
	tree   *soakTree
	rng    *rand.Rand
	cache  *cachetest.V1
	action *inProcessAction
	events string // the payloads written for each run

	pr, prRuns int
	base       map[string]string // the pull request's base tree
	baseHash   string            // its cold snapshot hash
	baseFile   string            // its cold snapshot, as a file: the base of a full judgement
	baseGone   bool              // its state was evicted since it was saved
	gone       soakGone          // what the pull request's mutations took away
	log        []string          // the pull request's mutations
}

func newSoak(t *testing.T, seed uint64) *soak {
	root := t.TempDir()
	if err := corpus.Write(root, soakSpec(seed)); err != nil {
		t.Fatal(err)
	}
	gh := ghapitest.New(t)
	c := cachetest.StartV1Server(t)
	return &soak{
		t: t, ctx: context.Background(), cache: c, events: t.TempDir(),
		tree:   &soakTree{root: root, rng: rand.New(rand.NewPCG(seed, 0x50a4))},
		rng:    rand.New(rand.NewPCG(seed, 0xe51c7)),
		action: newInProcessAction(t, root, gh.URL, c.URL, cachetest.RuntimeToken(t)),
	}
}

// soakSHA is run k's head commit.
func soakSHA(k int) string { return fmt.Sprintf("%040x", 0x50a4000+k) }

// payload writes the e2e fixture's payload of event with the fields of
// this run set.
func (s *soak) payload(event string, k int) string {
	s.t.Helper()
	file := map[string]string{actionenv.EventPush: "push.main.json", actionenv.EventPullRequest: "pull_request.opened.json"}[event]
	data, err := os.ReadFile(filepath.Join(e2eDir, file))
	if err != nil {
		s.t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(data, &p); err != nil {
		s.t.Fatal(err)
	}
	if event == actionenv.EventPush {
		p["after"] = soakSHA(k)
	} else {
		p["number"] = s.pr
		pr := p["pull_request"].(map[string]any)
		pr["number"] = s.pr
		pr["head"].(map[string]any)["sha"] = soakSHA(k)
		p["action"] = map[bool]string{true: "opened", false: "synchronize"}[s.prRuns == 0]
	}
	out, err := json.Marshal(p)
	if err != nil {
		s.t.Fatal(err)
	}
	// One file per event, kept after the run: a cold scan of the tree
	// reads the same environment (the payload's default branch).
	name := filepath.Join(s.events, event+".json")
	if err := os.WriteFile(name, out, 0o644); err != nil {
		s.t.Fatal(err)
	}
	return name
}

// runAction runs one event and returns its log and the JSON report it
// wrote, which it removes from the workspace: the next run's checkout is
// the repository's.
func (s *soak) runAction(event string, k int) (string, *report.Report) {
	s.t.Helper()
	payload := s.payload(event, k)
	out, err := s.action.run(s.ctx, event, payload, soakSHA(k), s.pr)
	if err != nil {
		s.t.Fatalf("run %d (%s): %v\n%s", k, event, err, out)
	}
	// A minute passes between runs: the next run's state is the newest
	// under its prefix, as on GitHub (act's server counts seconds).
	s.cache.Age(s.t, time.Minute)
	if v := soakWarnings(out); len(v) > 0 {
		s.t.Errorf("run %d (%s) warned:\n%s", k, event, strings.Join(v, "\n"))
	}
	file := filepath.Join(s.tree.root, filepath.FromSlash(actionrun.ReportPath))
	data, err := os.ReadFile(file)
	if err != nil {
		s.t.Fatalf("run %d: the JSON report: %v\n%s", k, err, out)
	}
	if err := os.RemoveAll(filepath.Dir(file)); err != nil {
		s.t.Fatal(err)
	}
	var rep report.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		s.t.Fatalf("run %d: the JSON report: %v", k, err)
	}
	return out, &rep
}

// soakWarnings are the log's warnings other than those an eviction or a
// first run explains.
func soakWarnings(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.HasPrefix(l, "::warning") && !strings.Contains(l, "no cached state for") {
			out = append(out, l)
		}
	}
	return out
}

// cold scans the tree with no state at all, as the action's pipeline
// does, and judges it alone (Judged: the findings a push keeps).
func (s *soak) cold(k int) *pipeline.Outcome {
	s.t.Helper()
	res, err := pipeline.Run(s.ctx, pipeline.Options{
		Repo:     pipeline.Repo{Dir: s.tree.root, MaxStateBytes: state.DefaultMaxBytes, Getenv: s.action.getenv},
		Revision: soakSHA(k), Build: "cold"})
	if err != nil {
		s.t.Fatalf("run %d: cold scan: %v", k, err)
	}
	return res
}

var soakSavedLine = regexp.MustCompile(`docbridge: cache: saved the state under (\S+) \((\d+) bytes\)`)

// checkSaved loads the state the run saved from the cache, through the
// client the action uses, and holds it to the cold scan's; it returns
// the saved and the cold state's sizes.
func (s *soak) checkSaved(k int, log string, cold *pipeline.Outcome) (saved, coldSize int) {
	s.t.Helper()
	m := soakSavedLine.FindStringSubmatch(log)
	if m == nil {
		s.t.Fatalf("run %d saved no state:\n%s", k, log)
	}
	store, err := cache.NewActions(cache.EnvFrom(s.action.getenv), cache.ActionsOptions{})
	if err != nil {
		s.t.Fatal(err)
	}
	entry, err := store.Load(s.ctx, m[1])
	if err != nil {
		s.t.Fatalf("run %d: load the saved state %s: %v", k, m[1], err)
	}
	st, err := state.Decode(entry.Data)
	if err != nil {
		s.t.Fatalf("run %d: decode the saved state: %v", k, err)
	}
	// A push keeps the tree's findings judged alone, under its build's
	// key: the cold state keeps the cold run's under the same key.
	var judged *state.Judged
	if st.Judged != nil {
		judged = &state.Judged{Key: st.Judged.Key, Findings: cold.Judged.Findings, Hash: cold.Judged.Hash}
		// The hash a pull request names this base by, unhashed.
		if st.Judged.Hash != cold.Head.ContentHash {
			s.t.Errorf("run %d: the state keeps the hash %q, the cold scan's is %s", k, st.Judged.Hash, cold.Head.ContentHash)
		}
	}
	coldData, err := state.Encode(&state.State{Store: cold.Store, Grade: st.Grade, Judged: judged})
	if err != nil {
		s.t.Fatal(err)
	}
	// Both through the codec: a decoded state has nil where a scan has
	// empty lists.
	coldSt, err := state.Decode(coldData)
	if err != nil {
		s.t.Fatal(err)
	}
	got, _ := json.Marshal(st.Store)
	want, _ := json.Marshal(coldSt.Store)
	if !bytes.Equal(got, want) {
		s.t.Errorf("run %d: the saved state's store differs from a cold scan's (%d and %d bytes of JSON)", k, len(got), len(want))
	}
	if judged != nil {
		got, _ := json.Marshal(st.Judged.Findings)
		want, _ := json.Marshal(coldSt.Judged.Findings)
		if !bytes.Equal(got, want) {
			s.t.Errorf("run %d: the findings the state keeps differ from a cold judgement's (%d and %d bytes of JSON)", k, len(got), len(want))
		}
	}
	if len(entry.Data) > len(coldData) {
		s.t.Errorf("run %d: the saved state is %d bytes, a cold one %d: the state grew with history", k, len(entry.Data), len(coldData))
	}
	return len(entry.Data), len(coldData)
}

// checkFull holds the run's report to a full judgement of the same tree
// against the base's cold snapshot read from a file: the base hashed and
// validated, judged again and prepared for this judgement alone, where
// the run took its base's hash, findings and preparation from the state
// its push kept.
func (s *soak) checkFull(where string, k int, rep *report.Report) {
	s.t.Helper()
	full, err := pipeline.Run(s.ctx, pipeline.Options{
		Repo: pipeline.Repo{Dir: s.tree.root, MaxStateBytes: state.DefaultMaxBytes, Getenv: s.action.getenv},
		Base: s.baseFile, Revision: soakSHA(k)})
	if err != nil {
		s.t.Fatalf("%s: a full judgement: %v", where, err)
	}
	want := full.Report(rep.Tool.Version)
	for _, c := range []struct {
		what      string
		got, want any
	}{{"base hash", rep.BaseSnapshotHash, want.BaseSnapshotHash}, {"summary", rep.Summary, want.Summary},
		{"findings", rep.Findings, want.Findings}, {"resolved findings", rep.Resolved, want.Resolved}} {
		got, _ := json.Marshal(c.got)
		exp, _ := json.Marshal(c.want)
		if !bytes.Equal(got, exp) {
			s.t.Errorf("%s: the %s differ from a full judgement's:\n got %.600s\nwant %.600s", where, c.what, got, exp)
		}
	}
}

// evict removes cache entries at random before a run, as the service does
// to entries unused for a week or over the repository's quota, and says
// which.
func (s *soak) evict(prRun bool) string {
	var what string
	var match func(string) bool
	r := s.rng.IntN(20)
	switch {
	case r < 3:
		what, match = "base", func(k string) bool { return strings.Contains(k, "-main.") }
	case r < 7 && prRun:
		own := fmt.Sprintf("-pull.%d.merge.", s.pr)
		what, match = "pull request", func(k string) bool { return strings.Contains(k, own) }
	case r == 7:
		what, match = "all", func(string) bool { return true }
	default:
		return ""
	}
	if len(s.cache.Evict(s.t, match)) == 0 {
		return ""
	}
	return what
}

// merge runs the push to main that merging the pull request at run k
// makes, and checks its incremental scan against a cold one; the tree is
// the next pull request's base.
func (s *soak) merge(k int) {
	s.t.Helper()
	evicted := s.evict(false)
	log, rep := s.runAction(actionenv.EventPush, k)
	cold := s.cold(k)
	if rep.SnapshotHash != cold.Head.ContentHash {
		s.t.Errorf("run %d, push to main (evicted %q): incremental snapshot %s, cold %s", k, evicted, rep.SnapshotHash, cold.Head.ContentHash)
	}
	s.checkSaved(k, log, cold)
	base, err := s.tree.snapshotFiles()
	if err != nil {
		s.t.Fatal(err)
	}
	data, err := snapshot.MarshalCompact(cold.Head)
	if err != nil {
		s.t.Fatal(err)
	}
	s.baseFile = filepath.Join(s.t.TempDir(), "base.json")
	if err := os.WriteFile(s.baseFile, data, 0o644); err != nil {
		s.t.Fatal(err)
	}
	s.base, s.baseHash, s.baseGone, s.gone, s.log, s.prRuns = base, cold.Head.ContentHash, false, soakGone{}, nil, 0
	s.pr++
}

// pullRequestRun is soak run k: a mutation, evictions, the action on the
// pull request, the checks, and a merge at random.
func (s *soak) pullRequestRun(k int) soakRun {
	t := s.t
	t.Helper()
	desc, gone, err := s.tree.mutate()
	if err != nil {
		t.Fatalf("run %d: %v", k, err)
	}
	s.gone.add(gone)
	s.log = append(s.log, fmt.Sprintf("run %d: %s", k, desc))
	r := soakRun{desc: desc, evicted: s.evict(s.prRuns > 0)}
	log, rep := s.runAction(actionenv.EventPullRequest, k)
	r.restore = soakRestored(log)
	cold := s.cold(k)
	where := fmt.Sprintf("run %d (PR #%d, evicted %q, %s)", k, s.pr, r.evicted, r.restore)
	if rep.SnapshotHash != cold.Head.ContentHash {
		t.Errorf("%s: incremental snapshot %s, cold %s\nthe pull request's mutations:\n  %s", where, rep.SnapshotHash, cold.Head.ContentHash, strings.Join(s.log, "\n  "))
	}
	r.compared = rep.Compared
	if rep.Compared && rep.BaseSnapshotHash != s.baseHash {
		t.Errorf("%s: the base state rebuilt to snapshot %s, a cold scan of the base gives %s", where, rep.BaseSnapshotHash, s.baseHash)
	}
	if r.evicted == "base" || r.evicted == "all" {
		s.baseGone = true // until the merge saves the next
	}
	if rep.Compared == s.baseGone {
		t.Errorf("%s: compared with a base: %v", where, rep.Compared)
	}
	r.stateBytes, r.coldStateBytes = s.checkSaved(k, log, cold)
	if rep.Compared {
		s.checkFull(where, k, rep)
	}

	head, err := s.tree.snapshotFiles()
	if err != nil {
		t.Fatal(err)
	}
	want := soakExpected(s.base, head, s.gone)
	drift := soakDrift(rep.Findings)
	if rep.Compared {
		r.expected = len(want)
		missed, unexplained := soakMatch(want, drift)
		r.found = len(want) - len(missed)
		for _, e := range missed {
			t.Errorf("%s: missed drift: %s %s %q in %s\nthe pull request's mutations:\n  %s", where, e.kind, e.what, e.ref, e.doc, strings.Join(s.log, "\n  "))
		}
		for _, f := range unexplained {
			t.Errorf("%s: drift no mutation explains: %s %s:%d %s\nthe pull request's mutations:\n  %s", where, f.Code, f.Location.Path, f.Location.Line, f.Detail, strings.Join(s.log, "\n  "))
		}
	} else if len(drift) > 0 {
		t.Errorf("%s: %d drift findings without a base", where, len(drift))
	}

	pr := s.pr
	s.prRuns++
	if s.prRuns >= soakMaxPRRuns || s.rng.IntN(3) != 0 {
		s.merge(k)
	}
	r.heapMB, r.rssMB = soakMemory()
	t.Logf("soak run %d (PR #%d): %s; evicted %q; %s; drift %d of %d expected; state %d B (cold %d B); heap %.1f MB, RSS %.1f MB",
		k, pr, desc, r.evicted, r.restore, r.found, r.expected, r.stateBytes, r.coldStateBytes, r.heapMB, r.rssMB)
	return r
}

// soakRestored says what the run's log says it restored.
func soakRestored(log string) string {
	var parts []string
	for _, what := range []string{"base state", "pull request state"} {
		if strings.Contains(log, "restored the "+what) {
			parts = append(parts, what)
		}
	}
	if len(parts) == 0 {
		return "restored nothing"
	}
	return "restored the " + strings.Join(parts, " and the ")
}

// soakMemory is the heap in use after a collection and the process's
// resident set (0 where /proc is not there), in MB.
func soakMemory() (heap, rss float64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	heap = float64(ms.HeapAlloc) / (1 << 20)
	if data, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if f := strings.Fields(l); len(f) == 3 && f[0] == "VmRSS:" {
				kb, _ := strconv.ParseFloat(f[1], 64)
				rss = kb / 1024
			}
		}
	}
	return heap, rss
}

// soakHeapProfile writes the heap in use after a collection to file.
func soakHeapProfile(t *testing.T, file string) {
	runtime.GC()
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		t.Fatal(err)
	}
}

// slope is the least-squares slope of ys over their index.
func slope(ys []float64) float64 {
	n := float64(len(ys))
	if n < 2 {
		return 0
	}
	var sx, sy, sxx, sxy float64
	for i, y := range ys {
		x := float64(i)
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	return (n*sxy - sx*sy) / (n*sxx - sx*sx)
}

// soakSummary logs the soak's figures, the lines scripts/soak.sh prints.
func soakSummary(t *testing.T, seed uint64, rs []soakRun, merged int, took time.Duration) {
	if len(rs) == 0 {
		return
	}
	var heap, rss []float64
	var expected, found, compared, evictions int
	minState, maxState, maxRatio := rs[0].stateBytes, rs[0].stateBytes, 0.0
	for _, r := range rs {
		heap, rss = append(heap, r.heapMB), append(rss, r.rssMB)
		expected, found = expected+r.expected, found+r.found
		if r.compared {
			compared++
		}
		if r.evicted != "" {
			evictions++
		}
		minState, maxState = min(minState, r.stateBytes), max(maxState, r.stateBytes)
		maxRatio = max(maxRatio, float64(r.stateBytes)/float64(r.coldStateBytes))
	}
	kinds := map[string]int{}
	for _, r := range rs {
		kind, _, _ := strings.Cut(r.desc, ":")
		kinds[kind]++
	}
	var mix []string
	for _, m := range soakMutations {
		mix = append(mix, fmt.Sprintf("%s %d", m.name, kinds[m.name]))
	}
	head := func(v []float64) float64 { return mean(v[:min(len(v), 10)]) }
	tail := func(v []float64) float64 { return mean(v[max(0, len(v)-10):]) }
	t.Logf("soak: seed %d, %d pull-request runs (%d compared with a base, %d after an eviction), %d pull requests merged, %s",
		seed, len(rs), compared, evictions, merged, took.Round(time.Second))
	t.Logf("soak: mutations: %s", strings.Join(mix, ", "))
	t.Logf("soak: drift %d of %d expected found", found, expected)
	t.Logf("soak: state %d to %d bytes; saved / cold at most %.3f", minState, maxState, maxRatio)
	t.Logf("soak: heap after GC %.1f MB (first 10 runs) → %.1f MB (last 10), slope %+.3f MB/run", head(heap), tail(heap), slope(heap))
	t.Logf("soak: RSS %.1f MB (first 10 runs) → %.1f MB (last 10), slope %+.3f MB/run", head(rss), tail(rss), slope(rss))
}

func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(max(len(v), 1))
}

// --- the expected drift ---

// soakExpect is one reference a base document makes to what a mutation
// took away: the drift it should be reported as.
type soakExpect struct {
	doc  string // the document, at its head path
	kind string // link, path, symbol or anchor
	what string // the gone path, symbol, or document#anchor
	ref  string // the reference as written
}

var (
	soakLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	soakSpan = regexp.MustCompile("`([^`\n]+)`")
)

// soakExpected lists the drift the pull request should report: every
// reference of a base document, still written in the head (at its path,
// or at the path it moved to unchanged), to a path, symbol or anchor that
// resolved in the base and that the mutations took away for good.
func soakExpected(base, head map[string]string, gone soakGone) []soakExpect {
	paths := map[string]bool{}
	for _, p := range gone.paths {
		_, was := base[p]
		_, is := head[p]
		paths[p] = was && !is
	}
	declared := func(tree map[string]string) map[string]int {
		n := map[string]int{}
		for p, src := range tree {
			if soakIsModule(p) {
				for _, d := range soakDeclared(src) {
					n[d.mention]++
				}
			}
		}
		return n
	}
	inBase, inHead := declared(base), declared(head)
	symbols := map[string]bool{}
	for _, sym := range gone.symbols {
		symbols[sym] = inBase[sym] == 1 && inHead[sym] == 0
	}
	anchors := map[[2]string]bool{}
	for _, a := range gone.anchors {
		b, h := base[a[0]], head[a[0]]
		heading := "\n## Section " + strings.TrimPrefix(a[1], "section-") + "\n"
		anchors[a] = strings.Contains(b, heading) && h != "" && !strings.Contains(h, heading)
	}
	var out []soakExpect
	moved := soakMoved(base, head)
	for doc, h := range head {
		was := doc
		if _, ok := base[doc]; !ok {
			was = moved[doc]
		}
		b, ok := base[was]
		if !soakIsDoc(doc) || !ok {
			continue // a new document has nothing to drift from
		}
		add := func(kind, what, ref string) {
			if strings.Contains(h, ref) {
				out = append(out, soakExpect{doc, kind, what, ref})
			}
		}
		for _, m := range soakLink.FindAllStringSubmatch(b, -1) {
			dest, frag, _ := strings.Cut(m[1], "#")
			target := was
			if dest != "" {
				target = path.Join(path.Dir(was), dest)
			}
			if paths[target] {
				add("link", target, m[0])
			} else if anchors[[2]string{target, frag}] {
				add("anchor", target+"#"+frag, m[0])
			}
		}
		for _, m := range soakSpan.FindAllStringSubmatch(b, -1) {
			if paths[m[1]] {
				add("path", m[1], m[0])
			} else if symbols[m[1]] {
				add("symbol", m[1], m[0])
			}
		}
	}
	// One finding per reference occurrence and document: the same
	// reference written twice is one expectation.
	slices.SortFunc(out, func(a, b soakExpect) int {
		return strings.Compare(a.doc+"\x00"+a.kind+"\x00"+a.what+"\x00"+a.ref, b.doc+"\x00"+b.kind+"\x00"+b.what+"\x00"+b.ref)
	})
	return slices.Compact(out)
}

// soakMoved maps each head document that is a base document moved with
// its bytes unchanged to the base's path: a document moved is judged
// against its base self. A move with edits is a new document, as without
// git (the action's image has none) nothing tells it from one.
func soakMoved(base, head map[string]string) map[string]string {
	byContent := map[string][]string{}
	for p, b := range base {
		if _, kept := head[p]; !kept && soakIsDoc(p) {
			byContent[b] = append(byContent[b], p)
		}
	}
	out := map[string]string{}
	for p, h := range head {
		if _, old := base[p]; !old && soakIsDoc(p) && len(byContent[h]) == 1 {
			out[p] = byContent[h][0]
		}
	}
	return out
}

// soakDriftCodes are the codes each kind of expectation may be reported
// as: links and paths are grouped into DRIFT_MOVE from five references to
// one target.
var soakDriftCodes = map[string][]string{
	"link":   {"DRIFT_LINK", "DRIFT_MOVE"},
	"path":   {"DRIFT_PATH", "DRIFT_MOVE"},
	"symbol": {"DRIFT_SYMBOL"},
	"anchor": {"DRIFT_ANCHOR"},
}

func soakDrift(fs []report.Finding) []report.Finding {
	var out []report.Finding
	for _, f := range fs {
		if strings.HasPrefix(f.Code, "DRIFT_") {
			out = append(out, f)
		}
	}
	return out
}

// soakMatch returns the expectations no finding reports and the findings
// that no expectation explains: a finding explains an expectation when
// its code fits the kind, it rests on the document, and its message names
// what went (a DRIFT_MOVE may name a directory above it).
func soakMatch(want []soakExpect, drift []report.Finding) (missed []soakExpect, unexplained []report.Finding) {
	explains := func(f report.Finding, e soakExpect) bool {
		if !slices.Contains(soakDriftCodes[e.kind], f.Code) {
			return false
		}
		if !slices.ContainsFunc(f.Evidence, func(l report.Location) bool { return l.Path == e.doc }) {
			return false
		}
		switch e.kind {
		case "symbol":
			return strings.Contains(f.Detail, e.what[strings.LastIndex(e.what, ".")+1:])
		case "anchor":
			return strings.Contains(f.Detail, "#"+e.what[strings.Index(e.what, "#")+1:])
		}
		if strings.Contains(f.Detail, e.what) {
			return true
		}
		// A DRIFT_MOVE names the directory the change emptied.
		for d := path.Dir(e.what); f.Code == "DRIFT_MOVE" && d != "."; d = path.Dir(d) {
			if strings.Contains(f.Detail, "`"+d+"/`") {
				return true
			}
		}
		return false
	}
	for _, e := range want {
		if !slices.ContainsFunc(drift, func(f report.Finding) bool { return explains(f, e) }) {
			missed = append(missed, e)
		}
	}
	for _, f := range drift {
		if !slices.ContainsFunc(want, func(e soakExpect) bool { return explains(f, e) }) {
			unexplained = append(unexplained, f)
		}
	}
	return missed, unexplained
}
