package scan

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// The property: whatever sequence of edits a repository goes through, a warm
// scan (reusing the previous warm scan's store) gives the snapshot a cold
// scan gives, byte for byte, apart from the entry that describes the run.
//
//	DOCBRIDGE_PROPERTY_SEEDS=500 go test -run WarmEqualsCold ./internal/scan/  # seeds 1..500
//	DOCBRIDGE_PROPERTY_SEED=17 go test -run WarmEqualsCold -v ./internal/scan/ # replay one seed

const (
	// propertySeeds and propertySteps size the full run: about 25 s on two
	// cores without -race (CI's full step), two minutes under it. -short
	// runs 5 seeds: about 25 s under -race (CI's race step).
	propertySeeds = 30
	propertySteps = 12
	// minChangedShare: at least one step in this many must change the
	// snapshot, or the generator has gone idle. It is judged over at least
	// minIdleCheckSeeds seeds, so that replaying one quiet seed passes.
	minChangedShare   = 2
	minIdleCheckSeeds = 5
	// maxPropertySeeds bounds DOCBRIDGE_PROPERTY_SEEDS.
	maxPropertySeeds = 100000
)

func TestWarmEqualsColdOverRandomEdits(t *testing.T) {
	seeds, err := propertySeedList(os.Getenv("DOCBRIDGE_PROPERTY_SEED"), os.Getenv("DOCBRIDGE_PROPERTY_SEEDS"), testing.Short())
	if err != nil {
		t.Fatal(err)
	}
	var steps, changed atomic.Int64
	// The group returns once every parallel seed has finished.
	t.Run("seeds", func(t *testing.T) {
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
				t.Parallel()
				r, failure := runProperty(t.TempDir(), seed, propertySteps)
				if failure != nil {
					t.Fatal(failure)
				}
				steps.Add(int64(propertySteps))
				changed.Add(int64(r.changed))
				t.Logf("edits:\n  %s", strings.Join(r.log, "\n  "))
			})
		}
	})
	// The property holds vacuously if the edits stop changing the graph
	// (an edit inside an ignored directory, a BOM or an analyzer bump
	// rightly changes nothing, but most must).
	n := steps.Load()
	if len(seeds) >= minIdleCheckSeeds && changed.Load()*minChangedShare < n {
		t.Errorf("only %d of %d edits changed the snapshot: the generator has gone idle", changed.Load(), n)
	}
	t.Logf("%d of %d edits changed the snapshot", changed.Load(), n)
}

// propertySeedList reads the two environment variables: one seed to replay,
// or how many seeds to run.
func propertySeedList(one, many string, short bool) ([]uint64, error) {
	if one != "" {
		seed, err := strconv.ParseUint(one, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("DOCBRIDGE_PROPERTY_SEED: %w", err)
		}
		return []uint64{seed}, nil
	}
	n := propertySeeds
	if short {
		n = 5
	}
	if many != "" {
		v, err := strconv.Atoi(many)
		if err != nil || v < 1 || v > maxPropertySeeds {
			return nil, fmt.Errorf("DOCBRIDGE_PROPERTY_SEEDS=%q: want a count from 1 to %d", many, maxPropertySeeds)
		}
		n = v
	}
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	return seeds, nil
}

// propertyFailure names everything needed to replay a failing run.
type propertyFailure struct {
	seed uint64
	step int
	log  []string
	what string
}

func (f *propertyFailure) Error() string {
	return fmt.Sprintf("seed %d, step %d: %s\nreplay: DOCBRIDGE_PROPERTY_SEED=%d go test -run WarmEqualsCold -v ./internal/scan/\nedits:\n  %s",
		f.seed, f.step, f.what, f.seed, strings.Join(f.log, "\n  "))
}

// propertyRun is what a passing run reports.
type propertyRun struct {
	log     []string
	changed int // steps whose snapshot content hash differs from the step before
}

// runProperty generates the repository for seed under root, applies steps
// random edits and checks the property after each. It returns the edit log,
// or the first failure.
func runProperty(root string, seed uint64, steps int) (propertyRun, *propertyFailure) {
	fail := &propertyFailure{seed: seed}
	failf := func(format string, args ...any) (propertyRun, *propertyFailure) {
		fail.what = fmt.Sprintf(format, args...)
		return propertyRun{}, fail
	}
	w, err := newWorld(root, seed)
	if err != nil {
		return failf("generating the repository: %v", err)
	}
	prev, err := propertyScan(root, Options{})
	if err != nil {
		return failf("first scan: %v", err)
	}
	hash, changed := prev.Snapshot.ContentHash, 0
	for fail.step = 1; fail.step <= steps; fail.step++ {
		c, err := w.step()
		if err != nil {
			return failf("editing: %v", err)
		}
		fail.log = append(fail.log, fmt.Sprintf("%2d. %s", fail.step, c.desc))
		previous := prev.Store
		if c.previous != nil {
			previous = c.previous(previous)
		}
		// Two workers warm, one cold: the result must not depend on it.
		warm, err := propertyScan(root, Options{Previous: previous, Workers: 2})
		if err != nil {
			return failf("warm scan: %v", err)
		}
		cold, err := propertyScan(root, Options{Workers: 1})
		if err != nil {
			return failf("cold scan: %v", err)
		}
		fail.log[len(fail.log)-1] += fmt.Sprintf(" [parsed %d of %d]", warm.Stats.Parsed, warm.Stats.Files)
		if msg := checkStep(c, warm, cold); msg != "" {
			return failf("%s", msg)
		}
		if cold.Snapshot.ContentHash != hash {
			hash, changed = cold.Snapshot.ContentHash, changed+1
		}
		prev = warm
	}
	return propertyRun{log: fail.log, changed: changed}, nil
}

// checkStep is the property for one step; it returns what is wrong.
func checkStep(c change, warm, cold *Result) string {
	if d, err := sameExceptRun(warm.Snapshot, cold.Snapshot); err != nil {
		return err.Error()
	} else if d != "" {
		return "the warm snapshot differs from the cold one at " + d
	}
	// The store the warm scan hands on must be the one a cold scan writes:
	// a stale extraction that happens not to show in this snapshot would
	// show in a later one.
	if d, err := sameJSON(warm.Store, cold.Store, func(s *Store) ([]byte, error) { return json.Marshal(s) }); err != nil {
		return err.Error()
	} else if d != "" {
		return "the warm store differs from the cold one at " + d
	}
	entry := reuseEntry(warm.Snapshot)
	if c.refuse != "" {
		if entry.Status != snapshot.StatusPartial || !strings.Contains(entry.Reason, c.refuse) || warm.Stats.Reused != 0 {
			return fmt.Sprintf("the previous store must be refused with %q; got %s %q, reused %d",
				c.refuse, entry.Status, entry.Reason, warm.Stats.Reused)
		}
		return ""
	}
	touched := len(slices.Compact(slices.Sorted(slices.Values(c.touched))))
	if entry.Status != snapshot.StatusComplete || warm.Stats.Parsed > touched {
		return fmt.Sprintf("reuse must be complete and parse at most the %d touched files; got %s %q (parsed %d)",
			touched, entry.Status, entry.Reason, warm.Stats.Parsed)
	}
	return ""
}

func propertyScan(root string, opts Options) (*Result, error) {
	cfg, err := config.Load(root)
	if err != nil {
		return nil, err
	}
	return Scan(context.Background(), root, cfg, opts)
}

// sameExceptRun compares two snapshots byte for byte in canonical JSON,
// leaving out the entry that describes the run; it returns the first
// differing line, or "". The content hash differs whenever anything else
// does, so the line shown is the first difference after it.
func sameExceptRun(warm, cold *snapshot.Snapshot) (string, error) {
	w, c := snapshot.WithoutRun(warm), snapshot.WithoutRun(cold)
	d, err := sameJSON(w, c, snapshot.Marshal)
	if d == "" || err != nil || w.ContentHash == c.ContentHash {
		return d, err
	}
	w.ContentHash, c.ContentHash = "", ""
	if rest, err := sameJSON(w, c, snapshot.Marshal); rest != "" || err != nil {
		d = rest
	}
	return fmt.Sprintf("%s\n  (content hash warm %s, cold %s)", d, warm.ContentHash, cold.ContentHash), err
}

// sameJSON compares the JSON encodings of a and b and returns their first
// differing line, or "". Encoding is the slow part under -race, so equal
// values (which always encode equally) skip it; only values DeepEqual
// cannot vouch for are encoded and compared byte for byte.
func sameJSON[T any](a, b T, encode func(T) ([]byte, error)) (string, error) {
	if reflect.DeepEqual(a, b) {
		return "", nil
	}
	ja, err := encode(a)
	if err != nil {
		return "", err
	}
	jb, err := encode(b)
	if err != nil {
		return "", err
	}
	return firstDiff(indentJSON(ja), indentJSON(jb)), nil
}

// indentJSON puts one value per line, so that firstDiff points at it.
func indentJSON(data []byte) []byte {
	var buf bytes.Buffer
	if json.Indent(&buf, data, "", "  ") != nil {
		return data
	}
	return buf.Bytes()
}

// firstDiff describes the first line where warm and cold differ, with the
// nearest "id" above it (the entity, relation or extraction it belongs to),
// or returns "".
func firstDiff(warm, cold []byte) string {
	if bytes.Equal(warm, cold) {
		return ""
	}
	a, b := strings.Split(string(warm), "\n"), strings.Split(string(cold), "\n")
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	line := func(l []string) string {
		if i < len(l) {
			return strings.TrimSpace(l[i])
		}
		return "(end of file)"
	}
	in := ""
	for j := min(i, len(a)) - 1; j >= 0; j-- {
		if l := strings.TrimSpace(a[j]); strings.HasPrefix(l, `"id":`) || strings.HasPrefix(l, `"path":`) {
			in = " (in " + strings.TrimSuffix(l, ",") + ")"
			break
		}
	}
	return fmt.Sprintf("line %d%s:\n  warm: %s\n  cold: %s", i+1, in, line(a), line(b))
}
