package reconcile

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestBrokenLink(t *testing.T) {
	ds := withCode(check(t, "broken_link"), catalog.BrokenLink)
	// The fixture links docs/missing.md on lines 3 and 5: one problem,
	// one finding that names both lines.
	want := []string{"docs/guide.md:3 BROKEN_LINK"}
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	d := ds[0]
	if d.Severity != catalog.Error || d.Message != "link to docs/missing.md: no such file" || d.Occurrences != 2 {
		t.Fatalf("got %+v", d)
	}
	if want := []finding.Location{{Path: "docs/guide.md", Line: 3}, {Path: "docs/guide.md", Line: 5}}; !slices.Equal(d.Evidence, want) {
		t.Errorf("evidence %v, want %v", d.Evidence, want)
	}
	if len(d.Members) != 2 || d.Members[0].ID == d.Members[1].ID || d.Members[0].ID != d.ID {
		t.Errorf("members %+v: want one per line, the first the finding's own fingerprint", d.Members)
	}
}

// TestSiteLinksUnresolved counts the links the scan marked as failing in
// no known site pattern into one info finding per tree, keyed by the
// tree, reports a link the scan marked as in a page of a generator it does
// not know, or in a partial or a template, as UNVERIFIED_LINK (info), while
// an unmarked broken link stays a BROKEN_LINK of its own.
func TestSiteLinksUnresolved(t *testing.T) {
	flood := map[string]any{snapshot.MetaUnrecognisedSite: "web"}
	s := &snapshot.Snapshot{
		Entities: []snapshot.Entity{
			{ID: "document:web/a.md", Kind: snapshot.KindDocument, Path: "web/a.md"},
			{ID: "document:web/b.md", Kind: snapshot.KindDocument, Path: "web/b.md"},
			{ID: "unresolved:x/y", Kind: snapshot.KindUnresolved},
			{ID: "unresolved:x/z", Kind: snapshot.KindUnresolved},
			{ID: "unresolved:web/gone.md", Kind: snapshot.KindUnresolved},
			{ID: "unresolved:site/route", Kind: snapshot.KindUnresolved},
		},
		Relations: []snapshot.Relation{
			{ID: "r1", Kind: snapshot.RelLinksTo, From: "document:web/a.md", To: "unresolved:x/y", Metadata: flood,
				Evidence: []snapshot.Evidence{{Path: "web/a.md", LineStart: 3}, {Path: "web/a.md", LineStart: 9}}},
			{ID: "r2", Kind: snapshot.RelLinksTo, From: "document:web/b.md", To: "unresolved:x/z", Metadata: flood,
				Evidence: []snapshot.Evidence{{Path: "web/b.md", LineStart: 1}}},
			{ID: "r3", Kind: snapshot.RelLinksTo, From: "document:web/b.md", To: "unresolved:web/gone.md",
				Evidence: []snapshot.Evidence{{Path: "web/b.md", LineStart: 2}}},
			{ID: "r4", Kind: snapshot.RelLinksTo, From: "document:web/b.md", To: "unresolved:site/route",
				Metadata: map[string]any{snapshot.MetaUnverifiedSite: "site"}, Evidence: []snapshot.Evidence{{Path: "web/b.md", LineStart: 4}}},
		},
	}
	ds := Run(Input{Head: s})
	if got, want := where(withCode(ds, catalog.BrokenLink)), []string{"web/b.md:2 BROKEN_LINK"}; !slices.Equal(got, want) {
		t.Errorf("BROKEN_LINK %v, want %v", got, want)
	}
	un := withCode(ds, catalog.UnverifiedLink)
	if len(un) != 1 || un[0].Severity != catalog.Info || un[0].Primary().Line != 4 ||
		!strings.Contains(un[0].Message, "link to site/route: no such file") || !strings.Contains(un[0].Message, "does not recognise renders site/") {
		t.Errorf("UNVERIFIED_LINK %+v, want one info finding at web/b.md:4 naming site/", un)
	}
	fl := withCode(ds, catalog.SiteLinksUnresolved)
	if len(fl) != 1 {
		t.Fatalf("SITE_LINKS_UNRESOLVED %+v, want one for web/", fl)
	}
	if d := fl[0]; d.Severity != catalog.Info || d.Primary().Path != "web" ||
		!strings.Contains(d.Message, "3 root-absolute or extensionless links") || !strings.Contains(d.Message, "first: x/y at web/a.md:3") {
		t.Errorf("got %+v", d)
	}
	// One link more or fewer is the same finding: its id is the tree's.
	s.Relations[1].Evidence = append(s.Relations[1].Evidence, snapshot.Evidence{Path: "web/b.md", LineStart: 5})
	if again := withCode(Run(Input{Head: s}), catalog.SiteLinksUnresolved); len(again) != 1 || again[0].ID != fl[0].ID {
		t.Errorf("id changed with the count: %+v vs %+v", again, fl)
	}
	// A link of a partial is unverified wherever its page lies.
	s.Relations[2].Metadata = map[string]any{snapshot.MetaRenderedElsewhere: "partial"}
	ds = Run(Input{Head: s})
	if got := withCode(ds, catalog.BrokenLink); len(got) != 0 {
		t.Errorf("BROKEN_LINK %v, want none: the partial's link is unverified", where(got))
	}
	if un := withCode(ds, catalog.UnverifiedLink); len(un) != 2 || !slices.ContainsFunc(un, func(d finding.Diagnostic) bool {
		return d.Primary().Line == 2 && strings.Contains(d.Message, "link to web/gone.md: no such file beside this partial, which is shown where it is included or copied")
	}) {
		t.Errorf("UNVERIFIED_LINK %+v, want web/b.md:2 as a partial's", un)
	}
	s.Relations[2].Metadata = nil
	// A site detected as a known generator whose rules explain too few of
	// its links says which generator it was taken for.
	misread := map[string]any{snapshot.MetaUnrecognisedSite: "web", snapshot.MetaMisreadSite: "astro"}
	s.Relations[0].Metadata, s.Relations[1].Metadata = misread, misread
	if m := withCode(Run(Input{Head: s}), catalog.SiteLinksUnresolved); len(m) != 1 || !strings.HasPrefix(m[0].Message, "astro site detected in web/, yet its rules do not explain its links: 4 root-absolute") {
		t.Errorf("misread site: %+v", m)
	}
}
