package curator

import (
	"context"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// FuzzCurator feeds the curator arbitrary document text (a pack's
// excerpt is a repository file, untrusted): it must not panic, and every
// proposal it makes must decode — within every bound and enumeration.
func FuzzCurator(f *testing.F) {
	for _, seed := range []string{
		"# Tool\n\nTool scans a repository into a knowledge graph of its documents and code.\n\n## Installing the CLI\n\nRun it.\n",
		"---\ntitle: x\n---\n# The MCP server\n\nIt speaks the Model Context Protocol (MCP) to editors, through internal/scan and the scan package.\n",
		"| a | b |\n| - | - |\n| 1 | 2 |\n\n> note\n\n```go\nx\n```\n",
		"# " + strings.Repeat("How to ", 40) + "\n\n" + strings.Repeat("word ", 500),
		"\x00\xff# \n(ABCDEFGH)",
	} {
		f.Add(seed, "docs/getting-started.md")
	}
	names := Names{byPath: map[string]string{"internal/scan": "package:internal/scan"}, byShort: map[string]string{"scan": "package:internal/scan"}, hash: "0"}
	c := New(names)
	caps := make([]string, len(Kinds))
	for i, k := range Kinds {
		caps[i] = string(k)
	}
	f.Fuzz(func(t *testing.T, text, path string) {
		if path == "" {
			path = "doc.md"
		}
		pk := pack.Pack{
			PackHash: "1",
			Target: pack.Target{ID: snapshot.EntityID(snapshot.KindDocument, path), Kind: snapshot.KindDocument, Name: "Doc", Path: path,
				ContentHash: "0123456789abcdef", Metadata: map[string]any{"title": text[:min(len(text), 40)]}},
			Excerpt: &pack.Excerpt{Path: path, Text: text},
		}
		resp, err := c.Ask(context.Background(), agent.Request{Packs: []pack.Pack{pk}, Capabilities: caps, PromptVersion: PromptVersion, BaseSnapshotHash: "feedface"})
		if err != nil {
			t.Fatal(err)
		}
		for _, raw := range resp.Proposals {
			if _, err := enrich.Decode(raw); err != nil {
				t.Fatalf("proposal does not decode: %v\n%s", err, raw)
			}
		}
	})
}
