package state

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func scanOnce(t testing.TB, root string, prev *scan.Store, refused string) *scan.Result {
	t.Helper()
	res, err := scan.Scan(context.Background(), root, config.Default(), scan.Options{Previous: prev, PreviousRefused: refused})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func repo(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range map[string]string{
		"README.md":       "# Demo\n\nSee [guide](docs/guide.md) and `src/a.ts`, `compute`.\n",
		"docs/guide.md":   "---\ntitle: Guide\n---\n# Guide\n",
		"src/a.ts":        "import { b } from './b.js';\nexport function compute() { return b; }\n",
		"src/b.ts":        "export const b = 1;\n",
		"go.mod":          "module example.com/x\n\ngo 1.22\n",
		"internal/x/x.go": "package x\n\n// X is exported.\nfunc X() {}\n",
		"py/m.py":         "import os\n\ndef run():\n    pass\n",
	} {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func newState(t testing.TB, res *scan.Result) *State {
	t.Helper()
	return &State{Store: res.Store}
}

// facts is the canonical JSON without the entries that describe the run.
func facts(t testing.TB, s *snapshot.Snapshot) []byte {
	t.Helper()
	data, err := snapshot.Marshal(snapshot.WithoutRun(s))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestRoundTripFeedsAWarmScan(t *testing.T) {
	root := repo(t)
	cold := scanOnce(t, root, nil, "")
	dir := t.TempDir()
	size, err := Save(dir, newState(t, cold), DefaultMaxBytes)
	if err != nil || size <= 0 {
		t.Fatalf("save: %d, %v", size, err)
	}
	st, err := Load(dir, DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := st.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(facts(t, cold.Snapshot), facts(t, snap)) || snap.ContentHash != cold.Snapshot.ContentHash {
		t.Error("the snapshot rebuilt from the loaded state differs from the scanned one")
	}
	warm := scanOnce(t, root, st.Store, "")
	if warm.Stats.Parsed != 0 || warm.Stats.Reused != cold.Stats.Files {
		t.Errorf("a loaded store must be reused whole: parsed %d, reused %d of %d", warm.Stats.Parsed, warm.Stats.Reused, cold.Stats.Files)
	}
	if warm.Snapshot.ContentHash != cold.Snapshot.ContentHash {
		t.Error("warm and cold content hashes differ")
	}
}

func TestDamagedStatesAreRefusedWithTheReason(t *testing.T) {
	root := repo(t)
	cold := scanOnce(t, root, nil, "")
	good, err := Encode(newState(t, cold))
	if err != nil {
		t.Fatal(err)
	}
	flip := func(i int) []byte {
		d := bytes.Clone(good)
		d[i] ^= 0x40
		return d
	}
	future := bytes.Clone(good)
	future[len(magic)-1] = 9
	for name, tc := range map[string]struct {
		data   []byte
		reason string
	}{
		"empty":              {nil, "not a docbridge state file"},
		"foreign":            {[]byte(`{"type":"discovery-snapshot"}` + strings.Repeat(" ", 40)), "not a docbridge state file"},
		"future format":      {future, "format 9"},
		"truncated":          {good[:len(good)-10], "truncated"},
		"extended":           {append(bytes.Clone(good), 0), "truncated or extended"},
		"hand-edited":        {flip(len(good) - 20), "checksum mismatch"},
		"edited header hash": {flip(len(magic) + 9), "checksum mismatch"},
	} {
		_, err := Decode(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("%s: error %v, want one saying %q", name, err, tc.reason)
			continue
		}
		// The caller turns the refusal into a cold scan that says why.
		res := scanOnce(t, root, nil, err.Error())
		if res.Stats.Reused != 0 || res.Snapshot.ContentHash != cold.Snapshot.ContentHash {
			t.Errorf("%s: a refused state must give the cold result", name)
		}
	}
}

func TestTooLargeIsNotWrittenAndKeepsThePrevious(t *testing.T) {
	root := repo(t)
	cold := scanOnce(t, root, nil, "")
	dir := t.TempDir()
	st := newState(t, cold)
	if _, err := Save(dir, st, DefaultMaxBytes); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, FileName))
	size, err := Save(dir, st, 100)
	if !errors.Is(err, ErrTooLarge) || size <= 100 {
		t.Fatalf("want ErrTooLarge with the size, got %d, %v", size, err)
	}
	after, _ := os.ReadFile(filepath.Join(dir, FileName))
	if !bytes.Equal(before, after) {
		t.Error("a refused save must leave the previous state untouched")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("no temporary files may remain: %v", entries)
	}
	// Reading is bounded the same way: a state over the bound is refused
	// before it is read, not decoded.
	if _, err := Load(dir, int64(len(before))-1); err == nil || !strings.Contains(err.Error(), "larger than the bound") {
		t.Errorf("a state over the read bound must be refused: %v", err)
	}
	if _, err := Load(dir, int64(len(before))); err != nil {
		t.Errorf("a state at the bound must load: %v", err)
	}
}

func TestMissingStateIsAFirstRun(t *testing.T) {
	if _, err := Load(t.TempDir(), DefaultMaxBytes); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("want os.ErrNotExist, got %v", err)
	}
}

// FuzzDecode: a state file is untrusted input (a cache can return anything).
func FuzzDecode(f *testing.F) {
	good := seedState(f)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(bytes.Clone(magic))
	f.Add(encodeFormat5(f, &State{Store: &scan.Store{}}))
	for _, body := range lyingFrameTables(f) {
		f.Add(withHeader(magic, body))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if st, err := Decode(data); err == nil {
			if st.Store == nil {
				t.Fatal("a decoded state must hold a store")
			}
			_, _ = st.Snapshot() // must not panic either
		}
	})
}

// FuzzDecodePayload fuzzes what lies behind the checksum, which stops
// almost every mutation FuzzDecode makes: any payload under a valid header,
// so the frame table and the frames themselves.
func FuzzDecodePayload(f *testing.F) {
	good := seedState(f)
	f.Add(good[headerLen:])
	f.Add(mustEncode(f, &State{Store: syntheticStore(chunkLen + 1)})[headerLen:])
	f.Add([]byte{0x28, 0xb5, 0x2f, 0xfd})
	for _, body := range lyingFrameTables(f) {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if st, err := Decode(withHeader(magic, body)); err == nil {
			_, _ = st.Snapshot()
		}
	})
}

// FuzzDecodeFrames fuzzes what lies behind the compression, which stops
// almost every mutation FuzzDecodePayload makes: the gob streams of frame 0
// and of up to two frames of extractions, compressed and framed correctly
// (TestBadStatesAreRefusedWithTheReason covers full frames of 1024). A
// state that decodes must re-encode to bytes that decode and re-encode to
// themselves.
func FuzzDecodeFrames(f *testing.F) {
	raw := func(v any) []byte {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(v); err != nil {
			f.Fatal(err)
		}
		return buf.Bytes()
	}
	// Small seeds: the fuzzer minimizes every input it finds interesting,
	// and a frame of 1024 extractions takes it minutes.
	for _, n := range []int{0, 2, 5} {
		store := syntheticStore(n)
		chunk := []byte{}
		if n > 0 {
			chunk = encodeChunk(f, store.Extractions)
		}
		f.Add(raw(newHeadFrame(&State{Store: store, Grade: &Grade{Grade: "A", Score: 97}})), chunk, []byte{})
	}
	scanned := scanOnce(f, repo(f), nil, "").Store
	f.Add(raw(newHeadFrame(&State{Store: scanned})), encodeChunk(f, scanned.Extractions), []byte{})
	f.Fuzz(func(t *testing.T, head, chunk1, chunk2 []byte) {
		fs := []tableFrame{gobFrame(t, head)}
		for _, c := range [][]byte{chunk1, chunk2} {
			if len(c) > 0 {
				fs = append(fs, gobFrame(t, c))
			}
		}
		st, err := Decode(stateOf(fs...))
		if err != nil {
			return
		}
		_, _ = st.Snapshot()
		once := mustEncode(t, st)
		if !bytes.Equal(mustEncode(t, mustDecode(t, once)), once) {
			t.Fatal("a decoded state does not re-encode to itself")
		}
	})
}

// lyingFrameTables are payloads whose frame table does not describe their
// bytes.
func lyingFrameTables(f *testing.F) [][]byte {
	good := seedState(f)[headerLen:]
	count, n := binary.Uvarint(good)
	frames := good[n:]
	huge := binary.AppendUvarint(nil, 1<<62)
	return [][]byte{
		// a count over the frames, under them, past the end
		append(binary.AppendUvarint(nil, count+1), frames...),
		append(binary.AppendUvarint(nil, count-1), frames...),
		append(huge, frames...),
		// bytes after the last frame
		append(bytes.Clone(good), 0),
		// a frame that claims 9000 bytes, 5 remain; one that claims 2^62
		{1, 1, 0xa8, 0x46, 1, 2, 3, 4, 5},
		append(append([]byte{1, 1}, huge...), 0),
		// an empty frame
		{1, 0, 0, 1, 2},
		// a frame that claims to expand 2 bytes to 16 MiB
		{1, 0x80, 0x80, 0x80, 0x08, 2, 0, 0},
	}
}

func seedState(f *testing.F) []byte {
	root := repo(f)
	good, err := Encode(newState(f, scanOnce(f, root, nil, "")))
	if err != nil {
		f.Fatal(err)
	}
	return good
}

// TestGradeRoundTrips: the doctor's grade the action saves with a state
// comes back; a state without one decodes with none.
func TestGradeRoundTrips(t *testing.T) {
	cold := scanOnce(t, repo(t), nil, "")
	for _, g := range []*Grade{nil, {Grade: "B", Score: 82}} {
		data, err := Encode(&State{Store: cold.Store, Grade: g})
		if err != nil {
			t.Fatal(err)
		}
		st, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		if (g == nil) != (st.Grade == nil) || (g != nil && *st.Grade != *g) {
			t.Fatalf("grade %+v came back as %+v", g, st.Grade)
		}
	}
}

// TestJudgedRoundTrips: the findings a push run keeps with its state come
// back whole — the fields only memory holds (Subject, Members) too, since a
// pull request compares against them as if it had judged the base itself —
// and encode to the same bytes every time, with the tree's hash; a state
// without them decodes with none.
func TestJudgedRoundTrips(t *testing.T) {
	cold := scanOnce(t, repo(t), nil, "")
	member := finding.Diagnostic{ID: "m1", Code: "BROKEN_LINK", Severity: "error", Message: "gone", Subject: "a.md",
		Evidence: []finding.Location{{Path: "docs/x.md", Line: 3}}}
	judged := &Judged{Key: "build/0123456789abcdef", Findings: []finding.Diagnostic{
		{ID: "f1", Code: "BROKEN_ANCHOR", Severity: "warn", Message: "anchor #x", Subject: "a.md#x", Occurrences: 2,
			Evidence: []finding.Location{{Path: "docs/a.md", Line: 7}, {Path: "docs/b.md"}}, EntityIDs: []string{"doc:docs/a.md"},
			Remediation: "did you mean #y?", Edits: []finding.Edit{{Path: "docs/a.md", Line: 7, Kind: "anchor", Old: "#x", New: "#y"}}},
		{ID: "f2", Code: "DRIFT_MOVE", Severity: "warn", Message: "moved", Members: []finding.Diagnostic{member}},
	}, Hash: "fedcba9876543210"}
	for _, j := range []*Judged{nil, judged} {
		data, err := Encode(&State{Store: cold.Store, Judged: j})
		if err != nil {
			t.Fatal(err)
		}
		again, err := Encode(&State{Store: cold.Store, Judged: j})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, again) {
			t.Error("the same state encodes to different bytes")
		}
		st, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(st.Judged, j) {
			t.Fatalf("judged %+v came back as %+v", j, st.Judged)
		}
	}
}
