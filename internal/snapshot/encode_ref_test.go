package snapshot

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/cespare/xxhash/v2"
)

// The reference encoders are the encoding/json code the fast encoder
// replaced; every encoder test compares against them byte for byte.

func refCompact(s *Snapshot) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func refIndented(s *Snapshot) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func refContentHash(s *Snapshot) (string, error) {
	c := WithoutRun(s)
	c.ContentHash = ""
	c.SourceRevision = ""
	d := xxhash.New()
	enc := json.NewEncoder(d)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return "", err
	}
	return fmt.Sprintf("%016x", d.Sum64()), nil
}

// compareWithJSON encodes s with both encoders in all three forms and
// describes the first difference; "" means identical (or both failed).
func compareWithJSON(s *Snapshot) string {
	for _, f := range []struct {
		name      string
		got, want func(*Snapshot) ([]byte, error)
	}{
		{"compact", MarshalCompact, refCompact},
		{"indented", Marshal, refIndented},
		{"hash", hashBytes(ComputeContentHash), hashBytes(refContentHash)},
	} {
		got, gotErr := f.got(s)
		want, wantErr := f.want(s)
		if (gotErr != nil) != (wantErr != nil) {
			return fmt.Sprintf("%s: error %v, encoding/json error %v", f.name, gotErr, wantErr)
		}
		if !bytes.Equal(got, want) {
			return fmt.Sprintf("%s differs at byte %d:\n got %s\nwant %s", f.name, firstDiff(got, want), clip(got), clip(want))
		}
	}
	return ""
}

func hashBytes(h func(*Snapshot) (string, error)) func(*Snapshot) ([]byte, error) {
	return func(s *Snapshot) ([]byte, error) {
		v, err := h(s)
		return []byte(v), err
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func clip(b []byte) string {
	const max = 2000
	if len(b) > max {
		return fmt.Sprintf("%q…", b[:max])
	}
	return fmt.Sprintf("%q", b)
}
