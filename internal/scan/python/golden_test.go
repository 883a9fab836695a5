package python

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden pins the JSON of a realistic module: the stored form of an
// extraction, which an incremental scan reads back.
func TestGolden(t *testing.T) {
	src, err := os.ReadFile("testdata/sample.py")
	if err != nil {
		t.Fatal(err)
	}
	f := newTestExtractor(t).Extract("testdata/sample.py", src)
	got, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	const golden = "testdata/sample.golden.json"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("extraction differs from %s (run go test -update to accept):\n%s", golden, got)
	}
	var back File
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	assertFile(t, back, f)
}
