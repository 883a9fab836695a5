package snapshot

import (
	"fmt"
	"testing"

	"github.com/cespare/xxhash/v2"
)

// benchSnapshot builds a normalized snapshot shaped like the benchmark
// corpus: ~17,500 entities and ~200,000 relations with one or two evidence
// items each, headings metadata on documents and a few hundred coverage
// entries. (internal/scan cannot be imported here: it imports this package.)
func benchSnapshot() *Snapshot {
	const (
		docs     = 2_500
		modules  = 14_000
		packages = 1_000
		perMod   = 14 // relations per module: imports, mentions, contains…
	)
	s := &Snapshot{PipelineVersion: "scan/1", ConfigurationHash: "00000000000000aa", Project: Project{Name: "bench"},
		AnalyzerVersions: map[string]string{"markdown": "markdown/1", "golang": "golang/1", "typescript": "typescript/1", "python": "python/1"}}
	mod := func(i int) string { return fmt.Sprintf("src/pkg%03d/file_%05d.ts", i%packages, i) }
	for i := range docs {
		p := fmt.Sprintf("docs/section%02d/page-%04d.md", i%40, i)
		s.Entities = append(s.Entities, Entity{ID: EntityID(KindDocument, p), Kind: KindDocument, Name: fmt.Sprintf("Page %d — “design” notes", i), Path: p,
			Provenance: Observed, Evidence: []Evidence{{Source: "markdown", Path: p, ContentHash: fmt.Sprintf("%016x", xxhash.Sum64String(p))}},
			Metadata: map[string]any{"headings": []any{
				map[string]any{"text": "Overview", "level": float64(1), "line": float64(1)},
				map[string]any{"text": fmt.Sprintf("Using <Widget %d>", i), "level": float64(2), "line": float64(12)},
			}, "words": float64(400 + i%900)}})
	}
	for i := range modules {
		p := mod(i)
		s.Entities = append(s.Entities, Entity{ID: EntityID(KindModule, p), Kind: KindModule, Name: fmt.Sprintf("file_%05d.ts", i), Path: p,
			Provenance: Observed, Evidence: []Evidence{{Source: "typescript", Path: p, ContentHash: fmt.Sprintf("%016x", xxhash.Sum64String(p))}}})
		for j := range perMod {
			var kind, from, to string
			ev := []Evidence{{Source: "typescript", Path: p, LineStart: 1 + j, LineEnd: 1 + j}}
			switch {
			case j < 8:
				kind, from, to = RelImports, EntityID(KindModule, p), EntityID(KindModule, mod((i*31+j*7919)%modules))
			case j < 11:
				d := fmt.Sprintf("docs/section%02d/page-%04d.md", (i+j)%40, (i*7+j)%docs)
				kind, from, to = RelMentions, EntityID(KindDocument, d), EntityID(KindModule, p)
				ev = []Evidence{{Source: "markdown", Path: d, LineStart: 10 + j, LineEnd: 10 + j, Context: fmt.Sprintf("see `%s` for the \"details\"", p)}}
			case j < 12:
				kind, from, to = RelContains, EntityID(KindPackage, fmt.Sprintf("src/pkg%03d", i%packages)), EntityID(KindModule, p)
			default:
				kind, from, to = RelDependsOn, EntityID(KindModule, p), EntityID(KindExternal, fmt.Sprintf("npm:lib-%d", (i+j)%50))
			}
			s.Relations = append(s.Relations, Relation{ID: RelationID(kind, from, to), Kind: kind, From: from, To: to, Provenance: Observed, Evidence: ev})
		}
	}
	for i := range packages {
		p := fmt.Sprintf("src/pkg%03d", i)
		s.Entities = append(s.Entities, Entity{ID: EntityID(KindPackage, p), Kind: KindPackage, Name: p, Path: p, Provenance: Observed,
			Evidence: []Evidence{{Source: "typescript", Path: p + "/package.json", ContentHash: "0123456789abcdef"}}})
	}
	for i := range 300 {
		s.Coverage = append(s.Coverage, Coverage{Analyzer: "walk", Scope: fmt.Sprintf("assets/blob%03d.bin", i), Status: StatusNotApplicable, Reason: "binary file"})
	}
	s.Normalize()
	return s
}

func BenchmarkMarshalCompact(b *testing.B) {
	s := benchSnapshot()
	out, _ := MarshalCompact(s)
	b.Logf("%d entities, %d relations, %d bytes compact", len(s.Entities), len(s.Relations), len(out))
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		for b.Loop() {
			if _, err := refCompact(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("docbridge", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		for b.Loop() {
			if _, err := MarshalCompact(s); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMarshal(b *testing.B) {
	s := benchSnapshot()
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			if _, err := refIndented(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("docbridge", func(b *testing.B) {
		for b.Loop() {
			if _, err := Marshal(s); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkContentHash(b *testing.B) {
	s := benchSnapshot()
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			if _, err := refContentHash(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("docbridge-streamed", func(b *testing.B) {
		for b.Loop() {
			if _, err := ComputeContentHash(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("docbridge-buffered", func(b *testing.B) { // the alternative: hash one compact buffer
		for b.Loop() {
			data, err := MarshalCompact(s)
			if err != nil {
				b.Fatal(err)
			}
			_ = xxhash.Sum64(data)
		}
	})
}
