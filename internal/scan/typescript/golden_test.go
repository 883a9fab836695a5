package typescript

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/golden"
)

// TestExtractGolden extracts every fixture under testdata/extract and
// compares the JSON (the form extractions are stored in) with its
// .golden.json. Run with -update after a deliberate change, and read the
// diff.
func TestExtractGolden(t *testing.T) {
	fixtures, err := filepath.Glob("testdata/extract/*")
	if err != nil {
		t.Fatal(err)
	}
	e := NewExtractor()
	defer e.Close()
	n := 0
	for _, fixture := range fixtures {
		if strings.HasSuffix(fixture, ".golden.json") {
			continue
		}
		n++
		t.Run(filepath.Base(fixture), func(t *testing.T) {
			src, err := os.ReadFile(fixture)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(e.Extract(filepath.ToSlash(fixture), src), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden.Check(t, fixture+".golden.json", got)
		})
	}
	if n == 0 {
		t.Fatal("no fixtures under testdata/extract")
	}
}
