package python

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/docbridge/docbridge/internal/golden"
)

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
	golden.Check(t, "testdata/sample.golden.json", got)
	var back File
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, f) {
		t.Errorf("the stored form reads back as\n%+v\nwant\n%+v", back, f)
	}
}
