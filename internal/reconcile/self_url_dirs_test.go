package reconcile

import (
	"maps"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// A link to a directory's tree/ URL at the default branch drifts when the
// change removes the directory, however the link is written: inline, as
// a reference definition (the URL on its own line too), or as the href
// of an HTML block's <a> (a README's centred links). The twins stay
// silent: the directory left in place, and a permalink to it.
func TestSelfURLDirectoryDrift(t *testing.T) {
	const tree = "https://github.com/acme/widget/tree/"
	base := selfURLTree("  repository: acme/widget\n")
	base["examples/preact/package.json"] = "{\"name\": \"ex\"}\n"
	base["examples/preact/src/main.ts"] = "export const a = 1\n"
	for _, tt := range []struct {
		name, readme string
		remove       bool
		want         []string
	}{
		{"inline", "See [it](" + tree + "main/examples/preact).\n", true, []string{"README.md:3 DRIFT_LINK"}},
		{"reference definition", "See [it][ex].\n\n[ex]: " + tree + "main/examples/preact\n", true, []string{"README.md:3 DRIFT_LINK"}},
		{"definition on the next line", "See [it][ex].\n\n[ex]:\n  " + tree + "main/examples/preact\n", true, []string{"README.md:3 DRIFT_LINK"}},
		{"HTML block", "<p align=\"center\">\n  <a href=\"" + tree + "main/examples/preact\">example</a>\n</p>\n", true, []string{"README.md:4 DRIFT_LINK"}},
		{"HTML block, still there", "<p>\n  <a href=\"" + tree + "main/examples/preact\">example</a>\n</p>\n", false, nil},
		{"HTML block, permalink", "<p>\n  <a href=\"" + tree + "v1.0.0/examples/preact\">example</a>\n</p>\n", true, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := maps.Clone(base)
			files["README.md"] = "# Widget\n\n" + tt.readme
			b, _ := scanDir(t, testtree.New(t, files))
			if tt.remove {
				delete(files, "examples/preact/package.json")
				delete(files, "examples/preact/src/main.ts")
			}
			h, cfg := scanDir(t, testtree.New(t, files))
			res := Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: b, Config: cfg})
			if got := where(drifts(res.Comparison.New)); !slices.Equal(got, tt.want) {
				t.Errorf("new drift %v, want %v", got, tt.want)
			}
		})
	}
}
