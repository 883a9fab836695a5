package agent

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestMapStoreArchive: an archive round-trips, keeps only what the run used
// (unless all), gives the same bytes for the same entries, and a hostile
// archive is refused whole.
func TestMapStoreArchive(t *testing.T) {
	m := NewMapStore()
	a, b := "0123456789abcdef", "fedcba9876543210"
	if err := m.Put(a, Entry{Proposals: []json.RawMessage{json.RawMessage(`{"kind":"add-alias"}`)}}); err != nil {
		t.Fatal(err)
	}
	if err := m.Put(b, Entry{}); err != nil { // cached silence
		t.Fatal(err)
	}
	data, err := m.Archive(true)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadArchive(data)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := back.Get(a); !ok || len(e.Proposals) != 1 {
		t.Fatalf("entry a: %v %v", e, ok)
	}
	// Only a was read this run: the next archive forgets b.
	used, err := back.Archive(false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(used), b) || !strings.Contains(string(used), a) {
		t.Fatalf("archive of what was used: %s", used)
	}
	again, _ := m.Archive(true)
	if !bytes.Equal(data, again) {
		t.Fatal("the same entries gave different bytes")
	}
	if err := m.Put("../x", Entry{}); err == nil {
		t.Fatal("a key of another shape was stored")
	}
	for _, bad := range []string{`{"entries":{"../../etc":{"proposals":[]}}}`, `{"entries":{"0123456789abcdef":{"proposals":null}}}`, `[]`, strings.Repeat("x", maxArchiveBytes+1)} {
		if _, err := ReadArchive([]byte(bad)); err == nil {
			t.Errorf("accepted %.60q", bad)
		}
	}
}

func FuzzReadArchive(f *testing.F) {
	f.Add([]byte(`{"entries":{"0123456789abcdef":{"proposals":[]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadArchive(data)
		if err != nil {
			return
		}
		out, err := m.Archive(true)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ReadArchive(out); err != nil {
			t.Fatalf("an archive it wrote does not read back: %v", err)
		}
	})
}
