package curator

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// ask runs the curator over one pack with every kind allowed and returns
// the decoded proposals.
func ask(t *testing.T, c *Curator, pk pack.Pack) []enrich.Proposal {
	t.Helper()
	caps := make([]string, len(Kinds))
	for i, k := range Kinds {
		caps[i] = string(k)
	}
	resp, err := c.Ask(context.Background(), agent.Request{Packs: []pack.Pack{pk}, Capabilities: caps, PromptVersion: PromptVersion, BaseSnapshotHash: "base"})
	if err != nil {
		t.Fatal(err)
	}
	var out []enrich.Proposal
	for _, raw := range resp.Proposals {
		p, err := enrich.Decode(raw)
		if err != nil {
			t.Fatalf("%v: %s", err, raw)
		}
		if p.ProposalID != enrich.ProposalID(p) || p.BaseSnapshotHash != "base" || p.Entity != pk.Target.ID {
			t.Errorf("envelope: %s", raw)
		}
		out = append(out, p)
	}
	return out
}

func payloads(ps []enrich.Proposal, kind enrich.Kind) []string {
	var out []string
	for _, p := range ps {
		if p.Kind == kind {
			b, _ := json.Marshal(p.Payload)
			out = append(out, string(b))
		}
	}
	slices.Sort(out)
	return out
}

func docPack(path, text string) pack.Pack {
	return pack.Pack{
		PackHash: "p",
		Target: pack.Target{ID: snapshot.EntityID(snapshot.KindDocument, path), Kind: snapshot.KindDocument, Name: "Doc", Path: path,
			ContentHash: "0123456789abcdef", Metadata: map[string]any{"title": "Doc"}},
		Excerpt: &pack.Excerpt{Path: path, Text: text},
	}
}

func TestProposeRedundancy(t *testing.T) {
	pk := docPack("docs/b.md", "# Doc\n")
	pk.Diagnostics = []pack.Diagnostic{
		{ID: "d1", Code: catalog.NearTwinDocument, Message: "near twin of docs/a.md", Path: "docs/b.md", EntityIDs: []string{"document:docs/b.md", "document:docs/a.md"}},
		// The pair as the other document sees it is proposed there, not here.
		{ID: "d2", Code: catalog.NearTwinDocument, Message: "near twin of docs/b.md", Path: "docs/c.md", EntityIDs: []string{"document:docs/c.md", "document:docs/b.md"}},
		// The area-wide bound finding names no pair.
		{ID: "d3", Code: catalog.NearTwinDocument, Message: "area holds 600 documents", Path: "docs", EntityIDs: []string{"area:docs"}},
	}
	ps := ask(t, New(Names{}), pk)
	if got := payloads(ps, enrich.KindFlagRedundancy); !slices.Equal(got, []string{`{"with":"document:docs/a.md"}`}) {
		t.Fatalf("redundancy: %q", got)
	}
	for _, p := range ps {
		if p.Kind == enrich.KindFlagRedundancy && (!slices.Equal(p.RelatedDiagnosticIDs, []string{"d1"}) || len(p.Evidence) != 2 || p.Evidence[1].Path != "docs/a.md") {
			t.Errorf("redundancy envelope: %+v", p)
		}
	}
}

func TestProposeGap(t *testing.T) {
	pk := pack.Pack{
		PackHash: "p",
		Target:   pack.Target{ID: "area:internal/store", Kind: snapshot.KindArea, Name: "internal/store", Path: "internal/store", ContentHash: "h"},
		Neighbours: []pack.Neighbour{
			{ID: "module:internal/store/store.go", Kind: snapshot.KindModule, Name: "store.go", Path: "internal/store/store.go", Relation: snapshot.RelContains, Direction: "out"},
			{ID: "module:internal/store/store_test.go", Kind: snapshot.KindModule, Name: "store_test.go", Path: "internal/store/store_test.go", Relation: snapshot.RelContains, Direction: "out"},
			{ID: "package:internal/store/disk", Kind: snapshot.KindPackage, Name: "example.com/x/internal/store/disk", Path: "internal/store/disk", Relation: snapshot.RelContains, Direction: "out"},
		},
		Diagnostics: []pack.Diagnostic{{ID: "g1", Code: catalog.UndocumentedArea, Path: "internal/store", EntityIDs: []string{"area:internal/store"}}},
	}
	ps := ask(t, New(Names{}), pk)
	want := `{"area":"area:internal/store","missing":"a document that explains internal/store: what it is for and how its parts fit together (it holds store.go, disk)"}`
	if got := payloads(ps, enrich.KindFlagGap); !slices.Equal(got, []string{want}) {
		t.Fatalf("gap: %q", got)
	}
	if len(ps) != 1 || ps[0].Evidence[0].Source != enrich.SourceReport || ps[0].RelatedDiagnosticIDs[0] != "g1" {
		t.Errorf("gap envelope: %+v", ps)
	}
	pk.Diagnostics = nil
	if ps := ask(t, New(Names{}), pk); len(ps) != 0 {
		t.Errorf("an area the report does not flag: %+v", ps)
	}
	// A diagnostic no proposal could cite — its id past the schema's bound
	// or its path with a control character — gives no gap; the others do.
	pk.Diagnostics = []pack.Diagnostic{
		{ID: strings.Repeat("g", enrich.MaxIDRunes+1), Code: catalog.UndocumentedArea, Path: "internal/store"},
		{ID: "g2", Code: catalog.UndocumentedArea, Path: "internal/store\x00"},
		{ID: "g3", Code: catalog.BrokenLink, Path: "internal/store"},
		{ID: "g4", Code: catalog.RequiredDocMissing, Path: "internal/store"},
	}
	ps = ask(t, New(Names{}), pk)
	if len(ps) != 1 || !slices.Equal(ps[0].RelatedDiagnosticIDs, []string{"g4"}) {
		t.Errorf("gaps from diagnostics a proposal cannot cite: %+v", ps)
	}
}

func TestDistinctive(t *testing.T) {
	for name, want := range map[string]bool{"version": false, "users": false, "ui": false, "postrenderer": true, "pkg-2": true, "go_mod": true, "v2": false} {
		if distinctive(name) != want {
			t.Errorf("distinctive(%q) = %v", name, !want)
		}
	}
}

func TestProposeRelation(t *testing.T) {
	names := Names{
		byPath: map[string]string{"internal/scan": "package:internal/scan", "internal/config": "package:internal/config", "cmd/tool/main.go": "module:cmd/tool/main.go",
			"internal/config/config.go": "module:internal/config/config.go"},
		byShort: map[string]string{"scan": "package:internal/scan", "config": "package:internal/config", "reporter": "package:internal/reporter"},
		hash:    "n",
	}
	text := "# Doc\n\nThe walk happens in internal/scan, and cmd/tool/main.go wires it; the `internal/config` package is read first.\n\n" +
		"The reporter package prints it. The scan package again, and this package, and the Reporter package.\n\n" +
		"    internal/config in a code block\n\nSee [internal/config](../internal/config) too.\n\n" +
		"{* internal/config/config.go hl[9] *}\n\n--8<-- \"internal/config/config.go\"\n"
	pk := docPack("docs/a.md", text)
	pk.Neighbours = []pack.Neighbour{{ID: "module:cmd/tool/main.go", Kind: snapshot.KindModule, Relation: snapshot.RelMentions, Direction: "out"}}
	got := payloads(ask(t, New(names), pk), enrich.KindProposeRelation)
	want := []string{
		`{"from":"document:docs/a.md","to":"package:internal/reporter","kind":"mentions","detection":"prose"}`,
		`{"from":"document:docs/a.md","to":"package:internal/scan","kind":"mentions","detection":"prose"}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("relations:\n got  %q\n want %q", got, want)
	}
}

// The curator proposes nothing the schema refuses: an id or path past
// enrich.MaxIDRunes, whether the target's own (FuzzCurator seed
// 0bc154aad36afba6, a 957-character file name), a near twin's or a
// module's it could name in prose, is skipped, and one at the bound is not.
func TestProposesNothingPastTheIDBound(t *testing.T) {
	text := "# Doc\n\nThe long tool walks a repository into a knowledge graph and writes what it finds.\n\nThe walk happens in internal/scan.\n"
	// dir makes a document id ("document:" + dir + "/a.md") of n runes.
	dir := func(n int) string { return strings.Repeat("é", n-len("document:")-len("/a.md")) }
	if ps := ask(t, New(Names{}), docPack(dir(enrich.MaxIDRunes)+"/a.md", text)); len(ps) == 0 {
		t.Fatal("a document whose id is at the bound gets no proposal")
	}
	if ps := ask(t, New(Names{}), docPack(dir(enrich.MaxIDRunes+1)+"/a.md", text)); len(ps) != 0 {
		t.Fatalf("a document whose id is past the bound: %+v", ps)
	}

	long := dir(enrich.MaxIDRunes+1) + "/a.md"
	pk := docPack("docs/b.md", "# Doc\n")
	pk.Diagnostics = []pack.Diagnostic{{ID: "d1", Code: catalog.NearTwinDocument, Message: "near twin", Path: "docs/b.md",
		EntityIDs: []string{"document:docs/b.md", snapshot.EntityID(snapshot.KindDocument, long)}}}
	if got := payloads(ask(t, New(Names{}), pk), enrich.KindFlagRedundancy); len(got) != 0 {
		t.Fatalf("redundancy with a twin past the bound: %q", got)
	}
	// The twin within the bound is flagged, unless the diagnostic's own id,
	// which the proposal cites, is past it.
	pk.Diagnostics[0].EntityIDs[1] = "document:docs/c.md"
	if got := payloads(ask(t, New(Names{}), pk), enrich.KindFlagRedundancy); len(got) != 1 {
		t.Fatalf("redundancy with a twin within the bound: %q", got)
	}
	pk.Diagnostics[0].ID = strings.Repeat("d", enrich.MaxIDRunes+1)
	if got := payloads(ask(t, New(Names{}), pk), enrich.KindFlagRedundancy); len(got) != 0 {
		t.Fatalf("redundancy citing a diagnostic id past the bound: %q", got)
	}

	longPkg := "internal/" + strings.Repeat("x", enrich.MaxIDRunes)
	names := NamesOf(&snapshot.Snapshot{Entities: []snapshot.Entity{
		{ID: snapshot.EntityID(snapshot.KindPackage, "internal/scan"), Kind: snapshot.KindPackage, Path: "internal/scan"},
		{ID: snapshot.EntityID(snapshot.KindPackage, longPkg), Kind: snapshot.KindPackage, Path: longPkg},
	}})
	got := payloads(ask(t, New(names), docPack("docs/a.md", text+"\nAnd "+longPkg+" too.\n")), enrich.KindProposeRelation)
	if want := []string{`{"from":"document:docs/a.md","to":"package:internal/scan","kind":"mentions","detection":"prose"}`}; !slices.Equal(got, want) {
		t.Fatalf("relations %q, want %q", got, want)
	}
}
