// Package extracttest holds the checks the extractors' fuzz tests share:
// seeds from testdata, the invariants of an extract.Issue, and the JSON
// round trip an incremental scan relies on.
package extracttest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// AddFixtures seeds f with every file under testdata/dir.
func AddFixtures(f *testing.F, dir string) {
	f.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", dir, "*"))
	if err != nil {
		f.Fatalf("glob: %v", err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatalf("read seed: %v", err)
		}
		f.Add(data)
	}
}

// CheckIssues asserts the invariants every Issue keeps: a line inside the
// input, a known status, a message.
func CheckIssues(t testing.TB, data []byte, issues []extract.Issue) {
	t.Helper()
	lines := bytes.Count(data, []byte{'\n'}) + 1
	for _, is := range issues {
		if is.Line < 0 || is.Line > lines {
			t.Errorf("issue line %d outside 1..%d: %+v", is.Line, lines, is)
		}
		if is.Status != extract.StatusPartial && is.Status != extract.StatusNotAnalyzed {
			t.Errorf("issue status %q", is.Status)
		}
		if is.Message == "" {
			t.Errorf("issue without message: %+v", is)
		}
	}
}

// CheckRoundTrip asserts that v survives the JSON store an incremental
// scan keeps it in: a warm scan must see exactly what a cold one does.
func CheckRoundTrip[T any](t testing.TB, v T) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var back T
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	if !reflect.DeepEqual(v, back) {
		t.Errorf("JSON round trip changed the value:\n%+v\n%+v", v, back)
	}
}
