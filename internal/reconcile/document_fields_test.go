package reconcile

import (
	"encoding/json"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Field reads the metadata as a snapshot file holds it (numbers as float64
// after JSON) and compares keys without regard to case, deterministically.
func TestDocumentField(t *testing.T) {
	var meta map[string]any
	raw := `{"frontMatterFields": {"Area": "scan", "area": "other", "KEYWORDS": "a, b", "Tier": 2},
		"frontMatterLines": {"Area": 2, "area": 3, "KEYWORDS": 4}}`
	if err := json.Unmarshal([]byte(raw), &meta); err != nil {
		t.Fatal(err)
	}
	d := newDocument(&snapshot.Entity{ID: "document:docs/k.md", Kind: snapshot.KindDocument, Metadata: meta})
	for _, tt := range []struct {
		name, value string
		line        int
		ok          bool
	}{
		{"Area", "scan", 2, true},     // exact key wins
		{"area", "other", 3, true},    // exact key wins
		{"AREA", "scan", 2, true},     // smallest of the case variants
		{"keywords", "a, b", 4, true}, // any case
		{"Tier", "", 0, false},        // not a string: left out
		{"summary", "", 0, false},
	} {
		v, line, ok := d.Field(tt.name)
		if v != tt.value || line != tt.line || ok != tt.ok {
			t.Errorf("Field(%q) = %q, %d, %v; want %q, %d, %v", tt.name, v, line, ok, tt.value, tt.line, tt.ok)
		}
	}
	// The typed maps a snapshot built in memory holds read the same.
	d = newDocument(&snapshot.Entity{ID: "document:x.md", Kind: snapshot.KindDocument, Metadata: map[string]any{
		"frontMatterFields": map[string]string{"Date": "2024"}, "frontMatterLines": map[string]int{"Date": 5},
	}})
	if v, line, ok := d.Field("date"); v != "2024" || line != 5 || !ok {
		t.Errorf("typed maps: Field(date) = %q, %d, %v", v, line, ok)
	}
}
