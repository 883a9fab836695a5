package reconcile

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
)

// The areas fixture documents one area per way a document can document
// it (a mention of a file, a link, a document inside, covers, a package
// mention, a symbol mention, a mention of a nested area's file); two areas
// are left without documentation, one of them required.
func TestUndocumentedAreas(t *testing.T) {
	ds := withCodes(runOn(t, filepath.Join("testdata", "areas"), catalog.UndocumentedArea), catalog.UndocumentedArea, catalog.RequiredDocMissing)
	got := where(append(withCode(ds, catalog.UndocumentedArea), withCode(ds, catalog.RequiredDocMissing)...))
	want := []string{"internal/lonely:0 UNDOCUMENTED_AREA", "internal/vital:0 REQUIRED_DOC_MISSING"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	tests := []struct {
		code     string
		severity catalog.Level
		message  string
		entity   string
	}{
		{catalog.UndocumentedArea, catalog.Info,
			"area internal/lonely (Lonely) has no documentation: no document covers, mentions or links into it, and none lies inside it",
			"area:internal/lonely"},
		{catalog.RequiredDocMissing, catalog.Error,
			"area internal/vital (Vital) requires documentation and has none: no document covers, mentions or links into it, and none lies inside it",
			"area:internal/vital"},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			d := withCode(ds, tt.code)[0]
			if d.Severity != tt.severity || d.Message != tt.message || !slices.Equal(d.EntityIDs, []string{tt.entity}) {
				t.Fatalf("got %+v", d)
			}
		})
	}
}

// Either source of the required flag is enough: the configuration alone
// (the snapshot was scanned without it), or the area's metadata alone (the
// configuration passed to Run no longer says so).
func TestRequiredSources(t *testing.T) {
	tests := []struct {
		name string
		set  map[string]bool // area path → Required in the configuration Run sees
		want []string
	}{
		{"configuration only", map[string]bool{"internal/lonely": true},
			[]string{"internal/lonely:0 REQUIRED_DOC_MISSING", "internal/vital:0 REQUIRED_DOC_MISSING"}},
		{"metadata only", map[string]bool{"internal/vital": false},
			[]string{"internal/lonely:0 UNDOCUMENTED_AREA", "internal/vital:0 REQUIRED_DOC_MISSING"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, cfg := scanDir(t, filepath.Join("testdata", "areas"))
			for p, req := range tt.set {
				i := slices.IndexFunc(cfg.Analysis.Areas, func(a config.Area) bool { return a.Path == p })
				if i < 0 {
					t.Fatalf("fixture has no area %s", p)
				}
				cfg.Analysis.Areas[i].Required = req
			}
			cfg.Checks.Severity[catalog.UndocumentedArea] = catalog.Info // off by default
			ds := Run(Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: cfg})
			got := where(append(withCode(ds, catalog.UndocumentedArea), withCode(ds, catalog.RequiredDocMissing)...))
			if !slices.Equal(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}
