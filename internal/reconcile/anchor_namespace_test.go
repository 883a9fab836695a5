package reconcile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// Anchors of one tree in a namespace the repository shows no id in
// (#opt-…, thirty or more) are counted in one ANCHORS_UNRESOLVED; fewer stay
// BROKEN_ANCHORs, and so do anchors whose namespace a heading shares (a
// renamed heading's), and another tree's.
func TestAnchorNamespaces(t *testing.T) {
	links := func(prefix string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "[o%d](#%s%d)\n\n", i, prefix, i)
		}
		return b.String()
	}
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/faq.md":     "# FAQ\n\n" + links("opt-programs.p", 20),
		"docs/install.md": "# Install\n\n## Install steps\n\n" + links("opt-services.s", 12) + links("install-old", 32),
		"guide/a.md":      "# A\n\n" + links("opt-x", 29),
		// A namespace an element's id shows (one link into it resolves):
		// its broken anchors are broken.
		"site/ids.md":   "# Ids\n\n<a id=\"oc-kept\"></a>\n\nText.\n",
		"site/links.md": "# Links\n\n[k](ids.md#oc-kept)\n\n" + strings.ReplaceAll(links("oc-gone", 31), "(#", "(ids.md#"),
	})
	s, cfg := scanDir(t, root)
	ds := Run(Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: cfg})
	counts := map[string]int{}
	for _, d := range ds {
		counts[d.Code+" "+d.Primary().Path]++
	}
	want := map[string]int{
		catalog.AnchorsUnresolved + " docs":       1,  // the 32 #opt- of docs/ (20 + 12)
		catalog.BrokenAnchor + " docs/install.md": 32, // #install-old…: "install-steps" starts with install-
		catalog.BrokenAnchor + " guide/a.md":      29, // below the threshold
		catalog.BrokenAnchor + " site/links.md":   31, // #oc- resolves once
	}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%s: %d findings, want %d (all: %v)", k, counts[k], n, counts)
		}
	}
	if counts[catalog.BrokenAnchor+" docs/faq.md"] != 0 {
		t.Errorf("docs/faq.md keeps %d BROKEN_ANCHOR, want none", counts[catalog.BrokenAnchor+" docs/faq.md"])
	}
	for _, d := range withCode(ds, catalog.AnchorsUnresolved) {
		if !strings.Contains(d.Message, "32 anchors in docs/ start with #opt-, and no heading or resolved link") || !strings.Contains(d.Message, "first: #opt-programs.p0 at docs/faq.md:3") {
			t.Errorf("message %q", d.Message)
		}
	}
}
