package cache

import (
	"bytes"
	"context"
	"maps"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/state"
)

var (
	fixtureOnce  sync.Once
	fixtureStore *scan.Store
	fixtureErr   error
)

// fixtureScan scans testdata/repo once: its store is a real state to keep.
func fixtureScan(t *testing.T) *scan.Store {
	t.Helper()
	fixtureOnce.Do(func() {
		res, err := scan.Scan(context.Background(), "testdata/repo", config.Default(), scan.Options{})
		if err != nil {
			fixtureErr = err
			return
		}
		fixtureStore = res.Store
	})
	if fixtureErr != nil {
		t.Fatalf("scan fixture: %v", fixtureErr)
	}
	if len(fixtureStore.Extractions) == 0 {
		t.Fatal("the fixture scan extracted nothing")
	}
	return fixtureStore
}

// stateBytes is a state this binary reuses.
func stateBytes(t *testing.T) []byte {
	t.Helper()
	data, err := state.Encode(&state.State{Store: fixtureScan(t)})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// foreignStateBytes is a well-formed state written by another pipeline
// version.
func foreignStateBytes(t *testing.T, pipeline string) []byte {
	t.Helper()
	st := *fixtureScan(t)
	st.Header.PipelineVersion = pipeline
	data, err := state.Encode(&state.State{Store: &st})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// otherAnalyzerBytes is a well-formed state one of whose analyzers had
// another version: the scan would refuse its extractions, so the cache
// does too (one decision, scan.Refusal).
func otherAnalyzerBytes(t *testing.T) []byte {
	t.Helper()
	st := *fixtureScan(t)
	st.Header.AnalyzerVersions = maps.Clone(st.Header.AnalyzerVersions)
	st.Header.AnalyzerVersions["markdown"] = "markdown/0"
	data, err := state.Encode(&state.State{Store: &st})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// otherFormatBytes is a state whose file format byte is not this version's.
func otherFormatBytes(t *testing.T) []byte {
	t.Helper()
	data := stateBytes(t)
	data[len("DOCBRIDGE-STATE")]-- // the byte after the magic text is the format
	return data
}

// mustLoad loads and fails the test on error.
func mustLoad(t *testing.T, s Store, keys ...string) Entry {
	t.Helper()
	e, err := s.Load(context.Background(), keys...)
	if err != nil {
		t.Fatalf("Load(%q): %v", keys, err)
	}
	return e
}

// mustSave saves and fails the test on error.
func mustSave(t *testing.T, s Store, key string, data []byte) {
	t.Helper()
	if err := s.Save(context.Background(), key, data); err != nil {
		t.Fatalf("Save(%q): %v", key, err)
	}
}

// wantEntry checks a loaded entry's key and bytes.
func wantEntry(t *testing.T, got Entry, key string, data []byte) {
	t.Helper()
	if got.Key != key {
		t.Errorf("matched key %q, want %q", got.Key, key)
	}
	if !bytes.Equal(got.Data, data) {
		t.Errorf("data of %q: %d bytes %q…, want %d bytes", got.Key, len(got.Data), head(got.Data), len(data))
	}
}

func head(b []byte) []byte {
	if len(b) > 16 {
		return b[:16]
	}
	return b
}
