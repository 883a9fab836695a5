package report

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestJSONRoundTrip(t *testing.T) {
	for name, r := range map[string]*Report{"compared": sampleReport(), "no base": sampleReportNoBase()} {
		var b bytes.Buffer
		if err := WriteJSON(&b, r); err != nil {
			t.Fatal(err)
		}
		var back Report
		if err := json.Unmarshal(b.Bytes(), &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(&back, normalized(r)) {
			t.Errorf("%s: decoding the JSON does not give the report back", name)
		}
	}
}

func TestJSONCanonical(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, sampleReport()); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasSuffix(out, "}\n") || strings.HasSuffix(out, "\n\n") {
		t.Errorf("want exactly one trailing newline")
	}
	if strings.Contains(out, `\u003c`) || !strings.Contains(out, "<b>&amp;</b>") {
		t.Errorf("HTML characters are escaped")
	}
	if !strings.Contains(out, "\n  \"tool\": {\n    \"name\"") {
		t.Errorf("not indented by two spaces:\n%s", out[:80])
	}
}

// TestJSONEmptyLists: a report assembled by hand with nil lists still
// writes [] (and every byLevel and bySeverity key), never null.
func TestJSONEmptyLists(t *testing.T) {
	r := &Report{Findings: []Finding{{ID: "x", Code: "BROKEN_LINK"}}}
	var b bytes.Buffer
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "null") {
		t.Errorf("null in the output:\n%s", b.String())
	}
	for _, key := range append([]string{`"resolved": []`, `"evidence": []`, `"entityIds": []`, `"error": 0`, `"warn": 0`, `"off": 0`}, Severities...) {
		if !strings.Contains(b.String(), key) {
			t.Errorf("missing %s:\n%s", key, b.String())
		}
	}
}
